# Mandir task runner. `just run` and `just test` are the quick start (see README.md).
set shell := ["bash", "-euo", "pipefail", "-c"]

# PostgreSQL server for the second run of the Rust suite (each test creates its own database there).
pg_url := env_var_or_default("MANDIR_TEST_PG_URL", "postgres://postgres@127.0.0.1:5432/test")

# List the recipes.
default:
    @just --list

# Build the one-file server (`just dist`), load demo data, and serve on embedded SQLite.
run: dist
    ./target/release/mandir seed-demo
    @echo "Open the URL below. Demo admin login (first run): admin@mandir.local / mandir-admin (staff: treasurer@, frontdesk@, priest@, editor@, coordinator@mandir.local, same password)"
    ./target/release/mandir serve

# One file to deploy: target/release/mandir with the built frontend inside (docs/deploy.md);
# prints its size and checks that it serves the embedded frontend.
dist: frontend-build
    cargo build --release --locked -p mandir-server --features embed-frontend
    @echo "target/release/mandir: $(du -h target/release/mandir | cut -f1) ($(stat -c %s target/release/mandir) bytes)"
    tools/check-dist.sh target/release/mandir

# Every test: Rust on SQLite and PostgreSQL, frontend unit tests, the API against its OpenAPI
# document (schemathesis), browser end-to-end.
test: test-rust test-frontend test-api-fuzz test-e2e

# The fast inner loop: domain and application tests (ports mocked with mockall), then the
# frontend unit tests of what changed (`vitest --changed`: the test files that import a changed
# file, all of them when a config or setup file changed), against `since` (default: the
# uncommitted changes; `since=main` for a branch). The whole-app tests (those rendering the router,
# through src/testing/render-app.tsx) are left to `just test`: each depends on every page.
# `frontend=all` runs every frontend unit test (several minutes on 2 cores). No database, server or
# browser; `just test` stays the whole suite.
test-fast since="" frontend="changed": frontend-install
    #!/usr/bin/env bash
    set -euo pipefail
    cargo test --locked -p mandir-domain -p mandir-application
    cd frontend
    if [ "{{frontend}}" = all ]; then exec npm test; fi
    excludes=()
    for f in $(grep -rl --include='*.test.ts*' "@/testing/render-app" src); do excludes+=(--exclude "$f"); done
    exec npx vitest run --changed {{since}} --passWithNoTests "${excludes[@]}"

# `just fuzz-api` with its defaults, as part of `just test` (tools/api-fuzz/README.md).
test-api-fuzz:
    @"{{just_executable()}}" -f "{{justfile()}}" fuzz-api

# The Rust suite on SQLite, then on PostgreSQL.
test-rust: test-rust-sqlite test-rust-postgres

test-rust-sqlite: check-layers check-cycles check-instrumented check-deploy
    cargo test --workspace --locked

# The core crates must not depend on adapters' technologies (docs/architecture.md#layers).
check-layers:
    #!/usr/bin/env bash
    set -euo pipefail
    for crate in mandir-domain mandir-application; do
        bad=$(cargo tree -p "$crate" -e normal --prefix none | grep -E '^(actix|sea-orm|sea-query|sqlx|reqwest|lettre|async-stripe|image |webp|libwebp)' || true)
        if [ -n "$bad" ]; then echo "$crate depends on adapter crates:"; echo "$bad"; exit 1; fi
    done
    echo "layers ok: mandir-domain and mandir-application depend on no adapter crates"

# No two modules of a crate import each other, directly or through others (tools/check-cycles.py).
check-cycles:
    python3 tools/check-cycles.py

# Every service entry point carries #[tracing::instrument] (tools/check-instrumented.py).
check-instrumented:
    python3 tools/check-instrumented.py

# The files in deploy/: systemd-analyze verify, caddy validate and nginx -t when present, and the
# MANDIR_* settings of deploy/ against crates/server/src (docs/deploy.md).
check-deploy:
    tools/check-deploy.sh

test-rust-postgres:
    #!/usr/bin/env bash
    set -euo pipefail
    if ! psql "{{pg_url}}" -qtAc 'select 1' >/dev/null 2>&1; then
        if [ -n "${CI:-}" ]; then echo "PostgreSQL is not reachable at {{pg_url}}" >&2; exit 1; fi
        echo "warning: PostgreSQL not reachable at {{pg_url}}; skipping the PostgreSQL run (set MANDIR_TEST_PG_URL)" >&2
        exit 0
    fi
    MANDIR_TEST_DATABASE_URL="{{pg_url}}" cargo test --workspace --locked
    # Each test made its own database; drop them.
    psql "{{pg_url}}" -qtAc "select datname from pg_database where datname like 'mandir_test_%'" \
        | while read -r db; do psql "{{pg_url}}" -qc "drop database if exists \"$db\"" >/dev/null || true; done

# Type-check, lint and unit-test the frontend (after checking its API types are current), then build
# it and check the initial JavaScript on / against its budget (frontend/scripts/initial-size.mjs).
test-frontend: frontend-install check-api-types
    cd frontend && npm run typecheck && npm run lint && npm test
    cd frontend && npm run build && npm run size

# Regenerate frontend/src/types/api.gen.ts from the server's OpenAPI document.
api-types: frontend-install
    @"{{just_executable()}}" -f "{{justfile()}}" _generate-api-types "{{justfile_directory()}}/frontend/src/types/api.gen.ts"

# Fail when frontend/src/types/api.gen.ts differs from what the server's OpenAPI document gives.
check-api-types: frontend-install
    #!/usr/bin/env bash
    set -euo pipefail
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    "{{just_executable()}}" -f "{{justfile()}}" _generate-api-types "$tmp/api.gen.ts"
    if ! diff -u frontend/src/types/api.gen.ts "$tmp/api.gen.ts" > "$tmp/diff"; then
        head -n 40 "$tmp/diff" >&2
        echo "frontend/src/types/api.gen.ts is out of date with the server's OpenAPI document; run 'just api-types' and commit the result." >&2
        exit 1
    fi
    echo "api types ok: frontend/src/types/api.gen.ts matches the server's OpenAPI document"

# The server's OpenAPI document (`mandir openapi`, no database needed) through openapi-typescript into a file.
[private]
_generate-api-types out:
    #!/usr/bin/env bash
    set -euo pipefail
    doc=$(mktemp --suffix .json)
    trap 'rm -f "$doc"' EXIT
    cargo run -q --locked -p mandir-server -- openapi > "$doc"
    cd frontend && node scripts/api-types.mjs "$doc" "{{out}}"

# Browser end-to-end journeys in Debian's headless Chromium against the real server (debug build,
# fresh SQLite database, free port; see e2e/README.md). Never downloads a browser.
test-e2e: frontend-build
    #!/usr/bin/env bash
    set -euo pipefail
    if [ ! -x /usr/bin/chromium ]; then echo "/usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 1; fi
    # target/debug/mandir, built as the Rust test run builds it (the whole workspace's tests), so
    # nothing is compiled again when `just test` runs both: `-p mandir-server` or a plain `cargo
    # build` unify the crates' features differently and rebuild every crate of the workspace.
    cargo test --workspace --locked --no-run
    export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
    cd e2e && npm ci --no-audit --no-fund && npx playwright test

# The e2e suite (or `suite=rust`, `suite=rust-postgres`) `runs` times in a row under `stress-ng` on
# every core; prints the failures by test (docs/testing.md).
test-stress runs="5" suite="e2e":
    python3 tools/test-stress.py --runs {{runs}} --suite {{suite}}

# Property-based API tests (schemathesis, at most ~3 minutes; tools/api-fuzz/README.md). Options go to run.py.
fuzz-api *args:
    #!/usr/bin/env bash
    set -euo pipefail
    venv=target/fuzz-venv
    req=tools/api-fuzz/requirements.txt
    # (Re)create the git-ignored virtual environment when missing or when requirements.txt changed.
    if [ ! -x "$venv/bin/schemathesis" ] || ! cmp -s "$req" "$venv/requirements.txt"; then
        rm -rf "$venv"
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$req"
        cp "$req" "$venv/requirements.txt"
    fi
    # The same target/debug/mandir as test-e2e: nothing is compiled twice within `just test`.
    cargo test --workspace --locked --no-run
    "$venv/bin/python" tools/api-fuzz/run.py --binary target/debug/mandir {{args}}

# Install the frontend's packages exactly as locked.
frontend-install:
    cd frontend && npm ci --no-audit --no-fund

frontend-build: frontend-install
    cd frontend && npm run build

# Format everything.
fmt:
    cargo fmt --all
    cd frontend && npx eslint . --fix

# Every static check: rustfmt, clippy (warnings are errors), tsc, eslint.
lint: check-cycles check-instrumented
    cargo fmt --all --check
    cargo clippy --workspace --all-targets --locked -- -D warnings
    cd frontend && npm run typecheck && npm run lint

# Run the database migrations (MANDIR_DATABASE_URL, default data/mandir.db).
migrate:
    cargo run --release -p mandir-server -- migrate

# Create an admin, or set an existing account's password and make it an admin: just create-admin
# you@example.org (asks for the password; or set MANDIR_ADMIN_PASSWORD, or pipe it in).
create-admin email:
    cargo run --release -p mandir-server -- create-admin --email '{{email}}'

# Load the demo events and the demo admin.
seed-demo:
    cargo run --release -p mandir-server -- seed-demo

# Run the server in development (debug build, frontend from frontend/dist).
dev:
    cargo run -p mandir-server -- serve

# Needs wrk (installed with apt-get when run as root) and PostgreSQL at BENCH_PG_URL (default
# postgres://postgres@127.0.0.1:5432; without it only SQLite is measured, with a warning).

# Measure the API against docs/architecture.md#budgets: Express twin on SQLite and PostgreSQL, registrations, two processes.
bench:
    #!/usr/bin/env bash
    set -euo pipefail
    if ! command -v wrk >/dev/null; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then apt-get install -y wrk >/dev/null;
        else echo "wrk is missing: install it (Debian/Ubuntu: sudo apt-get install wrk)" >&2; exit 1; fi
    fi
    cargo build --release -p mandir-server
    cd bench/node-express && npm ci --no-audit --no-fund && cd ../..
    python3 bench/run.py

# Lighthouse (npm, bench/lighthouse) in Debian's Chromium, mobile preset, on every public page of a
# fresh release server with the demo data; prints a table and exits 1 when a page misses a budget
# (docs/architecture.md#budgets). LIGHTHOUSE_RUNS (default 3): runs per page, the median is kept.
lighthouse: frontend-build
    #!/usr/bin/env bash
    set -euo pipefail
    if [ ! -x /usr/bin/chromium ]; then echo "/usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 1; fi
    cargo build --release --locked -p mandir-server
    cd bench/lighthouse && npm ci --no-audit --no-fund && cd ../..
    node bench/lighthouse/run.mjs

# Regenerate the panchangam's fixture tables from the Swiss Ephemeris (test oracle only; needs PyPI)
panchangam-fixtures:
    python3 -m venv target/oracle-venv
    target/oracle-venv/bin/pip install --quiet -r tools/panchangam-oracle/requirements.txt
    target/oracle-venv/bin/python tools/panchangam-oracle/generate.py crates/panchangam/tests/fixtures
