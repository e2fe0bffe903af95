"""Notation: the .mlog grammar, the events it yields, and the canonical formatter."""

from .parser import ParseError, parse_file, parse_text

__all__ = ["ParseError", "parse_file", "parse_text"]
