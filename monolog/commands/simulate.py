"""`monolog simulate`: write a complete, legal game record played by seeded bots."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from ..editions import EditionError, load_edition
from ..output_file import write_failure, write_text
from ._common import EXIT_CLEAN, EXIT_UNREADABLE, print_error

# the kinds of engine fault, for the help (monolog/simulate/faults.py holds what each does;
# a test holds the two lists together, so this module needs not import the simulator)
FAULT_KINDS = (
    "jail-card-ignored",
    "no-auction",
    "utility-fresh-throw",
    "stale-rent",
    "rent-on-mortgaged",
    "goojf-on-top",
    "reshuffle",
    "lift-60",
    "no-interest-received",
    "card-money-unpaid",
    "third-double-salary",
    "jail-double-extra-roll",
    "bankrupt-no-auction",
)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)


def simulate(
    edition: str = typer.Option("us-2018", "--edition", "-e", help="Edition key or YAML file."),
    players: int = typer.Option(4, "--players", "-n", help="How many players (2 to 6)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed for the dice, the decks and the bots."),
    variant: str = typer.Option(
        "standard",
        "--variant",
        "-V",
        help="The edition's variant to play: standard, short or time-limit (as the edition has).",
    ),
    turns: int | None = typer.Option(
        None,
        "--turns",
        "-t",
        min=1,
        help="Stop after this many turns (an unfinished record: Result *, the leader in a "
        "comment); in a time-limit game, time is called after them (default 100).",
    ),
    out: str | None = typer.Option(None, "--out", "-o", help="Write here instead of stdout."),
    hotels: float = typer.Option(
        0.7,
        "--hotels",
        min=0.0,
        max=1.0,
        help="Share of the bots that build hotels; the others hoard houses (shortages).",
    ),
    count: int = typer.Option(
        1, "--count", min=1, help="Write this many games, seeds S, S+1, … (with --out: a folder)."
    ),
    faults: str | None = typer.Option(
        None,
        "--faults",
        "-F",
        metavar="KIND[,KIND…]",
        help="Play as a buggy engine would, with these faults (or all), and count every "
        "player's cash and square and the bank's buildings every round; a {fault: KIND} "
        "comment marks each place a fault shows. "
        f"Kinds: {', '.join(FAULT_KINDS)} (docs/faults.md says what each does).",
    ),
    jackpot: bool = typer.Option(
        False,
        "--jackpot",
        help="Play the house rule free-parking-jackpot (taxes, fines and card payments to the "
        "bank pooled under Free Parking for the next lander there); with --faults the pool is "
        "counted every round too (=pot N).",
    ),
) -> None:
    """Simulate games with simple bots and write their records (.mlog)."""
    # here: every command module loads at start-up, only this command needs it
    from ..simulate import Settings
    from ..simulate import simulate as run
    from ..simulate.faults import parse_kinds
    from ..simulate.files import write_record

    try:
        kinds = parse_kinds(faults) if faults is not None else []
    except ValueError as exc:
        print_error(f"monolog simulate: --faults: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None

    try:
        ed = load_edition(edition)
    except EditionError as exc:
        print_error(f"monolog simulate: {exc}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    texts: list[tuple[int, str]] = []
    for n in range(count):
        try:
            game = run(
                ed,
                players,
                seed + n,
                turns=turns,
                settings=Settings(hotels=hotels),
                variant=variant,
                faults=kinds,
                house_rules=["free-parking-jackpot"] if jackpot else [],
            )
        except ValueError as exc:
            print_error(f"monolog simulate: {exc}")
            raise typer.Exit(EXIT_UNREADABLE) from None
        texts.append((seed + n, game.text))
    if out is None:  # a failing stdout (a full disk, a closed pipe) is the stream guard's
        sys.stdout.write("\n".join(text for _, text in texts))
        raise typer.Exit(EXIT_CLEAN)
    try:
        if count == 1:  # all or nothing, each file: no partial record is left
            write_text(out, texts[0][1])
        else:
            folder = Path(out)
            folder.mkdir(parents=True, exist_ok=True)
            tag = "" if variant == "standard" else f"-{variant}"
            for s, text in texts:
                write_record(folder / f"{ed.key}{tag}-{players}p-{s}.mlog", text)
    except OSError as exc:
        print_error(f"monolog simulate: {write_failure('--out', exc, exc.filename or out)}")
        raise typer.Exit(EXIT_UNREADABLE) from None
    raise typer.Exit(EXIT_CLEAN)
