#!/usr/bin/env bash
# Starts PgBouncer (Debian's package) in transaction mode on a free port of 127.0.0.1, in front of
# the local PostgreSQL on 127.0.0.1:5432, as the `postgres` user (PgBouncer will not run as root).
# Prints `port dir` on success: connect to postgres://postgres@127.0.0.1:<port>/<db>; stop it with
# `kill "$(cat <dir>/pgbouncer.pid)"`. Used by .ci/run; usable by hand the same way.
set -euo pipefail
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  export DEBIAN_FRONTEND=noninteractive
  { apt-get install -y -qq pgbouncer || { apt-get update -qq && apt-get install -y -qq pgbouncer; }; } >/dev/null 2>&1
fi
PGBOUNCER="$(command -v pgbouncer || echo /usr/sbin/pgbouncer)"
dir="$(mktemp -d /tmp/fyn-pgbouncer.XXXXXX)"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
cat > "$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 8
; the tests make a database per file: keep the server connections they hold well under max_connections
max_user_connections = 50
server_idle_timeout = 5
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
echo '"postgres" ""' > "$dir/userlist.txt"
chown -R postgres "$dir"
su postgres -s /bin/sh -c "'$PGBOUNCER' -d -q '$dir/pgbouncer.ini'"
for _ in $(seq 1 50); do
  if node -e 'require("net").connect('"$port"',"127.0.0.1").on("connect",()=>process.exit(0)).on("error",()=>process.exit(1))'; then
    echo "$port $dir"
    exit 0
  fi
  sleep 0.1
done
echo "pgbouncer did not start: $(tail -n 20 "$dir/pgbouncer.log" 2>/dev/null)" >&2
exit 1
