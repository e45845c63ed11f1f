"""Shared helpers for the bot tests: games driven to random points, and the import path."""

from __future__ import annotations

import sys
from pathlib import Path

PY = Path(__file__).resolve().parent.parent.parent / "py"
if str(PY) not in sys.path:  # a plain checkout without PYTHONPATH=py or an installed package
    sys.path.append(str(PY))
