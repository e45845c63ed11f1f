"""The host's commitment to a deal: its bytes, its hash and the salt, with nothing else imported.

A leaf of the engine (the standard library only), so that ``records`` can check a record's salt
and ``fairplay`` can replay records without the two importing each other (issue 46).

The committed bytes are the ASCII text ``"<seed>:<salt>"`` (the seed in decimal, the salt as 32
lowercase hex digits), followed by ``":<decks>"`` when the match has fixed deck orders
(``<decks>`` lists each deck's cards as in records, ``"QH"``, joined by ``","``, the decks
joined by ``"/"``).

>>> commitment_bytes(5, "00" * 16)
b'5:00000000000000000000000000000000'
>>> commitment(5, "00" * 16) == hashlib.sha256(b"5:" + b"0" * 32).hexdigest()
True
>>> commitment_bytes(7, "ab" * 16, [["QH", "TS"], ["2C"]]).endswith(b"abab:QH,TS/2C")
True
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from typing import Any, TypeGuard

SALT_BYTES = 16
SCHEME = "sha256:seed:salt:decks/v1"  # the name of the byte string above, sent with the hash
_SALT = re.compile(r"[0-9a-f]{32}")
_HASH = re.compile(r"[0-9a-f]{64}")


def new_salt() -> str:
    """A fresh salt: 16 random bytes from ``secrets``, as 32 lowercase hex digits.

    >>> s = new_salt(); len(s), is_salt(s), s == new_salt()
    (32, True, False)
    """
    return secrets.token_bytes(SALT_BYTES).hex()


def is_salt(value: Any) -> TypeGuard[str]:
    """Whether ``value`` is a salt as records carry it: 32 lowercase hex digits.

    >>> is_salt("ab" * 16), is_salt("AB" * 16), is_salt(7)
    (True, False, False)
    """
    return isinstance(value, str) and _SALT.fullmatch(value) is not None


def is_commitment(value: Any) -> TypeGuard[str]:
    """Whether ``value`` has the form of a commitment: 64 lowercase hex digits."""
    return isinstance(value, str) and _HASH.fullmatch(value) is not None


def commitment_bytes(seed: int, salt: str, decks: Sequence[Sequence[str]] = ()) -> bytes:
    """The bytes the commitment hashes (see the module docstring)."""
    text = f"{seed}:{salt}"
    if decks:
        text += ":" + "/".join(",".join(deck) for deck in decks)
    return text.encode("ascii")


def commitment(seed: int, salt: str, decks: Sequence[Sequence[str]] = ()) -> str:
    """The SHA-256, in hex, of ``commitment_bytes``."""
    return hashlib.sha256(commitment_bytes(seed, salt, decks)).hexdigest()
