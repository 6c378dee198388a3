"""Hypothesis profiles: CI runs the same examples every time; exploring finds new ones.

The default profile, ``ci``, derandomizes the property tests so a run on a fresh machine
is reproducible (a red CI always reproduces locally). Set ``HYPOTHESIS_PROFILE=explore``
to draw new random examples, as the fuzz scripts in ``tests/fuzz/`` do for longer runs.

The Gradescope autograders' session fixtures (``tests/gradescope_harness.py``) are made
available here, so that the tests of both kinds of autograder share one set-up
environment.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from gradescope_harness import autograder_zip, gradescope_root  # noqa: F401 (fixtures)
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="module")
def chromium_browser() -> Iterator[Any]:
    """Headless Chromium (``tests/jupyterlab.chromium``) for a module's browser tests,
    skipped with the reason where selenium, chromium or chromedriver is missing."""
    pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from tests.jupyterlab import binaries, chromium

    if binaries() is None:
        pytest.skip(
            "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        )
    driver = chromium()
    yield driver
    driver.quit()
