"""Turn order: a turn's start and end, and what a step must have settled before the next.

TURN-01..05, DBL-01 (the roll a double owes; under CF-80 one-throw-a-turn it owes none), CF-02
(the fine a fourth jail turn opens with), CF-16 and BKR-07 (deeds left unsold), CF-22 (claims of
earlier turns dropped). The rolls are rolls.py; the GO salary and moves by a card are moves.py;
where a roll takes the token and what the square makes due is landing.py; a roll in jail is
jail_rolls.py.
"""

from __future__ import annotations

from ...notation.events import Span, TurnStart
from ..bankruptcy.estate_auctions import estate_closed
from ..buying.unbid import unbid_left
from ..cards.card_landings import declined_after_card_note, second_draw_note
from ..cards.card_move_judgement import nearest_railroad_note
from ..core import follow, skipped
from ..core.board import next_active
from ..core.game import Game
from ..core.names import resolve_player
from ..core.obligations import Due, settle_due
from ..core.variants import one_turn_in_jail
from ..jail.jail_exits import forced_fine, held_for_fine, release
from ..money.debts import check_unpaid
from .landing import land
from .one_throw import turn_passed


def seat_of(game: Game, name: str) -> int:
    for seat, p in enumerate(game.state.players):
        if p.name == name:
            return seat
    raise KeyError(name)


# --------------------------------------------------------------------------- closing steps
def close_step(game: Game, span: Span) -> None:
    """Before the next roll or turn: the decisions of the last landing must have been taken."""
    flow = game.flow
    if game.follow.unbid:  # (asked here: none waits at nearly every one of 78,500 steps)
        unbid_left(game)  # CF-16: a deed nobody bid for is left unsold as play goes on
    if flow.lots or game.follow.estate_point is not None:
        # (its own test, made here: no call at the 78,500 steps of run.py's 200 games that
        # have nothing open)
        unauctioned_estate(game)
        _unsold(game)
    d = flow.draw
    if d is not None:
        if d.moved_by is not None:
            second_draw_note(game, d, d.span, drawn=False)
        else:
            deck = game.edition.decks[d.deck].name
            game.emit(
                "M401",
                f"{d.player} reached {game.name(d.square)} and must draw the top {deck} card, "
                "but the record shows none",
                d.span,
                "CARD-01",
                expected="card",
            )
        flow.draw = None
    if flow.throw is not None:
        due = flow.throw
        flow.throw = None
        if not due.stated:
            if flow.last_dice is not None and due.per_pip and due.card is None:
                # CF-19 fresh-roll with no throw recorded: fall back on the movement roll
                due.amount = due.per_pip * flow.last_dice
                settle_due(game, due, due.amount, due.span)
                game.ambiguous(
                    "CF-19",
                    f"no fresh throw recorded for the rent on {game.name(due.square or 0)}: "
                    f"the movement roll gives {game.money(due.amount)} (reading "
                    f"{game.ruling('CF-19')} wants a fresh throw)",
                    due.span,
                    "RENT-10",
                )
            elif not _card_utility_unpaid(game, due):
                game.emit(
                    "M410",
                    f"the rent on {game.name(due.square or 0)} is {due.per_pip} times a throw "
                    "of the dice, but the record shows no throw and no rent",
                    due.span,
                    "RENT-09",
                )
    cm = flow.card_move
    if cm is not None and not cm.confirmed and not cm.nearest_noted:
        nearest_railroad_note(game, cm.player, cm, cm.span)
    flow.card_move = None
    flow.jailed_by = None
    flow.current_card = None
    flow.choice = None  # a "pay or take a card" choice is made within the step


def _unsold(game: Game) -> None:
    """The lots of the last landing neither bought nor auctioned (BUY-03), or left as CF-16 and
    CF-67 have them, taken off the open lots."""
    flow = game.flow
    for lot in list(flow.lots):
        if lot.lander is None:
            continue
        if lot.declined and lot.moved_by is not None and not lot.unbid:
            declined_after_card_note(game, lot, lot.span, auctioned=False)
            flow.lots.remove(lot)
            continue
        name = game.name(lot.square)
        if lot.unbid:
            # CF-16 sold-anyway: play goes on with the deed never sold (unbid_left, at the
            # step's start, says the record follows stays-with-bank)
            flow.lots.remove(lot)
            continue
        what = "declined and not auctioned" if lot.declined else "neither bought nor auctioned"
        why = "a deed the lander does not buy is auctioned at once"
        game.emit(
            "M201",
            f"{name} was {what}: {why}",
            lot.span,
            "BUY-03",
            expected="auction",
            recorded=None,
        )
        flow.lots.remove(lot)


def _card_utility_unpaid(game: Game, due: Due) -> bool:
    """CF-58 under ten-times-anyway: the nearest-utility card sent the tenant to a mortgaged
    utility and the record shows no throw and no payment, which is the play of reading
    nothing-owed. The A58 named at the card is filed again with that choice (a warning), in
    place of M410. False for any other rent left without its throw."""
    square = due.square if due.square is not None else -1
    deed = game.state.deeds.get(square)
    noted = [n for n in due.noted if n[1] == "CF-58"]
    if deed is None or not deed.mortgaged or not noted:
        return False
    for handle, _, _ in noted:
        game.findings.withdraw(handle)
    game.ambiguous("CF-58", noted[0][2], due.span, due.rule, follows="nothing-owed")
    return True


def unauctioned_estate(game: Game, ended: bool = False) -> None:
    """A bankruptcy to the bank puts every deed up for auction at once (BKR-07, CF-39). Those the
    record did not auction before play went on, or before the record ends (`ended`), get one
    finding, at the bankruptcy line; they stay with the bank unowned, so later lines are judged
    as if they went back to it (a lander may buy one). Once the game is over nothing is left to
    auction."""
    flow = game.flow
    if not flow.lots and game.follow.estate_point is None:
        return  # nothing open and no CF-39 point: every step but a few (before each roll)
    estate = [lot for lot in flow.lots if lot.lander is None]
    # CF-39: play goes on with none of the estate's deeds free of mortgage auctioned, which is
    # reading auction-mortgaged-only's play (the record's end or the game's shows nothing)
    free = estate_closed(game, ended or game.state.over)
    if follow.record_settles(game):
        # those deeds went back to the bank unowned, as that reading has it: the A39 (or M990)
        # just filed names the departure, not M201 as well
        estate = [lot for lot in estate if lot.square not in free]
    flow.lots = [lot for lot in flow.lots if lot.lander is not None]
    if not estate or game.state.over:
        return
    bank = game.edition.word("bank")
    by_line: dict[Span, list[int]] = {}
    for lot in estate:
        by_line.setdefault(lot.span, []).append(lot.square)
    for span, squares in by_line.items():
        names = game.listing([game.name(i) for i in squares])
        one = len(squares) == 1
        after = (
            f"the record ends without {'its auction' if one else 'their auctions'}"
            if ended
            else f"{'it stays' if one else 'they stay'} with the {bank} unowned"
        )
        game.emit(
            "M201",
            f"{names} {'was' if one else 'were'} not auctioned: after a bankruptcy to the "
            f"{bank} every deed is auctioned at once; {after}",
            span,
            "BKR-07",
            expected="auction",
            recorded=None,
        )


def end_turn(game: Game, span: Span) -> None:
    """The turn in progress is over: report what it left undone (DBL-01, TURN-03, BUY-03 …)."""
    flow = game.flow
    close_step(game, span)
    player = flow.turn_player
    if player is None:
        return
    p = game.state.seats[player]  # `player(player)`, read directly as state.py allows
    shown = None
    playing = p.active and not game.state.over  # read once a turn's end, not twice
    passes = playing and not flow.turn_over
    if passes and game.follow.jail_double is not None and follow.record_settles(game):
        # CF-04, CF-05: the turn passes after the double: the record's play is the reading that
        # ends the turn (a replay measuring the other reading, follow.py, keeps M102). (Only
        # where such a point waits: 65,000 calls fewer over the 36,000 turns of run.py's 200
        # games.)
        shown = follow.jail_double_shown(game, player, False)
    game.follow.jail_double = None
    if passes and flow.double_span is not None:
        turn_passed(game, player)  # CF-80: the turn passes after a double (one-throw-a-turn)
    if playing:
        if flow.again and not flow.turn_over and not shown:
            game.emit(
                "M102",
                f"{player} rolled a double and must roll again before passing the dice",
                flow.again_span,
                "DBL-01",
                expected="roll",
            )
        if not flow.rolled:
            if flow.released in ("fine", "card"):
                how = "paying the fine" if flow.released == "fine" else "using a jail card"
                why = (
                    f"{player} left jail by {how} and must then roll and move, but the record "
                    "shows no roll"
                )
            elif p.in_jail:
                why = (
                    f"{player}'s jail turn has no roll: a jailed player rolls for doubles, or "
                    "pays or uses a card first and then rolls"
                )
            else:
                why = f"{player}'s turn has no roll: every turn starts with a roll of both dice"
            game.emit(
                "M107",
                why,
                flow.turn_span,
                "TURN-03",
                expected="roll",
            )
    if game.owing:  # a debt is open (most turns' ends have none: 72,000 calls fewer)
        check_unpaid(game, player, span)


# --------------------------------------------------------------------------- turn start
def on_turn(game: Game, ev: TurnStart) -> None:
    flow = game.flow
    st = game.state
    player = resolve_player(game, ev.player, ev.span)
    if player is None:
        return
    expected: str | None
    seat = None  # the seat of the player whose turn comes next, where known
    if flow.started:
        end_turn(game, ev.span)
        seat = next_active(st, st.current)
        expected = st.players[seat].name
        if ev.number != flow.turn_number + 1:
            game.emit(
                "W002",
                f"turn {ev.number} follows turn {flow.turn_number}: expected turn "
                f"{flow.turn_number + 1}",
                ev.span,
                "TURN-02",
                expected=flow.turn_number + 1,
                recorded=ev.number,
            )
    else:
        expected = flow.expected_next
    if not st.seats[player].active:  # said once, as M902: not also M101
        skipped.out_of_game(game, player, ev.span, "takes no turn")
    elif expected is not None and player != expected:
        game.emit(
            "M101",
            f"it is {expected}'s turn, not {player}'s: play passes to the left",
            ev.span,
            "TURN-02",
            expected=expected,
            recorded=player,
        )
    # the expected player's seat, found above, spares start_turn its search of the seats
    start_turn(game, player, ev.number, ev.span, seat if player == expected else None)


def taken_over(game: Game, player: str, span: Span) -> None:
    """A roll by `player` in another player's turn (M109, reported): the record plays it as
    `player`'s turn, so the replay follows it, as if the next turn, `player`'s, started on this
    line (its number left out). The turn in progress ends here, and what it left undone is
    reported as at any turn's end."""
    flow = game.flow
    end_turn(game, span)
    start_turn(game, player, flow.turn_number + 1, span)


def start_turn(game: Game, player: str, number: int, span: Span, seat: int | None = None) -> None:
    """`player`'s turn `number` starts on the line at `span`; `seat`: `player`'s, if known."""
    flow = game.flow
    st = game.state
    p = st.seats[player]  # `st.player(player)`, read directly as state.py allows
    # CF-22: claims from turns before this one lapse at this player's first roll; drop the
    # ones that lapsed before
    # (plain loops, not comprehensions, here and for the dues below: a comprehension is a call
    # of its own in Python 3.11, made at 48,900 of the 36,000 turns of run.py's 200 games)
    if flow.claims:
        claims = []
        for c in flow.claims:
            if not c.lapsed:
                claims.append(c)
        flow.claims = claims
    if flow.turn_player is not None:
        flow.last_turn_doubles[flow.turn_player] = flow.doubles_rolled
    flow.doubles_rolled = 0
    flow.started = True
    flow.turn_player = player
    flow.turn_number = number
    flow.turn_span = span
    flow.rolled = False
    flow.again = False
    flow.double_span = None
    flow.turn_over = False
    flow.released = None
    flow.jail_failed = False
    flow.jail_try = 0
    if flow.dues:
        dues = []
        for d in flow.dues:
            if d.kind == "rent" and not d.lapsed:
                dues.append(d)
        flow.dues = dues
    st.current = seat if seat is not None else seat_of(game, player)
    st.turn = number
    st.doubles = 0
    if p.in_jail:
        p.jail_turns += 1
        flow.jail_try = p.jail_turns
        # the record kept the player in jail after the last failed try, as fourth-turn-pay
        # does (jail_exits.kept_in_jail): that reading is followed in full, this turn too
        kept = player in game.jail_rolls.kept_past_last
        if (
            (kept or game.ruling("CF-02") == "fourth-turn-pay")
            and not one_turn_in_jail(game)  # SHORT-05: the one-turn stay ends on a roll
            and p.jail_turns > game.edition.rules.max_jail_turns
            and not held_for_fine(game, player)
        ):
            # CF-02 fourth-turn-pay: three failed tries sat out; this turn opens with the fine,
            # then an ordinary roll
            forced_fine(game, player, f"jail turn {p.jail_turns}, after three failed tries", span)
            release(game, player)
            game.jail_rolls.kept_past_last.discard(player)
            flow.released = "fine"
    if game.setup.mid_turn is not None:  # only a record's first turn may start mid-turn
        mid_turn(game, player, span)


def mid_turn(game: Game, player: str, span: Span) -> None:
    """The first turn of a record that starts mid-turn (`setup next Ann doubles 1 landing`):
    the doubles already rolled count towards the third (DBL-02), the player has rolled and
    rolls again after a double, and a landing still to resolve is opened on the square the
    player stands on (a card to draw, a deed to buy, a rent or a tax to pay)."""
    start = game.setup.mid_turn
    game.setup.mid_turn = None
    if start is None or start[0] != player:
        return
    _, doubles, landing = start
    flow = game.flow
    if doubles:
        game.state.doubles = doubles
        flow.rolled = True
        flow.again = True
        flow.again_span = span
    if landing:
        flow.rolled = True
        land(game, player, game.state.player(player).position, span)
