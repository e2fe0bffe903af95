"""monolog: replay recorded games of Monopoly and audit them against the rules."""

__version__ = "0.1.0"
