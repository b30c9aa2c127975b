# Shared by the ns-2 scripts here: option parsing, one FTP-driven TCP flow, and byte-counter
# deltas.

# Reads -name value pairs from the command line over the defaults in the global opt();
# anything else stops with the list of options.
proc usage {msg} {
  global opt scriptName
  puts stderr "$scriptName: $msg"
  puts stderr "options (with defaults):"
  foreach k [lsort [array names opt]] { puts stderr "  -$k $opt($k)" }
  exit 2
}
proc parse_options {} {
  global opt argc argv scriptName
  set scriptName [file tail [info script]]
  if {[expr {$argc % 2}] != 0} { usage "options come in pairs: -name value" }
  foreach {k v} $argv {
    set name [string range $k 1 end]
    if {[string index $k 0] != "-" || ![info exists opt($name)]} { usage "unknown option $k" }
    set opt($name) $v
  }
}

# Flow i: Agent/TCP/<tcpClass> on node src, a <sinkClass> on node dst, FTP from time start;
# into the global arrays tcp, sink and ftp.
proc ftp_flow {i tcpClass sinkClass src dst start} {
  global ns tcp sink ftp
  set tcp($i) [new Agent/TCP/$tcpClass]
  $tcp($i) set fid_ $i
  set sink($i) [new $sinkClass]
  $ns attach-agent $src $tcp($i)
  $ns attach-agent $dst $sink($i)
  $ns connect $tcp($i) $sink($i)
  set ftp($i) [new Application/FTP]
  $ftp($i) attach-agent $tcp($i)
  $ns at $start "$ftp($i) start"
}

# ns-2's byte counters are 32-bit ints that wrap after
# 2 GB (1 Gb/s for 17 s), so counts are summed from wrap-aware deltas taken each second.
proc delta {cur last} {
  set d [expr {$cur - $last}]
  if {$d < 0} { set d [expr {$d + 4294967296}] }
  return $d
}
