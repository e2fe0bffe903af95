"""Turn flow: turn order, rolls, movement, GO salary, doubles, landing, and jail by the dice.

TURN-01..05, MOVE-01..07, DBL-01..05, JAIL-01..03, JAIL-06..08, CF-02..04, CF-09, CF-11,
CF-12, CF-19, CF-22, CF-24. What a landing makes due is opened here (`land`) and settled by
the clause handlers (buying, claims, cards, jail) or derived by the engine.
"""

from __future__ import annotations

from ..editions.model import Square
from ..notation.events import Move, Roll, Salary, Span, TurnStart
from . import house_rules
from .board import next_active, passes_go, steps_forward
from .debts import check_unpaid
from .game import Game
from .names import actor_of, resolve_player, resolve_square, squares_named
from .obligations import (
    Draw,
    Due,
    apply_due,
    cancel_due,
    find_due,
    flow_of,
    open_lot,
    settle_due,
)
from .rent import quote_rent
from .variants import note_one_turn_stay, one_turn_in_jail
from .worth import worth_on_landing


def seat_of(game: Game, name: str) -> int:
    for seat, p in enumerate(game.state.players):
        if p.name == name:
            return seat
    raise KeyError(name)


# --------------------------------------------------------------------------- board snapshots
def group_key(game: Game, index: int) -> tuple[object, ...]:
    """The state of a square's group that rent depends on (CF-24: rent fixed at landing)."""
    sq = game.square(index)
    members = game.edition.groups.get(sq.group or "", (index,))
    return tuple(
        (d.owner, d.houses, d.hotel, d.mortgaged)
        for d in (game.state.deeds[i] for i in members if i in game.state.deeds)
    )


# --------------------------------------------------------------------------- landing
def land(
    game: Game,
    player: str,
    index: int,
    span: Span,
    *,
    dice: int | None = None,
    card_rule: str | None = None,
    by_card: bool = False,
) -> None:
    """The token of `player` has come to rest on square `index`: open what the square makes due."""
    flow = flow_of(game)
    flow.last_dice = dice
    flow.card_rule = card_rule
    sq = game.square(index)
    if sq.kind == "go-to-jail":
        send_to_jail(game, player, span, "the Go to Jail square")
        return
    if sq.ownable:
        deed = game.state.deeds[index]
        if deed.owner is None:
            if house_rules.may_buy(game, player):  # first-lap-no-buying: no sale yet
                open_lot(game, index, player, span)
            return
        quote = quote_rent(game, index, player, dice=dice, card_rule=card_rule)
        if house_rules.rent_waived(game, quote.owner):
            return  # house rule no-rent-in-jail (RENT-12 departed from)
        for cf, message in quote.notes:
            game.ambiguous(cf, message, span, quote.rule)
        if quote.owner is None:
            return  # own deed (RENT-13) or mortgaged (RENT-02)
        amount = quote.amount
        fresh = sq.kind == "utility" and (
            dice is None or (not by_card and game.ruling("CF-19") == "fresh-roll")
        )
        due = Due(
            "rent",
            player,
            player,
            quote.owner,
            None if fresh else amount,
            f"rent is {game.money(amount) if amount is not None else 'owed'}: {quote.reason}",
            quote.rule,
            span,
            square=index,
            per_pip=quote.per_pip,
            board=(game.state.turn, group_key(game, index)),
            card=card_rule,
        )
        due.reason = due.reason if not fresh else f"rent: {quote.reason}"
        apply_due(game, due)
        if fresh:
            flow.throw = due
        return
    if sq.kind == "tax":
        due = Due(
            "tax",
            player,
            player,
            None,
            sq.tax,
            f"{sq.name} is {game.money(sq.tax)}",
            "TAX-01",
            span,
            square=index,
        )
        if index == percent_tax_square(game):
            # TAX-03, CF-42: worth as it stood when the token came to rest (the other readings'
            # measures are taken at the tax clause)
            due.worth = worth_on_landing(game, player)
        apply_due(game, due)
        return
    if sq.deck is not None:
        flow.draw = Draw(player, sq.deck, index, span)
    house_rules.on_land(game, player, index, span)  # declared house rules (PIR-01)


def percent_tax_square(game: Game) -> int | None:
    """The square that offers the percentage option (TAX-02), if the edition has one.

    Only Income Tax does, and it is the first tax square in the direction of travel.
    """
    if game.edition.rules.income_tax_percent is None:
        return None
    return next((s.index for s in game.edition.squares if s.kind == "tax"), None)


def move_token(
    game: Game,
    player: str,
    target: int,
    span: Span,
    *,
    salary: bool,
    rule: str = "MOVE-02",
    why: str = "",
) -> bool:
    """Move `player` forward to `target`; the GO salary is due if GO is reached or passed and
    `salary` allows it (MOVE-02, MOVE-03; CF-11 reading before-square: credited at once).
    Returns True when a salary fell due."""
    p = game.state.player(player)
    size = len(game.edition.squares)
    steps = steps_forward(p.position, target, size)
    paid = False
    if salary and passes_go(p.position, steps, size):
        amount = game.edition.rules.go_salary
        apply_due(
            game,
            Due(
                "salary",
                player,
                None,
                player,
                amount,
                f"{player} {'reached' if target == 0 else 'passed'} GO{why}",
                rule,
                span,
                cash_before=p.cash,
            ),
        )
        paid = True
    p.position = target
    return paid


def send_to_jail(game: Game, player: str, span: Span, cause: str) -> None:
    """Straight to jail, no salary, the turn is over (JAIL-02, MOVE-04, DBL-04)."""
    flow = flow_of(game)
    p = game.state.player(player)
    p.position = game.edition.rules.jail_index
    p.in_jail = True
    # CF-03: under next-turn-is-first the jailing turn is not a jail turn
    p.jail_turns = 1 if game.ruling("CF-03") == "jailing-turn-counts" else 0
    flow.jailed_by = cause
    if player == flow.turn_player:
        flow.turn_over = True
        flow.again = False


# --------------------------------------------------------------------------- closing steps
def close_step(game: Game, span: Span) -> None:
    """Before the next roll or turn: the decisions of the last landing must have been taken."""
    flow = flow_of(game)
    for lot in list(flow.lots):
        if lot.lander is None:
            continue
        name = game.name(lot.square)
        what = "declined and not auctioned" if lot.declined else "neither bought nor auctioned"
        why = "a deed the lander does not buy is auctioned at once"
        if lot.unbid:
            what = "auctioned without a bid and never sold"
            why = "under reading sold-anyway of CF-16 it must go to someone at some price"
        game.emit(
            "M201",
            f"{name} was {what}: {why}",
            lot.span,
            "BUY-08" if lot.unbid else "BUY-03",
            expected="auction",
            recorded=None,
        )
        flow.lots.remove(lot)
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
    flow.card_move = None
    flow.jailed_by = None
    flow.current_card = None
    flow.choice = None  # a "pay or take a card" choice is made within the step


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
            game.emit(
                "M107",
                f"{player}'s turn has no roll: every turn starts with a roll of both dice",
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
            _release(game, player)
            flow.released = "fine"


# --------------------------------------------------------------------------- rolls
def _lapse_claims(game: Game, roller: str) -> None:
    """RENT-03 / CF-22: the next player's first roll ends the claims of earlier turns.

    A claim that cannot lapse (CF-22 sites-only: railroad and utility rent) stays owed until
    its tenant's next turn, when the rent the engine applied on landing stands as paid.
    """
    flow = flow_of(game)
    kept = []
    for claim in flow.claims:
        if claim.board is not None and claim.board[0] < game.state.turn:
            from .claims import claim_can_lapse  # here: called on every roll, claims are rarer

            if not claim_can_lapse(game, claim):
                if claim.player != roller:
                    kept.append(claim)
                continue
            claim.lapsed = True
        kept.append(claim)
    flow.claims = kept


def _check_square(game: Game, ev: Roll, target: int, player: str, origin: int) -> int:
    """Check the square the record names for a roll; follow the record where it differs."""
    if ev.square is None:
        return target
    found = squares_named(game, ev.square, ev.span)
    if not found:
        return target
    if any(s.index == target for s in found):
        return target
    names = sorted({s.name for s in found})
    if len(names) > 1:
        # an abbreviation that fits several squares, none of them where the dice lead: name
        # the candidates and follow the dice rather than guess (the record cannot be read)
        game.emit(
            "M900",
            f'ambiguous square "{ev.square.text}": {", ".join(names[:-1])} or {names[-1]}; '
            f"{ev.die1}-{ev.die2} from {game.name(origin)} reaches {game.name(target)}",
            ev.square.span,
            "SET-03",
            expected=game.name(target),
            recorded=names,
        )
        return target
    recorded = found[0]
    game.emit(
        "M104",
        f"{ev.die1}-{ev.die2} from {game.name(origin)} reaches {game.name(target)}, "
        f"not {recorded.name}",
        ev.span,
        "MOVE-01",
        expected=game.name(target),
        recorded=recorded.name,
    )
    return recorded.index


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
        game.emit(
            "M109",
            f"only {flow.turn_player} rolls now: it is {flow.turn_player}'s turn",
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
    if p.in_jail:
        _jail_roll(game, ev, player)
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
            if reading == "counts-jail-double":
                st.doubles = 3
                message = (
                    f"{player}'s second double since the one that opened the cell: counting "
                    f"that one, this is the third double of the turn (reading {reading}); "
                    f"reading per-turn would let {player} move by it"
                )
            else:
                message = (
                    f"{player}'s second double since the one that opened the cell: the count is "
                    f"per turn and the jail double starts no run, so {player} stays out "
                    f"(reading {reading}); counting it would make this the third double, "
                    "straight to jail"
                )
            game.ambiguous("CF-10", message, ev.span, "DBL-05")
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
    target = _check_square(game, ev, target, player, origin)
    move_token(game, player, target, ev.span, salary=True)
    land(game, player, target, ev.span, dice=ev.total)


def _jail_roll(game: Game, ev: Roll, player: str) -> None:
    """A roll for doubles in jail (JAIL-06, JAIL-08, CF-02, CF-04)."""
    flow = flow_of(game)
    rules = game.edition.rules
    jail = rules.jail_index
    if flow.rolled:
        game.emit(
            "M103",
            f"{player} already rolled for doubles this jail turn: one roll per turn in jail",
            ev.span,
            "JAIL-06",
            recorded=f"{ev.die1}-{ev.die2}",
        )
    flow.rolled = True
    try_no = max(flow.jail_try, 1)
    size = len(game.edition.squares)
    target = (jail + ev.total) % size
    reading = game.ruling("CF-02")
    if ev.is_double:
        _release(game, player)
        flow.released = "double"
        flow.again = game.ruling("CF-04") == "extra-roll"
        flow.again_span = ev.span
        other = "no-extra-roll" if flow.again else "extra-roll"
        game.ambiguous(
            "CF-04",
            f"{player} leaves jail on a double and "
            + ("rolls again" if flow.again else "does not roll again")
            + f" (reading {game.ruling('CF-04')}); reading {other} would "
            + ("end the turn after the landing" if flow.again else "give another roll"),
            ev.span,
            "JAIL-07",
        )
        target = _check_square(game, ev, target, player, jail)
        move_token(game, player, target, ev.span, salary=True)
        land(game, player, target, ev.span, dice=ev.total)
        return
    last = rules.max_jail_turns
    fine = rules.jail_fine
    short = one_turn_in_jail(game)  # SHORT-05, CF-46: out on the next turn, whatever the try
    if short or (try_no >= last and reading != "fourth-turn-pay") or try_no > last:
        why = f"jail turn {try_no} and no double"
        held = not short and try_no > last and reading != "fourth-turn-pay"
        if not short and try_no == last and game.ruling("CF-03") == "jailing-turn-counts":
            game.ambiguous(
                "CF-03",
                f"no double on jail turn {try_no}, the turn {player} was jailed counted as the "
                "first (reading jailing-turn-counts): this was the last try; reading "
                f"next-turn-is-first would leave {player} in jail with one more try next turn",
                ev.span,
                "JAIL-08",
            )
        if _held_for_fine(game, ev, player, why, target, since=last if held else None):
            return
        if held:  # CF-08 stays-in-jail kept the player past the last try
            why = (
                f"{why}, after a stay in jail since jail turn {last} for want of the "
                f"{game.money(fine)} fine (CF-08 reading {game.ruling('CF-08')})"
            )
        pays = _pays_or_owes(game, player)
        if not short and reading == "pay-then-move-next-turn" and (try_no == last or held):
            game.ambiguous(
                "CF-02",
                f"{why}: {player} {pays} now and moves on the next turn "
                f"(reading {reading}); reading third-roll-pay-and-move would move {player} to "
                f"{game.name(target)} by this roll",
                ev.span,
                "JAIL-08",
            )
            forced_fine(game, player, why, ev.span)
            _release(game, player)
            flow.released = "forced"
            flow.turn_over = True
            _stays_on_jail(game, ev, player, f"{player} pays now and moves on the next turn")
            return
        if short:
            note_one_turn_stay(game, player, pays, game.name(target), ev.span)
        elif held:
            game.ambiguous(
                "CF-02",
                f"{why}: {player} {pays} now and moves by this roll to {game.name(target)} "
                f"(reading {reading}: a failed throw once the tries are spent is paid for and "
                f"moved by); reading fourth-turn-pay would take the fine at the start of this "
                f"turn and let {player} roll as a free player, a double earning another roll",
                ev.span,
                "JAIL-08",
            )
        else:
            game.ambiguous(
                "CF-02",
                f"{why}: {player} {pays} and moves by this roll to {game.name(target)} "
                f"(reading {reading}); reading fourth-turn-pay would keep {player} in jail, "
                f"unmoved, with the {game.money(fine)} due at the start of a fourth turn",
                ev.span,
                "JAIL-08",
            )
        forced_fine(game, player, why, ev.span)
        _release(game, player)
        flow.released = "forced"
        target = _check_square(game, ev, target, player, jail)
        move_token(game, player, target, ev.span, salary=True)
        land(game, player, target, ev.span, dice=ev.total)
        return
    if try_no == last:  # reading fourth-turn-pay: the third try failed, a fourth turn follows
        game.ambiguous(
            "CF-02",
            f"no double on jail turn {try_no}: {player} stays in jail and pays "
            f"{game.money(fine)} at the start of a fourth turn (reading {reading}); reading "
            f"third-roll-pay-and-move would have {player} pay now and move to "
            f"{game.name(target)}",
            ev.span,
            "JAIL-08",
        )
    if try_no == last - 1 and game.ruling("CF-03") == "next-turn-is-first":
        game.ambiguous(
            "CF-03",
            f"no double on jail turn {try_no}: {player} stays in jail, with one more try next "
            "turn (reading next-turn-is-first); reading jailing-turn-counts would make this "
            f"the last try, with {game.money(rules.jail_fine)} due now and a move to "
            f"{game.name(target)}",
            ev.span,
            "JAIL-08",
        )
    flow.jail_failed = True
    flow.turn_over = True
    _stays_on_jail(
        game,
        ev,
        player,
        f"{player} stays in jail: {ev.die1}-{ev.die2} is not a double (jail turn {try_no})",
    )


def _held_for_fine(
    game: Game, ev: Roll, player: str, why: str, target: int, *, since: int | None = None
) -> bool:
    """CF-08 stays-in-jail: a player short of the forced fine stays in jail, unmoved (JAIL-08).

    The fine is not taken; the stay goes on, and a later turn's failed roll brings the fine
    due again. Under debt-to-bank (False here) the fine is a debt and the roll is moved.
    `since` is the jail turn the player was first held on, when this is not that turn.
    """
    fine = game.edition.rules.jail_fine
    cash = game.state.player(player).cash
    if cash >= fine or game.ruling("CF-08") != "stays-in-jail":
        return False
    if since is None:
        held = f"{player} holds {game.money(cash)} and cannot pay the {game.money(fine)} fine"
        other = (
            "reading debt-to-bank would make the fine a debt to the bank, raised or ending in "
            f"bankruptcy, and move {player} to {game.name(target)}"
        )
    else:
        held = (
            f"{player}, held in jail since jail turn {since} for want of the "
            f"{game.money(fine)} fine, still holds only {game.money(cash)}"
        )
        other = (
            f"reading debt-to-bank would have made the fine a debt to the bank on jail turn "
            f"{since}, raised or ending in bankruptcy, and moved {player} then"
        )
    game.ambiguous(
        "CF-08",
        f"{why}: {held}, so stays in jail without moving until it can be paid (reading "
        f"stays-in-jail); {other}",
        ev.span,
        "JAIL-08",
    )
    flow = flow_of(game)
    flow.jail_failed = True
    flow.turn_over = True
    _stays_on_jail(game, ev, player, f"{player} stays in jail, short of the fine")
    return True


def _pays_or_owes(game: Game, player: str) -> str:
    """ "pays $50", or "owes the $50 fine" when the cash in hand falls short (CF-08)."""
    fine = game.edition.rules.jail_fine
    if game.state.player(player).cash >= fine:
        return f"pays {game.money(fine)}"
    return f"owes the {game.money(fine)} fine"


def _stays_on_jail(game: Game, ev: Roll, player: str, message: str) -> None:
    """A roll that does not move the token: the square the record names must be the jail's."""
    jail = game.edition.rules.jail_index
    if ev.square is None:
        return
    found = squares_named(game, ev.square, ev.span)
    if found and not any(s.index == jail for s in found):
        game.emit(
            "M507",
            message,
            ev.span,
            "JAIL-06",
            expected=game.name(jail),
            recorded=found[0].name,
        )


def forced_fine(game: Game, player: str, why: str, span: Span) -> Due:
    """The fine a player must pay to leave jail (JAIL-08); short of cash, a debt (CF-08)."""
    fine = game.edition.rules.jail_fine
    p = game.state.player(player)
    cash = p.cash
    due = apply_due(
        game,
        Due(
            "fine",
            player,
            player,
            None,
            fine,
            f"the fine is {game.money(fine)}: {why}, so {player} must pay and leave",
            "JAIL-08",
            span,
        ),
    )
    if cash < fine:
        game.ambiguous(
            "CF-08",
            f"{player} holds {game.money(cash)} and cannot pay the {game.money(fine)} fine in "
            f"cash: it is a debt to the bank, to be raised by selling, mortgaging or a deal or "
            f"else ending in bankruptcy to the bank (reading {game.ruling('CF-08')}); reading "
            f"stays-in-jail would keep {player} in jail, unmoved, until the fine can be paid",
            span,
            "JAIL-08",
        )
    return due


def _release(game: Game, player: str) -> None:
    p = game.state.player(player)
    p.in_jail = False
    p.jail_turns = 0


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
        why = (
            "a player sent to jail collects none"
            if flow.jailed_by
            else f"{player}'s last move did not reach or pass GO"
        )
        game.emit(
            "M106",
            f"no salary is due: {why}",
            ev.span,
            "MOVE-04" if flow.jailed_by else "MOVE-02",
            expected=0,
            recorded=amount,
        )
        game.transfer(None, player, amount, "salary as recorded", ev.span)
        return
    check_salary(game, due, ev.amount, ev.span)


def on_move(game: Game, ev: Move) -> None:
    """`-> Square`: confirms where a card sent the token, else an unexplained move."""
    flow = flow_of(game)
    player = actor_of(game, ev)
    if player is None:
        return
    sq = resolve_square(game, ev.square, ev.span)
    if sq is None:
        return
    cm = flow.card_move
    if cm is not None and not cm.confirmed:
        cm.confirmed = True
        if sq.index == cm.target:
            return
        game.emit(
            "M406",
            f"{cm.card} sends {player} to {game.name(cm.target)}, not {sq.name}",
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
        move_token(game, player, sq.index, cm.span, salary=cm.salary, rule="MOVE-03")
        land(game, player, sq.index, ev.span, card_rule=cm.rent_rule, by_card=True)
        return
    p = game.state.player(player)
    if p.position == sq.index:
        return
    game.emit(
        "M110",
        f"nothing moves {player} to {sq.name} here: a token moves by the dice or by a card",
        ev.span,
        "MOVE-01",
        expected=game.name(p.position),
        recorded=sq.name,
    )
    p.position = sq.index
    land(game, player, sq.index, ev.span, by_card=True)


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
