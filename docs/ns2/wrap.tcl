# Shared by the ns-2 scripts here. ns-2's byte counters are 32-bit ints that wrap after
# 2 GB (1 Gb/s for 17 s), so counts are summed from wrap-aware deltas taken each second.
proc delta {cur last} {
  set d [expr {$cur - $last}]
  if {$d < 0} { set d [expr {$d + 4294967296}] }
  return $d
}
