"""Where a token comes to rest: movement, the GO salary on the way, and what the square makes due.

MOVE-01..04, MOVE-07, TAX-01..03, JAIL-02, CF-03, CF-11, CF-19, CF-24, CF-42, PIR-02, PIR-03. What
a landing makes due is opened here (`land`) and settled by the clause handlers (buying, claims,
cards, jail) or derived by the engine. The rolls that move a token are in rolls.py, the rolls in
jail in jail_rolls.py.
"""

from __future__ import annotations

from ...editions.model import Square
from ...notation.events import Roll, Span
from ..core import follow, house_rules, judge
from ..core.game import Game
from ..core.names import nearest_of, shown, squares_named
from ..core.obligations import CardUtility, Draw, Due, apply_due, find_due, open_lot
from ..money.rent import CARD_DICE_TIMES_10, quote_rent
from ..money.worth import worth_on_landing


# --------------------------------------------------------------------------- board snapshots
def group_key(game: Game, index: int) -> tuple[object, ...]:
    """The state of a square's group that rent depends on (CF-24: rent fixed at landing)."""
    ed = game.edition
    members = ed.groups.get(ed.squares[index].group or "", (index,))
    deeds = game.state.deeds
    # a plain loop, not a comprehension (a call of its own in Python 3.11) nor a generator:
    # made at every rent landing and on every rent line (0.62 against 0.90 us for a group of
    # three, timeit)
    key = []
    for i in members:
        d = deeds.get(i)
        if d is not None:
            key.append((d.owner, d.houses, d.hotel, d.mortgaged))
    return tuple(key)


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
    flow = game.flow
    flow.last_dice = dice
    if dice is not None:
        flow.last_roll = dice
    flow.card_rule = card_rule
    if flow.mortgaged_landing:  # most landings have none to drop
        flow.mortgaged_landing.pop(player, None)
    flow.card_utility = None
    sq = game.edition.squares[index]  # as `game.square`, without the call (42,800 landings)
    if sq.kind == "go-to-jail":
        send_to_jail(game, player, span, "the Go to Jail square")
        return
    if sq.ownable:
        deed = game.state.deeds[index]
        if deed.owner is None:
            if house_rules.may_buy(game, player):  # first-lap-no-buying: no sale yet
                open_lot(game, index, player, span)
            return
        if deed.owner == player:
            # own deed (RENT-13): nothing is owed and nothing disputed, so no quote is made for
            # it (a third of the quotes on run.py's 200 games: 7,400 of 24,700)
            return
        quote = quote_rent(game, index, player, dice=dice, card_rule=card_rule)
        if house_rules.rent_waived(game, quote.owner):
            # an engine profile's declared reading (a rent written for it withdraws the place:
            # money/claims.py)
            game.count_declared("CF-68", None, span)
            return  # house rule no-rent-in-jail (RENT-12 departed from)
        noted: list[tuple[int, str, str]] = []
        for cf, message in quote.notes:
            if game.ambiguous(cf, message, span, quote.rule) is not None:
                noted.append((game.findings.last, cf, message))
        if quote.owner is None:
            if deed.mortgaged and deed.owner != player:
                flow.mortgaged_landing[player] = index
                if card_rule == CARD_DICE_TIMES_10 and noted:  # CF-58 under nothing-owed
                    flow.card_utility = CardUtility(player, index, deed.owner, noted[0], quote.rule)
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
            other=quote.other,
            noted=noted,
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
        follow.tax_ignored(game, due, span)
        return
    if sq.deck is not None:
        flow.draw = Draw(player, sq.deck, index, span)
    if sq.kind in ("free-parking", "go"):
        _house_rule_pay(game, player, index, span)  # declared house rules (PIR-01)


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
    p = game.state.seats[player]  # `player(player)`, read directly as state.py allows
    paid = False
    # forward from the square it stands on to a square of a lower number: GO reached or passed
    # (board.passes_go of board.steps_forward, without the two calls at every roll's move)
    if salary and target < p.position:
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
    if follow.jailing_ignored(game, player, span, cause):
        return
    flow = game.flow
    p = game.state.player(player)
    follow.note_jailing(game, player, span, cause, p.position)
    p.position = game.edition.rules.jail_index
    p.in_jail = True
    # CF-03: under next-turn-is-first the jailing turn is not a jail turn
    p.jail_turns = 1 if game.ruling("CF-03") == "jailing-turn-counts" else 0
    flow.jailed_by = cause
    if player == flow.turn_player:
        flow.turn_over = True
        flow.again = False


def _house_rule_pay(game: Game, player: str, index: int, span: Span) -> None:
    """What declared house rules pay on Free Parking (the pool, the bonus) and on GO (twice the
    salary); house_rules.py says what each rule does. Where an engine profile declares the
    point (CF-69 pot, CF-70 double-salary), each place the rule pays is counted (declared.py),
    unless the record writes another figure for it (money/salary.py withdraws the place)."""
    if game.square(index).kind == "free-parking":
        payout = house_rules.free_parking_payout(game)
        if payout is not None:
            amount, reason, rule = payout
            pool = Due("salary", player, None, player, amount, reason, rule, span, square=index)
            apply_due(game, pool)
            # the pool paid out: CF-69 pot, where declared
            if rule == "PIR-02" and amount and game.count_declared("CF-69", None, span):
                pool.declared = "CF-69"
        house_rules.empty_pot(game)
    elif house_rules.active(game, "double-go-salary"):
        due = find_due(game, "salary", player)
        if due is not None and due.amount:
            twice = 2 * due.amount
            due.entry = game.amend(due.entry, twice, reason="salary twice for landing on GO")
            due.amount = twice
            due.reason = f"{player} landed exactly on GO: twice the salary (house rule)"
            if game.count_declared("CF-70", None, span):
                due.declared = "CF-70"


def check_square(
    game: Game, ev: Roll, target: int, player: str, origin: int, *, tries_spent: bool = False
) -> int:
    """Check the square the record names for a roll; follow the record where it differs.
    `tries_spent`: a jailed player past the last jail try, whom no reading keeps in jail again
    (a record that does is JAIL-08's breach, not a miscounted move)."""
    if ev.square is None:
        return target
    found = squares_named(game, ev.square, ev.span)
    if not found:
        return target
    for s in found:  # a loop, not any() over a generator: on most rolls that name a square
        if s.index == target:
            return target
    if unreadable_square(game, ev, found, origin, target):
        return target
    # a name several squares share ("Chance"): the record is followed to the one nearest where
    # the dice lead, and the message says which
    recorded = nearest_of(game, found, target)
    rule, why = "MOVE-01", ""
    if tries_spent and recorded.index == origin:
        rule = "JAIL-08"
        why = f": {player}'s jail tries are spent, so {player} leaves jail by this roll"
    words = judge.Words(
        "M104",
        f"{ev.die1}-{ev.die2} from {game.name(origin)} reaches {game.name(target)}, "
        f"not {shown(game, recorded)}{why}",
        rule=rule,
        show=lambda index: game.name(index) if isinstance(index, int) else index,
    )
    decision = roll_move_decision(game, origin, ev.total)
    judge.judge(game, decision, recorded.index, ev.span, words)
    return recorded.index  # the record is what happened


def unreadable_square(
    game: Game, ev: Roll, found: tuple[Square, ...], origin: int, target: int
) -> bool:
    """Whether the roll's square is an abbreviation that fits several squares, none of them
    where the dice lead: then the candidates are named (M900) and the dice followed rather
    than a guess (the record cannot be read)."""
    names = sorted({s.name for s in found})
    if len(names) < 2 or ev.square is None:
        return False
    game.emit(
        "M900",
        f'ambiguous square "{ev.square.text}": {", ".join(names[:-1])} or {names[-1]}; '
        f"{ev.die1}-{ev.die2} from {game.name(origin)} reaches {game.name(target)}",
        ev.square.span,
        "SET-03",
        expected=game.name(target),
        recorded=names,
    )
    return True


def roll_move_decision(game: Game, origin: int, total: int) -> judge.Decision:
    """Where a throw of `total` takes the token from `origin`: that many squares on, around the
    board (MOVE-01). No reading disputes it."""
    return judge.Decision(judge.Choice((origin + total) % len(game.edition.squares)), "MOVE-01")
