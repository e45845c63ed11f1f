"""The rules of a match: a frozen, validated set of options, and the named presets.

The defaults are David Parlett's reconstruction with the project's answers to what it leaves open
(see ``docs/rules-decisions.md``). Every option says where it comes from, so the set-up screen
can cite its source.

>>> r = Rules()
>>> r.ante, r.holder_skipped, r.facedown_buying
(4, True, 'one')
>>> preset("hoyle1847").sale_methods
('auction',)
>>> Rules.from_dict({"ante": 0})
Traceback (most recent call last):
...
speculation.errors.RulesError: ante must be a whole number from 1 to 1000 (got 0)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import ErrorCode, RulesError

SALE_METHODS = ("auction", "firm", "negotiation")
MIN_PLAYERS, MAX_PLAYERS = 2, 8  # seats at a table (the bridge's ``hello`` sends these)
NAME_MAX = 40  # characters in a player's name


@dataclass(frozen=True, slots=True)
class Option:
    """Metadata about one option, for the set-up screen and the docs."""

    name: str
    label: str
    kind: str  # "int", "bool", "choice", "set"
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    source: str = ""
    help: str = ""

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "label": self.label, "type": self.kind,
                             "source": self.source, "help": self.help,
                             "default": _json_value(getattr(Rules(), self.name))}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.low is not None:
            d["min"] = self.low
        if self.high is not None:
            d["max"] = self.high
        return d


OPTIONS: tuple[Option, ...] = (
    Option("ante", "Ante (chips each player puts in the pot)", "int", low=1, high=1000,
           source="Parlett; Cassell 1881"),
    Option("dealer_ante", "Dealer's ante (0 = same as everyone)", "int", low=0, high=1000,
           source="Hoyle 1847: dealer 6, others 4; Britannica 1911: dealer double",
           help="The dealer pays this instead of the ordinary ante."),
    Option("starting_chips", "Starting chips", "int", low=1, high=100000, source="Parlett"),
    Option("max_hands", "Hands in the match (0 = until one player has every chip)", "int",
           low=0, high=1000, source="project default"),
    Option("sale_methods", "Ways a card may be sold", "set", choices=SALE_METHODS,
           source="Parlett: any; Hoyle 1847 and Britannica: auction"),
    Option("negotiation_rounds", "Offers each side may make in a haggle", "int", low=1, high=10,
           source="project default (bounds every negotiation)"),
    Option("auction_seller_may_refuse", "Seller may refuse the top bid", "bool",
           source="house rule"),
    Option("resume_after_sale", "Who turns the next card after a trump is settled", "choice",
           choices=("owner_left", "continue"),
           source="Hoyle 1847, Cassell: left of the owner; Squareman 1916, Britannica: rotation carries on"),
    Option("holder_skipped", "The holder of the best trump skips turns", "bool",
           source="Parlett, Hoyle, Britannica; off: Squareman, Cassell"),
    Option("dealer_waits", "Dealer may not turn a card until the upcard is beaten", "bool",
           source="Britannica 1911"),
    Option("facedown_buying", "Buying face-down cards between turns", "choice",
           choices=("one", "many", "off"),
           source="Parlett: one at a time; Britannica: several; Hoyle 1847: not mentioned (off)"),
    Option("no_trump", "When no player's card is a trump", "choice",
           choices=("upcard_wins", "carry_over"),
           source="Parlett, Squareman: upcard's owner wins; Hoyle 1847: pot carries over"),
    Option("pool_owns_upcard", "The pool owns the upcard (not for sale)", "bool",
           source="Peel 1891"),
    Option("dead_hand", "Deal a spare, unowned hand; should it hold the top trump, the pot stays "
           "for the next deal",
           "bool", source="Peel 1891; Wikipedia"),
    Option("jack_five_penalty", "A jack or five, once face up, costs its owner one chip into the pot",
           "bool", source="Peel 1891; Wikipedia"),
    Option("deck", "Shuffling", "choice", choices=("fresh", "deal_through"),
           source="Parlett: fresh shuffle; Britannica: deal through the pack"),
    Option("next_dealer", "Next dealer", "choice", choices=("winner", "left"),
           source="Parlett: the winner; round-game custom: passes left"),
    Option("show_at_end", "Turn up every unseen card at the end of a hand", "bool",
           source="project default (they cannot change the result)"),
    Option("pack_ranks", "Ranks per suit (13 = full pack; fewer for small test packs)", "int",
           low=2, high=13, source="testing aid"),
)

_OPTION_BY_NAME = {o.name: o for o in OPTIONS}


@dataclass(frozen=True, slots=True)
class Rules:
    """All options of a match. Build with ``Rules(...)``, ``Rules.from_dict`` or ``preset``;
    an impossible value or combination raises ``RulesError`` naming the option."""

    ante: int = 4
    dealer_ante: int = 0
    starting_chips: int = 100
    max_hands: int = 0
    sale_methods: tuple[str, ...] = SALE_METHODS
    negotiation_rounds: int = 3
    auction_seller_may_refuse: bool = False
    resume_after_sale: str = "owner_left"
    holder_skipped: bool = True
    dealer_waits: bool = False
    facedown_buying: str = "one"
    no_trump: str = "upcard_wins"
    pool_owns_upcard: bool = False
    dead_hand: bool = False
    jack_five_penalty: bool = False
    deck: str = "fresh"
    next_dealer: str = "winner"
    show_at_end: bool = True
    pack_ranks: int = 13

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def pack_size(self) -> int:
        return 4 * self.pack_ranks

    def ante_for(self, is_dealer: bool) -> int:
        """What a player antes: the dealer's ante when one is set.

        >>> preset("hoyle1847").ante_for(True), preset("hoyle1847").ante_for(False)
        (6, 4)
        """
        return self.dealer_ante if (is_dealer and self.dealer_ante) else self.ante

    @property
    def offers_per_window(self) -> int:
        """How many purchase offers one player may open in one market window."""
        return {"off": 0, "one": 1, "many": 3}[self.facedown_buying]

    def check_players(self, count: int) -> None:
        """Raise ``RulesError`` unless ``count`` players fit this pack and these options."""
        if not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise RulesError(ErrorCode.BAD_PLAYERS, f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} players "
                             f"(got {count})", "players")
        need = 3 * count + 1 + (3 if self.dead_hand else 0)
        if need > self.pack_size:
            raise RulesError(ErrorCode.BAD_PLAYERS,
                             f"{count} players need {need} cards but the pack has {self.pack_size}",
                             "pack_ranks")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict of every option."""
        return {k: _json_value(v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: Any, base: Rules | None = None) -> Rules:
        """Options from JSON: unknown names and wrong types are refused with a clear message."""
        if not isinstance(data, dict):
            raise RulesError(ErrorCode.BAD_RULES, "rules must be an object of option names and values")
        base = base or cls()
        values: dict[str, Any] = {}
        for name, value in data.items():
            opt = _OPTION_BY_NAME.get(name) if isinstance(name, str) else None
            if opt is None:
                raise RulesError(ErrorCode.UNKNOWN_OPTION, f"unknown rule option {str(name)[:40]!r}",
                                 str(name)[:40])
            values[name] = _coerce(opt, value)
        return replace(base, **values)

    def differences(self) -> dict[str, Any]:
        """Only the options that differ from the defaults (for compact records and links)."""
        default = Rules()
        return {f.name: _json_value(getattr(self, f.name)) for f in fields(self)
                if getattr(self, f.name) != getattr(default, f.name)}


def _json_value(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v


def _coerce(opt: Option, value: Any) -> Any:
    if opt.kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(ErrorCode.BAD_OPTION, f"{opt.name} must be true or false", opt.name)
        return value
    if opt.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(ErrorCode.BAD_OPTION, f"{opt.name} must be a whole number", opt.name)
        return value
    if opt.kind == "choice":
        if value not in opt.choices:
            raise RulesError(ErrorCode.BAD_OPTION,
                             f"{opt.name} must be one of {', '.join(opt.choices)}", opt.name)
        return value
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise RulesError(ErrorCode.BAD_OPTION, f"{opt.name} must be a list of names", opt.name)
    return tuple(value)


def _validate(r: Rules) -> None:
    for opt in OPTIONS:
        value = getattr(r, opt.name)
        if opt.kind == "int":
            lo = opt.low if opt.low is not None else value
            hi = opt.high if opt.high is not None else value
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise RulesError(ErrorCode.BAD_OPTION, f"{opt.name} must be a whole number from "
                                 f"{opt.low} to {opt.high} (got {value!r})", opt.name)
        elif opt.kind == "bool" and not isinstance(value, bool):
            raise RulesError(ErrorCode.BAD_OPTION, f"{opt.name} must be true or false", opt.name)
        elif opt.kind == "choice" and value not in opt.choices:
            raise RulesError(ErrorCode.BAD_OPTION, f"{opt.name} must be one of {', '.join(opt.choices)}"
                             f" (got {value!r})", opt.name)
    methods = r.sale_methods
    if not isinstance(methods, tuple) or any(m not in SALE_METHODS for m in methods) \
            or len(set(methods)) != len(methods) or tuple(sorted(methods)) != methods:
        raise RulesError(ErrorCode.BAD_OPTION, "sale_methods must be a sorted list without repeats drawn "
                         f"from {', '.join(SALE_METHODS)}", "sale_methods")
    if r.auction_seller_may_refuse and "auction" not in methods:
        raise RulesError(ErrorCode.INCOMPATIBLE_OPTIONS, "auction_seller_may_refuse needs 'auction' "
                         "among sale_methods", "auction_seller_may_refuse")
    if r.pool_owns_upcard and r.dealer_waits:
        raise RulesError(ErrorCode.INCOMPATIBLE_OPTIONS, "dealer_waits makes no sense when the pool owns "
                         "the upcard: the dealer never holds it", "dealer_waits")
    if not r.show_at_end and r.no_trump == "carry_over":
        raise RulesError(ErrorCode.INCOMPATIBLE_OPTIONS, "no_trump 'carry_over' needs show_at_end: whether "
                         "any player's card was a trump is only known when all are turned up",
                         "show_at_end")
    if not r.show_at_end and r.dead_hand:
        raise RulesError(ErrorCode.INCOMPATIBLE_OPTIONS, "dead_hand needs show_at_end: the dead hand must "
                         "be turned up to know if it holds the winning trump", "show_at_end")
    if r.starting_chips < r.ante_for(True) or r.starting_chips < r.ante:
        raise RulesError(ErrorCode.INCOMPATIBLE_OPTIONS, "starting_chips must cover the first ante",
                         "starting_chips")


@dataclass(frozen=True, slots=True)
class Preset:
    id: str
    name: str
    description: str
    rules: Rules

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "description": self.description,
                "rules": self.rules.differences()}


PRESETS: dict[str, Preset] = {p.id: p for p in (
    Preset("parlett", "Parlett (modern standard)",
           "David Parlett's reconstruction: equal antes, any way of selling, one face-down "
           "purchase at a time between turns, a fresh shuffle every hand.", Rules()),
    Preset("hoyle1847", "Hoyle 1847",
           "As printed in Hoyle's Games (1847): the dealer antes 6 and the others 4, cards are "
           "sold only by auction, nobody buys face-down cards, the pot carries over when no "
           "player holds a trump, and the pack is dealt through.",
           Rules(dealer_ante=6, sale_methods=("auction",), facedown_buying="off",
                 no_trump="carry_over", deck="deal_through")),
    Preset("victorian", "Victorian parlour",
           "Parlett's game with two of Peel's (1891) additions: a jack or five costs its owner "
           "a chip, and a dead hand can swallow the pot into the next deal.",
           Rules(jack_five_penalty=True, dead_hand=True)),
)}


def preset(name: str) -> Rules:
    """The rules of a named preset: ``parlett``, ``hoyle1847`` or ``victorian``."""
    try:
        return PRESETS[name].rules
    except (KeyError, TypeError):
        raise RulesError(ErrorCode.UNKNOWN_PRESET, f"unknown preset {str(name)[:40]!r}; choose one of "
                         f"{', '.join(PRESETS)}", "preset") from None
