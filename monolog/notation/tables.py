"""Write the analysed parser beside the grammar (grammar/monolog.lalr), after the grammar
changed: `python -m monolog.notation.tables`. Why the tables exist: monolog/notation/grammar.py."""

from __future__ import annotations

import sys

from .grammar import write_tables

if __name__ == "__main__":
    sys.stdout.write(f"wrote {write_tables()}\n")
