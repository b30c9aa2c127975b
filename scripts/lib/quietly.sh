#!/usr/bin/env bash
# quietly.sh LABEL COMMAND...: runs COMMAND with its output in build/logs/LABEL.log and
# prints that log only if it fails, so wrappers (sim, bench) keep their own output clean.
set -uo pipefail
label=$1; shift
root="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$root/build/logs"
log="$root/build/logs/$label.log"
if ! "$@" >"$log" 2>&1; then
  cat "$log" >&2
  echo "$label failed (log above, also in ${log#"$root"/})" >&2
  exit 1
fi
