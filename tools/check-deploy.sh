#!/usr/bin/env bash
# `just check-deploy`: checks the files in deploy/ (docs/deploy.md) with the tools this machine
# has, and always that deploy/ and the server agree on the MANDIR_* settings.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

# 1. Settings: every MANDIR_* name in deploy/ is read by the server (or is the backup script's
#    own), and every name the server reads is in deploy/mandir.env.example.
own='^MANDIR_BACKUP_(DIR|KEEP)$'
grep -rhoE 'MANDIR_[A-Z0-9_]+' crates/server/src | sort -u > "$tmp/server"
grep -rhoE 'MANDIR_[A-Z0-9_]+' deploy | sort -u | grep -vE "$own" > "$tmp/deploy" || true
grep -hoE 'MANDIR_[A-Z0-9_]+' deploy/mandir.env.example | sort -u > "$tmp/example"
unknown=$(comm -23 "$tmp/deploy" "$tmp/server")
if [ -n "$unknown" ]; then
    echo "deploy/ names settings the server does not read (crates/server/src):" $unknown >&2
    failed=1
fi
undocumented=$(comm -23 "$tmp/server" "$tmp/example")
if [ -n "$undocumented" ]; then
    echo "deploy/mandir.env.example lacks settings the server reads:" $undocumented >&2
    failed=1
fi
[ "$failed" = 0 ] && echo "settings ok: $(wc -l < "$tmp/server") MANDIR_* names, deploy/ and crates/server/src agree"

# 2. The backup script parses.
sh -n deploy/mandir-backup && echo "deploy/mandir-backup parses"

# 3. systemd units, with their programs pointed at stand-ins (the real ones are installed by
#    docs/deploy.md, not on this machine).
if command -v systemd-analyze >/dev/null 2>&1; then
    mkdir -p "$tmp/units" "$tmp/bin"
    cp /bin/true "$tmp/bin/mandir"
    cp /bin/true "$tmp/bin/mandir-backup"
    for unit in deploy/*.service deploy/*.timer; do
        sed "s|/usr/local/bin/|$tmp/bin/|g" "$unit" > "$tmp/units/$(basename "$unit")"
    done
    (
        cd "$tmp/units"
        # Catch what verify only warns about, too.
        out=$(systemd-analyze verify mandir.service mandir@8080.service mandir@8081.service mandir-backup.service mandir-backup.timer 2>&1) || { echo "$out" >&2; exit 1; }
        if [ -n "$out" ]; then echo "$out" >&2; exit 1; fi
    ) || failed=1
    [ "$failed" = 0 ] && echo "systemd units ok (systemd-analyze verify)"
else
    echo "systemd-analyze not found: units not verified"
fi

# 4. Caddy.
if command -v caddy >/dev/null 2>&1; then
    caddy validate --adapter caddyfile --config deploy/Caddyfile >/dev/null && echo "Caddyfile ok (caddy validate)" || failed=1
else
    echo "caddy not found: Caddyfile not validated"
fi

# 5. nginx: the site inside a minimal main configuration, with a throwaway certificate in place
#    of Let's Encrypt's.
if command -v nginx >/dev/null 2>&1 && command -v openssl >/dev/null 2>&1; then
    mkdir -p "$tmp/nginx/logs"
    openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=temple.example.org \
        -keyout "$tmp/nginx/privkey.pem" -out "$tmp/nginx/fullchain.pem" 2>/dev/null
    sed "s|/etc/letsencrypt/live/temple.example.org/|$tmp/nginx/|" deploy/nginx/mandir.conf > "$tmp/nginx/mandir.conf"
    cat > "$tmp/nginx/nginx.conf" <<CONF
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/logs/error.log;
events {}
http {
    access_log off;
    client_body_temp_path $tmp/nginx/body;
    proxy_temp_path $tmp/nginx/proxy;
    include $tmp/nginx/mandir.conf;
}
CONF
    if out=$(nginx -t -q -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" 2>&1); then
        echo "nginx site ok (nginx -t)"
    else
        echo "$out" >&2
        failed=1
    fi
else
    echo "nginx not found: nginx site not tested"
fi

exit "$failed"
