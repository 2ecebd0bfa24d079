#!/usr/bin/env bash
# Where a MongoDB client's operation threads spend their CPU, from flight recordings of
# mongodb-binding-vs-other.sh (JFR_DIR=...): ours, another YCSB MongoDB binding, or RawDriverLoop,
# on driver 3.x or 5.x. One column per recording, as shares of its operation threads' Java samples
# (YCSB's client threads "Thread-N", RawDriverLoop's "pool-1-thread-N"); a thread waiting in the
# kernel for the server's reply is not sampled, so the shares split the client's own work.
#  - "innermost": each sample counted once, by its innermost frame outside the JDK (samples whose
#    innermost frame is the JDK's socket code count as JDK socket calls);
#  - "inclusive": the share of samples with a frame of that step anywhere on the stack (steps
#    nest, so these do not add up).
#
# Usage: scripts/bench/mongodb-client-profile.sh ours-c-1.jfr ycsb-0.17.0-c-1.jfr [more.jfr ...]
set -euo pipefail
(($# > 0)) || { echo "usage: $0 RECORDING.jfr..." >&2; exit 2; }
for recording in "$@"; do
  [[ -r $recording ]] || { echo "not a readable recording: $recording" >&2; exit 2; }
done

for recording in "$@"; do
  echo "== $recording"
  jfr print --stack-depth 256 --events jdk.ExecutionSample "$recording"
done | awk '
  BEGIN {
    nowners = split("the binding (or raw loop)|YCSB (workload, measurements)|logging|BSON|" \
      "driver sessions|driver connection layer|other driver code|JDK socket calls|other", owner, "|")
    # owner prefixes, tried in this order on the innermost frame outside the JDK
    prefix["io.github.ycsbstorage."] = 1; prefix["site.ycsb.db."] = 1
    prefix["site.ycsb."] = 2; prefix["org.HdrHistogram."] = 2
    prefix["ch.qos.logback."] = 3; prefix["org.slf4j."] = 3
    prefix["org.bson."] = 4
    prefix["com.mongodb.internal.session."] = 5; prefix["com.mongodb.session."] = 5
    prefix["com.mongodb.internal.connection."] = 6; prefix["com.mongodb.connection."] = 6
    prefix["com.mongodb."] = 7
    norder = split("io.github.ycsbstorage. site.ycsb.db. site.ycsb. org.HdrHistogram. ch.qos.logback. org.slf4j. " \
      "org.bson. com.mongodb.internal.session. com.mongodb.session. com.mongodb.internal.connection. " \
      "com.mongodb.connection. com.mongodb.", order, " ")
    nsteps = split("server selection|operation and timeout contexts|implicit session|connection checkout and return|" \
      "command encoding|reply checks (`ok`, cluster, operation and snapshot time)|codec registry lookups|" \
      "reply decoding into the result|building the command (ours)", step, "|")
    pattern[1] = "\\.selectServer$"
    pattern[2] = "[.$](OperationContext|TimeoutContext|TimeoutSettings)[.$]"
    pattern[3] = "(ClientSessionHelper|createClientSession|BaseClientSessionImpl\\.<init>|ServerSessionPool|ClientSessionImpl\\.close)"
    pattern[4] = "(DefaultConnectionPool\\.get|ConcurrentPool\\.(get|release)|PooledConnection\\.close)$"
    pattern[5] = "(CommandMessage|RequestMessage|QueryMessage)\\.encode$"
    pattern[6] = "\\.(isCommandOk|getClusterTime|getOperationTime|getSnapshotTimestamp|updateSessionContext|createSpecialWriteConcernException)$"
    pattern[7] = "(CodecCache|ProvidersCodecRegistry|ChildCodecRegistry)\\.get"
    pattern[8] = "[.$](FindReplyCodec|StoredFieldsCodec|DocumentCodec)\\.decode$"
    pattern[9] = "RecordCommands\\."
  }
  function finish(   o, s, name, first) {
    if (!insample || !worker || nframes == 0) return
    samples[file]++
    first = frame[1]
    if (first ~ /^(sun\.nio\.ch|java\.net|sun\.security|javax\.net|java\.io)\./) o = 8
    else {
      o = 9
      for (i = 1; i <= nframes && o == 9; i++) {
        if (frame[i] ~ /^(java|jdk|sun|javax)\./) continue
        for (p = 1; p <= norder; p++) if (index(frame[i], order[p]) == 1) { o = prefix[order[p]]; break }
        if (o == 9) break
      }
    }
    owned[file, o]++
    for (s = 1; s <= nsteps; s++)
      for (i = 1; i <= nframes; i++) if (frame[i] ~ pattern[s]) { inside[file, s]++; break }
  }
  /^== / { finish(); insample = 0; file = substr($0, 4); files[++nfiles] = file; next }
  /^jdk\.ExecutionSample \{/ { finish(); insample = 1; worker = 0; nframes = 0; instack = 0; next }
  insample && /sampledThread = "(Thread-|pool-1-thread-)/ { worker = 1 }
  insample && /stackTrace = \[/ { instack = 1; next }
  insample && instack && /^  \]/ { instack = 0; next }
  insample && instack { sub(/^ +/, ""); sub(/\(.*/, ""); frame[++nframes] = $0 }
  END {
    finish()
    header = "| share of the operation threads'"'"' samples |"; rule = "|---|"
    for (f = 1; f <= nfiles; f++) { header = header " " files[f] " |"; rule = rule "---|" }
    print header; print rule
    line = "| samples |"
    for (f = 1; f <= nfiles; f++) line = line " " samples[files[f]] + 0 " |"
    print line
    for (o = 1; o <= nowners; o++) row("innermost: " owner[o], "owned", o)
    for (s = 1; s <= nsteps; s++) row("inclusive: " step[s], "inside", s)
  }
  function row(title, table, k,   f, n, v, line) {
    line = "| " title " |"
    for (f = 1; f <= nfiles; f++) {
      n = samples[files[f]]
      v = table == "owned" ? owned[files[f], k] : inside[files[f], k]
      line = line (n ? sprintf(" %.1f %% |", 100 * v / n) : " – |")
    }
    print line
  }
'
