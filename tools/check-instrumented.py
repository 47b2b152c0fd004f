#!/usr/bin/env python3
"""Every service entry point (a `pub async fn` of crates/application/src/services) carries
`#[tracing::instrument]`, so a request's log shows which service steps it went through
(docs/architecture.md#observability). Fails listing the functions without it."""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent / "crates" / "application" / "src" / "services"
ENTRY = re.compile(r"^    pub async fn (\w+)")


def entry_points(path):
    lines = path.read_text().split("\n")
    for i, line in enumerate(lines):
        if line.startswith("#[cfg(test)]"):
            return
        found = ENTRY.match(line)
        if not found:
            continue
        # The attributes and doc comments right above the function.
        j, attributes = i - 1, []
        while j >= 0 and lines[j].startswith("    ") and not lines[j].strip().endswith(("{", "}", ";")) and lines[j].strip():
            attributes.append(lines[j])
            j -= 1
        yield found.group(1), i + 1, any("tracing::instrument" in a for a in attributes)


def main():
    missing, total = [], 0
    for path in sorted(ROOT.rglob("*.rs")):
        if path.name in ("tests.rs", "test_fixtures.rs") or "tests" in path.parts[len(ROOT.parts):-1]:
            continue
        for name, line, instrumented in entry_points(path):
            total += 1
            if not instrumented:
                missing.append(f"{path.relative_to(ROOT.parent.parent.parent.parent)}:{line}: {name}")
    if missing:
        print("service entry points without #[tracing::instrument(skip_all, fields(...))]:")
        print("\n".join(missing))
        sys.exit(1)
    print(f"instrumented: all {total} service entry points")


main()
