"""Editions: board, decks, rule parameters and readings as data, and names resolved against them."""

from .errors import EditionError, ResolveError
from .loader import DEFAULT_EDITION, list_editions, load_edition, load_tagged_edition
from .model import Card, Deck, Edition, RuleParams, Square
from .readings import CFItem, check_ruling, default_readings, load_readings
from .resolver import Resolver

__all__ = [
    "DEFAULT_EDITION",
    "CFItem",
    "Card",
    "Deck",
    "Edition",
    "EditionError",
    "ResolveError",
    "Resolver",
    "RuleParams",
    "Square",
    "check_ruling",
    "default_readings",
    "list_editions",
    "load_edition",
    "load_readings",
    "load_tagged_edition",
]
