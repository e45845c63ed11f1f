"""Personalities: how a bot feels about risk, haggles and buys sight unseen.

Named after the speculation table at the Grants' parsonage (*Mansfield Park*, chapter 25). A
personality never changes how well a bot reads the odds (that is its level); it changes what the
bot wants: ``rho`` is the risk coefficient of its utility (per pot: > 0 cautious, < 0 bold),
``concession`` shapes its haggling (below 1 holds out to the last round, above 1 gives way early),
``opening`` is how far from its limit it opens a haggle, ``appetite`` is its chance of making an
offer for a face-down card when a market window gives it the chance, ``methods`` lists the ways
it likes to sell, favourite first, and ``passive`` is its chance of simply keeping a card rather
than selling it.

>>> PERSONALITIES["mary"].rho < 0 < PERSONALITIES["fanny"].rho
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Personality:
    """A bot's tastes (see the module docstring)."""

    id: str
    name: str
    description: str
    rho: float
    concession: float
    opening: float
    appetite: float
    methods: tuple[str, ...]
    passive: float = 0.0


PERSONALITIES: dict[str, Personality] = {p.id: p for p in (
    Personality("edmund", "Edmund", "Even-handed: prices every card at its worth and sells by "
                "auction.", rho=0.0, concession=1.0, opening=0.25, appetite=0.5,
                methods=("auction", "firm", "negotiation")),
    Personality("mary", "Mary", "Bold and fond of a gamble: pays over the odds for a strong "
                "card and bids eagerly.", rho=-0.8, concession=1.5, opening=0.2, appetite=0.8,
                methods=("auction", "negotiation", "firm")),
    Personality("fanny", "Fanny", "Prudent: happy to sell a risky card for safe chips, seldom "
                "buys sight unseen.", rho=1.2, concession=0.6, opening=0.3, appetite=0.15,
                methods=("firm", "auction", "negotiation")),
    Personality("henry", "Henry", "A born trader: haggles hard, holds out to the last round and "
                "loves buying face-down cards.", rho=0.0, concession=0.35, opening=0.45,
                appetite=0.95, methods=("negotiation", "firm", "auction")),
    Personality("lady_bertram", "Lady Bertram", "Placid: mostly keeps what she has and gives way "
                "quickly when pressed.", rho=0.4, concession=2.5, opening=0.1, appetite=0.05,
                methods=("firm", "auction", "negotiation"), passive=0.6),
    Personality("william", "William", "Eager young sailor: a little reckless, likes a lively "
                "auction and a quick bargain.", rho=-0.3, concession=1.8, opening=0.15,
                appetite=0.6, methods=("auction", "firm", "negotiation")),
)}
