"""Data roots, the state folder and the listen address (no browser, no Streamlit)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.app_support.access import (
    AccessPolicy,
    inside,
    is_local_address,
    listen_problem,
    policy_from,
)
from page_cluster.app_support.sources import LoadError


@pytest.fixture
def policy(tmp_path: Path) -> AccessPolicy:
    root = tmp_path / "crawls"
    (root / "site").mkdir(parents=True)
    (root / "site" / "a.jsonl").write_text("{}\n")
    state = tmp_path / "state"
    state.mkdir()
    return AccessPolicy((root,), state)


def test_paths_inside_a_root_resolve(policy: AccessPolicy) -> None:
    root = policy.data_roots[0]
    assert policy.crawl_path(str(root / "site" / "a.jsonl")) == (root / "site" / "a.jsonl")
    assert policy.crawl_path("site/a.jsonl") == root / "site" / "a.jsonl"  # relative: first root
    assert policy.crawl_path(str(root)) == root


@pytest.mark.parametrize(
    "text", ["/etc/", "/etc/passwd", "../", "site/../../", "site/../../state/x", "~"]
)
def test_paths_outside_every_root_are_refused(policy: AccessPolicy, text: str) -> None:
    with pytest.raises(LoadError, match="outside the folders this app may read"):
        policy.crawl_path(text)


def test_a_symlink_out_of_a_root_is_refused(policy: AccessPolicy, tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (policy.data_roots[0] / "escape").symlink_to(secret)
    with pytest.raises(LoadError, match="--data-root"):
        policy.crawl_path(str(policy.data_roots[0] / "escape"))


def test_a_sibling_with_a_common_prefix_is_not_inside(tmp_path: Path) -> None:
    assert not inside(tmp_path / "crawls-old" / "x", [tmp_path / "crawls"])
    assert inside(tmp_path / "crawls" / "x", [tmp_path / "crawls"])


def test_bundled_files_are_always_readable(policy: AccessPolicy, tmp_path: Path) -> None:
    sample = tmp_path / "app" / "sample.jsonl"
    sample.parent.mkdir()
    sample.write_text("{}\n")
    with pytest.raises(LoadError):
        policy.crawl_path(str(sample))
    allowed = AccessPolicy(policy.data_roots, policy.state_dir, bundled=(sample,))
    assert allowed.crawl_path(str(sample)) == sample


def test_decision_files_stay_in_the_state_folder(policy: AccessPolicy) -> None:
    state = policy.state_dir
    assert policy.decisions_path("team.sqlite3") == state / "team.sqlite3"
    assert policy.decisions_path(str(state / "sub" / "d.sqlite3")) == state / "sub" / "d.sqlite3"
    for outside in ("/tmp/x.sqlite3", "../x.sqlite3", "sub/../../x.sqlite3", str(state), " "):
        with pytest.raises(ValueError):
            policy.decisions_path(outside)


def test_policy_from_arguments_and_environment(tmp_path: Path) -> None:
    env = {
        "PAGE_CLUSTER_DATA_ROOTS": os.pathsep.join(["/data/one", "", "rel"]),
        "PAGE_CLUSTER_STATE_DIR": str(tmp_path / "st"),
    }
    p = policy_from(env, ["app.py", "--data-root", "/data/two", "--other"], tmp_path, home=tmp_path)
    assert p.data_roots == (
        tmp_path,
        Path("/data/two"),
        Path("/data/one"),
        tmp_path / "rel",
    )
    assert p.state_dir == tmp_path / "st" and not p.allow_remote
    assert policy_from({}, ["--allow-remote"], tmp_path, home=tmp_path).allow_remote
    assert policy_from({"PAGE_CLUSTER_ALLOW_REMOTE": "1"}, [], tmp_path, home=tmp_path).allow_remote
    default = policy_from({}, [], tmp_path, home=tmp_path / "home")
    assert default.data_roots == (tmp_path,)
    assert default.state_dir == tmp_path / "home" / ".page-cluster"


def test_listen_addresses() -> None:
    for local in ("localhost", "127.0.0.1", "::1", "LOCALHOST "):
        assert is_local_address(local) and listen_problem(local, False) is None
    for remote in ("0.0.0.0", "", None, "192.168.1.5", "::"):
        assert not is_local_address(remote)
        level, message = listen_problem(remote, False)
        assert level == "error" and "--allow-remote" in message
        level, message = listen_problem(remote, True)
        assert level == "warning" and "no login" in message


_path_text = st.lists(
    st.sampled_from([*"ab./~\\ \x00é", "..", "/..", "../", "//", "/etc", "~root"]), max_size=12
).map("".join)


@settings(max_examples=200, deadline=None)
@given(text=_path_text)
def test_any_typed_path_is_either_refused_or_inside_a_root(text: str) -> None:
    """Whatever is typed, a path the policy accepts resolves inside a data root."""
    root = Path(__file__).resolve().parent
    policy = AccessPolicy((root,), root / ".state")
    try:
        resolved = policy.crawl_path(text)
    except LoadError:
        return
    assert Path(os.path.realpath(resolved)).is_relative_to(root)


@settings(max_examples=200, deadline=None)
@given(text=_path_text)
def test_any_decisions_name_is_either_refused_or_in_the_state_folder(text: str) -> None:
    state = Path(__file__).resolve().parent / ".state"
    policy = AccessPolicy((state.parent,), state)
    try:
        resolved = policy.decisions_path(text)
    except ValueError:
        return
    assert resolved.is_relative_to(Path(os.path.realpath(state))) and resolved != state
