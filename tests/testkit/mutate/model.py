"""What an operator makes (`Edit`), what the audit must say of it (`Mutation`), and the registry of
operators (`operator`, `OPERATORS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from monolog.notation import events as E


@dataclass(frozen=True, slots=True)
class Mutation:
    """A record with one mistake written in, and what the audit must say about it."""

    kind: str
    code: str  # the finding code expected
    rule: str  # the RULES-MATRIX rule broken
    text: str  # the mutated record
    line: int  # where the finding is expected (line of the mutated text)
    changed: tuple[int, ...]  # lines edited or inserted (mutated text numbering)
    inserted: tuple[int, ...] = ()  # lines inserted (mutated text numbering)
    cash: bool = False  # the mistake changes some player's cash (W001 knock-ons allowed)
    note: str = ""
    # warnings the edit writes on purpose, as (code, line): a bank stock lowered on a setup line
    # to make a shortage is W013 there, as it would be in any record
    warns: tuple[tuple[str, int], ...] = ()

    def base_line(self, line: int) -> int:
        """Where a line of the base record stands in the mutated record."""
        for ins in sorted(self.inserted):
            if ins <= line:
                line += 1
        return line


@dataclass(frozen=True, slots=True)
class Edit:
    """What an operator writes: the record with its mistake, and where (the rest of a
    `Mutation`, whose kind, code and rule come from the operator's registration)."""

    text: str
    line: int
    changed: tuple[int, ...]
    inserted: tuple[int, ...] = ()
    cash: bool = False
    note: str = ""
    warns: tuple[tuple[str, int], ...] = ()


Operator = Callable[[Sequence[E.Event], str, random.Random], "Mutation | None"]
Writer = Callable[[Sequence[E.Event], str, random.Random], "Edit | None"]


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    code: str
    rule: str
    operator: Operator
    summary: str


OPERATORS: dict[str, Kind] = {}


def operator(name: str, code: str, rule: str, summary: str) -> Callable[[Writer], Operator]:
    """Register a writer of mistakes as the operator `name`, whose mutations expect `code` on
    the line the writer names and break `rule`."""

    def register(write: Writer) -> Operator:
        def op(events: Sequence[E.Event], text: str, rng: random.Random) -> Mutation | None:
            edit = write(events, text, rng)
            if edit is None:
                return None
            return Mutation(
                name,
                code,
                rule,
                edit.text,
                edit.line,
                edit.changed,
                edit.inserted,
                edit.cash,
                edit.note,
                edit.warns,
            )

        op.__name__ = op.__qualname__ = write.__name__
        op.__doc__ = write.__doc__
        OPERATORS[name] = Kind(name, code, rule, op, summary)
        return op

    return register
