"""Whether the browser test can run on this machine, and what to do when it cannot."""

from __future__ import annotations

from pathlib import Path

#: Debian's chromium: the browser the end-to-end test drives (none is downloaded).
CHROMIUM = Path("/usr/bin/chromium")


def browser_missing_reason(chromium: Path, env: dict[str, str]) -> str | None:
    """Why the browser test cannot run here (``None`` when it can).

    A developer's machine without Debian's chromium skips it with how to enable
    it; under CI (``CI`` set to a true value) or with ``PAGE_CLUSTER_REQUIRE_E2E=1``
    a missing browser is an error instead, so the test never silently vanishes.
    """
    if chromium.exists():
        return None
    if env.get("PAGE_CLUSTER_SKIP_E2E") == "1":
        return "PAGE_CLUSTER_SKIP_E2E=1 was set"
    required = env.get("CI", "").lower() in {"1", "true", "yes"} or (
        env.get("PAGE_CLUSTER_REQUIRE_E2E") == "1"
    )
    how = (
        f"{chromium} is missing: install Debian's chromium "
        "(sudo apt-get install -y chromium) to run the browser test"
    )
    if required:
        raise RuntimeError(how + " (CI requires it; .ci/run installs it)")
    return how
