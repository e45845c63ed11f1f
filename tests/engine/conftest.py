"""Hypothesis profiles for the engine's property and fuzz tests.

``default``: quick local runs. ``ci``: selected when the CI environment variable is set; more
examples, no deadline (the machine is shared), derandomized so a red build is reproducible from
its log. Choose one by hand with ``HYPOTHESIS_PROFILE=ci``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

PY = Path(__file__).resolve().parent.parent.parent / "py"
if str(PY) not in sys.path:  # a plain checkout without PYTHONPATH=py or an installed package
    sys.path.append(str(PY))

_SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile("default", max_examples=40, deadline=None,
                          suppress_health_check=_SLOW_OK)
# CI: the same number of examples as a developer's run, derandomized (a failure there repeats
# exactly); 100 examples made every property test two and a half times longer on CI's two cores
# (run HYPOTHESIS_PROFILE=thorough for a long search).
settings.register_profile("ci", max_examples=40, deadline=None, derandomize=True,
                          suppress_health_check=_SLOW_OK, print_blob=True)
settings.register_profile("thorough", max_examples=1000, deadline=None,
                          suppress_health_check=_SLOW_OK)

IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if IN_CI else "default"))
