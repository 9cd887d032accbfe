#!/usr/bin/env bash
# The suite on any date, hour and zone (issue 32.1): runs `vitest run` under
# Debian's libfaketime at each clock setting below and prints one summary line
# per setting (the failing files under it).
#
#   scripts/clock-matrix.sh all                      # every setting, the whole suite
#   scripts/clock-matrix.sh month-start              # one setting
#   scripts/clock-matrix.sh dst-berlin test/bot/desk --maxWorkers=1   # extra args go to vitest
#   scripts/clock-matrix.sh list                     # the settings
#
# The clock starts at the setting's instant and runs (faketime "@…"); every
# process the suite forks continues the same clock (FAKETIME_DONT_RESET), and
# the monotonic clock stays real so Node's timers and vitest's timeouts work.
# TZ is the process's zone; TEST_TIMEZONE is the bot's TIMEZONE in the tests
# (test/helpers/test-config.ts). Logs and JSON reports go to $CLOCK_MATRIX_OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node.sh

# name | process TZ | local start (in TZ) | the same instant in UTC | the bot's TIMEZONE | why
SETTINGS=(
  "month-start|UTC|2026-11-30 21:20:00|2026-11-30T21:20|Europe/Moscow|00:20 Moscow on the 1st (what broke CI)"
  "year-end|Europe/Moscow|2026-12-31 23:50:00|2026-12-31T20:50|Europe/Moscow|23:50 on 31 December, the year turns mid-run"
  "leap-day|UTC|2028-02-29 09:00:00|2028-02-29T09:00|Europe/Moscow|29 February 2028, noon Moscow"
  "moscow-midnight|UTC|2027-06-13 21:30:00|2027-06-13T21:30|Europe/Moscow|00:30 Moscow Monday = 21:30 UTC Sunday"
  "dst-berlin|Europe/Berlin|2027-03-28 01:56:00|2027-03-28T00:56|Europe/Berlin|Berlin's summer time starts at 02:00 that day"
)

field() { # setting field-number
  local IFS='|'
  # shellcheck disable=SC2206
  local parts=($1)
  echo "${parts[$2]}"
}

usage() {
  echo "usage: $0 <setting|all|list> [vitest args…]" >&2
  for s in "${SETTINGS[@]}"; do printf '  %-16s %s\n' "$(field "$s" 0)" "$(field "$s" 5)" >&2; done
  exit 2
}

[ $# -ge 1 ] || usage
which=$1
shift
if [ "$which" = list ]; then
  for s in "${SETTINGS[@]}"; do printf '%-16s %s UTC, TZ=%s, TIMEZONE=%s: %s\n' \
    "$(field "$s" 0)" "$(field "$s" 3)" "$(field "$s" 1)" "$(field "$s" 4)" "$(field "$s" 5)"; done
  exit 0
fi
command -v faketime >/dev/null 2>&1 || {
  echo "faketime is not installed (Debian: apt-get install faketime)" >&2
  exit 2
}

chosen=()
for s in "${SETTINGS[@]}"; do
  if [ "$which" = all ] || [ "$which" = "$(field "$s" 0)" ]; then chosen+=("$s"); fi
done
[ ${#chosen[@]} -gt 0 ] || usage

out=${CLOCK_MATRIX_OUT:-${TMPDIR:-/tmp}/clock-matrix}
mkdir -p "$out"
# redis-server (its jemalloc) hangs under libfaketime: the tests' redis-server
# is a shim that runs the real one on the real clock (its TTLs are relative).
shims=""
if real_redis=$(command -v redis-server); then
  shims="$out/shims"
  mkdir -p "$shims"
  printf '#!/bin/sh\nunset LD_PRELOAD\nexec %q "$@"\n' "$real_redis" >"$shims/redis-server"
  chmod +x "$shims/redis-server"
fi
status=0

for s in "${chosen[@]}"; do
  name=$(field "$s" 0)
  zone=$(field "$s" 1)
  start=$(field "$s" 2)
  utc=$(field "$s" 3)
  timezone=$(field "$s" 4)
  run() {
    env PATH="${shims:+$shims:}$PATH" TZ="$zone" TEST_TIMEZONE="$timezone" FAKETIME_DONT_RESET=1 FAKETIME_DONT_FAKE_MONOTONIC=1 \
      faketime -f "@$start" "$@"
  }
  # Proof that Node sees the fake time: a faketime that Node bypasses would pass every setting.
  seen=$(run node -e 'process.stdout.write(new Date().toISOString())')
  if [ "${seen:0:16}" != "$utc" ]; then
    echo "$name: Node sees $seen, not $utc: faketime does not reach Node here" >&2
    status=1
    continue
  fi
  began=$SECONDS
  run npx vitest run --reporter=default --reporter=json --outputFile.json="$out/$name.json" "$@" \
    >"$out/$name.log" 2>&1
  code=$?
  took=$((SECONDS - began))
  summary=$(node -e '
    const fs = require("node:fs");
    const [file, name, utc, zone, timezone, took, code] = process.argv.slice(1);
    let r;
    try { r = JSON.parse(fs.readFileSync(file, "utf8")); } catch { r = undefined; }
    const time = `${utc} UTC, TZ=${zone}, TIMEZONE=${timezone}`;
    const mins = `${Math.floor(took / 60)}m${String(took % 60).padStart(2, "0")}s`;
    if (!r) { console.log(`${name.padEnd(16)} ${time}: no report (vitest exit ${code}), see the log`); process.exit(); }
    const failed = r.testResults.filter((f) => f.status === "failed");
    const verdict = code === "0" ? "PASS" : "FAIL";
    console.log(`${name.padEnd(16)} ${verdict} ${time}: tests ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped; files ${r.testResults.length - failed.length}/${r.testResults.length} passed; ${mins}`);
    for (const f of failed) console.log(`  failed: ${require("node:path").relative(process.cwd(), f.name)}`);
  ' "$out/$name.json" "$name" "$utc" "$zone" "$timezone" "$took" "$code")
  echo "$summary"
  [ "$code" = 0 ] || status=1
done
echo "logs: $out" >&2
exit $status
