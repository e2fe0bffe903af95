"""Variants of the game: the short games and the time-limit game (SHORT-01..09, TIME-01..03).

A variant is data (`Edition.variants`, applied with `Edition.with_variant`); this module reads its
parameters and never an edition's name:

* `choose` picks the variant the replay plays: the caller's, else the record's Variant tag, else
  the standard game. A variant the edition does not have is reported (W010) with the ones it has,
  and the record is replayed as the standard game.
* The opening deal (SHORT-02, TIME-02): a record that starts from the beginning writes the deeds
  dealt to each player as `setup Player owns A, B` lines with nothing else on them. Each player
  must be dealt `opening_deal_deeds` deeds (M209); where the variant has them paid for, each
  dealt deed is charged its printed price as its setup line is replayed. A record that starts
  mid-game (any setup line giving cash, a square, buildings, a mortgage, a card or jail) has
  had its deal already: nothing is checked or charged.
* The end (SHORT-06, TIME-01): the game is over when `end_at_bankruptcies` players have gone
  bankrupt, or, in a time-limit game, when time is called or at the record's `end` line (CF-49).
* The last estate (SHORT-07, CF-47): the bankruptcy that ends a short game hands everything,
  buildings included, to the creditor as it stands, with no sale and no 10 % on mortgages.
  `final_bankruptcy` says which bankruptcy that is; bankruptcy.py hands the estate over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...editions.model import STANDARD, Edition, with_article
from ...notation import events as E
from ..building.holdings import half
from ..setup.setup import SETUP_EVENTS, setup_lines
from . import judge
from .game import Game
from .house_cap import (
    FOURTH_HOUSE_ALLOWED,
    THREE_HOUSE_CAP,
    fewer_houses_for_hotel,
    house_count_decision,
    most_houses,
    printed_houses,
)
from .names import squares_if_named
from .skipped import money_words, not_replayed


def choose(
    edition: Edition,
    variant: str | None,
    header: dict[str, str],
    events: Sequence[E.Event],
    early: list[tuple[str, str, E.Span, str | None]],
) -> Edition:
    """The edition as played in the chosen variant (W010 and the standard game if unknown)."""
    key = (variant or header.get("Variant") or STANDARD).strip()
    if key == edition.variant:
        return edition
    try:
        return edition.with_variant(key)
    except KeyError:
        span = next(
            (ev.span for ev in events if isinstance(ev, E.Tag) and ev.key == "Variant"),
            next((ev.span for ev in events if not isinstance(ev, E.TRIVIA)), E.NO_SPAN),
        )
        known = list(edition.variants) or [STANDARD]
        early.append(
            (
                "W010",
                f"variant {key!r} is not one of {edition.key}'s ({', '.join(known)}); "
                "replayed as the standard game",
                span,
                "SHORT-01" if key == "short" else "TIME-01" if key == "time-limit" else None,
            )
        )
        return edition


# --------------------------------------------------------------------------- the opening deal


def _from_start(events: Sequence[E.Event]) -> bool:
    """True when no setup line describes a game already under way."""
    for ev in events:
        if isinstance(ev, E.SetupPlayer):
            if ev.cash is not None or ev.position is not None or ev.cards:
                return False
            if ev.jail_turns is not None:
                return False
            if any(h.houses or h.hotel or h.mortgaged for h in ev.holdings):
                return False
        elif isinstance(ev, E.SetupBank):
            return False
    return True


def prepare(game: Game, events: Sequence[E.Event]) -> None:
    """Check the opening deal of a variant that has one (SHORT-02, TIME-02; M209)."""
    rules = game.edition.rules
    if rules.opening_deal_deeds <= 0 or not _from_start(events):
        return
    game.variants.dealing = True
    names = [p.name for p in game.state.players]
    dealt: dict[str, list[int]] = {n: [] for n in names}
    where: dict[str, E.Span] = {}
    seen: dict[int, str] = {}
    late = False  # a setup line after play began (M121) is applied as written: its deal counts
    rule = "SHORT-02" if rules.end_at_bankruptcies else "TIME-02"  # the variant's own deal rule
    for ev in events:
        late = late or not isinstance(ev, (E.Tag, *E.TRIVIA, *SETUP_EVENTS))
        if not isinstance(ev, E.SetupPlayer) or ev.player.text not in dealt:
            continue
        who = ev.player.text
        where[who] = ev.span
        for h in ev.holdings:
            squares = squares_if_named(game, h.square)
            if len(squares) != 1 or not squares[0].ownable:
                continue
            index = squares[0].index
            if seen.get(index) == who and not late:
                continue  # the same deed written again for its holder: W019 in the replay
            if index in seen:
                game.emit(
                    "M209",
                    f"{squares[0].name} is dealt twice (to {seen[index]} and {who}): each deed "
                    "is dealt once",
                    ev.span,
                    rule,
                    recorded=who,
                    expected=seen[index],
                )
                continue
            seen[index] = who
            dealt[who].append(index)
    first = next((ev.span for ev in events if not isinstance(ev, (*E.TRIVIA, E.Tag))), E.NO_SPAN)
    want = rules.opening_deal_deeds
    paid = "each paid for at its printed price" if rules.opening_deal_paid else "free"
    for who, got in dealt.items():
        if len(got) == want:
            continue
        game.emit(
            "M209",
            f"{who} is dealt {len(got)} deed{'s' if len(got) != 1 else ''}: the "
            f"{game.edition.variant} game deals {want} to each player before play, {paid}",
            where.get(who, first),
            rule,
            expected=want,
            recorded=len(got),
        )


def after_setup(game: Game, ev: E.SetupPlayer) -> None:
    """Charge the printed price of each deed dealt on this setup line (SHORT-02, TIME-02)."""
    if not game.variants.dealing or not game.edition.rules.opening_deal_paid:
        return
    who = ev.player.text
    if who not in {p.name for p in game.state.players}:
        return
    for h in ev.holdings:
        squares = squares_if_named(game, h.square)
        if len(squares) != 1 or not squares[0].ownable:
            continue
        sq = squares[0]
        placed_here = setup_lines(game).get(("deed", sq.index)) == (
            h.span if h.span.line else ev.span
        )
        # a deed written again for its holder (W019) was dealt, and paid for, once
        if game.state.deeds[sq.index].owner == who and placed_here:
            game.transfer(who, None, sq.price, f"opening deal: {sq.name}", ev.span)


# --------------------------------------------------------------------------- the end


def bankruptcies(game: Game) -> int:
    return sum(1 for p in game.state.players if p.bankrupt)


def ends_game(game: Game) -> bool:
    """True once the variant's count of bankruptcies is reached (SHORT-06)."""
    limit = game.edition.rules.end_at_bankruptcies
    return limit > 0 and bankruptcies(game) >= limit


def final_bankruptcy(game: Game) -> bool:
    """True when the bankruptcy about to be applied ends the game (SHORT-06, SHORT-07)."""
    limit = game.edition.rules.end_at_bankruptcies
    return limit > 0 and bankruptcies(game) + 1 >= limit


def may_end(game: Game) -> bool:
    """An `end` line with several players in ends a time-limit game (TIME-01, CF-49)."""
    return game.edition.rules.time_limit or ends_game(game)


# --------------------------------------------------------------------------- short-game buildings
# SHORT-03, SHORT-04, CF-45: where a hotel needs fewer houses than the deed prints rents for (the
# short games: three), whether a fourth house is still allowed, and what a hotel is worth.


def house_cap_judged(game: Game, ev: E.Build, index: int, many: int, added: int) -> bool:
    """A build on a site that then holds `many` houses (`added` of them by this build: none for
    a hotel over the houses there), past the most the reading in force allows, set against
    `house_count_decision` and its one finding filed. Within the houses the deed prints a rent
    for, a short-game build plays reading fourth-house-allowed: A45 names it (a warning under
    three-house-cap) and True is returned, the build replayed as recorded. Otherwise no reading
    allows it (or the replay measures the reading in force): M604, the build refused, and
    False."""
    decision = house_count_decision(game, index, many)
    verdict = judge.compare(game, decision, True)  # the record builds them
    need = game.edition.rules.houses_before_hotel
    house = game.edition.word("houses")
    cap = most_houses(game, index)

    def other(alt: judge.Alternative) -> str:
        if not added:  # a hotel over the houses standing there
            hotel = game.edition.word("hotel")
            return (
                f"the {hotel} on {game.name(index)} is bought over {many} {house}: under "
                f"reading {THREE_HOUSE_CAP} {need} {house} are the most a site may carry, so "
                f"{with_article(hotel)} replaces {need}; reading {alt.reading} has all {many} "
                f"go back to the bank, the {hotel} still counting as {hotel} + {need} {house}"
            )
        return (
            f"{game.name(index)} takes {game.edition.word('house')} number {many}: under "
            f"reading {THREE_HOUSE_CAP} {need} {house} are the most a site may carry; reading "
            f"{alt.reading} lets the short game keep the {printed_houses(game, index)} the "
            "deed prints a rent for"
        )

    note = ""
    if fewer_houses_for_hotel(game, index):
        reading = game.ruling("CF-45")
        # the other reading's number, so that the note never repeats the one in force
        note = (
            f" (reading {reading} of CF-45; reading {THREE_HOUSE_CAP} would stop at {need} {house})"
            if reading == FOURTH_HOUSE_ALLOWED
            else f" (reading {reading} of CF-45; under {FOURTH_HOUSE_ALLOWED} the short "
            f"game still allows {printed_houses(game, index)})"
        )
    printed = printed_houses(game, index)
    # within the houses the deed prints a rent for, only reading three-house-cap refuses them
    why = (
        f"no rent is printed for {many} {house}"
        if many > printed
        else f"reading {THREE_HOUSE_CAP} caps a site at {cap} {house}, though the deed prints "
        f"a rent for {printed}"
    )
    wrong = (
        f"{game.square(index).name} would have {many} {house}: a site takes {cap} at most, then "
        f"{game.edition.a_word('hotel')}{note}; " + not_replayed(why) + money_words(game, ev.amount)
    )
    words = judge.Words("M604", wrong, other=other, shown=(cap, many))
    judge.file(game, verdict, True, ev.span, decision.rule, words)
    return verdict.kind != judge.BREAKS


def _hotel_words(game: Game, index: int) -> str:
    """ "£800 (£200 + 3 × £200)": a short-game hotel's price with the houses it replaced."""
    sq = game.square(index)
    need = game.edition.rules.houses_before_hotel
    total = sq.hotel_cost + need * sq.house_cost
    return (
        f"{game.money(total)} ({game.money(sq.hotel_cost)} + {need} × {game.money(sq.house_cost)})"
    )


def note_fourth_houses(
    game: Game, built: Sequence[tuple[int, int, int, int]], span: E.Span
) -> None:
    """A45 for each site a build carried out takes past the houses a hotel needs (SHORT-03,
    CF-45), where the build agrees with reading fourth-house-allowed in force.

    `built` holds (square, houses before, houses added, hotels added) for each site of a build
    the engine carries out. A build that follows fourth-house-allowed under three-house-cap was
    named where it was allowed (`house_cap_judged`), with the record's choice; one no reading
    allows went past the build's checks only where they were not made (a group not the
    builder's, or mortgaged: reported there), and is not named here.
    """
    need = game.edition.rules.houses_before_hotel
    for index, before, houses, hotels in built:
        many = before + houses
        if many <= need or not fewer_houses_for_hotel(game, index):  # (the cheap test first)
            continue
        decision = house_count_decision(game, index, many)
        verdict = judge.compare(game, decision, True)  # the build was carried out
        if verdict.kind == judge.BREAKS:
            continue
        message = _fourth_house_words(game, index, many, hotels)
        # a build following fourth-house-allowed was named already, on this line (`other` None);
        # a breach was skipped above, so the M code is never filed
        words = judge.Words("M604", message, agree=_namer(game, message, span))
        judge.file(game, verdict, True, span, decision.rule, words)


def _namer(game: Game, message: str, span: E.Span) -> Callable[[], None]:
    """The A45 of a build that agrees with reading fourth-house-allowed in force."""

    def name() -> None:
        game.ambiguous("CF-45", message, span, "SHORT-03", follows=FOURTH_HOUSE_ALLOWED)

    return name


def _fourth_house_words(game: Game, index: int, many: int, hotels: int) -> str:
    """What A45 says of a site taken to `many` houses (and a hotel over them, if `hotels`)
    under reading fourth-house-allowed."""
    need = game.edition.rules.houses_before_hotel
    name = game.name(index)
    reading = game.ruling("CF-45")
    house, hotel = game.edition.word("houses"), game.edition.word("hotel")
    if hotels:
        return (
            f"the {hotel} on {name} is bought over {many} {house}: all {many} go back to "
            f"the bank, and the {hotel} still counts as {hotel} + {need} {house}, "
            f"{_hotel_words(game, index)}, when sold or counted (reading {reading}); under "
            f"reading {THREE_HOUSE_CAP} a site never carries more than {need}, so the "
            f"{hotel} would replace {need}"
        )
    return (
        f"{name} takes {game.edition.word('house')} number {many}: in this game "
        f"{need} {house} are enough for {with_article(hotel)} but do not cap a site, "
        "so it stays "
        f"legal (reading {reading}); "
        f"under reading {THREE_HOUSE_CAP} {need} is the most a site may carry and the "
        "build would be refused"
    )


def refuses_hotel_houses(
    game: Game, ev: E.Sell, index: int, hotels: int, houses: int, actor: str
) -> bool:
    """M619: a short-game hotel sold with more houses than it replaced (SHORT-04, CF-45).

    A hotel broken down gives back only the houses a hotel needs in this game, whatever stood
    on the site before it. True when reported (the sale is not carried out).
    """
    deed = game.state.deeds.get(index)
    need = game.edition.rules.houses_before_hotel
    if (
        deed is None
        or deed.owner != actor
        or not deed.hotel
        or hotels != 1
        or houses <= need
        or not fewer_houses_for_hotel(game, index)
    ):
        return False
    house, hotel = game.edition.word("houses"), game.edition.word("hotel")
    game.emit(
        "M619",
        f"the {hotel} on {game.name(index)} breaks down into {need} {house}, not {houses}: in "
        f"this game {with_article(hotel)} is worth {hotel} + {need} {house}, "
        f"{_hotel_words(game, index)}, "
        f"one fewer than in the standard game; "
        + not_replayed(f"the site does not hold {houses} {house} to sell")
        + money_words(game, ev.amount),
        ev.span,
        "SHORT-04",
        expected=need,
        recorded=houses,
    )
    return True


def wrong_hotel_sale_value(
    game: Game, ev: E.Sell, hotels: Sequence[int], value: int, recorded: int
) -> bool:
    """M619 in place of M614 when a short-game sale with a hotel is paid wrong (SHORT-04).

    `hotels` are the sites whose hotel is sold; `value` what the bank pays. True when reported.
    """
    short = [i for i in hotels if fewer_houses_for_hotel(game, i)]
    if not short:
        return False
    need = game.edition.rules.houses_before_hotel
    house, hotel = game.edition.word("houses"), game.edition.word("hotel")
    worths = []
    for index in short:
        sq = game.square(index)
        whole = half(sq.hotel_cost) + need * half(sq.house_cost)
        worths.append(
            f"{game.name(index)}'s {hotel} with its {need} {house} sells for "
            f"{game.money(whole)}, broken down for {game.money(half(sq.hotel_cost))}"
        )
    game.emit(
        "M619",
        f"the bank pays {game.money(value)} for these buildings, not {game.money(recorded)}: "
        f"half the purchase price, which in this game counts {need} {house} to "
        f"{with_article(hotel)}, one "
        f"fewer than in the standard game ({game.listing(worths)})",
        ev.span,
        "SHORT-04",
        expected=value,
        recorded=recorded,
    )
    return True


# --------------------------------------------------------------------------- short-game jail


def one_turn_in_jail(game: Game) -> bool:
    """True where the variant has a jailed player leave on the next turn (SHORT-05, CF-46).

    The variant says so by naming SHORT-05 among the rules it comes from; its `max_jail_turns`
    is then the one try. A failed throw on it is paid for and moved by, whatever the readings
    of the standard third jail turn (CF-02, CF-03) say.
    """
    chosen = game.edition.variants.get(game.edition.variant)
    return chosen is not None and "SHORT-05" in chosen.rule_ids


def one_turn_stay_decision() -> judge.Decision:
    """CF-46: a failed throw on the short game's one jail turn is paid for and moved by (True),
    however the player came to jail (SHORT-05). The point has one reading (as-standard): no
    other is listed."""
    return judge.Decision(judge.Choice(True), "SHORT-05")


def note_one_turn_stay(
    game: Game, player: str, pays: str, target: str, span: E.Span, *, moved: bool = False
) -> None:
    """A46: a failed throw on the short game's one jail turn, paid for and moved by (CF-46),
    set against `one_turn_stay_decision`. A roll naming the square reached (`moved`) shows the
    record's play, which agrees; one naming none shows nothing, and the point is named with the
    reading applied. A square the roll does not reach is the move's finding (M104), not this
    point's.

    `pays` says what happens to the fine ("pays £50", or "owes the £50 fine" when the cash is
    short, handled as in CF-08).
    """
    reading = game.ruling("CF-46")
    message = (
        f"no double on {player}'s turn in jail: in the {game.edition.variant} game a jailed "
        f"player leaves on the next turn, so {player} {pays} and moves by this roll to "
        f"{target} (reading {reading}: however {player} came to jail, the failed throw is paid "
        f"for and moved by, as on the standard last try); the standard game would leave "
        f"{player} in jail to throw again next turn"
    )
    written = True if moved else None  # a roll naming the square reached: moved by it

    def agree() -> None:
        game.ambiguous("CF-46", message, span, "SHORT-05", follows=reading if moved else None)

    decision = one_turn_stay_decision()
    verdict = judge.compare(game, decision, written)
    # the one reading is the record's play or no play shown: no verdict breaks, and the M code
    # of `Words` is never filed
    words = judge.Words("M990", message, agree=agree)
    judge.file(game, verdict, written, span, decision.rule, words)
