# A server started in the background with its pid in $pidfile: sourced by scripts/oraclenosql/kvlite.sh and
# scripts/mongodb/h2-server.sh (POSIX sh). Not a command of its own.

# Whether the process of $pidfile lives.
alive() {
  [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}

# Stops the process of $pidfile: TERM (a server then closes its files), up to 60 s, then KILL; removes $pidfile.
stop_pid() {
  pid=$(cat "$pidfile")
  kill "$pid" 2>/dev/null || true
  i=0
  while kill -0 "$pid" 2>/dev/null && [ $i -lt 60 ]; do
    sleep 1
    i=$((i + 1))
  done
  if kill -0 "$pid" 2>/dev/null; then
    kill -9 "$pid"
  fi
  rm -f "$pidfile"
}
