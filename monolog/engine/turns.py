"""Turn flow: turn order, rolls, doubles, the GO salary clause and moves by a card.

TURN-01..05, MOVE-01..07, DBL-01..05, CF-05, CF-09, CF-10, CF-12, CF-22. Where a roll takes the
token and what the square makes due is landing.py; a roll in jail is jail_rolls.py.
"""

from __future__ import annotations

from ..editions.model import Square
from ..notation.events import Move, Roll, Salary, Span, TurnStart
from . import follow, house_rules
from .board import next_active, passes_go
from .card_landings import declined_after_card_note, second_draw_note
from .claims import claim_can_lapse
from .debts import check_unpaid
from .game import Game
from .jail_rolls import forced_fine, jail_roll, release
from .landing import check_square, land, move_token, send_to_jail
from .names import (
    actor_of,
    nearest_of,
    resolve_player,
    resolve_square,
    shown,
    squares_if_named,
    squares_named,
)
from .obligations import (
    MID_TURN,
    CardMove,
    Due,
    cancel_due,
    find_due,
    flow_of,
    mark_card_landing,
    settle_due,
)
from .variants import one_turn_in_jail


def seat_of(game: Game, name: str) -> int:
    for seat, p in enumerate(game.state.players):
        if p.name == name:
            return seat
    raise KeyError(name)


# --------------------------------------------------------------------------- closing steps
def close_step(game: Game, span: Span) -> None:
    """Before the next roll or turn: the decisions of the last landing must have been taken."""
    flow = flow_of(game)
    _unauctioned_estate(game)
    for lot in list(flow.lots):
        if lot.lander is None:
            continue
        if lot.declined and lot.moved_by is not None and not lot.unbid:
            declined_after_card_note(game, lot, lot.span, auctioned=False)
            flow.lots.remove(lot)
            continue
        name = game.name(lot.square)
        if lot.unbid:
            # the record leaves the deed with the bank: it follows reading stays-with-bank
            game.ambiguous(
                "CF-16",
                f"{name} was auctioned without a bid and never sold: under reading "
                f"{game.ruling('CF-16')} it must go to someone at some price; reading "
                "stays-with-bank leaves it unowned with the bank",
                lot.span,
                "BUY-08",
                follows="stays-with-bank",
            )
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
    if flow.draw is not None and flow.draw.moved_by is not None:
        second_draw_note(game, flow.draw, flow.draw.span, drawn=False)
        flow.draw = None
    if flow.draw is not None:
        d = flow.draw
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
            else:
                game.emit(
                    "M410",
                    f"the rent on {game.name(due.square or 0)} is {due.per_pip} times a throw "
                    "of the dice, but the record shows no throw and no rent",
                    due.span,
                    "RENT-09",
                )
    cm = flow.card_move
    if cm is not None and not cm.confirmed and not cm.nearest_noted:
        nearest_railroad_note(game, cm.player, cm, None, cm.span)
    flow.card_move = None
    flow.jailed_by = None
    flow.current_card = None
    flow.choice = None  # a "pay or take a card" choice is made within the step


def _unauctioned_estate(game: Game) -> None:
    """A bankruptcy to the bank puts every deed up for auction at once (BKR-07, CF-39). Those the
    record did not auction before play went on get one finding, at the bankruptcy line; they
    stay with the bank unowned, so later lines are judged as if they went back to it (a lander
    may buy one). Once the game is over nothing is left to auction."""
    flow = flow_of(game)
    estate = [lot for lot in flow.lots if lot.lander is None]
    if not estate:
        return
    flow.lots = [lot for lot in flow.lots if lot.lander is not None]
    if game.state.over:
        return
    by_line: dict[Span, list[int]] = {}
    for lot in estate:
        by_line.setdefault(lot.span, []).append(lot.square)
    for span, squares in by_line.items():
        names = game.listing([game.name(i) for i in squares])
        one = len(squares) == 1
        game.emit(
            "M201",
            f"{names} {'was' if one else 'were'} not auctioned: after a bankruptcy to the "
            f"{game.edition.word('bank')} every deed is auctioned at once; "
            f"{'it stays' if one else 'they stay'} with the {game.edition.word('bank')} unowned",
            span,
            "BKR-07",
            expected="auction",
            recorded=None,
        )


def end_turn(game: Game, span: Span) -> None:
    """The turn in progress is over: report what it left undone (DBL-01, TURN-03, BUY-03 …)."""
    flow = flow_of(game)
    close_step(game, span)
    player = flow.turn_player
    if player is None:
        return
    p = game.state.player(player)
    if p.active and not game.state.over:
        if flow.again and not flow.turn_over:
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
    check_unpaid(game, player, span)


# --------------------------------------------------------------------------- turn start
def on_turn(game: Game, ev: TurnStart) -> None:
    flow = flow_of(game)
    st = game.state
    player = resolve_player(game, ev.player, ev.span)
    if player is None:
        return
    expected: str | None
    if flow.started:
        end_turn(game, ev.span)
        expected = st.players[next_active(st, st.current)].name
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
    if expected is not None and player != expected:
        game.emit(
            "M101",
            f"it is {expected}'s turn, not {player}'s: play passes to the left",
            ev.span,
            "TURN-02",
            expected=expected,
            recorded=player,
        )
    p = st.player(player)
    if not p.active:
        game.emit(
            "M902",
            f"{player} is out of the game and takes no turn",
            ev.span,
            "BKR-02",
            recorded=player,
        )
    # CF-22: claims from turns before this one lapse at this player's first roll; drop the
    # ones that lapsed before
    flow.claims = [c for c in flow.claims if not c.lapsed]
    flow.started = True
    flow.turn_player = player
    flow.turn_number = ev.number
    flow.turn_span = ev.span
    flow.rolled = False
    flow.again = False
    flow.turn_over = False
    flow.released = None
    flow.jail_failed = False
    flow.jail_try = 0
    flow.dues = [d for d in flow.dues if d.kind == "rent" and not d.lapsed]
    st.current = seat_of(game, player)
    st.turn = ev.number
    st.doubles = 0
    if p.in_jail:
        p.jail_turns += 1
        flow.jail_try = p.jail_turns
        if (
            game.ruling("CF-02") == "fourth-turn-pay"
            and not one_turn_in_jail(game)  # SHORT-05: the one-turn stay ends on a roll
            and p.jail_turns > game.edition.rules.max_jail_turns
            and not (
                game.ruling("CF-08") == "stays-in-jail" and p.cash < game.edition.rules.jail_fine
            )
        ):
            # CF-02 fourth-turn-pay: three failed tries sat out; this turn opens with the fine,
            # then an ordinary roll
            forced_fine(
                game, player, f"jail turn {p.jail_turns}, after three failed tries", ev.span
            )
            release(game, player)
            flow.released = "fine"
    mid_turn(game, player, ev.span)


def mid_turn(game: Game, player: str, span: Span) -> None:
    """The first turn of a record that starts mid-turn (`setup next Ann doubles 1 landing`):
    the doubles already rolled count towards the third (DBL-02), the player has rolled and
    rolls again after a double, and a landing still to resolve is opened on the square the
    player stands on (a card to draw, a deed to buy, a rent or a tax to pay)."""
    start = game.pending.pop(MID_TURN, None)
    if start is None or start[0] != player:
        return
    _, doubles, landing = start
    flow = flow_of(game)
    if doubles:
        game.state.doubles = doubles
        flow.rolled = True
        flow.again = True
        flow.again_span = span
    if landing:
        flow.rolled = True
        land(game, player, game.state.player(player).position, span)


# --------------------------------------------------------------------------- rolls
def _lapse_claims(game: Game, roller: str) -> None:
    """RENT-03 / CF-22: the next player's first roll ends the claims of earlier turns (the
    second player's under reading second-player-rolls).

    A claim that cannot lapse (CF-22 sites-only: railroad and utility rent) stays owed until
    its tenant's next turn, when the rent the engine applied on landing stands as paid.
    """
    flow = flow_of(game)
    kept = []
    # older printings: the claim holds until the second player after the tenant throws
    last = game.state.turn - (2 if game.ruling("CF-22") == "second-player-rolls" else 1)
    for claim in flow.claims:
        if claim.board is not None and claim.board[0] <= last:
            if not claim_can_lapse(game, claim):
                if claim.player != roller:
                    kept.append(claim)
                continue
            claim.lapsed = True
        kept.append(claim)
    flow.claims = kept


def on_roll(game: Game, ev: Roll) -> None:
    flow = flow_of(game)
    st = game.state
    player = actor_of(game, ev)
    if player is None:
        return
    if flow.turn_player is None:
        flow.turn_player = player
        flow.started = True
        st.current = seat_of(game, player)
    if player != flow.turn_player:
        hint = ""
        if ev.actor is not None and flow.rolled and not flow.again:
            # a roll on a line that names its player, once the turn's rolls are done: most
            # often the next turn's line with its number left out
            start = f"{st.turn + 1}. {player} {ev.die1}-{ev.die2}"
            hint = f"; if {player}'s turn starts here, write its number first: {start}"
        game.emit(
            "M109",
            f"only {flow.turn_player} rolls now: it is {flow.turn_player}'s turn{hint}",
            ev.span,
            "TURN-03",
            expected=flow.turn_player,
            recorded=player,
        )
        return
    close_step(game, ev.span)
    if not flow.rolled:
        _lapse_claims(game, player)
    p = st.player(player)
    if p.in_jail and not follow.check_roll(game, ev, player):
        jail_roll(game, ev, player)
        return
    if flow.rolled and not flow.again:
        if flow.released == "double":
            reading = game.ruling("CF-04")
            game.ambiguous(
                "CF-04",
                f"{player} rolls again after leaving jail on a double: under reading {reading} "
                "the turn had ended; the record's roll is replayed as reading extra-roll",
                ev.span,
                "JAIL-07",
                follows="extra-roll",
            )
        else:
            game.emit(
                "M103",
                f"{player} has no further roll this turn: the last roll was not a double"
                if not flow.turn_over
                else f"{player}'s turn is over: no further roll",
                ev.span,
                "DBL-01",
                expected=None,
                recorded=f"{ev.die1}-{ev.die2}",
            )
    first = not flow.rolled
    flow.rolled = True
    if ev.is_double:
        st.doubles += 1
        if flow.released == "double" and st.doubles == 2:
            # CF-10: under per-turn the double that opened the cell starts no run
            reading = game.ruling("CF-10")
            # a roll naming the square it reaches moves the token: the record counts per turn
            target = (p.position + ev.total) % len(game.edition.squares)
            moved = (
                ev.square is not None
                and follow.record_settles(game)
                and any(sq.index == target for sq in squares_if_named(game, ev.square))
            )
            follows = "per-turn" if moved else None
            if reading == "counts-jail-double" and not moved:
                st.doubles = 3
                message = (
                    f"{player}'s second double since the one that opened the cell: counting "
                    f"that one, this is the third double of the turn (reading {reading}); "
                    f"reading per-turn would let {player} move by it"
                )
            elif reading == "counts-jail-double":
                message = (
                    f"{player}'s second double since the one that opened the cell: counting that "
                    f"one makes it the third double of the turn, straight to jail (reading "
                    f"{reading}); the record moves {player} by it, as the per-turn count does"
                )
            else:
                message = (
                    f"{player}'s second double since the one that opened the cell: the count is "
                    f"per turn and the jail double starts no run, so {player} stays out "
                    f"(reading {reading}); counting it would make this the third double, "
                    "straight to jail"
                )
            point = game.ambiguous("CF-10", message, ev.span, "DBL-05", follows=follows)
            if reading != "counts-jail-double" and not moved:
                follow.note_run_point(game, player, ev.span.line, point)
        if first and flow.released in ("fine", "card"):
            reading = game.ruling("CF-05")
            if reading == "no-extra-roll":
                applied, other = "it earns no further roll", "normal-doubles would give one"
            else:
                applied, other = "it earns another roll", "no-extra-roll would end the turn"
            game.ambiguous(
                "CF-05",
                f"{player} rolled a double after leaving jail by {flow.released}: {applied} "
                f"(reading {reading}); reading {other}",
                ev.span,
                "JAIL-04",
            )
            if reading == "no-extra-roll":
                st.doubles = 0
    else:
        st.doubles = 0
    if st.doubles >= 3:
        reading = game.ruling("CF-09")
        target = (p.position + ev.total) % len(game.edition.squares)
        named: tuple[Square, ...] = (
            squares_named(game, ev.square, ev.span) if ev.square is not None else None
        ) or ()
        jail = game.edition.rules.jail_index
        # the record shows the token moved when the roll names the square it reaches
        follows = "moved" if any(s.index == target and s.index != jail for s in named) else None
        if reading == "moved":
            salary = ""
            if passes_go(p.position, ev.total, len(game.edition.squares)):
                salary = f", collecting {game.money(game.edition.rules.go_salary)} for GO"
            message = (
                f"third double in a row: {player} moves to {game.name(target)} first{salary}, "
                f"the square having no effect, then goes to jail (reading {reading}); reading "
                "not-moved would send the token straight to jail"
            )
            move_token(game, player, target, ev.span, salary=True)
        else:
            message = (
                f"third double in a row: {player} goes straight to jail without moving (reading "
                f"{reading}); reading moved would first move to {game.name(target)}"
            )
            if passes_go(p.position, ev.total, len(game.edition.squares)):
                message += f", passing GO for {game.money(game.edition.rules.go_salary)}"
        game.ambiguous("CF-09", message, ev.span, "DBL-03", follows=follows)
        send_to_jail(game, player, ev.span, "three doubles in a row")
        flow.again = False
        return
    flow.again = ev.is_double
    if ev.is_double:
        flow.again_span = ev.span
        if flow.released in ("fine", "card") and game.ruling("CF-05") == "no-extra-roll":
            flow.again = False
    origin = p.position
    target = (origin + ev.total) % len(game.edition.squares)
    if follow.move_ignored(game, player, ev, target):
        return
    target = check_square(game, ev, target, player, origin)
    move_token(game, player, target, ev.span, salary=True)
    land(game, player, target, ev.span, dice=ev.total)


# --------------------------------------------------------------------------- salary, moves
def on_salary(game: Game, ev: Salary) -> None:
    player = actor_of(game, ev)
    if player is None:
        return
    rules = game.edition.rules
    due = find_due(game, "salary", player)
    if due is None and house_rules.salary_not_due(game, player, ev.amount, ev.span):
        return
    if due is not None and house_rules.salary_doubled(game, player, due, ev.amount, ev.span):
        settle_due(game, due, ev.amount, ev.span)
        return
    if due is None:
        amount = ev.amount if ev.amount is not None else rules.go_salary
        flow = flow_of(game)
        why, rule = ("a player sent to jail collects none", "MOVE-04")
        if not flow.jailed_by:
            why, rule = _no_go(game, player)
        game.emit(
            "M106",
            f"no salary is due: {why}",
            ev.span,
            rule,
            expected=0,
            recorded=amount,
        )
        game.transfer(None, player, amount, "salary as recorded", ev.span)
        return
    check_salary(game, due, ev.amount, ev.span)


def _no_go(game: Game, player: str) -> tuple[str, str]:
    """Why the last move paid no salary, and the rule: it went back (crossing GO backwards, or
    short of it: MOVE-05), or it went forward without reaching GO (MOVE-02)."""
    cm = flow_of(game).card_move
    if cm is not None and cm.player in ("", player):
        card = game.edition.card(cm.card)
        behind = cm.nearest is not None and cm.target == cm.nearest[1] != cm.nearest[0]
        if card.kind == "move_back" or behind:
            if cm.target > cm.origin:
                why = f"{player} crossed GO backwards on {cm.card}, and a move back pays none"
            else:
                why = f"{player} moved back on {cm.card}, and a move back pays none"
            return why, "MOVE-05"
    return f"{player}'s last move did not reach or pass GO", "MOVE-02"


def on_move(game: Game, ev: Move) -> None:
    """`-> Square`: confirms where a card sent the token, else an unexplained move."""
    flow = flow_of(game)
    player = actor_of(game, ev)
    if player is None:
        return
    cm = flow.card_move
    sq: Square | None = None
    # `-> Community Chest` after a card move: a name several squares share resolves to the one
    # the card sends the token to
    named = squares_if_named(game, ev.square)
    if cm is not None and not cm.confirmed and any(s.index == cm.target for s in named):
        sq = game.square(cm.target)
    elif len(named) > 1 and len({s.name for s in named}) == 1:
        # a name several squares share, none where the card leads (or no card): the one
        # nearest where the card leads, or else nearest where the token stands
        here = cm.target if cm is not None and not cm.confirmed else None
        if here is None:
            here = game.state.player(player).position
        sq = nearest_of(game, named, here)
    if sq is None:
        sq = resolve_square(game, ev.square, ev.span)
    if sq is None:
        return
    if cm is not None and not cm.confirmed:
        cm.confirmed = True
        other_reading = nearest_railroad_note(game, player, cm, sq.index, ev.span)
        if sq.index == cm.target:
            return
        if not other_reading:
            game.emit(
                "M406",
                f"{cm.card} sends {player} to {game.name(cm.target)}, not {shown(game, sq)}",
                ev.span,
                "CARD-06",
                expected=game.name(cm.target),
                recorded=sq.name,
            )
        # the record is what happened: undo the card's landing, stand on the recorded square
        for due in flow.dues:
            if due.span is cm.span and not due.stated:
                cancel_due(game, due)
        flow.dues = [d for d in flow.dues if d.span is not cm.span]
        flow.claims = [d for d in flow.claims if d.span is not cm.span]
        flow.lots = [x for x in flow.lots if x.span is not cm.span]
        if flow.draw is not None and flow.draw.span is cm.span:
            flow.draw = None
        if flow.throw is not None and flow.throw.span is cm.span:
            flow.throw = None
        p = game.state.player(player)
        p.position = cm.origin
        if other_reading and cm.nearest is not None and sq.index == cm.nearest[1]:
            p.position = sq.index  # CF-71 closest: back to the railroad behind, no salary
        else:
            move_token(game, player, sq.index, cm.span, salary=cm.salary, rule="MOVE-03")
        land(game, player, sq.index, ev.span, card_rule=cm.rent_rule, by_card=True)
        mark_card_landing(game, player, sq.index, cm.card)
        return
    p = game.state.player(player)
    if p.position == sq.index:
        return
    game.emit(
        "M110",
        f"nothing moves {player} to {shown(game, sq)} here: a token moves by the dice or by a card",
        ev.span,
        "MOVE-01",
        expected=game.name(p.position),
        recorded=sq.name,
    )
    p.position = sq.index
    land(game, player, sq.index, ev.span, by_card=True)


def nearest_railroad_note(
    game: Game, player: str, cm: CardMove, recorded: int | None, span: Span
) -> bool:
    """CF-71: the nearest-railroad card where the railroad ahead is not the closest one. Names
    the reading applied and, when the record writes where the token went (`recorded`), which
    reading it follows. True when the record follows the other reading: its move is then
    replayed as recorded, not reported as M406."""
    if cm.nearest is None:
        return False
    ahead, near = cm.nearest
    cm.nearest_noted = True
    reading = game.ruling("CF-71")
    follows = {ahead: "ahead", near: "closest"}.get(recorded) if recorded is not None else None
    size = len(game.edition.squares)
    back = (cm.origin - near) % size
    rail = game.edition.word("railroad")
    if reading == "closest":
        message = (
            f"{cm.card} sends {player} to {game.name(near)}, the closest {rail}, {back} "
            f"{'square' if back == 1 else 'squares'} back (reading closest); reading ahead "
            f"would advance {player} to {game.name(ahead)}"
        )
    else:
        message = (
            f"{cm.card} advances {player} to {game.name(ahead)}, the next {rail} ahead (reading "
            f"ahead); reading closest would take {player} back {back} "
            f"{'square' if back == 1 else 'squares'} to {game.name(near)}"
        )
    game.ambiguous("CF-71", message, span, "CARD-06", follows=follows)
    return follows is not None and follows != reading


def check_salary(game: Game, due: Due, amount: int | None, span: Span) -> None:
    """A recorded GO salary against the one due (MOVE-02), settled as recorded."""
    if amount is not None and amount != due.amount:
        game.emit(
            "M105",
            f"the salary is {game.money(due.amount or 0)}: {due.reason}",
            span,
            due.rule,
            expected=due.amount,
            recorded=amount,
        )
    settle_due(game, due, amount, span)
