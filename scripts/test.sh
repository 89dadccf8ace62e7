#!/usr/bin/env bash
# npm test: the whole check, in order, stopping at the first failure.
#
#   1 test dependencies (Chromium, PostgreSQL)   4 vitest on PGlite
#   2 tsc (server, browser, web, console), module 5 browser tests (e2e/run.ts, Chromium), and beside
#     boundaries (dependency-cruiser), two at      them, on one worker: vitest (database tests) on a throwaway
#     a time                                       PostgreSQL cluster, then the multi-node test (two
#   3 biome check, and no issue numbers in         servers, one PostgreSQL)
#     comments (check-comments.mjs)
#
# The last line is always `Summary: N passed, M failed`: N and M add up the tests of every vitest
# run and the browser run; a step that fails without failing tests (tsc, lint, a crash) counts as
# one failure. The exit status is non-zero when M is. The PostgreSQL cluster and the temp files are
# removed on every exit, including failures and Ctrl-C.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
BIN=$ROOT/node_modules/.bin
BOUNDARY_PATHS=(packages apps e2e bench)
MULTI_NODE_TEST=apps/server/src/multi-node.test.ts

passed=0
failed=0
step_names=()
step_times=()
RUN_DIR=""
PG_DIR=""
STEP_PID=""
DB_PID=""
MACHINE=""
beside_names=()
beside_times=()

now_ms() { date +%s%3N; }

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  # A step still running (we were interrupted): stop its whole process group, which includes
  # vitest's workers and any server process a test started.
  if [[ -n "$STEP_PID" ]] && kill -0 "$STEP_PID" 2>/dev/null; then
    kill -TERM -- "-$STEP_PID" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      kill -0 -- "-$STEP_PID" 2>/dev/null || break
      sleep 0.5
    done
    kill -KILL -- "-$STEP_PID" 2>/dev/null || true
  fi
  if [[ -n "$DB_PID" ]] && kill -0 "$DB_PID" 2>/dev/null; then
    kill -TERM -- "-$DB_PID" 2>/dev/null || true
    sleep 1
    kill -KILL -- "-$DB_PID" 2>/dev/null || true
  fi
  if [[ -n "$PG_DIR" ]]; then
    bash "$ROOT/scripts/pg-cluster.sh" stop "$PG_DIR" || echo "warning: could not stop the PostgreSQL cluster in $PG_DIR" >&2
  fi
  [[ -n "$RUN_DIR" ]] && rm -rf "$RUN_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT
trap 'echo "terminated" >&2; exit 143' TERM

print_timings() {
  local i total=0
  echo
  echo "Step timings ($MACHINE):"
  for i in "${!step_names[@]}"; do
    printf '  %-28s %7.1fs\n' "${step_names[$i]}" "$(awk "BEGIN { print ${step_times[$i]} / 1000 }")"
    total=$((total + step_times[i]))
  done
  printf '  %-28s %7.1fs\n' "total" "$(awk "BEGIN { print $total / 1000 }")"
  for i in "${!beside_names[@]}"; do
    printf '  %-28s %7.1fs (beside the browser tests)\n' "${beside_names[$i]}" "$(awk "BEGIN { print ${beside_times[$i]} / 1000 }")"
  done
}

finish() {
  if [[ -n "$RUN_DIR" ]]; then
    node "$ROOT/scripts/print-failures.mjs" "$RUN_DIR"/*.json 2>/dev/null || true
  fi
  print_timings
  echo
  echo "Summary: $passed passed, $failed failed"
  if [[ $failed -gt 0 ]]; then exit 1; fi
  exit 0
}

# Runs one step; on failure prints why and stops the pipeline (the EXIT trap cleans up).
# Usage: step NAME KIND COMMAND...   KIND is `plain`, `vitest:<report file>`, `e2e:<report file>`
# or `counted` (the step adds its reports' counts itself and leaves its failures in STEP_COUNTED).
step() {
  local name=$1 kind=$2
  shift 2
  echo
  echo "==> $name"
  local t0 rc=0
  t0=$(now_ms)
  if declare -F "$1" >/dev/null; then
    # A function of this script (it may set variables here): run it in this shell.
    "$1" "${@:2}" || rc=$?
  else
    # Its own process group, so an interruption can stop everything it started (see cleanup).
    set -m
    "$@" </dev/null &
    STEP_PID=$!
    set +m
    wait "$STEP_PID" || rc=$?
    STEP_PID=""
  fi
  step_names+=("$name")
  step_times+=($(($(now_ms) - t0)))

  local counted_failures=0
  case "$kind" in
    counted)
      # The step added its reports' counts itself.
      counted_failures=$STEP_COUNTED
      ;;
    vitest:* | e2e:*)
      local report=${kind#*:} counts
      if counts=$(node "$ROOT/scripts/count-results.mjs" "$report" 2>/dev/null); then
        local p f
        read -r p f <<<"$counts"
        passed=$((passed + p))
        failed=$((failed + f))
        counted_failures=$f
      fi
      ;;
  esac
  if [[ $rc -ne 0 ]]; then
    # A failing step with no failing test in its report (a crash, a type error, a lint error) still fails.
    [[ $counted_failures -gt 0 ]] || failed=$((failed + 1))
    echo
    echo "FAILED: step '$name' exited with status $rc; later steps were not run." >&2
    finish
  fi
}

if [[ ! -x "$BIN/vitest" ]]; then
  echo "error: node_modules is missing or incomplete; run npm ci first" >&2
  exit 1
fi

BASE_TMP=${TMPDIR:-/tmp}
RUN_DIR=$(mktemp -d "$BASE_TMP/gamehall-test.XXXXXX")
# Temp files of every step (server data dirs, browser profiles) land in the run directory, so the
# cleanup removes them even when a step is killed before its own cleanup ran.
mkdir "$RUN_DIR/tmp"
export TMPDIR="$RUN_DIR/tmp"

# The run's time depends on the machine's kernel as much as on its CPU: the summary names both.
MACHINE=$(node "$ROOT/scripts/machine-probe.mjs" 2>/dev/null) || MACHINE="machine: the probe failed"
echo "$MACHINE"

step "test dependencies" plain bash "$ROOT/scripts/install-test-deps.sh"
# The two boundary cruises are single-threaded and the four type-checks (TypeScript 7, native) use
# both cores in part: run two at a time, longest first; each one's output is printed whole, in
# order, when all have finished.
static_checks() {
  local names=(boundaries tsc "folder cycles" "tsc (browser)" "tsc (web)" "tsc (console)")
  local commands=(
    "$BIN/depcruise --config .dependency-cruiser.cjs ${BOUNDARY_PATHS[*]}"
    "$BIN/tsc -p tsconfig.json"
    "$BIN/depcruise --config .dependency-cruiser.folders.cjs apps/server/src"
    "$BIN/tsc -p tsconfig.browser.json"
    "$BIN/tsc -p apps/web/tsconfig.json"
    "$BIN/tsc -p apps/console/tsconfig.json"
  )
  local i running=0 failed=0
  for i in "${!commands[@]}"; do
    if ((running == 2)); then
      wait -n || true
      running=$((running - 1))
    fi
    (if ${commands[$i]} >"$RUN_DIR/static-$i.log" 2>&1; then echo 0; else echo 1; fi >"$RUN_DIR/static-$i.rc") &
    running=$((running + 1))
  done
  wait
  for i in "${!names[@]}"; do
    echo "--- ${names[$i]}"
    cat "$RUN_DIR/static-$i.log"
    if [[ "$(cat "$RUN_DIR/static-$i.rc" 2>/dev/null)" != 0 ]]; then
      echo "${names[$i]} failed"
      failed=1
    fi
  done
  return $failed
}
step "tsc and boundaries" plain static_checks
step "biome" plain "$BIN/biome" check .
step "comments" plain node "$ROOT/scripts/check-comments.mjs"

# TEST_DATABASE_URL from the caller's environment must not turn the PGlite run into a PostgreSQL run.
step "vitest (PGlite)" "vitest:$RUN_DIR/pglite.json" \
  env -u TEST_DATABASE_URL "$BIN/vitest" run --reporter=default --reporter=json \
  --outputFile.json="$RUN_DIR/pglite.json"

# Outside RUN_DIR: the cluster runs as the postgres user, who cannot enter RUN_DIR (mode 700).
PG_DIR=$(mktemp -d "$BASE_TMP/gamehall-pg.XXXXXX")

# The database runs (vitest on PostgreSQL, then the multi-node test) are CPU work, while the browser
# tests spend much of their time waiting: on page rendering, on a lottery draw, on the agents'
# settlement windows. The two run side by side, the database runs on one vitest worker so they take
# about one core. (Niced, they were starved: a server process a crash test starts missed its
# 90-second start.) Each run's output is printed whole when both have finished; the timings list
# them under "beside".
database_runs() {
  local rc=0 t0
  # The browser run's page timings wait for this (E2E_QUIET_AFTER), however the runs end.
  trap 'touch "$RUN_DIR/database-runs.done"' EXIT
  t0=$(now_ms)
  # Only the tests tagged `postgres` (scripts/test-files.ts): the rest of each file ran on PGlite.
  TEST_EXCLUDE=$MULTI_NODE_TEST TEST_WORKERS=1 TEST_TIMEOUT_MS=90000 "$BIN/vitest" run --tags-filter=postgres \
    --reporter=default --reporter=json \
    --outputFile.json="$RUN_DIR/postgres.json" >"$RUN_DIR/postgres.log" 2>&1 || rc=$?
  echo "$rc $(($(now_ms) - t0))" >"$RUN_DIR/postgres.rc"
  # The multi-node test only after the suite passed, as it would run after it alone.
  [[ $rc -eq 0 ]] || return "$rc"
  t0=$(now_ms)
  "$BIN/vitest" run "$MULTI_NODE_TEST" --reporter=default --reporter=json \
    --outputFile.json="$RUN_DIR/multi-node.json" >"$RUN_DIR/multi-node.log" 2>&1 || rc=$?
  echo "$rc $(($(now_ms) - t0))" >"$RUN_DIR/multi-node.rc"
  return "$rc"
}

STEP_COUNTED=0

# Adds a report's counts to the summary; echoes its failures.
count_report() {
  local counts p f
  if counts=$(node "$ROOT/scripts/count-results.mjs" "$1" 2>/dev/null); then
    read -r p f <<<"$counts"
    passed=$((passed + p))
    failed=$((failed + f))
    STEP_COUNTED=$((STEP_COUNTED + f))
  fi
}

database_and_browser() {
  local rc=0 name run line
  TEST_DATABASE_URL=$(bash "$ROOT/scripts/pg-cluster.sh" start "$PG_DIR") || return 1
  echo "PostgreSQL test cluster at $TEST_DATABASE_URL (data in $PG_DIR)"
  set -m
  export -f now_ms database_runs
  TEST_DATABASE_URL=$TEST_DATABASE_URL BIN=$BIN RUN_DIR=$RUN_DIR MULTI_NODE_TEST=$MULTI_NODE_TEST \
    bash -c database_runs </dev/null &
  DB_PID=$!
  env -u TEST_DATABASE_URL E2E_REPORT="$RUN_DIR/e2e.json" E2E_QUIET_AFTER="$RUN_DIR/database-runs.done" \
    node --import tsx e2e/run.ts </dev/null &
  STEP_PID=$!
  set +m
  wait "$STEP_PID" || rc=$?
  STEP_PID=""
  wait "$DB_PID" || rc=$?
  DB_PID=""
  count_report "$RUN_DIR/e2e.json"
  for run in postgres multi-node; do
    [[ -f "$RUN_DIR/$run.rc" ]] || continue
    name="vitest (PostgreSQL)"
    [[ $run == multi-node ]] && name="multi-node (PostgreSQL)"
    echo
    echo "==> $name, run beside the browser tests"
    cat "$RUN_DIR/$run.log"
    count_report "$RUN_DIR/$run.json"
    read -r line <"$RUN_DIR/$run.rc"
    beside_names+=("$name")
    beside_times+=("${line#* }")
  done
  bash "$ROOT/scripts/pg-cluster.sh" stop "$PG_DIR" || return 1
  PG_DIR=""
  return "$rc"
}
step "database and browser tests" counted database_and_browser

finish
