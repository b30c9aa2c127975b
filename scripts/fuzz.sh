#!/usr/bin/env bash
# `npm run fuzz [-- SECONDS]`: builds the libFuzzer harnesses (wasm-core/fuzz) with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer in build/fuzz, seeds the corpora from the
# presets and the docs' JSON examples, and fuzzes the scenario harness and the fluid-model
# harness for SECONDS in all (default 600: half each, both at once on two cores). Exits non-zero on the first crash,
# sanitizer report, leak or hang (an input slower than 60 s under the sanitizers), leaving the input in
# build/fuzz/artifacts/. The corpora grow in build/fuzz/corpus-* between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
total=${1:-600}
[[ "$total" =~ ^[0-9]+$ ]] && [ "$total" -ge 2 ] || { echo "fuzz: give the time in seconds (at least 2), not '$total'" >&2; exit 2; }

cxx=$(command -v clang++ || command -v clang++-14 || true)
[ -n "$cxx" ] || { echo "fuzz: clang++ is missing; run scripts/setup.sh" >&2; exit 1; }
out=build/fuzz
if [ ! -f "$out/build.ninja" ]; then
  cmake -S wasm-core -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DCMAKE_CXX_COMPILER="$cxx" \
    -DBL_TESTS=OFF -DBL_FUZZ=ON >/dev/null
fi
cmake --build "$out" -j "$(nproc)" --target fuzz_scenario fuzz_fluid >/dev/null

mkdir -p "$out/artifacts"
node scripts/fuzz-corpus.mjs "$out/corpus-scenario" "$out/corpus-fluid"
each=$((total / 2))
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The two harnesses are independent single-threaded processes: on two or more cores they fuzz
# side by side (the same fuzzing time each, half the wall time).
fuzz_one() {
  local h=$1 log="$out/fuzz-$1.log"
  if ! "$out/fuzz_$h" "$out/corpus-$h" -max_total_time="$each" -timeout=60 -rss_limit_mb=2048 -max_len=65536 \
       -print_final_stats=1 -artifact_prefix="$out/artifacts/$h-" >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "fuzz: $h harness FAILED; the input is in $out/artifacts/ (log: $log)" >&2
    return 1
  fi
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
  echo "fuzz: $h: $runs executions in ${each} s, no crash"
}
if [ "$(nproc)" -ge 2 ]; then
  echo "fuzz: scenario and fluid side by side for ${each} s each"
  fuzz_one scenario & p1=$!
  fuzz_one fluid & p2=$!
  rc=0
  wait $p1 || rc=1
  wait $p2 || rc=1
  exit $rc
fi
for h in scenario fluid; do
  echo "fuzz: $h for ${each} s"
  fuzz_one "$h" || exit 1
done
