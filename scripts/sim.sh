#!/usr/bin/env bash
# Runs one scenario headless with the native CLI and prints its JSON summary.
#   npm run sim -- --scenario FILE.json [--series FILE.csv] [other blsim options]
#   npm run sim -- --preset xqm-dumbbell          (public/presets/NAME.json)
# Every option but --preset goes to build/native/blsim unchanged (its --help lists them).
# Builds the native core first if needed (incremental, quiet unless it fails).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --preset)
      [ $# -ge 2 ] || { echo "sim: --preset needs a name (one of: $(ls "$root/public/presets" | sed 's/\.json$//' | tr '\n' ' '))" >&2; exit 2; }
      file="$root/public/presets/$2.json"
      [ -f "$file" ] || { echo "sim: no preset '$2' (have: $(ls "$root/public/presets" | sed 's/\.json$//' | tr '\n' ' '))" >&2; exit 2; }
      args+=(--scenario "$file"); shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done

bash "$root/scripts/lib/quietly.sh" native-build bash "$root/scripts/build-native.sh"
# npm runs this from the package root; resolve the caller's relative paths where they stood.
cd "${INIT_CWD:-.}"
exec "$root/build/native/blsim" "${args[@]}"
