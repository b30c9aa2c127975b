# Bottleneck Lab: a `graph` topology (docs/scenario.md) in ns-2 (2.35), for side-by-side runs
# of DropTail on the same network; the description comes from a scenario through
# scripts/lib/ns2graph.mjs:
#
#   ns graph.tcl DESCRIPTION.tcl
#
# The description file sets opt(duration), opt(measureFrom), opt(packetSize) (packetSize_,
# i.e. bytes on the wire - 40), opt(window), opt(tcp) (Reno or Newreno), opt(minRto),
# opt(initialCwnd), opt(seed), opt(reverseBuffer), and the lists
#   nodes   {name ...}
#   links   {{name from to rateBps delaySeconds buffer} ...}   from->to DropTail of `buffer`
#           packets; to->from DropTail of opt(reverseBuffer) (ACKs)
#   flows   {{src dst startSeconds} ...}
#   watch   {linkName ...}   links whose drops are reported
# Routes are ns-2's static shortest paths. Output: one JSON object with per-flow goodput
# (bytes at the sink over [measureFrom, duration]), whole-run timeouts and retransmitted
# packets per flow, and the drops on the watched links.

if {$argc != 1} { puts stderr "usage: ns graph.tcl DESCRIPTION.tcl"; exit 2 }
source [lindex $argv 0]
source [file join [file dirname [info script]] common.tcl]

set ns [new Simulator]
Agent/TCP set window_ $opt(window)
Agent/TCP set packetSize_ $opt(packetSize)
Agent/TCP set windowInit_ $opt(initialCwnd)
Agent/TCP set minrto_ $opt(minRto)
ns-random $opt(seed)

foreach n $nodes { set N($n) [$ns node] }
foreach l $links {
  lassign $l name from to rate delay buffer
  $ns simplex-link $N($from) $N($to) $rate $delay DropTail
  $ns simplex-link $N($to) $N($from) $rate $delay DropTail
  $ns queue-limit $N($from) $N($to) $buffer
  $ns queue-limit $N($to) $N($from) $opt(reverseBuffer)
  if {[lsearch -exact $watch $name] >= 0} { set mon($name) [$ns monitor-queue $N($from) $N($to) ""] }
}

set n [llength $flows]
for {set i 0} {$i < $n} {incr i} {
  lassign [lindex $flows $i] src dst start
  ftp_flow $i $opt(tcp) Agent/TCPSink $N($src) $N($dst) $start
}

proc sample {} {
  global n sink last acc
  for {set i 0} {$i < $n} {incr i} {
    set cur [$sink($i) set bytes_]
    set acc($i) [expr {$acc($i) + [delta $cur $last($i)]}]
    set last($i) $cur
  }
}
proc mark {} {
  global ns opt n sink last acc mon base
  for {set i 0} {$i < $n} {incr i} { set last($i) [$sink($i) set bytes_]; set acc($i) 0 }
  foreach k [array names mon] { set base($k) [$mon($k) set pdrops_] }
  for {set t [expr {$opt(measureFrom) + 1}]} {$t < $opt(duration)} {set t [expr {$t + 1}]} { $ns at $t "sample" }
}
proc finish {} {
  global opt n acc tcp mon base
  sample
  set T [expr {double($opt(duration)) - $opt(measureFrom)}]
  set flows {}
  for {set i 0} {$i < $n} {incr i} {
    lappend flows [format {{"id":%d,"goodputBps":%.1f,"timeouts":%d,"retransmits":%d}} \
        $i [expr {$acc($i) * 8.0 / $T}] [$tcp($i) set nrexmit_] [$tcp($i) set nrexmitpack_]]
  }
  set drops {}
  foreach k [lsort [array names mon]] { lappend drops [format {"%s":%d} $k [expr {[$mon($k) set pdrops_] - $base($k)}]] }
  puts [format {{"simulator":"ns-2","flows":[%s],"drops":{%s}}} [join $flows ","] [join $drops ","]]
  exit 0
}
$ns at $opt(measureFrom) "mark"
$ns at $opt(duration) "finish"
$ns run
