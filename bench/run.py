#!/usr/bin/env python3
"""`just bench`: measures mandir against the DESIGN.md budgets on this machine.

1. GET /api/events with 100 events at 64 connections: requests/s and p99, against an equivalent
   Express + better-sqlite3 endpoint reading the same SQLite file (budget: >= 3x, p99 < 5 ms).
2. Peak resident memory of mandir during that load (budget: < 64 MiB).
3. The same GET while a sign-in flood runs (argon2 must not starve other requests).
Prints a report and exits 1 when a budget is missed.
"""
import json, os, re, signal, subprocess, sys, tempfile, time, urllib.request
from datetime import datetime, timedelta, timezone

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANDIR = os.path.join(ROOT, "target", "release", "mandir")
DURATION = os.environ.get("BENCH_DURATION", "10s")


def wait_for(url, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except Exception:
            time.sleep(0.2)
    raise SystemExit(f"{url} did not answer")


def call(method, url, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"null")


def wrk(url, connections=64, script=None, duration=DURATION):
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{duration}", "--latency", url]
    if script:
        cmd[1:1] = ["-s", script]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": rps, "p99_ms": float(p99.group(1)) * scale, "non2xx": int(errors.group(1)) if errors else 0}


def rss_peak_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def main():
    tmp = tempfile.mkdtemp(prefix="mandir-bench-")
    env = dict(os.environ, MANDIR_DATABASE_URL=f"sqlite://{tmp}/bench.db?mode=rwc", MANDIR_BIND="127.0.0.1:18080",
               MANDIR_DATA_DIR=tmp, MANDIR_MAIL_OUTBOX=f"{tmp}/outbox", MANDIR_STATIC_DIR=f"{tmp}/none", MANDIR_LOG="warn")
    subprocess.run([MANDIR, "create-admin", "--email", "bench@example.org", "--password", "bench-pass"], env=env, check=True,
                   capture_output=True)
    server = subprocess.Popen([MANDIR, "serve"], env=env, stdout=subprocess.DEVNULL)
    baseline = None
    try:
        base = "http://127.0.0.1:18080"
        wait_for(base + "/api/health")
        token = call("POST", base + "/api/auth/signin", {"email": "bench@example.org", "password": "bench-pass"})["token"]
        start = datetime.now(timezone.utc) + timedelta(days=1)
        for i in range(100):
            call("POST", base + "/api/events", {
                "name": f"Benchmark event {i:03}", "description": "An event created by the benchmark run",
                "location": "Main Temple Hall", "eventDate": (start + timedelta(hours=i)).isoformat(),
                "imageUrl": "https://example.org/image.jpg", "capacity": 100 if i % 2 else None,
            }, token)
        assert len(call("GET", base + "/api/events")) == 100

        wrk(base + "/api/events", duration="2s")  # warm-up
        ours = wrk(base + "/api/events")
        rss = rss_peak_kib(server.pid)

        flood = subprocess.Popen(["wrk", "-t1", "-c16", "-d12s", "-s", os.path.join(ROOT, "bench", "signin.lua"), base],
                                 stdout=subprocess.DEVNULL)
        time.sleep(1)
        during_flood = wrk(base + "/api/events", connections=16)
        flood.wait()

        node_dir = os.path.join(ROOT, "bench", "node-express")
        baseline = subprocess.Popen(["node", "server.js", f"{tmp}/bench.db", "18081"], cwd=node_dir, stdout=subprocess.DEVNULL)
        wait_for("http://127.0.0.1:18081/api/events")
        wrk("http://127.0.0.1:18081/api/events", duration="2s")
        theirs = wrk("http://127.0.0.1:18081/api/events")
    finally:
        for p in (server, baseline):
            if p:
                p.send_signal(signal.SIGTERM)
                p.wait(timeout=10)

    ratio = ours["rps"] / theirs["rps"]
    checks = [
        ("GET /api/events throughput vs Express+better-sqlite3", f"{ratio:.1f}x ({ours['rps']:.0f} vs {theirs['rps']:.0f} req/s)", ratio >= 3),
        ("GET /api/events p99 at 64 connections", f"{ours['p99_ms']:.2f} ms", ours["p99_ms"] < 5),
        ("mandir peak resident memory", f"{rss / 1024:.1f} MiB", rss < 64 * 1024),
        ("GET /api/events p99 during a sign-in flood (16 conns)", f"{during_flood['p99_ms']:.2f} ms at {during_flood['rps']:.0f} req/s",
         during_flood["p99_ms"] < 50 and during_flood["non2xx"] == 0),
        ("errors (non-2xx) under load", str(ours["non2xx"]), ours["non2xx"] == 0),
    ]
    print(f"\nmandir benchmark ({os.cpu_count()} cores, wrk {DURATION}, 100 events)\n")
    for name, value, ok in checks:
        print(f"  {'PASS' if ok else 'FAIL'}  {name}: {value}")
    print(f"\n  baseline p99: {theirs['p99_ms']:.2f} ms")
    sys.exit(0 if all(ok for _, _, ok in checks) else 1)


if __name__ == "__main__":
    main()
