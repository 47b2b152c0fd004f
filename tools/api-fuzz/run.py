#!/usr/bin/env python3
"""Property-based API tests: schemathesis against a freshly started `mandir` server.

Starts the server binary on a free loopback port with a fresh temporary SQLite database, data
directory, mail outbox and an empty static directory; creates an admin with `mandir create-admin`;
signs in; creates fixtures through the API; then runs schemathesis with the admin's token, the
fixtures' ids as path parameters (schemathesis.toml) and a hard wall-clock bound. The server is
stopped at the end whatever happens. Exits non-zero when schemathesis reports failures or errors,
or when the bound is reached. See README.md beside this file.

Only the standard library is used here; schemathesis runs as the virtual environment's CLI.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

ADMIN_EMAIL = "fuzz-admin@mandir.test"
ADMIN_PASSWORD = "fuzz-admin-password"
MEMBER_EMAIL = "fuzz-member@mandir.test"
MEMBER_PASSWORD = "fuzz-member-password"
# A 1x1 PNG, so GET /api/events/{id}/image has an image to answer with.
PNG_DATA_URL = (
    "data:image/png;base64,"
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)


def log(message: str) -> None:
    print(f"[api-fuzz] {message}", flush=True)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ApiError(RuntimeError):
    pass


class Api:
    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body=None, token: str | None = None, expect=(200, 201), headers=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if body is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        for name, value in (headers or {}).items():
            req.add_header(name, value)
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                status, raw = resp.status, resp.read()
        except urllib.error.HTTPError as e:
            status, raw = e.code, e.read()
        if status not in expect:
            raise ApiError(f"{method} {path} answered {status}, expected {expect}: {raw[:500]!r}")
        return json.loads(raw) if raw else None


def wait_for_ready(api: Api, server: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with code {server.returncode} before answering /api/ready")
        try:
            api.call("GET", "/api/ready", expect=(200,))
            return
        except (ApiError, OSError):
            time.sleep(0.2)
    raise RuntimeError(f"/api/ready did not answer 200 within {timeout:.0f} s")


def verification_link(outbox: Path, email: str, timeout: float = 15) -> str:
    """The verification link in the newest e-mail to `email` (written in the background)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for mail in sorted(outbox.glob("*.eml"), reverse=True):
            text = re.sub(r"=\r?\n", "", mail.read_text(errors="replace")).replace("=3D", "=")
            if f"To: {email}" in text:
                found = re.search(r"https?://\S+/api/auth/verify-email\?token=[0-9a-f]+", text)
                if found:
                    return found.group(0)
        time.sleep(0.2)
    raise RuntimeError(f"no verification e-mail to {email} in {outbox}")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003 - urllib's signature
        return None


def verify_email(api: Api, link: str) -> None:
    """Opens a verification link against this server; it must redirect to `?verified=1`."""
    url = api.base + "/api/" + link.split("/api/", 1)[1]
    try:
        urllib.request.build_opener(_NoRedirect).open(url, timeout=30)
        raise RuntimeError(f"{url} did not redirect")
    except urllib.error.HTTPError as e:
        if e.code != 303 or not (e.headers.get("Location") or "").endswith("verified=1"):
            raise RuntimeError(f"verifying the fuzz member answered {e.code} {e.headers.get('Location')}") from None


def create_fixtures(api: Api, outbox: Path) -> dict[str, str]:
    """Everything schemathesis needs real ids for; returns the MANDIR_FUZZ_* variables."""
    signin = api.call("POST", "/api/auth/signin", {"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}, expect=(200,))
    token, admin = signin["token"], signin["user"]

    api.call(
        "POST",
        "/api/auth/signup",
        {
            "firstName": "Fuzz",
            "lastName": "Member",
            "email": MEMBER_EMAIL,
            "password": MEMBER_PASSWORD,
            "phoneNumber": "9165550100",
        },
        expect=(201,),
    )
    # Registering and volunteering need a verified e-mail: open the link, as the member would.
    verify_email(api, verification_link(outbox, MEMBER_EMAIL))
    member_token = api.call("POST", "/api/auth/signin", {"email": MEMBER_EMAIL, "password": MEMBER_PASSWORD}, expect=(200,))["token"]

    when = (datetime.now(timezone.utc) + timedelta(days=30)).replace(microsecond=0).isoformat()

    def event(name: str, **extra) -> str:
        body = {"name": name, "description": f"{name} (api-fuzz fixture)", "location": "Main hall", "eventDate": when, **extra}
        return api.call("POST", "/api/events", body, token=token, expect=(201,))["id"]

    def register(event_id: str, who: str) -> str:
        body = {"numberOfFamilyMembers": 1, "additionalNotes": "fixture"}
        return api.call("POST", f"/api/events/{event_id}/register", body, token=who, expect=(201,))["id"]

    def volunteer(event_id: str) -> str:
        body = {
            "name": "Fuzz Admin",
            "contactNumber": "9165550101",
            "contactEmail": ADMIN_EMAIL,
            "contactPreference": "email",
            "volunteerPreference": "any",
            "availability": "either",
            "needsCertificate": False,
        }
        return api.call("POST", f"/api/events/{event_id}/volunteers", body, token=token, expect=(201,))["id"]

    def zelle(event_id: str) -> str:
        body = {"amount": 25, "donationDetails": [{"donationTypeId": "custom", "amount": 25, "name": "Fixture"}], "eventId": event_id}
        return api.call("POST", "/api/payments/zelle-confirm", body, token=token, expect=(201,))["payment"]["id"]

    # The main event: read and updated in place by most operations.
    main = event("Fuzz main event", imageUrl=PNG_DATA_URL, capacity=500)
    registration = register(main, token)
    register(main, member_token)
    main_volunteer = volunteer(main)
    payment = zelle(main)
    intent = api.call(
        "POST",
        "/api/payments/create-payment-intent",
        {"amount": 30, "metadata": {"eventId": main, "donationDetails": [{"donationTypeId": "custom", "amount": 30, "name": "Fixture"}]}},
        token=token,
        expect=(200,),
        headers={"Idempotency-Key": "api-fuzz-fixture-intent"},
    )

    # One target per destructive operation (see schemathesis.toml).
    fresh = event("Fuzz fresh event")  # POST register / volunteers: the admin is not on it yet
    patched = event("Fuzz patched event")  # PATCH may move it into the past or rename it
    deleted = event("Fuzz deleted event")  # DELETE: nothing refers to it, so the first one succeeds
    forced = event("Fuzz force-deleted event")  # DELETE .../force, with related records to remove
    register(forced, token)
    register(forced, member_token)
    volunteer(forced)
    zelle(forced)
    disposable = event("Fuzz disposable event")  # DELETE .../attendee and .../volunteers/{volunteerId}
    register(disposable, token)
    disposable_volunteer = volunteer(disposable)

    def donation_type(name: str) -> str:
        body = {"name": name, "description": "api-fuzz fixture", "defaultAmount": "25.00", "isActive": True}
        return api.call("POST", "/api/donation-types", body, token=token, expect=(201,))["id"]

    def payment_method(name: str) -> str:
        body = {"name": name, "displayName": name.title(), "description": "api-fuzz fixture", "isActive": True, "sortOrder": 9, "icon": "cash"}
        return api.call("POST", "/api/payment-methods", body, token=token, expect=(201,))["id"]

    def festival(name: str) -> str:
        body = {"name": name, "lunarMonth": 11, "tithi": 7, "moment": "sunrise", "source": "api-fuzz fixture"}
        return api.call("POST", "/api/admin/festivals", body, token=token, expect=(201,))["id"]

    return {
        "MANDIR_FUZZ_TOKEN": token,
        "MANDIR_FUZZ_FESTIVAL_ID": festival("Fuzz festival"),
        "MANDIR_FUZZ_FESTIVAL_DELETE_ID": festival("Fuzz deleted festival"),
        "MANDIR_FUZZ_USER_ID": admin["id"],
        "MANDIR_FUZZ_EVENT_ID": main,
        "MANDIR_FUZZ_REGISTRATION_ID": registration,
        "MANDIR_FUZZ_VOLUNTEER_ID": main_volunteer,
        "MANDIR_FUZZ_PAYMENT_ID": payment,
        "MANDIR_FUZZ_INTENT_ID": intent["paymentIntentId"],
        "MANDIR_FUZZ_INTENT_SECRET": intent["clientSecret"],
        "MANDIR_FUZZ_EVENT_FRESH_ID": fresh,
        "MANDIR_FUZZ_EVENT_PATCH_ID": patched,
        "MANDIR_FUZZ_EVENT_DELETE_ID": deleted,
        "MANDIR_FUZZ_EVENT_FORCE_ID": forced,
        "MANDIR_FUZZ_EVENT_DISPOSABLE_ID": disposable,
        "MANDIR_FUZZ_VOLUNTEER_DISPOSABLE_ID": disposable_volunteer,
        "MANDIR_FUZZ_DONATION_TYPE_ID": donation_type("Fuzz donation type"),
        "MANDIR_FUZZ_DONATION_TYPE_DELETE_ID": donation_type("Fuzz deleted donation type"),
        "MANDIR_FUZZ_PAYMENT_METHOD_ID": payment_method("fuzz-method"),
        "MANDIR_FUZZ_PAYMENT_METHOD_DELETE_ID": payment_method("fuzz-deleted-method"),
    }


def stop(process: subprocess.Popen, name: str, grace: float = 10.0) -> None:
    """SIGINT first (schemathesis then prints its summary; the server shuts down), SIGKILL after `grace`."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        log(f"{name} did not stop within {grace:.0f} s; killing it")
        process.kill()
        process.wait()


def junit_totals(path, not_before):
    """The tests, failures and errors of schemathesis' JUnit report, when it was written after
    `not_before` (a wall-clock time); `None` otherwise."""
    import xml.etree.ElementTree as ET

    try:
        if path.stat().st_mtime < not_before:
            return None
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return None
    return {key: int(root.attrib.get(key, "0")) for key in ("tests", "failures", "errors")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.environ.get("MANDIR_FUZZ_BINARY", str(REPO / "target/debug/mandir")),
                        help="the mandir server binary (env MANDIR_FUZZ_BINARY; default target/debug/mandir)")
    parser.add_argument("--schemathesis", default=os.environ.get("MANDIR_FUZZ_SCHEMATHESIS", str(REPO / "target/fuzz-venv/bin/schemathesis")),
                        help="the schemathesis CLI (env MANDIR_FUZZ_SCHEMATHESIS; default target/fuzz-venv/bin/schemathesis)")
    parser.add_argument("--max-time", type=float, default=float(os.environ.get("MANDIR_FUZZ_MAX_TIME", "180")),
                        help="hard wall-clock bound for schemathesis, in seconds (default 180)")
    # One worker: schemathesis' workers are threads, and CPython 3.11's parser is not safe in two
    # threads at once (Hypothesis parses source to describe a filter's lambda): two workers now and
    # then died with "AST constructor recursion depth mismatch", an error of the tool, not the API.
    parser.add_argument("--workers", type=int, default=int(os.environ.get("MANDIR_FUZZ_WORKERS", "1")),
                        help="schemathesis workers (threads; default 1)")
    parser.add_argument("--max-examples", type=int, default=int(os.environ.get("MANDIR_FUZZ_MAX_EXAMPLES", "100")),
                        help="fuzzing examples per operation (default 100)")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("MANDIR_FUZZ_SEED", "20250101")))
    parser.add_argument("--report-dir", default=str(REPO / "target/api-fuzz"),
                        help="where the JUnit report and the server log are kept (default target/api-fuzz)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory (database, outbox)")
    parser.add_argument("extra", nargs="*", help="more schemathesis `run` options, after --")
    args = parser.parse_args()

    binary = Path(args.binary).resolve()
    if not os.access(binary, os.X_OK):
        log(f"{binary} is missing; build it with `cargo test --workspace --locked --no-run`")
        return 2
    schemathesis = shutil.which(args.schemathesis)
    if not schemathesis:
        log(f"{args.schemathesis} is missing; `just fuzz-api` creates the virtual environment")
        return 2
    schemathesis = os.path.abspath(schemathesis)

    report_dir = Path(args.report_dir).resolve()
    report_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="mandir-fuzz-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    static = tmp / "static"
    static.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MANDIR_", "STRIPE"))}
    env.update({
        "MANDIR_DATABASE_URL": f"sqlite://{tmp}/mandir.db?mode=rwc",
        "MANDIR_BIND": f"127.0.0.1:{port}",
        "MANDIR_DATA_DIR": str(tmp / "data"),
        "MANDIR_MAIL_OUTBOX": str(tmp / "outbox"),
        "MANDIR_STATIC_DIR": str(static),
        "MANDIR_PUBLIC_URL": base,
        "MANDIR_PAYMENT_PROVIDER": "sandbox",
        "MANDIR_LOG": os.environ.get("MANDIR_LOG", "warn"),
        # The fuzzer hammers sign-in, sign-up and guest payments from one address: scale the
        # abuse limits up so it explores the API instead of the 429s (docs/deploy.md, "Abuse limits": MANDIR_RATE_LIMIT_SCALE).
        "MANDIR_RATE_LIMIT_SCALE": "100000",
    })

    server_log_path = report_dir / "server.log"
    server_log = open(server_log_path, "w")
    server = fuzz = None
    started = time.monotonic()
    # A plain `kill` (SIGTERM) still runs the clean-up below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    outcome = 1
    try:
        log(f"starting {binary} on {base} (data in {tmp})")
        server = subprocess.Popen([str(binary), "serve"], env=env, stdout=server_log, stderr=subprocess.STDOUT)
        api = Api(base)
        wait_for_ready(api, server, timeout=60)

        created = subprocess.run(
            [str(binary), "create-admin", "--email", ADMIN_EMAIL, "--password", ADMIN_PASSWORD, "--first-name", "Fuzz", "--last-name", "Admin"],
            env=env, capture_output=True, text=True, timeout=60,
        )
        if created.returncode != 0:
            raise RuntimeError(f"create-admin failed ({created.returncode}): {created.stdout}{created.stderr}")

        fixtures = create_fixtures(api, tmp / "outbox")
        log("fixtures: " + ", ".join(f"{k.removeprefix('MANDIR_FUZZ_').lower()}={v}" for k, v in fixtures.items() if k != "MANDIR_FUZZ_TOKEN"))

        command = [
            schemathesis,
            "--config-file", str(HERE / "schemathesis.toml"),
            "run", f"{base}/api/openapi.json",
            "--workers", str(args.workers),
            "--seed", str(args.seed),
            "--max-examples", str(args.max_examples),
            "--report", "junit",
            "--report-junit-path", str(report_dir / "junit.xml"),
            "--no-color",
            *args.extra,
        ]
        log("running: " + " ".join(command))
        fuzz_started = time.monotonic()
        fuzz_started_wall = time.time()
        # In the report directory, so Hypothesis' scratch files stay out of the working tree.
        fuzz = subprocess.Popen(command, env={**env, **fixtures}, cwd=report_dir)
        try:
            code = fuzz.wait(timeout=args.max_time)
        except subprocess.TimeoutExpired:
            log(f"schemathesis did not finish within {args.max_time:.0f} s; interrupting it")
            stop(fuzz, "schemathesis", grace=20)
            code = None
        fuzz_seconds = time.monotonic() - fuzz_started

        if code is None:
            # The bound keeps `just test` short; it says nothing about the API. On a loaded machine
            # fewer examples run before it: what ran decides (its JUnit report, written on the
            # interrupt), never the machine's speed (docs/testing.md).
            ran = junit_totals(report_dir / "junit.xml", not_before=fuzz_started_wall)
            if ran is not None and ran["tests"] > 0 and ran["failures"] == 0 and ran["errors"] == 0:
                log(f"passed: stopped at the wall-clock bound of {args.max_time:.0f} s; the {ran['tests']} operations "
                    "tested by then found nothing")
                outcome = 0
            else:
                log(f"FAILED: wall-clock bound of {args.max_time:.0f} s reached; JUnit report: {ran}")
        elif code == 0:
            log(f"passed: schemathesis found nothing in {fuzz_seconds:.0f} s")
            outcome = 0
        else:
            log(f"FAILED: schemathesis exited with {code} after {fuzz_seconds:.0f} s (failures above)")
    except Exception as error:  # noqa: BLE001 - any set-up failure ends the run with its message
        log(f"FAILED during set-up: {error}")
        outcome = 2
    finally:
        if fuzz is not None:
            stop(fuzz, "schemathesis", grace=20)
        if server is not None:
            stop(server, "the server")
            if server.returncode not in (0, -signal.SIGINT, None):
                log(f"the server exited with code {server.returncode}")
        server_log.close()
        text = re.sub(r"\x1b\[[0-9;]*m", "", server_log_path.read_text(errors="replace"))
        errors = [line for line in text.splitlines() if " ERROR " in line]
        if errors:
            log(f"the server logged {len(errors)} errors (see {server_log_path}); first ones:")
            for line in errors[:5]:
                print("    " + line[:300])
        if args.keep:
            log(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
        log(f"total {time.monotonic() - started:.0f} s; JUnit report and server log in {report_dir}")
    return outcome


if __name__ == "__main__":
    sys.exit(main())
