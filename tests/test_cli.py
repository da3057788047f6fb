"""End-to-end tests of the ``page-cluster`` command (a real subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from .conftest import SAMPLE, readme_pages

CMD = [sys.executable, "-m", "page_cluster"]


def run(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(CMD + args, input=stdin, capture_output=True, timeout=300)


def jsonl(*records) -> bytes:
    return b"".join(json.dumps(r).encode() + b"\n" for r in records)


def test_sample_one_line_per_page_in_input_order():
    data = SAMPLE.read_bytes()
    res = run([], data)
    assert res.returncode == 0, res.stderr
    out = [json.loads(line) for line in res.stdout.decode().splitlines()]
    ids = [json.loads(line)["id"] for line in data.decode().splitlines() if line.strip()]
    assert [o["id"] for o in out] == ids
    assert all(isinstance(o["clusterKey"], str) for o in out)
    err = res.stderr.decode()
    for token in (
        "[page-cluster] reading input pages...",
        "pass0:",
        "pass1:",
        "stage-b:",
        "done — ",
    ):
        assert token in err
    assert f"done — {len(ids)} pages in " in err


def test_readme_example_through_the_cli():
    res = run([], jsonl(*readme_pages()))
    keys = [json.loads(line)["clusterKey"] for line in res.stdout.decode().splitlines()]
    assert keys[0] == keys[1] != keys[2]


def test_ids_keep_their_json_type_and_fall_back_to_the_index():
    res = run(
        [],
        jsonl(
            {"id": 7, "html": "<p>a</p>"},
            {"id": "x", "html": "<p>b</p>"},
            {"html": "<p>c</p>"},
            {"id": None, "html": "<p>d</p>"},
        ),
    )
    ids = [json.loads(line)["id"] for line in res.stdout.decode().splitlines()]
    assert ids == [7, "x", 2, 3]


def test_empty_input_gives_empty_output():
    res = run([], b"")
    assert res.returncode == 0 and res.stdout == b""
    assert b"done" in res.stderr


@pytest.mark.parametrize(
    ("payload", "line", "needle"),
    [
        (b'{"html":"<p>a</p>"}\n{"html": oops}\n', 2, b"invalid JSON"),
        (b'{"html":"<p>a</p>"}\nnull\n', 2, b"expected a JSON object, got null"),
        (b'{"html":"<p>a</p>"}\n\n{"paths":["a"]}\n', 3, b"missing a string `html` field"),
        (b'{"html": 12}\n', 1, b"missing a string `html` field"),
        (b"[1,2]\n", 1, b"expected a JSON object, got an array"),
        (b'{"html":"<p>a</p>"}\n\xff\xfe\n', 2, b"invalid JSON"),
    ],
)
def test_bad_input_reports_the_line_and_writes_nothing(payload, line, needle):
    res = run([], payload)
    assert res.returncode != 0
    assert res.stdout == b""
    assert f"line {line}".encode() in res.stderr
    assert needle in res.stderr


def test_unknown_flag_and_missing_value_exit_2_with_usage():
    res = run(["--bogus"])
    assert res.returncode == 2 and b"usage: page-cluster" in res.stderr and res.stdout == b""
    res = run(["--content-block-attribute"])
    assert res.returncode == 2 and b"usage: page-cluster" in res.stderr


def test_help_and_version():
    res = run(["--help"])
    assert res.returncode == 0 and b"--content-block-attribute" in res.stdout
    assert run(["-h"]).stdout == res.stdout
    from page_cluster import __version__

    assert run(["-v"]).stdout.decode().strip() == __version__
    assert run(["--version"]).stdout.decode().strip() == __version__


def test_content_block_attribute_option():
    a = {
        "paths": ["p", "1"],
        "html": "<body><main><div data-bgb><table><tr><td>1</td></tr></table><p>x</p></div></main></body>",
    }
    b = {
        "paths": ["p", "2"],
        "html": "<body><main><div data-bgb><ul><li>y</li></ul><h2>t</h2></div></main></body>",
    }
    res = run(["--content-block-attribute", "data-bgb"], jsonl(a, b))
    keys = [json.loads(line)["clusterKey"] for line in res.stdout.decode().splitlines()]
    assert keys[0] == keys[1]


def test_commands_run_with_a_larger_collector_threshold_and_restore_it():
    import gc

    from page_cluster.cli.common import CLI_GC_THRESHOLD, run_entry

    before = gc.get_threshold()
    seen = []
    assert run_entry(lambda: seen.append(gc.get_threshold()) or 0) == 0
    assert seen == [CLI_GC_THRESHOLD]
    assert gc.get_threshold() == before


def test_console_entry_flushes_output_and_reports_before_its_quick_exit(tmp_path):
    # The command ends with os._exit once flushed: nothing may be lost on the way.
    report = tmp_path / "validation.json"
    res = subprocess.run(
        [sys.executable, "-m", "page_cluster", "--validation-file", str(report), str(SAMPLE)],
        capture_output=True,
        text=True,
    )
    assert res.returncode == 0
    lines = res.stdout.splitlines()
    assert len(lines) == sum(1 for line in SAMPLE.read_text().splitlines() if line.strip())
    assert all("clusterKey" in json.loads(line) for line in lines)
    assert json.loads(report.read_text())  # complete, valid JSON
    assert "done" in res.stderr.splitlines()[-1]


def test_console_entry_keeps_error_status_and_message():
    res = subprocess.run(
        [sys.executable, "-m", "page_cluster"],
        input='{"html": 5}\n',
        capture_output=True,
        text=True,
    )
    assert res.returncode == 1
    assert "missing a string `html` field" in res.stderr


def test_a_small_run_never_loads_scipy():
    # scipy.sparse costs about 0.13 s of CPU to import: more than clustering a
    # small site. It is loaded only for products too large to do densely.
    code = (
        "import sys\n"
        "from page_cluster.cli.main import main\n"
        f"rc = main(['--jobs', '2', {str(SAMPLE)!r}])\n"
        "print(rc, sorted(m for m in sys.modules if m.split('.')[0] == 'scipy')[:3],"
        " file=sys.stderr)\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert res.stderr.decode().splitlines()[-1] == "0 []"
    assert len(res.stdout.decode().splitlines()) == 273
