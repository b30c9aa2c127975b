# Bottleneck Lab: the dumbbell of docs/scenario.md in ns-2 (2.35), for side-by-side runs.
#
#   ns dumbbell.tcl -flows 20 -rate 16e6 -delay 0.001 -buffer 250 \
#      -accessRate 100e6 -accessDelayMin 0.001 -accessDelayMax 0.004 \
#      -loss 0.02 -duration 200 -measureFrom 50 -seed 1
#
# Topology: flows senders S(i) -> access link -> router L -> bottleneck -> router R ->
# access link -> receivers D(i); ACKs come back the same way. Each access link's one-way
# delay is drawn uniformly from [accessDelayMin, accessDelayMax]. The bottleneck L->R has a
# DropTail (or RED) queue of `buffer` packets; access links have `accessBuffer` packets.
# The exogenous loss model (an ErrorModel, per packet, Bernoulli) sits on each receiver's
# access link R->D(i), data direction only: `-loss RATE`, or `-lossSchedule "T:RATE,..."`
# for a rate that is piecewise constant from each time T on (overrides -loss).
# TCP: Agent/TCP/<tcp> (Newreno by default; Sack1 gets the Agent/TCPSink/Sack1 sink) driven
# by FTP, window 10000 so the receiver window never limits, packetSize_ `packetSize` (ns-2
# adds a 40-byte header on the wire).
#
# Output: one JSON object on stdout with per-flow bytes received over
# [measureFrom, duration] and the figures computed from them: Jain's index of the flows'
# throughput over the whole window (jain) and averaged over 1-s intervals (jain1s), bottleneck
# utilisation, mean queue (packets), bottleneck drops (over the window, and bottleneckDropsRun
# over the whole run); and whole-run timeouts and
# retransmitted packets summed over the flows. Each flow also reports the access delays and
# start time ns-2 drew for it (srcDelay, dstDelay, start), so the same draws can be rebuilt
# in another simulator.
# Every option has a default; see `set opt(...)` below.

set opt(flows) 20
set opt(rate) 16e6
set opt(delay) 0.001
set opt(buffer) 250
set opt(queue) DropTail
set opt(minTh) 5
set opt(maxTh) 15
set opt(maxP) 0.1
set opt(wq) 0.002
set opt(gentle) 0
set opt(accessRate) 100e6
set opt(accessDelayMin) 0.001
set opt(accessDelayMax) 0.004
set opt(accessBuffer) 1000
set opt(loss) 0
set opt(lossSchedule) ""
set opt(duration) 200
set opt(measureFrom) 0
set opt(seed) 1
set opt(packetSize) 1000
set opt(window) 10000
set opt(tcp) Newreno
set opt(delack) 0
set opt(start) 0
set opt(startSpread) 1
set opt(minRto) ""
set opt(initialCwnd) 2

source [file join [file dirname [info script]] common.tcl]
parse_options
foreach k {flows buffer accessBuffer packetSize window initialCwnd} {
  if {![string is integer -strict $opt($k)] || $opt($k) < 1} { usage "-$k must be a positive integer, got $opt($k)" }
}
foreach k {rate delay accessRate accessDelayMin accessDelayMax loss duration measureFrom seed} {
  if {![string is double -strict $opt($k)] || $opt($k) < 0} { usage "-$k must be a number >= 0, got $opt($k)" }
}
if {$opt(measureFrom) >= $opt(duration)} { usage "-measureFrom must be below -duration" }
if {$opt(accessDelayMax) < $opt(accessDelayMin)} { usage "-accessDelayMax is below -accessDelayMin" }

# The loss schedule as a list of {time rate} pairs.
set schedule {}
if {$opt(lossSchedule) != ""} {
  foreach step [split $opt(lossSchedule) ","] {
    set tr [split $step ":"]
    if {[llength $tr] != 2} { usage "-lossSchedule wants T:RATE,T:RATE,..., got $step" }
    lappend schedule $tr
  }
} else {
  lappend schedule [list 0 $opt(loss)]
}

set ns [new Simulator]

# One random stream per purpose, all seeded from -seed, so a run is reproducible.
proc stream {k} {
  global opt
  set rng [new RNG]
  $rng seed [expr {int($opt(seed)) * 7919 + $k}]
  return $rng
}
set delayVar [new RandomVariable/Uniform]
$delayVar use-rng [stream 1]
$delayVar set min_ $opt(accessDelayMin)
$delayVar set max_ $opt(accessDelayMax)
set startVar [new RandomVariable/Uniform]
$startVar use-rng [stream 2]
$startVar set min_ 0
$startVar set max_ [expr {$opt(startSpread) > 0 ? $opt(startSpread) : 1e-9}]

Agent/TCP set window_ $opt(window)
Agent/TCP set packetSize_ $opt(packetSize)
Agent/TCP set windowInit_ $opt(initialCwnd)
if {$opt(minRto) != ""} { Agent/TCP set minrto_ $opt(minRto) }
if {$opt(queue) == "RED"} {
  Queue/RED set thresh_ $opt(minTh)
  Queue/RED set maxthresh_ $opt(maxTh)
  Queue/RED set linterm_ [expr {1.0 / $opt(maxP)}]
  Queue/RED set q_weight_ $opt(wq)
  Queue/RED set gentle_ $opt(gentle)
  Queue/RED set bytes_ false
  Queue/RED set queue_in_bytes_ false
} elseif {$opt(queue) != "DropTail"} {
  usage "-queue must be DropTail or RED, got $opt(queue)"
}

set L [$ns node]
set R [$ns node]
$ns simplex-link $L $R $opt(rate) $opt(delay) $opt(queue)
$ns simplex-link $R $L $opt(rate) $opt(delay) DropTail
$ns queue-limit $L $R $opt(buffer)
$ns queue-limit $R $L $opt(buffer)
set qmon [$ns monitor-queue $L $R ""]

set n $opt(flows)
for {set i 0} {$i < $n} {incr i} {
  set S($i) [$ns node]
  set D($i) [$ns node]
  set srcDelay($i) [$delayVar value]
  set dstDelay($i) [$delayVar value]
  $ns duplex-link $S($i) $L $opt(accessRate) $srcDelay($i) DropTail
  $ns duplex-link $R $D($i) $opt(accessRate) $dstDelay($i) DropTail
  foreach {a b} [list $S($i) $L $L $S($i) $R $D($i) $D($i) $R] { $ns queue-limit $a $b $opt(accessBuffer) }

  set em($i) [new ErrorModel]
  $em($i) unit pkt
  $em($i) set rate_ [lindex [lindex $schedule 0] 1]
  set u [new RandomVariable/Uniform]
  $u use-rng [stream [expr {100 + $i}]]
  $em($i) ranvar $u
  $em($i) drop-target [new Agent/Null]
  $ns lossmodel $em($i) $R $D($i)
  foreach step [lrange $schedule 1 end] {
    $ns at [lindex $step 0] "$em($i) set rate_ [lindex $step 1]"
  }

  set sinkClass [expr {$opt(tcp) == "Sack1" ? "Agent/TCPSink/Sack1" : "Agent/TCPSink"}]
  if {$opt(delack)} { append sinkClass "/DelAck" }
  set start($i) [expr {$opt(start) + [$startVar value]}]
  ftp_flow $i $opt(tcp) $sinkClass $S($i) $D($i) $start($i)
}

# Also Jain's index over each 1-s interval (as the XQM paper's Fig. 3b), averaged.
proc sample {} {
  global n sink qmon last acc jainInt
  set s 0.0; set sq 0.0
  for {set i 0} {$i < $n} {incr i} {
    set cur [$sink($i) set bytes_]
    set d [delta $cur $last($i)]
    set acc($i) [expr {$acc($i) + $d}]
    set last($i) $cur
    set s [expr {$s + $d}]; set sq [expr {$sq + double($d) * $d}]
  }
  if {$sq > 0} { lappend jainInt [expr {$s * $s / ($n * $sq)}] }
  set cur [$qmon set bdepartures_]
  set acc(q) [expr {$acc(q) + [delta $cur $last(q)]}]
  set last(q) $cur
}
proc mark {} {
  global ns opt n sink qmon last acc qbase jainInt
  set jainInt {}
  for {set i 0} {$i < $n} {incr i} { set last($i) [$sink($i) set bytes_]; set acc($i) 0 }
  set last(q) [$qmon set bdepartures_]; set acc(q) 0
  set qbase(drops) [$qmon set pdrops_]
  set qbase(sum) [[$qmon get-pkts-integrator] set sum_]
  for {set t [expr {$opt(measureFrom) + 1}]} {$t < $opt(duration)} {set t [expr {$t + 1}]} {
    $ns at $t "sample"
  }
}

proc finish {} {
  global ns opt n qmon acc qbase srcDelay dstDelay start jainInt tcp
  sample
  set T [expr {double($opt(duration)) - $opt(measureFrom)}]
  set sum 0.0; set sumsq 0.0; set flows {}
  for {set i 0} {$i < $n} {incr i} {
    set thr [expr {$acc($i) * 8.0 / $T}]
    set sum [expr {$sum + $thr}]
    set sumsq [expr {$sumsq + $thr * $thr}]
    lappend flows [format {{"id":%d,"bytes":%s,"throughputBps":%.1f,"rttProp":%.6f,"srcDelay":%.9f,"dstDelay":%.9f,"start":%.9f,"timeouts":%d,"retransmits":%d}} \
        $i $acc($i) $thr [expr {2.0 * ($srcDelay($i) + $dstDelay($i) + $opt(delay))}] $srcDelay($i) $dstDelay($i) $start($i) \
        [$tcp($i) set nrexmit_] [$tcp($i) set nrexmitpack_]]
  }
  set jain [expr {$sumsq > 0 ? $sum * $sum / ($n * $sumsq) : 0}]
  # Whole-run TCP counters, summed over the flows.
  set timeouts 0; set retx 0
  for {set i 0} {$i < $n} {incr i} {
    incr timeouts [$tcp($i) set nrexmit_]
    incr retx [$tcp($i) set nrexmitpack_]
  }
  set jain1s [expr {[llength $jainInt] ? [tcl::mathop::+ {*}$jainInt] / [llength $jainInt] : 0}]
  # The integrator is only brought up to date by queue events; close it at `now`.
  set qi [$qmon get-pkts-integrator]
  $qi newpoint [$ns now] [$qmon set pkts_]
  set util [expr {$acc(q) * 8.0 / ($opt(rate) * $T)}]
  set meanq [expr {([$qi set sum_] - $qbase(sum)) / $T}]
  puts [format {{"simulator":"ns-2","flows":[%s],"jain":%.6f,"jain1s":%.6f,"utilization":%.6f,"meanQueue":%.3f,"bottleneckDrops":%d,"bottleneckDropsRun":%d,"aggregateBps":%.1f,"timeouts":%d,"retransmits":%d}} \
      [join $flows ","] $jain $jain1s $util $meanq [expr {[$qmon set pdrops_] - $qbase(drops)}] [$qmon set pdrops_] $sum $timeouts $retx]
  exit 0
}

$ns at $opt(measureFrom) "mark"
$ns at $opt(duration) "finish"
$ns run
