"""The second half of the peer-connection tests of tests/netns/, each in a loopback-only network
namespace of its own (how, and why: tests/browser/test_netns.py). A module of its own only so
that pytest-xdist, which gives each worker whole modules, runs the two halves side by side."""

from __future__ import annotations

import pytest
from test_netns import inner_part
from test_netns import test_peer_connections_in_a_loopback_only_namespace as run_inner

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("inner_test", inner_part(1), ids=lambda t: t.rsplit("::", 1)[1])
def test_peer_connections_in_a_loopback_only_namespace_b(site_dir, inner_test):
    """One inner test in a namespace of its own (test_netns.py's)."""
    run_inner(site_dir, inner_test)
