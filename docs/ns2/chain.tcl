# Bottleneck Lab: the XQM paper's Fig. 4 chain (docs/scenario.md, topology `chain`) in ns-2
# (2.35), for side-by-side runs with the presets xqm-exp1-{red,rem,pi}.
#
#   ns chain.tcl -queue RED|REM|PI -seed 1
#
# Topology: routers A-B-C-D, hop rates 100, 150, 150 Mb/s, `hopDelay` per hop. `overlay`
# flows A->D (group AD) and `cross` flows over each single hop (groups AB, BC, CD). Every
# flow has its own sender and receiver node on access links of `accessRate`, DropTail
# `accessBuffer` packets. Equal RTTs as our `equalRtt`: an AD flow's access delay is
# accessDelayMin per side, a cross flow's accessDelayMin + hopDelay per side, so every flow's
# propagation RTT is 2 (2 accessDelayMin + 3 hopDelay) = 26 ms.
# A->B runs the scheme under test (-queue); B->C and C->D run RED (minTh 50, maxTh 120,
# weight 1e-4, maxP 0.1, gentle and wait as -gentle/-wait); every queue holds `buffer` packets. Reverse (ACK)
# directions of the hops are DropTail with `buffer` packets.
# Queue knobs (ns-2 name = ours):
#   RED: thresh_ = minTh, maxthresh_ = maxTh, q_weight_ = weight, linterm_ = 1/maxP,
#        gentle_ = gentle, wait_ = wait (both on by default, ns-2's defaults and ours since
#        issue 14; 0 for the 1993 spacing pb / (1 - count pb)), in packets,
#        mean_pktsize_ 1000 (idle decay). ns-2 never drops while at most one packet
#        waits (`qlen > 1`), which is our earlyMinQueue 2 default.
#   REM: gamma_ = gamma, phi_ = phi, pbo_ = target, pupdtime_ = period, inw_ = inputWeight,
#        mean_pktsize_ 1000, markpkts_ false (drop); ns-2's alpha is fixed at 0.1 in rem.cc
#        (ours is 0.1 too).
#   PI:  a_ = a, b_ = b, w_ = frequency, qref_ = qRef, in packets.
# TCP: Agent/TCP/Newreno driven by FTP, window 10000, packetSize_ 960 (1000 bytes on the
# wire), minrto_ 0.2, windowInit_ 2; start times uniform in [start, start + startSpread].
# The seed seeds ns-2's default RNG (the AQMs' drop decisions) and the start times.
#
# Output: one JSON object on stdout: per flow, bytes received over [measureFrom, duration],
# throughput, group, and data packets sent and retransmitted over that window; Jain's index
# over the flows that cross A (AD and AB), the mean queue at A (packets), A's utilisation
# and drops at A, B and C.

set opt(queue) RED
set opt(seed) 1
set opt(overlay) 10
set opt(cross) 10
set opt(rateAB) 100e6
set opt(rateBC) 150e6
set opt(rateCD) 150e6
set opt(hopDelay) 0.001
set opt(buffer) 250
set opt(accessRate) 1e9
set opt(accessDelayMin) 0.005
set opt(accessBuffer) 10000
set opt(duration) 100
set opt(measureFrom) 20
set opt(packetSize) 1000
set opt(window) 10000
set opt(minRto) 0.2
set opt(initialCwnd) 2
set opt(start) 0
set opt(startSpread) 1
# RED (A when -queue RED, and always B->C, C->D)
set opt(minTh) 50
set opt(maxTh) 120
set opt(maxP) 0.1
set opt(wq) 0.0001
set opt(gentle) 1
set opt(wait) 1
# REM at A
set opt(remGamma) 0.001
set opt(remPhi) 1.001
set opt(remTarget) 20
set opt(remPeriod) 0.002
set opt(remInw) 1
# PI at A
set opt(piA) 1.822e-5
set opt(piB) 1.816e-5
set opt(piFreq) 170
set opt(piQref) 50

source [file join [file dirname [info script]] common.tcl]
parse_options
foreach k {gentle wait} {
  if {$opt($k) != 0 && $opt($k) != 1} { usage "-$k must be 0 or 1, got $opt($k)" }
}
if {[lsearch {RED REM PI} $opt(queue)] < 0} { usage "-queue must be RED, REM or PI, got $opt(queue)" }
if {$opt(measureFrom) >= $opt(duration)} { usage "-measureFrom must be below -duration" }

set ns [new Simulator]
global defaultRNG
$defaultRNG seed [expr {int($opt(seed)) * 7919 + 1}]
set startRng [new RNG]
$startRng seed [expr {int($opt(seed)) * 7919 + 2}]
set startVar [new RandomVariable/Uniform]
$startVar use-rng $startRng
$startVar set min_ 0
$startVar set max_ [expr {$opt(startSpread) > 0 ? $opt(startSpread) : 1e-9}]

Agent/TCP set window_ $opt(window)
Agent/TCP set packetSize_ [expr {$opt(packetSize) - 40}]
Agent/TCP set windowInit_ $opt(initialCwnd)
Agent/TCP set minrto_ $opt(minRto)

Queue/RED set thresh_ $opt(minTh)
Queue/RED set maxthresh_ $opt(maxTh)
Queue/RED set linterm_ [expr {1.0 / $opt(maxP)}]
Queue/RED set q_weight_ $opt(wq)
Queue/RED set gentle_ $opt(gentle)
Queue/RED set wait_ $opt(wait)
Queue/RED set bytes_ false
Queue/RED set queue_in_bytes_ false
Queue/RED set mean_pktsize_ $opt(packetSize)
Queue/REM set gamma_ $opt(remGamma)
Queue/REM set phi_ $opt(remPhi)
Queue/REM set pbo_ $opt(remTarget)
Queue/REM set pupdtime_ $opt(remPeriod)
Queue/REM set inw_ $opt(remInw)
Queue/REM set mean_pktsize_ $opt(packetSize)
Queue/REM set markpkts_ false
Queue/REM set qib_ false
Queue/PI set a_ $opt(piA)
Queue/PI set b_ $opt(piB)
Queue/PI set w_ $opt(piFreq)
Queue/PI set qref_ $opt(piQref)
Queue/PI set bytes_ false
Queue/PI set queue_in_bytes_ false
Queue/PI set mean_pktsize_ $opt(packetSize)

foreach r {A B C D} { set N($r) [$ns node] }
set hops {{A B rateAB} {B C rateBC} {C D rateCD}}
foreach h $hops {
  foreach {x y rk} $h break
  set q [expr {$x == "A" ? $opt(queue) : "RED"}]
  $ns simplex-link $N($x) $N($y) $opt($rk) $opt(hopDelay) $q
  $ns simplex-link $N($y) $N($x) $opt($rk) $opt(hopDelay) DropTail
  $ns queue-limit $N($x) $N($y) $opt(buffer)
  $ns queue-limit $N($y) $N($x) $opt(buffer)
  set qmon($x) [$ns monitor-queue $N($x) $N($y) ""]
}

# Flows 0..overlay-1 go A->D; then cross flows over A-B, B-C, C-D (the core's order).
set n [expr {$opt(overlay) + 3 * $opt(cross)}]
for {set i 0} {$i < $n} {incr i} {
  if {$i < $opt(overlay)} {
    set from A; set to D; set grp($i) AD; set d $opt(accessDelayMin)
  } else {
    set h [expr {($i - $opt(overlay)) / $opt(cross)}]
    set from [lindex {A B C} $h]; set to [lindex {B C D} $h]; set grp($i) $from$to
    set d [expr {$opt(accessDelayMin) + $opt(hopDelay)}]
  }
  set S($i) [$ns node]
  set R($i) [$ns node]
  $ns duplex-link $S($i) $N($from) $opt(accessRate) $d DropTail
  $ns duplex-link $N($to) $R($i) $opt(accessRate) $d DropTail
  foreach {a b} [list $S($i) $N($from) $N($from) $S($i) $N($to) $R($i) $R($i) $N($to)] {
    $ns queue-limit $a $b $opt(accessBuffer)
  }
  ftp_flow $i Newreno Agent/TCPSink $S($i) $R($i) [expr {$opt(start) + [$startVar value]}]
}

proc sample {} {
  global n sink qmon last acc
  for {set i 0} {$i < $n} {incr i} {
    set cur [$sink($i) set bytes_]
    set acc($i) [expr {$acc($i) + [delta $cur $last($i)]}]
    set last($i) $cur
  }
  set cur [$qmon(A) set bdepartures_]
  set acc(q) [expr {$acc(q) + [delta $cur $last(q)]}]
  set last(q) $cur
}
proc mark {} {
  global ns opt n sink qmon last acc base tcp
  for {set i 0} {$i < $n} {incr i} {
    set last($i) [$sink($i) set bytes_]; set acc($i) 0
    set base(sent$i) [$tcp($i) set ndatapack_]; set base(retx$i) [$tcp($i) set nrexmitpack_]
  }
  set last(q) [$qmon(A) set bdepartures_]; set acc(q) 0
  foreach r {A B C} { set base(drops$r) [$qmon($r) set pdrops_] }
  set base(sum) [[$qmon(A) get-pkts-integrator] set sum_]
  for {set t [expr {$opt(measureFrom) + 1}]} {$t < $opt(duration)} {set t [expr {$t + 1}]} {
    $ns at $t "sample"
  }
}
proc finish {} {
  global ns opt n qmon acc base grp tcp
  sample
  set T [expr {double($opt(duration)) - $opt(measureFrom)}]
  set flows {}; set s 0.0; set sq 0.0; set k 0
  for {set i 0} {$i < $n} {incr i} {
    set thr [expr {$acc($i) * 8.0 / $T}]
    lappend flows [format {{"id":%d,"group":"%s","bytes":%s,"throughputBps":%.1f,"sent":%d,"retransmits":%d}} \
        $i $grp($i) $acc($i) $thr [expr {[$tcp($i) set ndatapack_] - $base(sent$i)}] \
        [expr {[$tcp($i) set nrexmitpack_] - $base(retx$i)}]]
    if {$grp($i) == "AD" || $grp($i) == "AB"} {
      set s [expr {$s + $thr}]; set sq [expr {$sq + $thr * $thr}]; incr k
    }
  }
  set jainA [expr {$sq > 0 ? $s * $s / ($k * $sq) : 0}]
  set qi [$qmon(A) get-pkts-integrator]
  $qi newpoint [$ns now] [$qmon(A) set pkts_]
  set meanq [expr {([$qi set sum_] - $base(sum)) / $T}]
  set util [expr {$acc(q) * 8.0 / ($opt(rateAB) * $T)}]
  set drops {}
  foreach r {A B C} { lappend drops [format {"%s":%d} $r [expr {[$qmon($r) set pdrops_] - $base(drops$r)}]] }
  puts [format {{"simulator":"ns-2","queue":"%s","seed":%s,"flows":[%s],"jainA":%.6f,"meanQueueA":%.3f,"utilizationA":%.6f,"drops":{%s}}} \
      $opt(queue) $opt(seed) [join $flows ","] $jainA $meanq $util [join $drops ","]]
  exit 0
}

$ns at $opt(measureFrom) "mark"
$ns at $opt(duration) "finish"
$ns run
