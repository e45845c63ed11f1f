"""``python -m speculation_lab tournament …``: the tournaments of ``speculation_lab.tournament``.

>>> main(["tournament", "--help"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
SystemExit: 0
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] != ["tournament"]:
        print("usage: python -m speculation_lab tournament --lineup A,B,… --deals N --seed S "
              "[--json] [--jobs K] (docs/ai-strength.md)", file=sys.stderr)
        return 2
    from .tournament import main as tournament_main

    return tournament_main(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
