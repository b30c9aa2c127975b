#!/usr/bin/env bash
# `bash scripts/cpu-time.sh CMD...`: runs CMD and prints the CPU time of everything it started,
# browsers included, beside the wall time. /usr/bin/time counts only the processes their parents
# wait for, which leaves out Chromium's renderers, GPU and utility processes (Playwright runs
# counted that way looked 23 % busy while both cores were full). This puts CMD in a cgroup of its
# own (cpuacct: cgroup v1, or cpu.stat: v2) and reads what the group used. Needs root (or a
# writable cgroup tree); says so and exits 2 without one.
set -uo pipefail
[ $# -gt 0 ] || { echo "usage: bash scripts/cpu-time.sh CMD..." >&2; exit 2; }
name=bl-cpu-$$
if [ -d /sys/fs/cgroup/cpuacct ]; then
  g=/sys/fs/cgroup/cpuacct/$name
  read_ns() { cat "$g/cpuacct.usage"; }
else
  g=/sys/fs/cgroup/$name
  read_ns() { echo $(($(awk '$1 == "usage_usec" {print $2}' "$g/cpu.stat") * 1000)); }
fi
mkdir "$g" 2>/dev/null || { echo "cpu-time: cannot make a cgroup at $g (root needed)" >&2; exit 2; }
t0=$(date +%s%N)
bash -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' _ "$g" "$@"
rc=$?
t1=$(date +%s%N)
ns=$(read_ns)
awk -v c="$ns" -v w="$((t1 - t0))" 'BEGIN { printf "cpu-time: %.1f s of CPU in %.1f s of wall (%.2f cores)\n", c / 1e9, w / 1e9, c / w }' >&2
rmdir "$g" 2>/dev/null || true
exit $rc
