"""Setup lines: a record that starts mid-game (`setup Ann cash 1200 at …`, `setup bank …`,
`setup deck …`, `setup next Ann`).

`setup … jail N` puts the player in jail with their next turn being jail turn N (`jail` alone:
jail turn 1, as for a player just sent there); docs/notation.md says why.

A position may take several lines; lines about different facts combine, and each fact (a
player's cash, square, coming jail turn, each deed, each named jail card; the bank's house and
hotel stock and pot; the player to move first) has one value: the first line that gives it
stands, and a later one is W019 at its line.
"""

from __future__ import annotations

from ...notation.events import (
    Event,
    Holding,
    Ref,
    SetupBank,
    SetupDeck,
    SetupNext,
    SetupPlayer,
    Span,
    Tag,
)
from ..building.holdings import count_word
from ..cards.decks import hold_out, holder_of, stack
from ..core import house_rules, judge
from ..core.game import Game
from ..core.names import card_of, resolve_player, resolve_square
from ..core.obligations import flow_of
from ..core.state import PlayerState
from ..jail.jail_exits import held_for_fine
from .setup_check import check_position
from .setup_facts import BANK, first_value, given


def on_setup_player(game: Game, ev: SetupPlayer) -> None:
    name = resolve_player(game, ev.player, ev.span)
    if name is None:
        return
    p = game.state.player(name)
    setup_lines(game).setdefault(("player", name), ev.span)
    if ev.cash is not None and first_value(
        game, name, "cash", ev.cash, game.money(ev.cash), ev.span, f"{name}'s cash"
    ):
        p.cash = ev.cash
    if ev.position is not None:
        sq = resolve_square(game, ev.position, ev.span)
        if sq is None:
            pass
        elif ev.jail_turns is not None and not given(game, name, "square"):
            p.position = sq.index  # `at` beside `jail`: checked with the jail below (JAIL-02)
        elif first_value(game, name, "square", sq.index, sq.name, ev.span, f"{name}'s square"):
            p.position = sq.index
    for h in ev.holdings:
        _place_deed(game, name, h, ev.span)
    for ref in ev.cards:
        _give_card(game, p, ref, ev.span)
    if ev.jail_turns is not None and _jail_agrees(game, name, ev):
        _jail(game, p, ev.jail_turns, ev)


def _place_deed(game: Game, name: str, h: Holding, line: Span) -> None:
    """One holding of a `setup` line: the deed is `name`'s as written, unless a line before
    placed it with someone else (SET-03) or gave it to `name` already (W019)."""
    st = game.state
    where = h.span if h.span.line else line
    sq = resolve_square(game, h.square, where)
    if sq is None:
        return
    deed = st.deeds.get(sq.index)
    if deed is None:
        game.emit("M900", f"{sq.name} has no deed: no one can own it", where, None)
        return
    lines = setup_lines(game)
    before = lines.get(("deed", sq.index))
    if before is not None and deed.owner != name:
        # SET-03: one deed of each; the first line that placed it stands
        game.emit(
            "M120",
            f"impossible starting position: {sq.name} is already {deed.owner}'s (line "
            f"{before.line}); a deed is in one place at a time",
            where,
            "SET-03",
            expected=deed.owner,
            recorded=name,
        )
        return
    if not first_value(
        game,
        name,
        ("deed", sq.index),
        (0 if h.hotel else h.houses, h.hotel, h.mortgaged),
        _holding(game, h.houses, h.hotel, h.mortgaged),
        where,
        f"{name}'s {sq.name}",
    ):
        return  # the same deed given again to its holder: the first value stands
    st.bank_houses += deed.houses
    st.bank_hotels += 1 if deed.hotel else 0
    lines[("deed", sq.index)] = where
    if h.hotel and h.houses:
        game.emit(
            "M120",
            f"impossible starting position: {sq.name} is written with a hotel and "
            f"{count_word(game, h.houses, 'house')}; a hotel stands alone on its site, so "
            "the hotel stands and the houses stay in the bank",
            where,
            "BLD-07",
            recorded=h.houses,
        )
    deed.owner = name
    deed.houses = 0 if h.hotel else h.houses
    deed.hotel = h.hotel
    deed.mortgaged = h.mortgaged
    st.bank_houses -= deed.houses
    st.bank_hotels -= 1 if deed.hotel else 0


def _card_given(game: Game, name: str, ref: Ref | None, span: Span) -> str | None:
    """The card a `goojf` of a `setup` line gives `name`: the one it names, if a Get Out of
    Jail Free card, else the first one free once play begins (`_unnamed_card`). None when
    there is none, or when which one waits until play begins."""
    if ref is None:
        if game.setup.started:
            return _unnamed_card(game, name, span)
        # a card not named: which one is settled when play begins, once every card a setup
        # line names is placed, so a later line naming a card never finds it taken
        game.setup.unnamed.append((name, span))
        return None
    card = card_of(game, ref, span)
    if card is None:
        return None
    if card.kind != "get_out_of_jail_free":
        game.emit(
            "M120",
            f"impossible starting position: {card.id} ({card.title}) is not a Get Out "
            "of Jail Free card, and only those are kept by a player; it stays in its deck",
            span,
            "CARD-04",
            recorded=card.id,
        )
        return None
    return card.id


def _give_card(game: Game, p: PlayerState, ref: Ref | None, span: Span) -> None:
    """One `goojf` of a `setup` line: the card is the player's, unless it is already held or
    in its deck (CARD-04), or was given to them already (W019)."""
    name = p.name
    card_id = _card_given(game, name, ref, span)
    if card_id is None:
        return
    holder = holder_of(game, card_id)
    deck = game.state.decks[game.edition.card(card_id).deck]
    if (
        ref is not None
        and card_id in p.cards
        and given(game, name, ("card", card_id))
        and not first_value(
            game, name, ("card", card_id), True, "", span, f"{name}'s card {card_id}"
        )
    ):
        return
    if card_id in p.cards or holder is not None or card_id in deck.slots:
        place = (
            f"held by {holder or name}"
            if card_id in p.cards or holder is not None
            else f"in the {game.edition.decks[game.edition.card(card_id).deck].name} deck"
        )
        game.emit(
            "M120",
            f"impossible starting position: {card_id} is already {place}; a card is in one "
            "place at a time",
            span,
            "CARD-04",
            recorded=card_id,
        )
        return
    p.cards.append(card_id)
    hold_out(game, card_id)
    if ref is not None:
        first_value(game, name, ("card", card_id), True, "", span, f"{name}'s card {card_id}")


def _jail(game: Game, p: PlayerState, turns: int, ev: SetupPlayer) -> None:
    """`jail N` of a `setup` line: the player is in jail, on the jail's square, with jail turn
    N to come."""
    rules = game.edition.rules
    _check_jail_turn(game, p.name, turns, ev.span)
    if p.position != rules.jail_index and ev.position is not None:
        game.emit(
            "M120",
            f"impossible starting position: {p.name} is in jail, so stands on "
            f"{game.name(rules.jail_index)}, not {game.name(p.position)}; the jail stands",
            ev.span,
            "JAIL-02",
            expected=game.name(rules.jail_index),
            recorded=game.name(p.position),
        )
    p.in_jail = True
    p.position = rules.jail_index
    p.jail_turns = max(turns - 1, 0)


def _jail_agrees(game: Game, name: str, ev: SetupPlayer) -> bool:
    """`jail N` on a later line than another fact of the same player: a jail turn already given
    is one value (W019 for another), and a square already given elsewhere than the jail is one
    too, since a jailed player stands on the jail (the earlier line stands, so no jail)."""
    turn = ev.jail_turns or 0
    jail = game.edition.rules.jail_index
    facts = game.setup.facts
    square = facts.get((name, "square"))
    if square is not None and square[1] != jail and not game.setup.started:
        return first_value(
            game,
            name,
            "square",
            jail,
            f"{game.name(jail)} (in jail)",
            ev.span,
            f"{name}'s square",
        )
    if not first_value(game, name, "jail", turn, str(turn), ev.span, f"{name}'s coming jail turn"):
        return False
    if square is None and not game.setup.started:
        facts[(name, "square")] = (ev.span, jail, f"{game.name(jail)} (in jail)")
        game.setup.implied.add((name, "square"))
    return True


def _holding(game: Game, houses: int, hotel: bool, mortgaged: bool) -> str:
    """A deed's state on a setup line in words: "unmortgaged and bare", "mortgaged and bare",
    "unmortgaged with 2 houses", "unmortgaged with a hotel"."""
    state = "mortgaged" if mortgaged else "unmortgaged"
    if hotel:
        return f"{state} with {game.edition.a_word('hotel')}"
    if houses:
        return f"{state} with {count_word(game, houses, 'house')}"
    return f"{state} and bare"


def _check_jail_turn(game: Game, name: str, turn: int, span: Span) -> None:
    """M120 for a `jail N` no stay in jail can reach: the coming jail turn is 1 to the last one.

    The last is the edition's third (JAIL-08), the fourth under CF-02 fourth-turn-pay (whose
    fourth turn opens with the fine). Under CF-08 stays-in-jail a player without the fine's cash
    stays on past it, so any later turn is reachable for them.
    """
    rules = game.edition.rules
    last = rules.max_jail_turns + (1 if game.ruling("CF-02") == "fourth-turn-pay" else 0)
    if turn >= 1 and (turn <= last or held_for_fine(game, name)):
        return
    game.emit(
        "M120",
        f"impossible starting position: {name}'s next turn cannot be jail turn {turn}; "
        f"`jail N` names the coming jail turn, from 1 to {last} here",
        span,
        "JAIL-08",
        recorded=turn,
    )


def _unnamed_card(game: Game, name: str, span: Span) -> str | None:
    """The Get Out of Jail Free card a `goojf` without a card name gives: the first no player
    holds and no `setup deck` line places. None, with M120 at the line, when there is none."""
    for key, deck in game.edition.decks.items():
        for card in deck.cards:
            if (
                card.kind == "get_out_of_jail_free"
                and holder_of(game, card.id) is None
                and card.id not in game.state.decks[key].slots
            ):
                return card.id
    game.emit(
        "M120",
        f"impossible starting position: {name} is given a Get Out of Jail Free card, but every "
        "one of the edition's is already held or placed in its deck",
        span,
        "CARD-04",
    )
    return None


def _place_unnamed_cards(game: Game) -> None:
    """The cards the setup lines give without a name, in the order written (see
    `SetupState.unnamed`)."""
    unnamed = game.setup.unnamed
    game.setup.unnamed = []
    for name, span in unnamed:
        card_id = _unnamed_card(game, name, span)
        if card_id is not None:
            game.state.player(name).cards.append(card_id)
            hold_out(game, card_id)


def on_setup_bank(game: Game, ev: SetupBank) -> None:
    """`setup bank`: its houses, hotels and pot are facts of the position like a player's, one
    value each (W019 for a second)."""
    setup_lines(game).setdefault(("bank", 0), ev.span)
    written = game.setup.bank
    for kind, n in (("house", ev.houses), ("hotel", ev.hotels)):
        if n is not None and first_value(
            game, BANK, kind, n, count_word(game, n, kind), ev.span, f"the bank's {kind} stock"
        ):
            if kind == "house":
                game.state.bank_houses = n
            else:
                game.state.bank_hotels = n
            written[kind] = n
    if ev.pot is not None and first_value(
        game, BANK, "pot", ev.pot, game.money(ev.pot), ev.span, "the Free Parking pool"
    ):
        house_rules.pot_at_setup(game, ev.pot, ev.span)


def on_setup_deck(game: Game, ev: SetupDeck) -> None:
    ids: list[str] = []
    deck_key: str | None = None
    for ref in ev.cards:
        card = card_of(game, ref, ev.span)
        if card is None:
            return
        if deck_key is None:
            deck_key = card.deck
        elif card.deck != deck_key:
            game.emit(
                "M900",
                f"{card.id} is not a {game.edition.decks[deck_key].name} card: one setup deck "
                "line lists one deck",
                ev.span,
                None,
            )
            return
        holder = holder_of(game, card.id)
        if holder is not None or card.id in ids:
            deck_name = game.edition.decks[card.deck].name
            place = (
                f"held by {holder} and cannot also lie in the {deck_name} deck"
                if holder is not None
                else f"written twice in the {deck_name} deck"
            )
            game.emit(
                "M120",
                f"impossible starting position: {card.id} is {place}; a card is in one place at "
                "a time",
                ev.span,
                "CARD-04",
                recorded=card.id,
            )
            continue
        ids.append(card.id)
    if deck_key is None:
        return
    deck_name = game.edition.decks[deck_key].name
    if first_value(  # a deck's order is one fact of the position, like the bank's stock
        game,
        BANK,
        ("deck", deck_key),
        tuple(ids),
        ", ".join(ids),
        ev.span,
        f"the order of the {deck_name} deck",
    ):
        stack(game, deck_key, ids)


def on_setup_next(game: Game, ev: SetupNext) -> None:
    name = resolve_player(game, ev.player, ev.span)
    if name is None:
        return
    shown = name + "".join(
        part
        for part, on in (
            (f" with {count_word(game, ev.doubles or 0, 'double')} rolled", ev.doubles is not None),
            (" with a landing to resolve", ev.landing),
        )
        if on
    )
    if not first_value(
        game,
        BANK,
        "next",
        (name, ev.doubles, ev.landing),
        shown,
        ev.span,
        "the player to move first",
    ):
        return
    flow_of(game).expected_next = name
    for seat, p in enumerate(game.state.players):
        if p.name == name:
            game.state.current = seat
    if ev.doubles is None and not ev.landing:
        return
    doubles = ev.doubles or 0
    if ev.doubles is not None and not 1 <= doubles <= 2:
        game.emit(
            "M120",
            f"impossible starting position: {name} has rolled {doubles} doubles this turn; "
            "a turn holds one or two doubles before the third sends the player to jail",
            ev.span,
            "DBL-02",
            expected=[1, 2],
            recorded=doubles,
        )
        return
    if game.state.player(name).in_jail and (doubles or ev.landing):
        game.emit(
            "M120",
            f"impossible starting position: {name} is in jail, so no double rolled this turn "
            "and no landing is still to resolve",
            ev.span,
            "JAIL-01",
            recorded=name,
        )
        return
    game.setup.mid_turn = (name, doubles, ev.landing)


SETUP_EVENTS = (SetupPlayer, SetupBank, SetupDeck, SetupNext)


def setup_lines(game: Game) -> dict[tuple[str, object], Span]:
    """Where each part of the starting position was written: ("deed", square), ("player",
    name), ("bank", 0) -> the span of the setup line (or holding) that set it."""
    return game.setup.lines


def before_event(game: Game, ev: Event) -> None:
    """Before each event the replay applies: the first event that is not a setup line checks
    the whole starting position (once); a setup line after it is reported."""
    started = game.setup.started
    if not started and not isinstance(ev, SETUP_EVENTS):
        game.setup.started = True
        _place_unnamed_cards(game)
        check_position(game)
    else:
        after_setup(game, ev, started)


def at_end(game: Game) -> None:
    """A record that holds nothing but setup lines: its position is checked at the end."""
    if not game.setup.started:
        game.setup.started = True
        _place_unnamed_cards(game)
        check_position(game)


def after_setup(game: Game, ev: Event, started: bool) -> None:
    """A setup line once play has begun is reported (its position is still applied)."""
    if started and isinstance(ev, SETUP_EVENTS):
        game.emit(
            "M121",
            "a setup line after play has begun: the starting position is written before the "
            "first turn; the line is applied as written",
            ev.span,
            "SET-04",
        )


SIX, EIGHT = "six", "eight"  # CF-56's readings
_MOST = {SIX: 6, EIGHT: 8}  # CF-56: the most players each reading allows


def player_count_decision(game: Game, count: int) -> judge.Decision:
    """Whether the game may be played by `count` players, a `Choice` of True or False (SET-01,
    CF-56), and the other reading of CF-56 where it says otherwise.

    Seven or eight players is the point: reading six refuses them, reading eight allows them,
    wherever the edition's text gives no count of its own or a ruling has changed the one it
    gives. Any other count, or seven or eight where the text settles the point, is the
    edition's own range, which no reading changes: no other reading is listed."""
    if not 6 < count <= max(_MOST.values()) or game.text_settles("CF-56"):
        rules = game.edition.rules
        return judge.Decision(
            judge.Choice(rules.min_players <= count <= rules.max_players), "SET-01"
        )
    reading = game.ruling("CF-56")
    allows = {r: count <= most for r, most in _MOST.items()}
    others = tuple(
        judge.Alternative("CF-56", other, judge.Choice(value))
        for other, value in allows.items()
        if other != reading and value != allows[reading]
    )
    return judge.Decision(judge.Choice(allows[reading]), "SET-01", others)


def players_judged(game: Game, count: int, span: Span) -> None:
    """The record's `count` players set against `player_count_decision`, its one finding filed:
    A56 for seven or eight where the point is open (the record plays with that many, as reading
    eight allows: a warning under reading six), M111 for a count no reading allows. The point
    is named where it arises in a replay measuring the reading in force too (judge.arising)."""
    rules = game.edition.rules
    decision = player_count_decision(game, count)
    reading = game.ruling("CF-56")
    other = SIX if reading == EIGHT else EIGHT
    message = (
        f"{count} players: reading {reading} allows at most {_MOST.get(reading, 6)}, reading "
        f"{other} at most {_MOST[other]}"
    )

    def name(follows: str) -> None:
        game.ambiguous("CF-56", message, span, "SET-01", follows=follows)

    def agree() -> None:
        if decision.others:  # the point is open here: the record plays eight
            name(EIGHT)

    def follows(alt: judge.Alternative) -> None:
        name(alt.reading)

    wrong = f"this edition is for {rules.min_players} to {rules.max_players} players, not {count}"
    shown = ([rules.min_players, rules.max_players], count)
    words = judge.Words("M111", wrong, other=follows, agree=agree, shown=shown)
    verdict = judge.compare_arising(game, decision, True)  # the record plays with them
    judge.file(game, verdict, True, span, decision.rule, words)


def check_banker(game: Game, tag: Tag, players: list[str]) -> None:
    """`[Banker "Dee"]` (SET-07, CF-53): a Banker who is not among the players runs the bank
    without playing. The 1996 UK text allows it from six players (`banker_sits_out_from`); the
    other editions make the Banker one of the players. A playing Banker keeps their own money
    apart from the bank's, which the record cannot show (it writes no cash for the bank)."""
    banker = tag.value.strip()
    if not banker or banker in players:
        return
    least = game.edition.rules.banker_sits_out_from
    if least is not None and len(players) >= least:
        return
    if least is None:
        why = "this edition's Banker is one of the players"
    else:
        why = (
            f"a Banker who does not play is allowed only with {least} players or more: with "
            f"{len(players)}, the Banker is one of them"
        )
    game.emit(
        "M122",
        f"{banker} keeps the bank without playing, but {why}",
        tag.span,
        "SET-07",
        expected=list(players),
        recorded=banker,
        data={"cf": "CF-53"},
    )
