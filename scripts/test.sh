#!/usr/bin/env bash
# `npm test`: everything, from a clean clone on a fresh Debian machine. Stages run in order
# and stop at the first failure, naming it; the last line sums them up.
#   setup (Debian packages) -> npm packages and the native build side by side (npm ci mostly waits
#   on the disk and the network; the compiler needs only the Debian packages) -> layers (no import
#   points up) -> static checks: format (Prettier, clang-format), typecheck and lint (ESLint) side
#   by side -> ctest -> wasm build -> node tests (native/WASM agreement, CLI) -> fuzz (short: 40 s,
#   BL_FUZZ_SECONDS) -> unit tests (vitest) -> browser tests (Playwright)
# typecheck, lint, test:unit and test:e2e run when package.json defines them. Where the time goes
# (and the stage times of a fresh clone): docs/testing.md.
set -uo pipefail
cd "$(dirname "$0")/.."

stages=()
add() { stages+=("$1|$2"); }
# A stage of several single-threaded checks that need no build: they run side by side (three
# one-core jobs on a two-core machine), each one's output printed whole when it ends, in order.
par() { stages+=("$1|bash scripts/test.sh --together $2"); }
if [ "${1:-}" = --together ]; then
  shift
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  pids=()
  for ((i = 1; i <= $#; i++)); do
    ( t0=$SECONDS; bash -c "${!i}" >"$dir/$i.out" 2>&1; rc=$?; echo "$rc $((SECONDS - t0))" >"$dir/$i.rc" ) &
    pids+=($!)
  done
  failed=0
  for ((i = 1; i <= $#; i++)); do
    wait "${pids[$((i - 1))]}"
    read -r rc secs <"$dir/$i.rc"
    cat "$dir/$i.out"
    if [ "$rc" = 0 ]; then echo "--- ${!i}: passed in $secs s"
    else echo "--- ${!i}: FAILED (exit $rc, after $secs s)"; failed=1; fi
  done
  exit $failed
fi
has_script() { node -e "process.exit(require('./package.json').scripts?.['$1'] ? 0 : 1)"; }

add "setup"         "bash scripts/setup.sh --debian"
par "npm packages, native build" "'bash scripts/setup.sh --npm' 'bash scripts/build-native.sh'"
add "layers"        "npm run --silent layers"
checks=("'bash scripts/format.sh --check'")
for s in typecheck lint; do
  if has_script "$s"; then checks+=("'npm run --silent $s'"); else echo "test: no '$s' script in package.json, skipping it"; fi
done
par "format, typecheck, lint" "${checks[*]}"
add "native tests"  "ctest --test-dir build/native --output-on-failure -j $(nproc)"
add "wasm build"    "bash scripts/build-wasm.sh"
# Node runs test files one at a time on a 2-core machine (its default is one core fewer than the
# machine has): each file's tests are single-threaded, so one per core (13 s alone, half idle).
add "node tests"    "node --test --test-concurrency=$(nproc) wasm-core/node/*.test.mjs"
# A short fuzz of the core (clang, ASan + UBSan; `npm run fuzz` for a long one): a new crash fails CI.
add "fuzz (short)"  "bash scripts/fuzz.sh ${BL_FUZZ_SECONDS:-40}"
for s in test:unit test:e2e; do
  if has_script "$s"; then add "$s" "npm run --silent $s"; else echo "test: no '$s' script in package.json, skipping it"; fi
done

passed=0
total=${#stages[@]}
t_all=$SECONDS
for entry in "${stages[@]}"; do
  name=${entry%%|*}
  cmd=${entry#*|}
  echo
  echo "=== test stage: $name ($cmd)"
  t0=$SECONDS
  if bash -c "$cmd"; then
    passed=$((passed + 1))
    echo "=== test stage: $name passed in $((SECONDS - t0)) s"
  else
    rc=$?
    echo
    echo "=== test stage FAILED: $name (exit $rc, after $((SECONDS - t0)) s): $cmd" >&2
    echo "$passed passed, 1 failed, $((total - passed - 1)) not run"
    exit 1
  fi
done
echo
echo "all $total test stages passed in $((SECONDS - t_all)) s"
echo "$passed passed, 0 failed"
