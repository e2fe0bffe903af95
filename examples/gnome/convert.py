"""Convert a GNOME Monopoly simulator log into monolog's JSON Lines event stream.

GNOME (the USC/ISI "Game Of Novelty Monopoly Engine", package ``monopoly-simulator-test``)
logs a game through Python logging, one line a step, in the form
``2026-12-05 07:58:55,129:monopoly_simulator.logging_info.player:DEBUG:message``. This
converter reads those messages in order and writes the events docs/engines.md describes:

* tags: ``Edition "gnome.yaml"`` (GNOME's engine profile, the file beside this one: the 2018
  rules with the readings GNOME declares it plays, and its decks), ``Players`` (in GNOME's play
  order), ``Engine "gnome 0.0.9"`` and ``Seed``;
* per turn (GNOME's "pre-roll phase"): ``turn``, a ``check`` of every player's cash where
  GNOME prints the cash balances, then the ``roll`` with the square reached, ``salary``,
  ``buy``/``decline``/``auction``, ``rent``, ``tax``, ``card`` (with ``move`` and ``jail``),
  ``fine``, ``jail-card``, ``build``/``sell``, ``sell-deed``, ``mortgage``/``unmortgage``,
  ``deal``, ``bankrupt`` and ``end``. An action of a player whose turn it is not carries
  ``actor``.

Money: GNOME keeps cash as floats and its auctions bid in fractions (90, 135, 157.5, ...).
The stream holds whole numbers, so every amount is rounded half up; where rounding changed a
figure, an inline comment keeps GNOME's exact one. A cash count is GNOME's cash plus the
rounding the stream's amounts already carry, so it differs from the replay only where money
really moved otherwise. Bids that, rounded, do not raise the high bid are left out of the
auction, and the winner's bid at the price GNOME charged closes it.

Things the stream has no words for, written as closely as it allows:

* a deed sold back to the bank is a ``sell-deed``, which the 2018 rules do not allow; the
  profile declares GNOME's reading (CF-63), so the audit counts the sales (I002; M717 for a
  mortgaged deed, which no reading allows);
* a bankruptcy after a rent is a ``bankrupt`` to the bank naming the player owed as creditor
  (CF-82): GNOME has paid that player the whole rent, and the rest of the estate goes to the bank;
* a double thrown in jail, on which GNOME does not move the token, is the ``roll`` and
  ``ignored``; the rent after the nearest-utility card is ``no-throw`` and ``rent``;
* GNOME's cards that the 2018 decks lack (crossword competition, grand opera night) are
  written by the ids the profile gives them (CH17, CC17).

Only the standard library is used::

    python examples/gnome/convert.py seed_1.log > seed_1.jsonl
    python examples/gnome/convert.py logs/*.log --out streams/

With ``--out``, the profile is written beside the streams (an Edition tag names only a file
in the record's own folder, or in a folder listed in MONOLOG_EDITIONS).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from collections.abc import Callable, Iterable, Iterator
from decimal import ROUND_HALF_UP, Context, Decimal
from pathlib import Path
from typing import Any

Action = dict[str, Any]  # an event, or an action GNOME has not finished logging

ENGINE = "gnome 0.0.9"
# GNOME's engine profile: the 2018 rules, the readings GNOME declares, its decks
PROFILE = Path(__file__).resolve().parent / "gnome.yaml"

WIDE = Context(prec=200)  # room for any amount NUM below lets through

LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+:[^:]*:[A-Z]+:(.*)$")

SQUARES = {
    "Go": "GO",
    "In Jail/Just Visiting": "Jail / Just Visiting",
    "B&O Railroad": "B. & O. Railroad",
}

CARDS = {
    ("chance", "go_to_boardwalk"): "CH01",
    ("chance", "advance_to_go"): "CH02",
    ("chance", "go_to_illinois_avenue"): "CH03",
    ("chance", "go_to_st_charles"): "CH04",
    ("chance", "go_to_nearest_railroad_pay_double"): "CH05",
    ("chance", "go_to_nearest_utility"): "CH07",
    ("chance", "bank_dividend"): "CH08",
    ("chance", "get_out_of_jail_free"): "CH09",
    ("chance", "go_back_three_spaces"): "CH10",
    ("chance", "go_to_jail"): "CH11",
    ("chance", "general_repairs"): "CH12",
    ("chance", "pay_poor_tax"): "CH13",
    ("chance", "go_to_reading_railroad"): "CH14",
    ("chance", "elected_board_chairman"): "CH15",
    ("chance", "building_loan_matures"): "CH16",
    ("chance", "win_crossword_competition"): "CH17",  # the profile's cards
    ("community chest", "advance_to_go"): "CC01",
    ("community chest", "bank_error"): "CC02",
    ("community chest", "doctor_fee"): "CC03",
    ("community chest", "sale_of_stock"): "CC04",
    ("community chest", "get_out_of_jail_free"): "CC05",
    ("community chest", "go_to_jail"): "CC06",
    ("community chest", "holiday_fund_matures"): "CC07",
    ("community chest", "income_tax_refund"): "CC08",
    ("community chest", "birthday"): "CC09",
    ("community chest", "life_insurance_matures"): "CC10",
    ("community chest", "hospital_fee"): "CC11",
    ("community chest", "school_fee"): "CC12",
    ("community chest", "consultancy_fee"): "CC13",
    ("community chest", "street_repairs"): "CC14",
    ("community chest", "win_beauty_contest"): "CC15",
    ("community chest", "inherit_money"): "CC16",
    ("community chest", "grand_opera_night"): "CC17",
}

# actions GNOME may attempt and fail: written only once GNOME logs their success
# the tax squares "go back three spaces" can reach (from the first Chance), and the tax the
# 2018 rules set there, which GNOME does not charge after that card
UNPLAYED_TAX = {"Income Tax": 200}
NEED_SUCCESS = {"build", "sell", "mortgage", "unmortgage", "deed", "deal"}

P = r"(\S+)"
NUM = r"(-?\d{1,30}(?:\.\d{1,30})?(?:e[-+]?\d{1,2})?)"  # a float as Python prints it


def whole(text: str) -> int:
    """A GNOME amount (a float as text) rounded half up to a whole number."""
    return int(Decimal(text).quantize(Decimal(1), rounding=ROUND_HALF_UP, context=WIDE))


def name(text: str) -> dict[str, str]:
    return {"text": SQUARES.get(text, text)}


class Converter:
    """Reads GNOME's messages one by one and collects the stream's events."""

    def __init__(self) -> None:
        self.events: list[Action] = []
        self.turns = 0
        self.player = ""  # whose turn it is
        self.lost: set[str] = set()
        self.open: Action | None = None  # an action whose end GNOME has not logged yet
        self.roll: Action | None = None  # dice thrown, square not logged yet
        self.salary = False
        self.salary_paid = ""
        self.deck = ""
        self.in_balances = False
        self.drift: dict[str, Decimal] = {}  # stream's cash minus GNOME's, from rounding
        self.owed: dict[str, str | None] = {}  # whom each player's last charge was paid to
        self.handlers = [(re.compile(pattern), method) for pattern, method in self._patterns()]

    # -- output --------------------------------------------------------------------------

    def emit(
        self, kind: str, actor: str | None = None, exact: str | None = None, **fields: Any
    ) -> None:
        event: Action = {"schema": 1, "kind": kind}
        if actor is not None and actor != self.player:
            event["actor"] = {"text": actor}
        event.update({key: value for key, value in fields.items() if value is not None})
        self.events.append(event)
        written = fields.get("amount", fields.get("price"))
        if exact is not None and written is not None and Decimal(exact) != written:
            self.events.append(
                {"schema": 1, "kind": "comment", "text": f" gnome: {exact}", "inline": True}
            )

    def flush(self) -> None:
        """Write the dice still waiting for a square, then the open action."""
        if self.roll is not None:
            roll, self.roll = self.roll, None
            self.emit("roll", **roll)
            if "square" not in roll and roll["die1"] == roll["die2"]:
                # a double thrown in jail: GNOME keeps the token in jail for this turn
                self.emit("ignored")
        action, self.open = self.open, None
        if action is not None and action.get("succeeded", action["what"] not in NEED_SUCCESS):
            getattr(self, "_close_" + action.pop("what"))(action)

    def start(self, what: str, **fields: Any) -> None:
        self.flush()
        self.open = {"what": what, **fields}

    # -- the messages ----------------------------------------------------------------------

    def _patterns(self) -> list[tuple[str, Callable[..., None]]]:
        return [
            (r"^players will play in the following order: (.*)$", self.order),
            (r"^seed used: (\d+)$", self.seed),
            (rf"^We are in the pre-roll phase for {P}$", self.turn),
            (r"^Printing cash balance and net worth", self.balances),
            (rf"^{P} has a cash balance of \${NUM} and a net worth", self.check),
            (
                r"^dies have come up \[(?:np\.int\d+\()?(\d)\)?, (?:np\.int\d+\()?(\d)\)?\]$",
                self.dice,
            ),
            (rf"^{P} passes Go\.$", self.passes_go),
            (r"^ and is moving to position (.+)$", self.moving),
            (rf"^Charging {P} amount {NUM} for asset (.+)$", self.buy),
            (rf"^(.+) is owned by {P} and is not mortgaged\. Proceeding", self.rent),
            (r"^calculating (railroad|utility) dues for (.+)$", self.dues),
            (rf"^{P} is on a tax location", self.tax),
            (rf"^{P} is picking card from (chance|community chest)\.$", self.picking),
            (rf"^{P} picked card (\S+)$", self.card),
            (rf"^{P} is being sent to jail\.$", self.jail),
            (rf"^{P}: I am going to pay jail fine\.$", self.fine),
            (r"^Player has get_out_of_jail_(chance|community_chest) card\.", self.jail_card),
            (rf"^{P}: I am going to improve property (.+)$", self.build),
            (r"^Improving asset and updating num_total_hotels", self.build_hotel),
            (r"^Player has successfully improved property", self.done),
            (rf"^{P}: I am attempting to sell (?:house|hotel) on (.+) to the bank$", self.sell),
            (r"^Looking to sell hotel on", self.sell_hotel),
            (r"^Player has successfully sold (?:house|hotel)", self.done),
            (rf"^{P}: I am attempting to mortgage property (.+)$", self.mortgage),
            (r"^Property has been mortgaged", self.done),
            (rf"^{P}: I am going to free mortgage on (.+)$", self.unmortgage),
            (r"^Mortgage has successfully been freed", self.done),
            (rf"^{P}: I am attempting to sell property (.+) to the bank$", self.sell_deed),
            (rf"^{P} accepted trade offer from {P}$", self.trade),
            (rf"^attempting to update asset (.+) to reflect new owner: {P}$", self.new_owner),
            (rf"^Asset is owned by {P}\. Attempting to remove", self.old_owner),
            (r"^Transaction successful\. Nulling outstanding trade", self.done),
            (r"^Transfer successful\. Paying player", self.deed_sold),
            (rf"^{P} decides to purchase\? False$", self.decline),
            (r"^Entering auctioning for asset (.+)$", self.auction),
            (rf"^{P} proposed bid {NUM}$", self.bid),
            (rf"^{P} is being charged amount: {NUM}$", self.charged),
            (rf"^{P} is receiving amount: {NUM}$", self.received),
            (rf"^Beginning bankruptcy proceedings for {P}$", self.bankrupt),
            (r"^Game terminated since", self.terminated),
        ]

    def feed(self, message: str) -> None:
        for pattern, method in self.handlers:
            found = pattern.match(message)
            if found:
                method(*found.groups())
                return

    def order(self, players: str) -> None:
        self.tag("Players", ", ".join(players.split("->")))

    def seed(self, seed: str) -> None:
        self.tag("Seed", seed)

    def tag(self, key: str, value: str) -> None:
        self.events.append({"schema": 1, "kind": "tag", "key": key, "value": value})

    def turn(self, player: str) -> None:
        self.flush()
        self.turns += 1
        self.player = player
        self.in_balances = False
        self.emit("turn", number=self.turns, player={"text": player})

    def balances(self) -> None:
        self.flush()
        self.in_balances = True

    def check(self, player: str, cash: str) -> None:
        if self.in_balances and player not in self.lost:
            # GNOME's cash moved by the rounding the stream's amounts already carry
            exact = str(Decimal(cash) + self.drift.get(player, Decimal(0)))
            self.emit("check", exact=cash, player={"text": player}, amount=whole(exact))

    def dice(self, die1: str, die2: str) -> None:
        """GNOME's dice: `[3, 4]`, or `[np.int64(3), np.int64(4)]` under numpy 2."""
        self.flush()
        self.in_balances = False
        self.roll = {"die1": int(die1), "die2": int(die2)}

    def passes_go(self, player: str) -> None:
        self.salary = True
        self.salary_paid = player  # GNOME's next payment to the player is the salary

    def moving(self, square: str) -> None:
        nearest = ""
        card = None
        if self.roll is not None:
            self.roll["square"] = name(square)
            self.flush()
        else:
            card = self.open if self.open and self.open["what"] == "card" else None
            if card and card["card"] in ("go_to_jail",):
                return  # the card's "jail" follows
            if card and card["card"].startswith("go_to_nearest_"):
                nearest = card["card"]
                self.salary = self.salary or self._salary_in(card)
            self.flush()
            self.emit("move", square=name(square))
        if self.salary:
            self.salary = False
            self.emit("salary", amount=200)
        if card and card["card"] == "go_back_three_spaces" and square in UNPLAYED_TAX:
            # GNOME moves the token back and plays nothing on the square reached: the tax there
            # is not paid, which the stream says outright (M412 once, not a count put off)
            self.emit("tax", amount=UNPLAYED_TAX[square])
            self.emit("ignored")
        if nearest:
            # GNOME charges the dues of the nearest railroad or utility with no line before them
            self.open = {"what": "rent", "payee": None, "utility": "utility" in nearest}

    @staticmethod
    def _salary_in(card: Action) -> bool:
        """GNOME pays the salary of a move to the nearest railroad or utility before the move
        and without logging "passes Go": take that payment out of the card's money."""
        moves = card.get("moves", [])
        salary = (card["player"], +1, Decimal(200))
        if salary in moves:
            moves.remove(salary)
            return True
        return False

    def buy(self, player: str, amount: str, square: str) -> None:
        self.flush()
        self.emit("buy", actor=player, exact=amount, amount=whole(amount))

    def rent(self, square: str, owner: str) -> None:
        self.start("rent", payee=owner)

    def dues(self, kind: str, square: str) -> None:
        """A railroad's or utility's dues; after a card GNOME logs no owner line before them."""
        if self.open is None or self.open["what"] != "rent":
            self.start("rent", payee=None)

    def tax(self, player: str) -> None:
        self.start("tax", player=player)

    def picking(self, player: str, deck: str) -> None:
        self.flush()
        self.deck = deck

    def card(self, player: str, card: str) -> None:
        self.start("card", player=player, card=card, money=Decimal(0), moved=False)

    def jail(self, player: str) -> None:
        self.flush()
        self.emit("jail", actor=player)

    def fine(self, player: str) -> None:
        self.start("fine", player=player)

    def jail_card(self, deck: str) -> None:
        self.flush()
        self.emit("jail-card", card={"text": "CH09" if deck == "chance" else "CC05"})

    def build(self, player: str, square: str) -> None:
        self.start("build", player=player, square=square, hotel=False)

    def build_hotel(self) -> None:
        if self.open and self.open["what"] == "build":
            self.open["hotel"] = True

    def sell(self, player: str, square: str) -> None:
        self.start("sell", player=player, square=square, hotel=False)

    def sell_hotel(self) -> None:
        if self.open and self.open["what"] == "sell":
            self.open["hotel"] = True

    def mortgage(self, player: str, square: str) -> None:
        self.start("mortgage", player=player, square=square)

    def unmortgage(self, player: str, square: str) -> None:
        self.start("unmortgage", player=player, square=square)

    def sell_deed(self, player: str, square: str) -> None:
        self.start("deed", player=player, square=square)

    def trade(self, accepter: str, offerer: str) -> None:
        self.start("deal", sides={offerer: [], accepter: []}, asset="")

    def new_owner(self, square: str, owner: str) -> None:
        if self.open and self.open["what"] == "deal":
            self.open["asset"] = square

    def old_owner(self, owner: str) -> None:
        if self.open and self.open["what"] == "deal" and owner in self.open["sides"]:
            self.open["sides"][owner].append({"kind": "square", "square": name(self.open["asset"])})

    def done(self) -> None:
        """GNOME logged that the open action succeeded: write it."""
        if self.open is not None:
            self.open["succeeded"] = True
        self.flush()

    def deed_sold(self) -> None:
        if self.open is not None and self.open["what"] == "deed":
            self.open["succeeded"] = True  # the payment follows; the next action writes it

    def decline(self, player: str) -> None:
        self.flush()
        self.emit("decline", actor=player)

    def auction(self, square: str) -> None:
        self.start("auction", bids=[], high=0)

    def bid(self, player: str, amount: str) -> None:
        if self.open and self.open["what"] == "auction" and whole(amount) > self.open["high"]:
            self.open["high"] = whole(amount)
            self.open["bids"].append({"player": {"text": player}, "amount": whole(amount)})

    def charged(self, player: str, amount: str) -> None:
        self.money(player, amount, -1)

    def received(self, player: str, amount: str) -> None:
        self.money(player, amount, +1)

    def money(self, player: str, amount: str, sign: int) -> None:
        if sign > 0 and player == self.salary_paid:
            self.salary_paid = ""  # written as `salary`, not as the card's money
            return
        if self.open is not None:
            self.open.setdefault("moves", []).append((player, sign, Decimal(amount)))

    def rounded(self, player: str, sign: int, exact: Decimal, written: int) -> None:
        """The stream moved `written` where GNOME moved `exact`: the player's cash drifts."""
        self.drift[player] = self.drift.get(player, Decimal(0)) + sign * (written - exact)

    def bankrupt(self, player: str) -> None:
        self.flush()
        self.lost.add(player)
        creditor = self.owed.pop(player, None)
        if creditor is None:
            self.emit("bankrupt", actor=player)  # a debt to the bank: the estate is the bank's
            return
        # GNOME paid the player owed in full when it charged the rent, and now gives the rest
        # of the estate to the bank: a bankruptcy to the bank that names the creditor (CF-82)
        self.emit("bankrupt", actor=player, to_bank=True, creditor={"text": creditor})

    def terminated(self) -> None:
        self.flush()
        self.emit("end")

    # -- closing the open actions -----------------------------------------------------------

    def _sum(self, action: Action, player: str | None, sign: int = 0) -> tuple[str, int] | None:
        """GNOME's exact sum of what `player` paid (-1) or got (+1) here, and the whole number
        the stream writes for it (which the player's drift records)."""
        exact, seen = Decimal(0), False
        for who, direction, amount in action.get("moves", []):
            if who == player and (sign == 0 or direction == sign):
                exact += direction * amount
                seen = True
        if not seen or player is None:
            return None
        written = whole(str(abs(exact)))
        self.rounded(player, 1 if exact >= 0 else -1, abs(exact), written)
        return str(abs(exact)), written

    def _amount_event(
        self, kind: str, actor: str | None, money: tuple[str, int] | None, **fields: Any
    ) -> None:
        exact, amount = money if money is not None else (None, None)
        self.emit(kind, actor=actor, exact=exact, amount=amount, **fields)

    def _close_rent(self, action: Action) -> None:
        paid = [move for move in action.get("moves", []) if move[1] < 0]
        got = [move for move in action.get("moves", []) if move[1] > 0]
        payer = paid[0][0] if paid else None
        payee = action["payee"] or (got[0][0] if got else None)
        if payer is None or payee is None or payer == payee:
            return  # GNOME charged an owner rent to themselves (after a card): nothing moved
        if action.get("utility"):
            self.emit("no-throw")  # GNOME charges ten times the roll that moved the token
        money = self._sum(action, payer, -1)
        if money is not None:
            self.rounded(payee, +1, Decimal(money[0]), money[1])
        self.owed[payer] = payee
        self._amount_event("rent", payer, money, payee={"text": payee})

    def _close_tax(self, action: Action) -> None:
        self.owed[action["player"]] = None
        self._amount_event("tax", action["player"], self._sum(action, action["player"], -1))

    def _close_fine(self, action: Action) -> None:
        self.owed[action["player"]] = None
        self._amount_event("fine", action["player"], self._sum(action, action["player"], -1))

    def _close_card(self, action: Action) -> None:
        card = CARDS.get((self.deck, action["card"]), action["card"])
        moves = action.get("moves", [])
        if any(who == action["player"] and direction < 0 for who, direction, _ in moves):
            self.owed[action["player"]] = None  # a card's charge is paid to the bank
        exact = self._sum(action, action["player"])
        self._amount_event("card", action["player"], exact, card={"text": card})

    def _items(self, action: Action, selling: bool = False) -> list[Action]:
        square = name(action["square"])
        if not action["hotel"]:
            return [{"square": square, "houses": 1, "hotel": False}]
        hotel = [{"square": square, "houses": 0, "hotel": True}]
        # GNOME sells a hotel together with the four houses under it: the site goes bare
        return [*hotel, {"square": square, "houses": 4, "hotel": False}] if selling else hotel

    def _close_build(self, action: Action) -> None:
        exact = self._sum(action, action["player"], -1)
        self._amount_event("build", action["player"], exact, items=self._items(action))

    def _close_sell(self, action: Action) -> None:
        exact = self._sum(action, action["player"], +1)
        self._amount_event("sell", action["player"], exact, items=self._items(action, selling=True))

    def _close_mortgage(self, action: Action) -> None:
        exact = self._sum(action, action["player"], +1)
        self._amount_event("mortgage", action["player"], exact, squares=[name(action["square"])])

    def _close_unmortgage(self, action: Action) -> None:
        exact = self._sum(action, action["player"], -1)
        self._amount_event("unmortgage", action["player"], exact, squares=[name(action["square"])])

    def _close_deed(self, action: Action) -> None:
        money = self._sum(action, action["player"], +1) or ("0", 0)
        self._amount_event("sell-deed", action["player"], money, squares=[name(action["square"])])

    def _close_deal(self, action: Action) -> None:
        sides = []
        for player, gives in action["sides"].items():
            paid = self._sum(action, player, -1)
            if paid and paid[1]:
                gives.append({"kind": "cash", "amount": paid[1]})
                other = next(who for who in action["sides"] if who != player)
                self.rounded(other, +1, Decimal(paid[0]), paid[1])
            sides.append({"player": {"text": player}, "gives": gives})
        self.emit("deal", first=sides[0], second=sides[1])

    def _close_auction(self, action: Action) -> None:
        paid = [move for move in action.get("moves", []) if move[1] < 0]
        if not paid:
            self.emit("auction", lot_kind="pending", bids=[])
            return
        winner, exact = paid[0][0], paid[0][2]
        price = whole(str(exact))
        self.rounded(winner, -1, exact, price)
        # rounding can leave a loser's last bid at the price: the winner's bid closes the list
        bids = [bid for bid in action["bids"] if bid["amount"] < price]
        while bids and bids[-1]["player"]["text"] == winner:
            bids.pop()  # a player does not outbid themselves
        bids.append({"player": {"text": winner}, "amount": price})
        self.emit(
            "auction",
            exact=exact,
            lot_kind="pending",
            bids=bids,
            winner={"text": winner},
            price=price,
        )


def convert(lines: Iterable[str]) -> Iterator[str]:
    """The stream's lines (JSON, no newline) for the lines of one GNOME log."""
    converter = Converter()
    converter.tag("Edition", PROFILE.name)
    converter.tag("Engine", ENGINE)
    for line in lines:
        found = LINE.match(line.rstrip("\n"))
        if found:
            converter.feed(found.group(1))
    converter.flush()
    for event in converter.events:
        yield json.dumps(event)


def write_profile(folder: Path) -> Path:
    """GNOME's profile written into `folder`, where the streams' Edition tag finds it."""
    folder.mkdir(parents=True, exist_ok=True)
    return Path(shutil.copyfile(PROFILE, folder / PROFILE.name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="GNOME Monopoly log to monolog JSON Lines")
    parser.add_argument("logs", nargs="+", type=Path, help="GNOME log files")
    parser.add_argument(
        "--out",
        type=Path,
        help="folder for NAME.jsonl and the profile they name (default: standard output)",
    )
    args = parser.parse_args(argv)
    if args.out is not None:
        write_profile(args.out)
    for log in args.logs:
        with log.open(encoding="utf-8", errors="replace") as source:
            text = "\n".join(convert(source)) + "\n"
        if args.out is None:
            sys.stdout.write(text)
        else:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / (log.stem + ".jsonl")).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
