"""The replay context handed to every event handler: state, edition, findings, money moves.

Handlers never touch cash directly: `Game.transfer` moves money and records it in the ledger,
so money is conserved by construction and every movement has a reason. `Game.emit` files a
finding; `Game.ruling` gives the reading in force for a CF item and `Game.ambiguous` reports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...editions.model import Edition, Square
from ...findings.model import Cause, Finding, Severity
from ...findings.store import FindingStore
from ...notation.events import Span
from .ledger import Debt as Debt
from .ledger import PackedLedger, entry_span
from .ledger import Transfer as Transfer
from .pending_state import (
    DeckState,
    FollowState,
    HoldingsState,
    HouseRuleState,
    InsolventDeals,
    InvariantState,
    JailRollState,
    LotDebts,
    MortgageState,
    PaidPrices,
    Played,
    RecordState,
    SetupState,
    ShortageState,
    SkippedState,
    VariantState,
    WorthState,
)
from .state import GameState
from .turn_flow import Flow

# the findings a game keeps as filed before its store packs them (findings/store.py): more than
# a game of a few hundred turns files, a small part of a long game's memory
WHOLE_FIRST = 256

# the most amounts a game keeps written (`Game.money`)
_MONEY_WORDS = 1024

# a finding's severity by the first letter of its code, where it is not an error
_SEVERITY = {"A": Severity.INFO, "W": Severity.WARNING}

# the data of a finding that has none, shared: findings are frozen and nothing writes into
# their data (a finding with more data is a new one, built with a new dict)
_NO_DATA: dict[str, Any] = {}


@dataclass(slots=True)
class Game:
    """A replay in progress."""

    edition: Edition
    state: GameState
    readings: dict[str, str]
    file: str | None = None
    # packed, with a handle per finding the engine may change later (findings/store.py)
    findings: FindingStore = field(default_factory=lambda: FindingStore(whole_first=WHOLE_FIRST))
    # a long game's older entries kept as numbers (`PackedLedger.pack`, engine/core/ledger.py)
    transfers: PackedLedger = field(default_factory=PackedLedger)
    header: dict[str, str] = field(default_factory=dict)
    # money owed and not paid in cash, oldest first: a payment that leaves the payer short opens
    # one, a movement that brings the debtor's cash back to zero or more closes it (debts.py)
    debts: list[Debt] = field(default_factory=list)
    # how many of `debts` each debtor has (set with `keep_debts` and `owe`), so a movement of
    # money finds at once whether it closes any: many debts open on one turn, each movement
    # to a player in credit rebuilt the list (quadratic: 20,000 debts took 2.8x 10,000's time)
    owing: dict[str, int] = field(default_factory=dict)
    # what outlives one event (a disputed point waiting for the record's play, mortgage
    # choices, buildings won at a shortage auction): one object per module that owns it, named
    # for that module (pending_state.py)
    follow: FollowState = field(default_factory=FollowState)
    record: RecordState = field(default_factory=RecordState)
    house_rules: HouseRuleState = field(default_factory=HouseRuleState)
    mortgages: MortgageState = field(default_factory=MortgageState)
    setup: SetupState = field(default_factory=SetupState)
    paid_prices: PaidPrices = field(default_factory=PaidPrices)
    invariants: InvariantState = field(default_factory=InvariantState)
    jail_rolls: JailRollState = field(default_factory=JailRollState)
    shortage: ShortageState = field(default_factory=ShortageState)
    worth: WorthState = field(default_factory=WorthState)
    skipped: SkippedState = field(default_factory=SkippedState)
    lot_debts: LotDebts = field(default_factory=LotDebts)
    variants: VariantState = field(default_factory=VariantState)
    insolvent_deals: InsolventDeals = field(default_factory=InsolventDeals)
    decks: DeckState = field(default_factory=DeckState)
    holdings: HoldingsState = field(default_factory=HoldingsState)
    # where the replay stands within the turn in progress (obligations.py)
    flow: Flow = field(default_factory=Flow)
    # whether the event being replayed writes its amounts: money it moves is then as recorded,
    # else derived from the rules (set by the replay loop, engine/core/replay.py)
    writes_amounts: bool = True
    # what the ledger has paid each player so far (taken minus given), and its entries of a
    # negative amount, kept as entries come and go: the --paranoid check after every event
    # read the whole ledger for them, which made a long game quadratic (a 10,000-turn game:
    # 4.9 s of 7.4 s profiled in that sum)
    ledger_net: dict[str, int] = field(default_factory=dict)
    negative_entries: list[Transfer] = field(default_factory=list)
    # each ledger reason written so far, to share one string among the entries that repeat it
    # (a finding's message is shared by the store, findings/store.py)
    messages: dict[str, str] = field(default_factory=dict)
    # each point the edition's engine profile declares, as often as the game played it and its
    # first place (engine/core/declared.py): counted instead of reported at every place
    played: dict[str, Played] = field(default_factory=dict)
    # each amount as `money` has written it in the edition's currency (`money_currency`): the
    # handlers write a few amounts into most messages and ledger reasons, and a game has few
    # amounts (68,000 formatted in 200 games, ~2% of their replay)
    money_words: dict[int, str] = field(default_factory=dict)
    money_currency: str = ""

    # ---------------------------------------------------------------- findings
    def emit(
        self,
        code: str,
        message: str,
        span: Span,
        rule: str | None,
        *,
        expected: Any = None,
        recorded: Any = None,
        severity: Severity | None = None,
        data: Mapping[str, Any] | None = None,
        caused_by: Finding | Cause | None = None,
    ) -> Finding:
        """File a finding. Severity defaults by code family: M error, A info, W warning.
        `caused_by` is the earlier finding this one only follows from (see Finding), or its
        code and place."""
        if severity is None:
            severity = _SEVERITY.get(code[0], Severity.ERROR)
        finding = Finding(
            code,
            severity,
            # the store keeps each wording once; one empty data for all: a long game repeats
            # a few messages tens of thousands of times (1 MiB game of bare rolls: 60,895
            # findings, 4.1 MiB of empty dicts before)
            message,
            span=span,
            rule=rule,
            expected=expected,
            recorded=recorded,
            file=self.file,
            data=dict(data) if data else _NO_DATA,
            caused_by=None if caused_by is None else Cause(caused_by.code, caused_by.span),
        )
        self.findings.append(finding)
        return finding

    def ruling(self, cf: str) -> str:
        """The reading in force for a CF item (`"CF-02"`): the game's override or the edition's."""
        return self.readings[cf]

    def text_settles(self, cf: str) -> bool:
        """Whether the edition's own text settles a CF item and no ruling has changed its reading
        (RULES-MATRIX §0, §3 overrides): the point is then not open."""
        return cf in self.edition.settled and self.readings.get(cf) == self.edition.readings.get(cf)

    def count_declared(self, cf: str, follows: str | None, span: Span) -> bool:
        """Count this place if the edition's engine profile declares `cf`, its reading is in
        force and the record's play (when it shows one) agrees with it (engine/core/declared.py
        files the count at the end); False, and nothing counted, otherwise."""
        profile = self.edition.engine
        if profile is None:
            return False
        reading = profile.plays.get(cf)
        if reading is None or self.readings.get(cf) != reading or follows not in (None, reading):
            return False
        played = self.played.setdefault(cf, Played())
        if not played.count or (span.line, span.column) < (played.first.line, played.first.column):
            played.first = span
        played.last = span
        played.count += 1
        return True

    def ambiguous(
        self,
        cf: str,
        message: str,
        span: Span,
        rule: str,
        *,
        data: Mapping[str, Any] | None = None,
        follows: str | None = None,
    ) -> Finding | None:
        """Report that a disputed point arose and which reading was applied (code A + CF number).

        `message` names the reading applied and what the other reading would have changed.
        `follows` is the reading the record's own play matches, when the record makes a choice
        the engine replays as recorded (None: the record shows no choice of its own).

        When the record's choice is known, the message says whether it agrees with the reading
        in force; a record that departs from it gets the A code as a warning, so that `--strict`
        counts the departure.

        Where the edition's own text settles the point (`Edition.settled`) and no ruling has
        changed its reading, the point is not open (RULES-MATRIX §0, §3 overrides): play that
        follows the edition's reading is plain legal play (no A code, None returned), and play
        that departs from it is a violation (M990).

        Where the edition's engine profile declares the point, its reading is in force and the
        record agrees with it, the place is counted (engine/core/declared.py), not reported: one
        I002 at the end of the game names the count. None is returned.
        """
        reading = self.readings.get(cf)
        settled = self.text_settles(cf)
        extra = dict(data or {})
        if not settled and self.count_declared(cf, follows, span):
            return None
        if settled:
            if follows is None or follows == reading:
                return None
            return self.emit(
                "M990",
                f"{message}; the edition's own text settles this point ({cf}: {reading})",
                span,
                rule,
                expected=reading,
                recorded=follows,
                data={"cf": cf, "reading": reading, "follows": follows, **extra},
            )
        number = cf.split("-")[1]
        severity: Severity | None = None
        if follows is not None:
            extra["follows"] = follows
            if follows == reading:
                message = f"{message}; the record agrees with reading {reading}"
            else:
                message = f"{message}; the record follows reading {follows}, not {reading} in force"
                severity = Severity.WARNING
        return self.emit(
            f"A{number}",
            message,
            span,
            rule,
            expected=reading,
            recorded=follows,
            severity=severity,
            data={"cf": cf, "reading": reading, **extra},
        )

    # ---------------------------------------------------------------- money
    def transfer(
        self,
        payer: str | None,
        payee: str | None,
        amount: int,
        reason: str,
        span: Span,
        *,
        derived: bool | None = None,
    ) -> Transfer | None:
        """Move `amount` from payer to payee (None = the bank) and record it in the ledger.

        Cash may go below zero here: the record is what happened at the table, and a debt that
        is not settled is reported by the handlers (M8xx / M9xx), not refused.
        Returns the ledger entry (None for a zero amount, which is not recorded). `derived`
        defaults to whether the event being replayed left its amount out (`writes_amounts`).
        """
        if amount == 0:
            return None
        st = self.state
        seats = st.seats  # as `st.player`, without a call per party (~110,000 in 200 games)
        # `ledger_net` kept here as `_count(entry, 1)` keeps it, without its call (45,000
        # movements in run.py's 200 games)
        net = self.ledger_net
        if payer is not None:
            seats[payer].cash -= amount
            net[payer] = net.get(payer, 0) - amount
        if payee is not None:
            seats[payee].cash += amount
            net[payee] = net.get(payee, 0) + amount
        if derived is None:
            derived = not self.writes_amounts
        # one string for each reason met in the game (shared with the messages): a long game
        # writes "Ann passed GO" and its like on most turns (10 MiB game of bare rolls: 8 MiB)
        reason = self.messages.setdefault(reason, reason)
        entry = Transfer(st.turn, span, payer, payee, amount, reason, derived)
        self.transfers.append(entry)
        if amount < 0:
            self.negative_entries.append(entry)
        if self.owing:  # most movements come with no debt open: no call to close none
            self._recovered(payer, payee)
        return entry

    def _recovered(self, *names: str | None) -> None:
        """Close the debts of `names` whose cash is back at zero or more (BKR-01).

        Called on every movement of money, so a debt raised in full is gone at once and a later
        shortfall in the same turn opens a debt to its own creditor only (BKR-03, BKR-05).
        """
        owing = self.owing
        if not owing:
            return
        st = self.state
        recovered = {n for n in names if n in owing and st.player(n).cash >= 0}
        if recovered:
            self.keep_debts([d for d in self.debts if d.debtor not in recovered])

    def owe(self, debt: Debt) -> None:
        """Open `debt`, the newest."""
        self.debts.append(debt)
        self.owing[debt.debtor] = self.owing.get(debt.debtor, 0) + 1

    def keep_debts(self, debts: list[Debt]) -> None:
        """The open debts are now `debts` (oldest first)."""
        self.debts = debts
        owing: dict[str, int] = {}
        for d in debts:
            owing[d.debtor] = owing.get(d.debtor, 0) + 1
        self.owing = owing

    def amend(
        self,
        entry: Transfer | None,
        amount: int,
        *,
        payer: str | None = None,
        payee: str | None = None,
        reason: str | None = None,
        span: Span | None = None,
    ) -> Transfer | None:
        """Replace a ledger entry the engine derived by what the record states.

        The derived movement is undone and the stated one applied in its place (same place in
        the ledger), so a movement the record corrects appears once, at the recorded amount.
        `entry` None applies a new movement; `amount` 0 removes the entry. `payer`/`payee`
        default to the entry's own.
        """
        if entry is not None:
            st = self.state
            if entry.payer is not None:
                st.player(entry.payer).cash += entry.amount
            if entry.payee is not None:
                st.player(entry.payee).cash -= entry.amount
            self._recovered(entry.payer, entry.payee)
            payer = entry.payer if payer is None else payer
            payee = entry.payee if payee is None else payee
            reason = entry.reason if reason is None else reason
            span = entry.span if span is None else span
            at = self._place(entry)
            del self.transfers[at]
            self._count(entry, -1)
        else:
            at = len(self.transfers)
        if amount == 0:
            return None
        new = self.transfer(
            payer, payee, amount, reason or "", span or entry_span(entry), derived=False
        )
        if new is not None and at != len(self.transfers) - 1:
            self.transfers.insert(at, self.transfers.pop())
        return new

    def confirm(self, entry: Transfer | None) -> Transfer | None:
        """The record writes the amount of a ledger entry the engine derived: the entry, in its
        place, is no longer derived (the money does not move again)."""
        if entry is None or not entry.derived:
            return entry
        # the constructor, not dataclasses.replace: a third of the cost, on most rent lines
        written = Transfer(
            entry.turn, entry.span, entry.payer, entry.payee, entry.amount, entry.reason, False
        )
        if self.transfers.replace(entry, written) and entry.amount < 0:
            self.negative_entries[self.negative_entries.index(entry)] = written
        return written

    def _count(self, entry: Transfer, sign: int) -> None:
        """Keep `ledger_net` and `negative_entries` in step with an entry put in (`sign` 1) or
        taken out (-1) of the ledger."""
        net = self.ledger_net
        if entry.payer is not None:
            net[entry.payer] = net.get(entry.payer, 0) - sign * entry.amount
        if entry.payee is not None:
            net[entry.payee] = net.get(entry.payee, 0) + sign * entry.amount
        if entry.amount < 0:
            if sign > 0:
                self.negative_entries.append(entry)
            else:
                self.negative_entries.remove(entry)

    def _place(self, entry: Transfer) -> int:
        """Where `entry` is in the ledger, searched from the last: the entry a line restates or
        confirms is nearly always one of the last (searched from the first, a long game's
        replay was quadratic)."""
        at = self.transfers.place(entry)
        if at is None:
            raise ValueError(f"no such ledger entry: {entry}")
        return at

    # ---------------------------------------------------------------- words
    @staticmethod
    def listing(items: list[str]) -> str:
        """ "A, B and C" for messages and ledger reasons; with semicolons when an item holds a
        comma itself ("The Angel, Islington; Euston Road and Pentonville Road")."""
        if len(items) <= 1:
            return "".join(items)
        sep = "; " if any("," in item for item in items) else ", "
        return sep.join(items[:-1]) + " and " + items[-1]

    def money(self, amount: int) -> str:
        """An amount in the edition's currency ("$1,500")."""
        words = self.money_words
        if self.money_currency != self.edition.currency:  # (an edition changed in play)
            words.clear()
            self.money_currency = self.edition.currency
        said = words.get(amount)
        if said is None:
            said = self.edition.money(amount)
            if len(words) < _MONEY_WORDS:  # a game of many amounts: the rest written each time
                words[amount] = said
        return said

    def square(self, index: int) -> Square:
        return self.edition.squares[index]

    def name(self, index: int) -> str:
        return self.edition.squares[index].name
