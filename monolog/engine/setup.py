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

from ..notation.events import Event, SetupBank, SetupDeck, SetupNext, SetupPlayer, Span, Tag
from . import house_rules
from .decks import hold_out, holder_of, stack
from .game import Game
from .holdings import count_word, describe_level, group_of
from .names import card_of, resolve_player, resolve_square
from .obligations import flow_of
from .state import DeedState


def on_setup_player(game: Game, ev: SetupPlayer) -> None:
    name = resolve_player(game, ev.player, ev.span)
    if name is None:
        return
    st = game.state
    p = st.player(name)
    rules = game.edition.rules
    lines = setup_lines(game)
    lines.setdefault(("player", name), ev.span)
    if ev.cash is not None and _first_value(
        game, name, "cash", ev.cash, game.money(ev.cash), ev.span, f"{name}'s cash"
    ):
        p.cash = ev.cash
    if ev.position is not None:
        sq = resolve_square(game, ev.position, ev.span)
        if sq is None:
            pass
        elif ev.jail_turns is not None and not _given(game, name, "square"):
            p.position = sq.index  # `at` beside `jail`: checked with the jail below (JAIL-02)
        elif _first_value(game, name, "square", sq.index, sq.name, ev.span, f"{name}'s square"):
            p.position = sq.index
    for h in ev.holdings:
        sq = resolve_square(game, h.square, h.span if h.span.line else ev.span)
        if sq is None:
            continue
        deed = st.deeds.get(sq.index)
        if deed is None:
            game.emit(
                "M900",
                f"{sq.name} has no deed: no one can own it",
                h.span if h.span.line else ev.span,
                None,
            )
            continue
        where = h.span if h.span.line else ev.span
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
            continue
        if not _first_value(
            game,
            name,
            ("deed", sq.index),
            (0 if h.hotel else h.houses, h.hotel, h.mortgaged),
            _holding(game, h.houses, h.hotel, h.mortgaged),
            where,
            f"{name}'s {sq.name}",
        ):
            continue  # the same deed given again to its holder: the first value stands
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
    for ref in ev.cards:
        card_id: str | None = None
        if ref is not None:
            card = card_of(game, ref, ev.span)
            if card is None:
                continue
            if card.kind != "get_out_of_jail_free":
                game.emit(
                    "M120",
                    f"impossible starting position: {card.id} ({card.title}) is not a Get Out "
                    "of Jail Free card, and only those are kept by a player; it stays in its deck",
                    ev.span,
                    "CARD-04",
                    recorded=card.id,
                )
                continue
            card_id = card.id
        elif not game.setup.started:
            # a card not named: which one is settled when play begins, once every card a setup
            # line names is placed, so a later line naming a card never finds it taken
            game.setup.unnamed.append((name, ev.span))
            continue
        else:
            card_id = _unnamed_card(game, name, ev.span)
            if card_id is None:
                continue
        holder = holder_of(game, card_id)
        deck = game.state.decks[game.edition.card(card_id).deck]
        if (
            ref is not None
            and card_id in p.cards
            and _given(game, name, ("card", card_id))
            and not _first_value(
                game, name, ("card", card_id), True, "", ev.span, f"{name}'s card {card_id}"
            )
        ):
            continue
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
                ev.span,
                "CARD-04",
                recorded=card_id,
            )
            continue
        p.cards.append(card_id)
        hold_out(game, card_id)
        if ref is not None:
            _first_value(
                game, name, ("card", card_id), True, "", ev.span, f"{name}'s card {card_id}"
            )
    if ev.jail_turns is not None and _jail_agrees(game, name, ev):
        _check_jail_turn(game, name, ev.jail_turns, ev.span)
        if p.position != rules.jail_index and ev.position is not None:
            game.emit(
                "M120",
                f"impossible starting position: {name} is in jail, so stands on "
                f"{game.name(rules.jail_index)}, not {game.name(p.position)}; the jail stands",
                ev.span,
                "JAIL-02",
                expected=game.name(rules.jail_index),
                recorded=game.name(p.position),
            )
        p.in_jail = True
        p.position = rules.jail_index
        p.jail_turns = max(ev.jail_turns - 1, 0)


def _first_value(
    game: Game,
    name: str,
    key: object,
    value: object,
    shown: str,
    span: Span,
    what: str,
) -> bool:
    """One value for each fact of the starting position, `key` of player `name` (or of `_BANK`:
    the bank's stock and pot, the player to move first): the first setup line that gives it
    stands. True when this one is to be applied: the first, or a line after play began (M121:
    applied as written). A later value is W019 at its line, citing the first, and left out; the
    same value again is W019 too, and changes nothing."""
    if game.setup.started:
        return True
    facts = game.setup.facts
    before = facts.get((name, key))
    if before is None:
        facts[(name, key)] = (span, value, shown)
        return True
    first, first_value, first_shown = before
    implied = game.setup.implied
    if (name, key) in implied and first_value == value:
        implied.discard((name, key))  # `at` the jail after `jail`: written out, not given twice
        return True
    src = f"on line {first.line}" if first.line != span.line else "earlier on this line"
    if first_value == value:
        again = f" ({shown})" if shown else ""
        message = f"{what} is given twice, {src} and here{again}; the repeat changes nothing"
    else:
        message = (
            f"a second value for {what}: {first_shown} {src}, and {shown} here; the first "
            f"value, {first_shown}, stands and this one is left out"
        )
    game.emit(
        "W019",
        message,
        span,
        None,
        expected=first_shown,
        recorded=shown,
        data={"first_line": first.line},
    )
    return False


def _given(game: Game, name: str, key: object) -> bool:
    return (name, key) in game.setup.facts


def _fact_span(game: Game, name: str, key: object) -> Span | None:
    fact = game.setup.facts.get((name, key))
    return fact[0] if fact is not None else None


def _jail_agrees(game: Game, name: str, ev: SetupPlayer) -> bool:
    """`jail N` on a later line than another fact of the same player: a jail turn already given
    is one value (W019 for another), and a square already given elsewhere than the jail is one
    too, since a jailed player stands on the jail (the earlier line stands, so no jail)."""
    turn = ev.jail_turns or 0
    jail = game.edition.rules.jail_index
    facts = game.setup.facts
    square = facts.get((name, "square"))
    if square is not None and square[1] != jail and not game.setup.started:
        return _first_value(
            game,
            name,
            "square",
            jail,
            f"{game.name(jail)} (in jail)",
            ev.span,
            f"{name}'s square",
        )
    if not _first_value(game, name, "jail", turn, str(turn), ev.span, f"{name}'s coming jail turn"):
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
    held = (
        game.ruling("CF-08") == "stays-in-jail" and game.state.player(name).cash < rules.jail_fine
    )
    if turn >= 1 and (turn <= last or held):
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
    unnamed, game.setup.unnamed = game.setup.unnamed, []
    for name, span in unnamed:
        card_id = _unnamed_card(game, name, span)
        if card_id is not None:
            game.state.player(name).cards.append(card_id)
            hold_out(game, card_id)


def on_setup_bank(game: Game, ev: SetupBank) -> None:
    """`setup bank`: its houses, hotels and pot are facts of the position like a player's, one
    value each (W019 for a second)."""
    setup_lines(game).setdefault(("bank", 0), ev.span)
    written = _bank_written(game)
    for kind, n in (("house", ev.houses), ("hotel", ev.hotels)):
        if n is not None and _first_value(
            game, _BANK, kind, n, count_word(game, n, kind), ev.span, f"the bank's {kind} stock"
        ):
            if kind == "house":
                game.state.bank_houses = n
            else:
                game.state.bank_hotels = n
            written[kind] = n
    if ev.pot is not None and _first_value(
        game, _BANK, "pot", ev.pot, game.money(ev.pot), ev.span, "the Free Parking pool"
    ):
        house_rules.pot_at_setup(game, ev.pot, ev.span)


_BANK = " bank"  # the bank's and the table's facts (no player's name has a leading space)


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
    if _first_value(  # a deck's order is one fact of the position, like the bank's stock
        game,
        _BANK,
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
    if not _first_value(
        game,
        _BANK,
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


def check_position(game: Game) -> None:
    """The starting position the setup lines describe, checked once before play begins: each
    impossible part is M120 at the line that wrote it; a bank stock other than the edition's less
    the buildings the setup places is W013 (a warning: fewer may be buildings the setup leaves
    out), and the bank then holds what its line says."""
    lines = setup_lines(game)
    if not lines:
        return
    st = game.state
    rules = game.edition.rules
    most = rules.houses_before_hotel
    for p in st.players:
        span = _fact_span(game, p.name, "cash") or lines.get(("player", p.name))
        if span is not None and p.cash < 0:
            game.emit(
                "M120",
                f"impossible starting position: {p.name} has {game.money(p.cash)}; cash is "
                "never below zero between turns",
                span,
                "BKR-01",
                recorded=p.cash,
            )
    seen_groups: set[str] = set()
    mortgaged_groups: set[str] = set()
    for (kind, key), span in list(lines.items()):
        if kind != "deed" or not isinstance(key, int):
            continue
        deed = st.deeds[key]
        sq = game.square(key)
        name = sq.name
        if not (deed.houses or deed.hotel):
            continue
        problem = rule = None
        if sq.kind != "site":
            problem, rule = f"{name} is not a site and takes no buildings", "BLD-15"
        elif deed.houses > 4 or (deed.houses > most and not deed.hotel):
            problem, rule = (
                f"{name} has {deed.houses} houses; a site takes at most {most}",
                "BLD-04",
            )
        else:
            group = group_of(game, key)
            owners = {d.owner for d in group}
            mortgaged = [game.name(d.square) for d in group if d.mortgaged]
            if len(owners) > 1:
                problem = f"{name} has buildings but {deed.owner} does not hold the whole group"
                rule = "BLD-01"
            elif mortgaged:
                if sq.group in mortgaged_groups:
                    continue  # one finding for the group's mortgage
                mortgaged_groups.add(sq.group or "")
                others = [m for m in mortgaged if m != name]
                problem = (
                    f"{name} has buildings while {game.listing(mortgaged)} "
                    f"{'is' if len(mortgaged) == 1 else 'are'} mortgaged"
                    if not deed.mortgaged
                    else f"{name} has buildings and is mortgaged"
                    + (
                        f", as {'is' if len(others) == 1 else 'are'} {game.listing(others)}"
                        if others
                        else ""
                    )
                )
                rule = "BLD-08"
            elif sq.group not in seen_groups and not house_rules.uneven_allowed(game):
                seen_groups.add(sq.group or "")
                top = most + 1
                levels = [top if d.hotel else d.houses for d in group]
                if max(levels) - min(levels) > 1:
                    problem = (
                        f"the {game.edition.group_word(sq.group or '')} group is built "
                        f"unevenly ({', '.join(_level(game, d) for d in group)}); "
                        "buildings differ by at most one level across a group"
                    )
                    rule = "BLD-03"
        if problem is not None:
            game.emit("M120", f"impossible starting position: {problem}", span, rule)
    span = next(iter(lines.values()))
    stock = dict(zip(("house", "hotel"), _stock(game), strict=True))
    in_play = {
        "house": sum(d.houses for d in st.deeds.values()),
        "hotel": sum(1 for d in st.deeds.values() if d.hotel),
    }
    excess = [count_word(game, in_play[k] - stock[k], k) for k in stock if in_play[k] > stock[k]]
    if excess and not house_rules.active(game, "unlimited-buildings"):
        game.emit(
            "M120",
            "impossible starting position: more buildings in play than the edition has "
            f"({' and '.join(excess)} too many)",
            lines.get(("bank", 0), span),
            "SET-02",
        )
    bank = lines.get(("bank", 0))
    written = _bank_written(game)
    if bank is None or not written:
        return
    # the bank holds what its line says, whichever setup lines come before or after it
    st.bank_houses = written.get("house", st.bank_houses)
    st.bank_hotels = written.get("hotel", st.bank_hotels)
    if house_rules.active(game, "unlimited-buildings"):
        return
    kinds = [k for k in ("house", "hotel") if k in written and in_play[k] <= stock[k]]
    due = {k: stock[k] - in_play[k] for k in kinds}
    if all(written[k] == due[k] for k in kinds):
        return
    # more can never be explained; fewer may be the buildings of players the setup leaves out,
    # or a shortage set up on purpose, so both are warnings and the bank's figure stands
    edition = " and ".join(count_word(game, stock[k], k) for k in kinds)
    placed = (
        " and ".join(_count_or_no(game, in_play[k], k) for k in kinds)
        if any(in_play[k] for k in kinds)
        else "none"
    )
    should = " and ".join(count_word(game, due[k], k) for k in kinds)
    says = " and ".join(count_word(game, written[k], k) for k in kinds)
    short = any(written[k] < due[k] for k in kinds)
    bank = _fact_span(game, _BANK, kinds[0]) or bank
    game.emit(
        "W013",
        f"the bank's stock does not add up: the edition has {edition} and the setup places "
        f"{placed}, so the bank should hold {should}, but its line gives {says}"
        + ("; buildings of players the setup leaves out would explain fewer" if short else "")
        + "; the bank's figure is replayed as written",
        bank,
        "SET-02",
        expected=[due[k] for k in kinds],
        recorded=[written[k] for k in kinds],
    )


def _bank_written(game: Game) -> dict[str, int]:
    """The bank's building stock as its setup line writes it: "house" and "hotel" -> number."""
    return game.setup.bank


def _count_or_no(game: Game, n: int, kind: str) -> str:
    return "no " + game.edition.word(kind + "s") if n == 0 else count_word(game, n, kind)


def _stock(game: Game) -> tuple[int, int]:
    rules = game.edition.rules
    return rules.houses, rules.hotels


def _level(game: Game, deed: DeedState) -> str:
    return f"{game.name(deed.square)}: {describe_level(game, deed)}"


_MOST = {"six": 6, "eight": 8}  # CF-56: the most players each reading allows


def more_than_six(game: Game, count: int, span: Span) -> None:
    """A56: seven or eight players where the edition's text gives no count of its own, or a
    ruling has changed the one it gives (CF-56). The record plays with that many, as reading
    eight allows; under reading six that is a departure."""
    reading = game.ruling("CF-56")
    other = "six" if reading == "eight" else "eight"
    game.ambiguous(
        "CF-56",
        f"{count} players: reading {reading} allows at most {_MOST.get(reading, 6)}, reading "
        f"{other} at most {_MOST[other]}",
        span,
        "SET-01",
        follows="eight",
    )


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
