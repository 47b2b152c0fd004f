#!/usr/bin/env python3
"""Fails when the modules of a Rust crate in crates/ import each other in a cycle
(docs/architecture.md#layers). `just lint` runs it; the frontend's cycles are eslint's
`import-x/no-cycle`.

A module is a file (`lib.rs`, `a.rs`, `a/mod.rs`, `a/b.rs`). A module depends on another when it
names it, or something in it, by a `crate::`, `self::` or `super::` path, in a `use` or in code.
A module naming its own descendants does not count: a parent declares its children and may
re-export or mount them; a child naming its parent's helpers is a dependency like any other, and
two children naming each other, directly or through others, is a cycle. Test modules
(`#[cfg(test)]`) are left out: they depend on what they test.

    tools/check-cycles.py            # every crate under crates/
    tools/check-cycles.py crates/http

Exit status 0 when no crate has a cycle, 1 otherwise (each cycle printed as a chain of files).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
# The start of a local path: `crate::`, `self::` or one or more `super::`.
START = re.compile(r"(?<![A-Za-z0-9_:])((?:crate|self)::|(?:super::)+)")


def strip(text: str) -> str:
    """The code without comments, string literals and test modules."""
    text = re.sub(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{.*", "", text, flags=re.S)
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text.startswith('r#"', i) or text.startswith('r"', i):
            hashes = 1 if text[i + 1] == "#" else 0
            end = '"' + "#" * hashes
            j = text.find(end, i + 2 + hashes)
            i = n if j < 0 else j + len(end)
            out.append('""')
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append('""')
        elif c == "'" and i + 2 < n and (text[i + 1] == "\\" or text[i + 2] == "'"):
            # A char literal ('a', '\n', '\''); lifetimes ('a) are left alone.
            j = text.find("'", i + 2 if text[i + 1] == "\\" else i + 1)
            if text[i + 1] == "\\" and text[i + 2] == "'":
                j = text.find("'", i + 3)
            i = n if j < 0 else j + 1
            out.append("' '")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def group_items(text: str, i: int) -> tuple[list[str], int]:
    """The top-level items of the `{...}` group starting at text[i] == '{', and the index after it."""
    depth, start, items = 0, i + 1, []
    j = i
    while j < len(text):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                items.append(text[start:j])
                return [s.strip() for s in items if s.strip()], j + 1
        elif text[j] == "," and depth == 1:
            items.append(text[start:j])
            start = j + 1
        j += 1
    return [], len(text)


def expand(path: str) -> list[list[str]]:
    """`a::{b::C, d}` -> [[a, b, C], [a, d]]; `a::b as c` -> [[a, b]]."""
    path = re.sub(r"\s+as\s+\w+$", "", path.strip())
    brace = path.find("{")
    if brace < 0:
        return [[p for p in path.split("::") if p and p != "*"]]
    head = [p for p in path[:brace].split("::") if p]
    items, _ = group_items(path, brace)
    return [head + rest for item in items for rest in expand(item)] or [head]


def references(code: str) -> list[tuple[str, list[str]]]:
    """Every local path in `code`: (its start, its segments after the start)."""
    found = []
    for m in START.finditer(code):
        i = m.end()
        # The path: identifiers and `::`, possibly ending in a `{...}` group.
        j = i
        while True:
            ident = re.match(IDENT, code[j:])
            if ident:
                j += ident.end()
                if code.startswith("::", j):
                    j += 2
                    continue
                break
            if j < len(code) and code[j] == "{":
                _, j = group_items(code, j)
            break
        for segments in expand(code[i:j]):
            found.append((m.group(1), segments))
    return found


def module_of(src: Path, file: Path) -> tuple[str, ...]:
    rel = file.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("lib", "main", "mod"):
        parts.pop()
    return tuple(parts)


def check(crate_src: Path) -> list[tuple[list[tuple[str, ...]], list[str]]]:
    files = {module_of(crate_src, f): f for f in crate_src.rglob("*.rs")}
    if () not in files:
        return []
    edges: dict[tuple[str, ...], set[tuple[str, ...]]] = {m: set() for m in files}
    for module, file in files.items():
        for start, segments in references(strip(file.read_text(encoding="utf-8"))):
            if start == "crate::":
                base: tuple[str, ...] = ()
            else:
                ups = start.count("super::")
                base = module[: len(module) - ups] if ups <= len(module) else ()
            full = base + tuple(segments)
            target = max((full[:k] for k in range(len(full) + 1) if full[:k] in files), key=len)
            # Naming oneself or one's own descendants is structure, not a dependency.
            if target[: len(module)] != module:
                edges[module].add(target)
    return cycles(edges, files, crate_src)


def cycles(edges, files, crate_src: Path):
    """One cycle per strongly connected component with more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append((sorted(component), chain(sorted(component), edges, files, crate_src)))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def chain(component, edges, files, crate_src: Path) -> list[str]:
    """A shortest cycle through the component's first module, as file paths."""
    members, first = set(component), component[0]
    paths, queue = {first: [first]}, [first]
    while queue:
        v = queue.pop(0)
        for w in sorted(edges[v]):
            if w == first:
                return [str(files[m].relative_to(ROOT)) for m in paths[v] + [first]]
            if w in members and w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    return [str(files[m].relative_to(ROOT)) for m in component]


def main() -> int:
    targets = [Path(a).resolve() for a in sys.argv[1:]] or sorted((ROOT / "crates").glob("*"))
    failed = False
    for crate in targets:
        src = crate / "src"
        if not src.is_dir():
            continue
        for component, example in check(src):
            failed = True
            print(f"import cycle among {len(component)} modules of {crate.name}: " + ", ".join("::".join(m) or "lib" for m in component))
            print("  for example " + " -> ".join(example))
    if not failed:
        print(f"no import cycles in {len(targets)} crates")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
