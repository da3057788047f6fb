"""The browser test's gate: skipped with a how-to on a developer's machine, mandatory in CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from .browser_gate import browser_missing_reason


def test_present_browser_runs(tmp_path: Path) -> None:
    chromium = tmp_path / "chromium"
    chromium.write_text("")
    assert browser_missing_reason(chromium, {"CI": "true"}) is None
    assert browser_missing_reason(chromium, {}) is None


def test_missing_browser_skips_with_how_to_enable(tmp_path: Path) -> None:
    reason = browser_missing_reason(tmp_path / "chromium", {})
    assert reason is not None
    assert "apt-get install -y chromium" in reason and "missing" in reason


@pytest.mark.parametrize(
    "env", [{"CI": "true"}, {"CI": "1"}, {"CI": "TRUE"}, {"PAGE_CLUSTER_REQUIRE_E2E": "1"}]
)
def test_missing_browser_is_an_error_in_ci(tmp_path: Path, env: dict[str, str]) -> None:
    with pytest.raises(RuntimeError, match="CI requires it"):
        browser_missing_reason(tmp_path / "chromium", env)


def test_explicit_skip_wins_and_ci_false_skips(tmp_path: Path) -> None:
    missing = tmp_path / "chromium"
    assert browser_missing_reason(missing, {"PAGE_CLUSTER_SKIP_E2E": "1", "CI": "true"}) == (
        "PAGE_CLUSTER_SKIP_E2E=1 was set"
    )
    assert browser_missing_reason(missing, {"CI": "false"}) is not None
