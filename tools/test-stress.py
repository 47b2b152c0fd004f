#!/usr/bin/env python3
"""Runs a test suite N times in a row while `stress-ng` keeps every core busy, and prints each
failure by test with the runs it failed in (docs/testing.md#flakes).

    tools/test-stress.py [--runs N] [--suite e2e|rust|rust-postgres] [--cpu K] [--no-load]

- e2e: the browser journeys (`npx playwright test` in e2e/, after `just frontend-build` and the
  debug server build that `just test-e2e` does).
- rust: `cargo test --workspace` on SQLite; rust-postgres: the same on the PostgreSQL server at
  MANDIR_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test).

Exit status 0 when every run passed, 1 otherwise. Each run's full output is kept under
target/test-stress/<suite>-<n>.log.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "target" / "test-stress"


def ensure_stress_ng() -> str:
    found = shutil.which("stress-ng")
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("--- installing stress-ng (Debian package)", flush=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "stress-ng"], check=False,
                       stdout=subprocess.DEVNULL, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        if not shutil.which("stress-ng"):
            subprocess.run(["apt-get", "update", "-qq"], check=False)
            subprocess.run(["apt-get", "install", "-y", "-qq", "stress-ng"], check=True,
                           stdout=subprocess.DEVNULL, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        return shutil.which("stress-ng") or sys.exit("stress-ng could not be installed")
    sys.exit("stress-ng is missing: install it (Debian/Ubuntu: sudo apt-get install stress-ng), or pass --no-load")


def prepare(suite: str) -> None:
    just = shutil.which("just") or sys.exit("just is missing (cargo install just)")
    if suite == "e2e":
        subprocess.run([just, "frontend-build"], cwd=REPO, check=True)
        subprocess.run(["cargo", "test", "--workspace", "--locked", "--no-run"], cwd=REPO, check=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=REPO / "e2e", check=True,
                       env={**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1"})
    else:
        subprocess.run(["cargo", "test", "--workspace", "--locked", "--no-run"], cwd=REPO, check=True)


def run_once(suite: str, n: int) -> tuple[bool, list[str], float]:
    """Runs the suite once; answers (passed, failed test names, seconds)."""
    log = OUT / f"{suite}-{n}.log"
    env = dict(os.environ)
    started = time.monotonic()
    if suite == "e2e":
        report = OUT / f"{suite}-{n}.json"
        env.update({"PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1", "PLAYWRIGHT_JSON_OUTPUT_NAME": str(report)})
        # Each run keeps its own failure screenshots, traces and console logs.
        results = OUT / f"{suite}-{n}-results"
        with log.open("w") as out:
            proc = subprocess.run(["npx", "playwright", "test", "--reporter=list,json", f"--output={results}"],
                                  cwd=REPO / "e2e", env=env, stdout=out, stderr=subprocess.STDOUT)
        failed = e2e_failures(report) if report.exists() else ["(no report: see the log)"]
    else:
        if suite == "rust-postgres":
            env["MANDIR_TEST_DATABASE_URL"] = os.environ.get(
                "MANDIR_TEST_PG_URL", "postgres://postgres@127.0.0.1:5432/test")
        with log.open("w") as out:
            proc = subprocess.run(["cargo", "test", "--workspace", "--locked", "--no-fail-fast"], cwd=REPO,
                                  env=env, stdout=out, stderr=subprocess.STDOUT)
        failed = sorted(set(re.findall(r"^test (\S+) \.\.\. FAILED$", log.read_text(errors="replace"), re.M)))
        if proc.returncode != 0 and not failed:
            failed = ["(the run failed outside a test: see the log)"]
    return proc.returncode == 0 and not failed, failed, time.monotonic() - started


def e2e_failures(report: Path) -> list[str]:
    data = json.loads(report.read_text())
    failed: list[str] = []

    def walk(suite: dict, trail: list[str]) -> None:
        for spec in suite.get("specs", []):
            for t in spec.get("tests", []):
                if t.get("status") not in ("expected", "skipped"):
                    failed.append(f"[{t.get('projectName')}] {spec.get('file')}:{spec.get('line')} › "
                                  f"{' › '.join([*trail, spec.get('title', '')])}")
        for child in suite.get("suites", []):
            walk(child, [*trail, child.get("title", "")])

    for file_suite in data.get("suites", []):  # one per spec file; nested ones are describe blocks
        walk(file_suite, [])
    return failed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--suite", choices=["e2e", "rust", "rust-postgres"], default="e2e")
    ap.add_argument("--cpu", type=int, default=os.cpu_count() or 2, help="stress-ng CPU workers (default: one per core)")
    ap.add_argument("--no-load", action="store_true", help="run without stress-ng")
    ap.add_argument("--no-build", action="store_true", help="skip the build step")
    args = ap.parse_args()

    OUT.mkdir(parents=True, exist_ok=True)
    if not args.no_build:
        prepare(args.suite)
    load = None
    if not args.no_load:
        load = subprocess.Popen([ensure_stress_ng(), "--cpu", str(args.cpu), "--quiet"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(f"--- load: stress-ng --cpu {args.cpu} (pid {load.pid})", flush=True)
    by_test: dict[str, list[int]] = defaultdict(list)
    results: list[tuple[int, bool, float]] = []
    try:
        for n in range(1, args.runs + 1):
            print(f"--- {args.suite} run {n} of {args.runs}", flush=True)
            ok, failed, secs = run_once(args.suite, n)
            results.append((n, ok, secs))
            for name in failed:
                by_test[name].append(n)
            print(f"    {'passed' if ok else 'FAILED'} in {secs:.0f} s" + (f": {len(failed)} failing" if failed else ""), flush=True)
    finally:
        if load:
            load.terminate()
            load.wait()

    passed = sum(1 for _, ok, _ in results if ok)
    print(f"\n=== {args.suite}: {passed} of {len(results)} runs passed"
          f"{' under stress-ng --cpu ' + str(args.cpu) if load else ''}"
          f" ({', '.join(f'{s:.0f} s' for _, _, s in results)})")
    if by_test:
        print("failures by test (runs):")
        for name, runs in sorted(by_test.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"  {len(runs)}x  {name}  (runs {', '.join(map(str, runs))})")
        print(f"logs: {OUT}")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
