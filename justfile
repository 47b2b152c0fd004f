# Mandir task runner. `just run` and `just test` are the quick start (see README.md).
set shell := ["bash", "-euo", "pipefail", "-c"]

# PostgreSQL server for the second run of the Rust suite (each test creates its own database there).
pg_url := env_var_or_default("MANDIR_TEST_PG_URL", "postgres://postgres@127.0.0.1:5432/test")

# List the recipes.
default:
    @just --list

# Build the frontend and the server, load demo data, and serve on embedded SQLite.
run: frontend-build
    cargo build --release -p mandir-server
    ./target/release/mandir seed-demo
    @echo "Open the URL below. Demo admin login: admin@mandir.local / mandir-admin"
    ./target/release/mandir serve

# Every test: Rust on SQLite and PostgreSQL, frontend unit tests, browser end-to-end.
test: test-rust test-frontend test-e2e

# The Rust suite on SQLite, then on PostgreSQL.
test-rust: test-rust-sqlite test-rust-postgres

test-rust-sqlite: check-layers
    cargo test --workspace --locked

# The core crates must not depend on adapters' technologies (DESIGN.md).
check-layers:
    #!/usr/bin/env bash
    set -euo pipefail
    for crate in mandir-domain mandir-application; do
        bad=$(cargo tree -p "$crate" -e normal --prefix none | grep -E '^(actix|sea-orm|sea-query|sqlx|reqwest|lettre|async-stripe)' || true)
        if [ -n "$bad" ]; then echo "$crate depends on adapter crates:"; echo "$bad"; exit 1; fi
    done
    echo "layers ok: mandir-domain and mandir-application depend on no adapter crates"

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

# Type-check, lint and unit-test the frontend.
test-frontend: frontend-install
    cd frontend && npm run typecheck && npm run lint && npm test

# Browser end-to-end journeys in Debian's headless Chromium against the real server (debug build,
# fresh SQLite database, free port; see e2e/README.md). Never downloads a browser.
test-e2e: frontend-build
    #!/usr/bin/env bash
    set -euo pipefail
    if [ ! -x /usr/bin/chromium ]; then echo "/usr/bin/chromium is missing (apt-get install chromium)" >&2; exit 1; fi
    # target/debug/mandir, built with the same features as the Rust test run, so nothing is
    # compiled twice when `just test` runs both (a plain `cargo build` unifies features differently).
    cargo test -p mandir-server --locked --no-run
    export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
    cd e2e && npm ci --no-audit --no-fund && npx playwright test

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
lint:
    cargo fmt --all --check
    cargo clippy --workspace --all-targets --locked -- -D warnings
    cd frontend && npm run typecheck && npm run lint

# Run the database migrations (MANDIR_DATABASE_URL, default data/mandir.db).
migrate:
    cargo run --release -p mandir-server -- migrate

# Create an admin, or promote an existing account: just create-admin you@example.org 'a-password'
create-admin email password:
    cargo run --release -p mandir-server -- create-admin --email '{{email}}' --password '{{password}}'

# Load the demo events and the demo admin.
seed-demo:
    cargo run --release -p mandir-server -- seed-demo

# Run the server in development (debug build, frontend from frontend/dist).
dev:
    cargo run -p mandir-server -- serve

# Measure the API against DESIGN.md's budgets (throughput vs Express, p99, memory, sign-in flood).
bench:
    cargo build --release -p mandir-server
    cd bench/node-express && npm ci --no-audit --no-fund
    python3 bench/run.py
