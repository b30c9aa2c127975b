// TCP sender/receiver tests. A tiny harness connects sender -> Wire -> receiver -> Wire ->
// sender; a Wire delays packets by a fixed time (optionally serialising them at a rate behind
// a bounded FIFO) and drops scripted packets. With pure delays every window leaves as one
// burst and every ACK burst arrives at one instant, so the expected numbers below follow by
// hand from the RFC rules; each test says how.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <vector>

#include "cc/congestion_control.h"
#include "core/simulation.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"

namespace bl {
namespace {

constexpr SimTime ms = kMillisecond;

class Wire : public PacketSink, public EventHandler {
 public:
  Wire(Simulation& sim, SimTime d) : delay(d), sim_(sim) {}
  void receive(Packet* p) override {
    if (p->kind == PacketKind::Data && scriptedDrop(*p)) {
      sim_.drop(p, DropReason::Exogenous, 0);
      return;
    }
    const SimTime now = sim_.now();
    SimTime at = now + delay;
    if (rateBps > 0) {
      const SimTime tx = txTime(p->size, rateBps);
      if (busyUntil_ - now > queueLimit * tx) {
        sim_.drop(p, DropReason::Overflow, 0);
        return;
      }
      busyUntil_ = std::max(now, busyUntil_) + tx;
      at = busyUntil_ + delay;
    }
    q_.push_back(p);
    sim_.sched().at(at, this, 0);
  }
  void onEvent(uint32_t, uint64_t) override {
    Packet* p = q_.front();
    q_.pop_front();
    sim_.forward(p);
  }

  SimTime delay;
  std::map<int64_t, int> drops;  // seq -> how many of its transmissions to drop
  int64_t dropFrom = INT64_MAX;  // drop every transmission of seqs >= this
  double randomLoss = 0;
  Rng rng{7, "wire"};
  double rateBps = 0;      // 0: no serialisation
  int64_t queueLimit = 0;  // packets waiting behind the one on the wire

 private:
  bool scriptedDrop(const Packet& p) {
    if (p.seq >= dropFrom) return true;
    auto it = drops.find(p.seq);
    if (it != drops.end() && it->second > 0) {
      --it->second;
      return true;
    }
    return rng.bernoulli(randomLoss);
  }
  Simulation& sim_;
  std::deque<Packet*> q_;
  SimTime busyUntil_ = 0;
};

struct Harness {
  explicit Harness(const TcpConfig& cfg, SimTime oneWay = 50 * ms, bool delAck = false)
      : fwd(sim, oneWay), rev(sim, oneWay), rcv(sim, 0, &ackRoute, delAck), snd(sim, 0, &dataRoute, cfg, makeAimd()) {
    sim.flowStats().resize(1);
    dataRoute.hops = {&fwd};
    dataRoute.endpoint = &rcv;
    ackRoute.hops = {&rev};
    ackRoute.endpoint = &snd;
  }
  void runUntil(SimTime t) {
    while (sim.sched().runOne(t)) {}
    sim.sched().advanceTo(t);
  }
  FlowStats& fs() { return sim.flow(0); }

  Simulation sim{1};
  Wire fwd, rev;
  Route dataRoute, ackRoute;
  TcpReceiver rcv;
  TcpSender snd;
};

// Limited transmit is off unless a test turns it on: the hand-derived numbers below count
// packets without its extra sends.
TcpConfig config(TcpConfig::Recovery r, double initialCwnd = 2, double rwnd = 10000, double ssthresh = 1e9) {
  TcpConfig c;
  c.recovery = r;
  c.limitedTransmit = false;
  c.initialCwnd = initialCwnd;
  c.rwnd = rwnd;
  c.initialSsthresh = ssthresh;
  return c;
}

// Slow start: every ACK adds one packet, so cwnd doubles each RTT: after round r it is
// 2 * 2^r, 2^(r+1) - 2 packets are acked and a full window is out.
TEST(TcpWindow, SlowStartDoublesPerRtt) {
  Harness h(config(TcpConfig::NewReno, 2));
  h.snd.start();
  for (int r = 1; r <= 6; ++r) {
    h.runUntil(r * 100 * ms + 10 * ms);
    EXPECT_EQ(h.snd.cwndPackets(), 2 << r) << "round " << r;
    EXPECT_EQ(h.snd.highestAcked(), (2 << r) - 2);
    EXPECT_EQ(h.snd.maxSeq(), (4 << r) - 2);
  }
}

// Congestion avoidance (cwnd >= ssthresh): each ACK adds 1/cwnd (RFC 5681 eq. 3). The model
// replays the rule: an ACK that moves cwnd from a to b releases floor(b) - floor(a) + 1
// packets, which are acked one RTT later.
TEST(TcpWindow, CongestionAvoidanceAddsAboutOnePerRtt) {
  Harness h(config(TcpConfig::NewReno, 10, 10000, 10));
  h.snd.start();
  double cwnd = 10;
  int64_t acksNext = 10;
  for (int r = 1; r <= 10; ++r) {
    const double before = cwnd;
    int64_t sent = 0;
    for (int64_t i = 0; i < acksNext; ++i) {
      const double a = cwnd;
      cwnd += 1.0 / cwnd;
      sent += static_cast<int64_t>(cwnd) - static_cast<int64_t>(a) + 1;
    }
    acksNext = sent;
    h.runUntil(r * 100 * ms + 10 * ms);
    EXPECT_DOUBLE_EQ(h.snd.cwndPackets(), cwnd) << "round " << r;
    EXPECT_GT(cwnd - before, 0.85);
    EXPECT_LE(cwnd - before, 1.0);
  }
  EXPECT_EQ(h.snd.ssthresh(), 10);
  EXPECT_GE(h.snd.cwndPackets(), 19.0);
  EXPECT_LT(h.snd.cwndPackets(), 20.0);
}

// ackCounting, on the module alone. Slow start, cwnd 2 (ssthresh 100), one ACK for 3
// packets: RFC 3465 adds min(3, L = 2) = 2 (cwnd 4), per-ACK counting 1 (cwnd 3). Congestion
// avoidance, cwnd 4 (ssthresh 2), one ACK for 2 packets: 2/4 (4.5) against 1/4 (4.25).
// Crossing ssthresh, cwnd 1.5 (ssthresh 2), one ACK for 1 packet: RFC 3465 stops slow start
// at 2 and counts the other half packet as congestion avoidance (2 + 0.5/2 = 2.25); per ACK,
// as ns-2's opencwnd, the ACK adds a whole packet (2.5).
TEST(TcpWindow, AimdAckCountingAbcOrPerAck) {
  struct Case {
    double cwnd, ssthresh;
    uint32_t acked;
    double abc, perAck;
  };
  for (const Case& c : {Case{2, 100, 3, 4, 3}, Case{4, 2, 2, 4.5, 4.25}, Case{1.5, 2, 1, 2.25, 2.5}}) {
    for (int perAck : {0, 1}) {
      SCOPED_TRACE(testing::Message() << "cwnd " << c.cwnd << " perAck " << perAck);
      auto cc = makeAimd();
      ASSERT_TRUE(cc->setParam("ackCounting", perAck));
      CcState s;
      s.cwnd = c.cwnd;
      s.ssthresh = c.ssthresh;
      cc->onAck(s, c.acked);
      EXPECT_DOUBLE_EQ(s.cwnd, perAck ? c.perAck : c.abc);
    }
  }
}

// Shared scenario for the loss tests: RTT 60 ms (RTO stays 200 ms, over 3 RTTs), initial
// cwnd 10 in slow start. Round 1 (t=60): acks 1..10, cwnd 20, seqs 10..29 out. Round 2
// (t=120): acks 11..20 take cwnd to 30 and send 30..49, so FlightSize is 30 when the third
// duplicate ACK arrives: ssthresh = 15. ACK bursts arrive at multiples of 60 ms; the
// checkpoints are half an RTT later. No test may see a timeout.
constexpr SimTime kRtt = 60 * ms;

struct Checkpoint {
  int halfRtts;  // checked at halfRtts * 30 ms
  bool inRecovery;
  double cwnd, ssthresh;
  int64_t una, max;  // snd_una, snd_max
  uint64_t fastRetransmits, retransmits;
  int64_t sacked = -1, pipe = -1;  // -1: not checked
};

void expectRecovery(TcpConfig::Recovery mode, const std::map<int64_t, int>& drops, const std::vector<Checkpoint>& cps) {
  Harness h(config(mode, 10), kRtt / 2);
  h.fwd.drops = drops;
  h.snd.start();
  for (const Checkpoint& c : cps) {
    h.runUntil(c.halfRtts * kRtt / 2);
    SCOPED_TRACE(testing::Message() << "mode " << mode << " at " << c.halfRtts * 30 << " ms");
    EXPECT_EQ(h.snd.inRecovery(), c.inRecovery);
    EXPECT_DOUBLE_EQ(h.snd.cwndPackets(), c.cwnd);
    EXPECT_EQ(h.snd.ssthresh(), c.ssthresh);
    EXPECT_EQ(h.snd.highestAcked(), c.una);
    EXPECT_EQ(h.snd.maxSeq(), c.max);
    EXPECT_EQ(h.fs().fastRetransmits, c.fastRetransmits);
    EXPECT_EQ(h.fs().retransmits, c.retransmits);
    EXPECT_EQ(h.fs().timeouts, 0u);
    if (c.sacked >= 0) { EXPECT_EQ(h.snd.sackedPackets(), c.sacked); }
    if (c.pipe >= 0) { EXPECT_EQ(h.snd.pipe(), c.pipe); }
  }
}

// (a) One loss (seq 20): 9 dupacks at t=120. The 3rd triggers the only fast retransmit with
// cwnd = 15 + 3, the next 6 inflate it to 24. At t=180 twenty more dupacks (cwnd 44, new data
// 50..63) and then the full ACK 50 deflates cwnd to ssthresh = 15 and releases seq 64.
TEST(TcpRecovery, TripleDupAckHalvesWindowRenoAndNewReno) {
  for (auto mode : {TcpConfig::Reno, TcpConfig::NewReno}) {
    expectRecovery(mode, {{20, 1}}, {{5, true, 24, 15, 20, 50, 1, 1}, {7, false, 15, 15, 50, 65, 1, 1}});
  }
}

// (b) Two losses in one window (20 and 25): 8 dupacks at t=120 (cwnd 18 -> 23).
// NewReno: at t=180, 20 dupacks (cwnd 43, new 50..62), then the partial ACK 25 retransmits
// 25 and sets cwnd = 43 - 5 + 1 = 39 (one more new packet, 63). At t=240, 13 dupacks (cwnd
// 52, new 64..76), the full ACK 63 ends recovery with cwnd = 15, and ACK 64 adds 1/15
// (releasing 77, 78).
TEST(TcpRecovery, NewRenoPartialAckRetransmitsSecondHole) {
  expectRecovery(
      TcpConfig::NewReno, {{20, 1}, {25, 1}},
      {{5, true, 23, 15, 20, 50, 1, 1}, {7, true, 39, 15, 25, 64, 1, 2}, {9, false, 15 + 1.0 / 15, 15, 64, 79, 1, 2}});
}

// (b) Reno, same losses: the partial ACK 25 at t=180 ends recovery (cwnd = 15, flight 38, so
// nothing is sent). The 13 dupacks for 50..62 at t=240 trigger a second fast retransmit with
// ssthresh = FlightSize/2 = (63 - 25)/2 = 19 (RFC 5681 eq. 4) and cwnd 19 + 3 + 10 inflated,
// and the ACK 63 at t=300 ends it with cwnd = 19, releasing 63..81.
TEST(TcpRecovery, RenoTwoLossesTwoFastRetransmits) {
  expectRecovery(TcpConfig::Reno, {{20, 1}, {25, 1}},
                 {{5, true, 23, 15, 20, 50, 1, 1},
                  {7, false, 15, 15, 25, 63, 1, 1},
                  {9, true, 32, 19, 25, 63, 2, 2},
                  {11, false, 19, 19, 63, 82, 2, 2}});
}

// (c) SACK, three losses in one window (20, 23, 26). At t=120 the third dupack (SACKed 21, 22,
// 24) enters recovery: ssthresh = cwnd = FlightSize/2 = 15 (RFC 6675 4.2), retransmit 20.
// After all 7 dupacks 20, 23 and 26 are lost (IsLost: 3 SACKed above) and pipe =
// 30 - 7 SACKed - 3 lost + 1 retransmitted = 21. At t=180 each dupack SACKs one more packet
// and lowers pipe by one; once pipe < 15 the 7th and 8th retransmit 23 and 26 (NextSeg rule
// 1), the 9th..20th send new data 50..61 (rule 2) and the partial ACK 23 sends 62. At t=240
// the partial ACK 26 sends 63, the full ACK 50 ends recovery with cwnd = ssthresh (sending
// 64), then ACKs 51..63 add 1/cwnd each and release one packet each (65..77).
TEST(TcpRecovery, SackRecoversThreeLossesInOneWindow) {
  double cwnd = 15;
  for (int i = 0; i < 13; ++i) cwnd += 1.0 / cwnd;
  expectRecovery(TcpConfig::Sack, {{20, 1}, {23, 1}, {26, 1}},
                 {{5, true, 15, 15, 20, 50, 1, 1, 7, 21},
                  {7, true, 15, 15, 23, 63, 1, 3, 25, 15},
                  {9, false, cwnd, 15, 63, 78, 1, 3, 0}});
}

// Limited transmit (RFC 3042), scenario (a) with one loss (seq 20). At t=120 cwnd is 30 and
// 30 packets are out (20..49) when the dupacks come: the first two send 50 and 51 (outstanding
// may reach cwnd + 1, then cwnd + 2) without touching cwnd. The third finds 32 outstanding,
// but RFC 5681 3.2 step 2 leaves the two limited-transmit packets out of FlightSize: ssthresh
// 30 / 2 = 15 either way, cwnd 15 + 3 inflated by the 6 later dupacks to 24 (24 < 32 out:
// nothing more is sent). Without it: 50 out, as in (a).
TEST(TcpRecovery, LimitedTransmitSendsOnFirstTwoDupAcks) {
  for (bool lt : {false, true}) {
    SCOPED_TRACE(testing::Message() << "limitedTransmit " << lt);
    TcpConfig c = config(TcpConfig::NewReno, 10);
    c.limitedTransmit = lt;
    Harness h(c, kRtt / 2);
    h.fwd.drops = {{20, 1}};
    h.snd.start();
    h.runUntil(150 * ms);
    EXPECT_TRUE(h.snd.inRecovery());
    EXPECT_EQ(h.snd.maxSeq(), lt ? 52 : 50);
    EXPECT_EQ(h.snd.ssthresh(), 15);
    EXPECT_DOUBLE_EQ(h.snd.cwndPackets(), 24);
    EXPECT_EQ(h.fs().fastRetransmits, 1u);
  }
}

// Why it matters: a window of 3 with its first packet lost yields only two dupacks, too few
// for fast retransmit, so without limited transmit the timer has to fire. With it, the two
// dupacks send 3 and 4, whose dupacks make the third and fourth: a fast retransmit and no
// timeout.
TEST(TcpRecovery, LimitedTransmitAvoidsTimeoutInSmallWindow) {
  for (bool lt : {false, true}) {
    SCOPED_TRACE(testing::Message() << "limitedTransmit " << lt);
    TcpConfig c = config(TcpConfig::NewReno, 3, 10000, 3);
    c.limitedTransmit = lt;
    Harness h(c);
    h.fwd.drops = {{0, 1}};
    h.snd.start();
    h.runUntil(2 * kSecond);
    EXPECT_EQ(h.fs().fastRetransmits, lt ? 1u : 0u);
    EXPECT_EQ(h.fs().timeouts, lt ? 0u : 1u);
    EXPECT_GT(h.snd.highestAcked(), 5);
  }
}

// NewReno's Careful variant (RFC 6582 3.2 step 1, ns-2's bugFix_): losses 20 and 50 in
// scenario (a). Recovery from 20 starts with recover = 49, the highest seq sent; 50 is the
// first new packet clocked out by its dupacks and is lost. The full ACK at t=180 stops at
// exactly 50, covering recover but not more, so the 13 dupacks for 51..63 at t=240 may not
// start a second fast retransmit: NewReno waits for the timer. SACK (RFC 6675 5.1 only asks
// HighACK >= RecoveryPoint) starts its second recovery at once.
TEST(TcpRecovery, NewRenoNeedsAckBeyondRecoverForNewRecovery) {
  for (auto mode : {TcpConfig::NewReno, TcpConfig::Sack}) {
    SCOPED_TRACE(testing::Message() << "mode " << mode);
    Harness h(config(mode, 10), kRtt / 2);
    h.fwd.drops = {{20, 1}, {50, 1}};
    h.snd.start();
    h.runUntil(250 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 50);
    const bool sack = mode == TcpConfig::Sack;
    EXPECT_EQ(h.fs().fastRetransmits, sack ? 2u : 1u);
    EXPECT_EQ(h.snd.inRecovery(), sack);
    h.runUntil(2 * kSecond);
    EXPECT_EQ(h.fs().timeouts, sack ? 0u : 1u);
    EXPECT_GT(h.snd.highestAcked(), 64);
  }
}

// A lost fast retransmission (seq 20 dropped twice). Recovery clocks out 14 new packets per
// RTT on dupacks (Reno/NewReno through inflation, SACK through pipe) until the RTO armed by
// the last new ACK (t=120) fires at t=320. ssthresh is kept at 15: that window was already
// reduced. The retransmission of 20 then makes the ACK jump to 92 at t=380 and slow start
// (cwnd 1 + 2) sends 92..94. In between, the dupacks for 78..91 arrive (t=360):
//  - NewReno ignores them, they cover less than recover = 92 (RFC 6582);
//  - Reno takes them for a new loss: a second fast retransmit with ssthresh =
//    max(FlightSize 1 / 2, 2) = 2 and cwnd 5 inflated to 16, which resends 21..35 (go-back-N
//    from snd_nxt = 21), 18 retransmissions in all; the ACK 92 leaves cwnd = 2 (sending 92, 93);
//  - SACK told to keep its scoreboard over the timeout (sackAfterRto keep) skips the 57
//    SACKed packets when going back (SackForgetsScoreboardOnTimeout covers the default).
TEST(TcpTimer, TimeoutAfterLostRetransmission) {
  struct Case {
    TcpConfig::Recovery mode;
    int64_t nextAfterRto, sackedAfterRto;
    double cwnd, ssthresh;
    int64_t max;
    uint64_t fastRetransmits, retransmits;
  };
  for (const Case& c : {Case{TcpConfig::Reno, 21, 0, 2, 2, 94, 2, 18}, Case{TcpConfig::NewReno, 21, 0, 3, 15, 95, 1, 2},
                        Case{TcpConfig::Sack, 78, 57, 3, 15, 95, 1, 2}}) {
    SCOPED_TRACE(testing::Message() << "mode " << c.mode);
    TcpConfig cfg = config(c.mode, 10);
    cfg.sackForgetOnRto = false;
    Harness h(cfg, kRtt / 2);
    h.fwd.drops = {{20, 2}};
    h.snd.start();
    h.runUntil(330 * ms);
    EXPECT_EQ(h.fs().timeouts, 1u);
    EXPECT_EQ(h.snd.ssthresh(), 15);
    EXPECT_EQ(h.snd.maxSeq(), 92);
    EXPECT_EQ(h.snd.nextSeq(), c.nextAfterRto);
    EXPECT_EQ(h.snd.sackedPackets(), c.sackedAfterRto);
    h.runUntil(390 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 92);
    EXPECT_EQ(h.snd.maxSeq(), c.max);
    EXPECT_EQ(h.snd.cwndPackets(), c.cwnd);
    EXPECT_EQ(h.snd.ssthresh(), c.ssthresh);
    EXPECT_EQ(h.fs().fastRetransmits, c.fastRetransmits);
    EXPECT_EQ(h.fs().retransmits, c.retransmits);
    EXPECT_EQ(h.fs().timeouts, 1u);
  }
}

// When the timer restarts. Scenario (a) with seq 29, the last packet of the t=60 burst, lost
// twice. At t=120 its predecessors' ACKs 11..29 are all new (the timer restarts, RFC 6298 5.3)
// and release 30..67; no duplicate ACK comes until those arrive at t=180, when the third
// triggers the fast retransmission of 29, lost again. Nothing new is acked after that: the
// later dupacks clock out new data (inflation or pipe) but never advance snd_una. Every RTT
// sample is 60 ms, so RTO = max(200, 60 + 4 x 30 at most) = 200 ms.
//  - newAck (RFC 6298 alone): the deadline stays at the last new ACK + RTO = 120 + 200 = 320 ms;
//  - fastRetransmit (ns-2's reset_rtx_timer in dupack_action; Linux re-arms on retransmitting
//    the head, which is what SACK's first retransmission is): 180 + 200 = 380 ms.
// (What Reno does with the dupacks after the timeout is TimeoutAfterLostRetransmission's.)
TEST(TcpTimer, RestartOnFastRetransmission) {
  for (auto mode : {TcpConfig::Reno, TcpConfig::NewReno, TcpConfig::Sack}) {
    for (auto rule : {TcpConfig::RestartOnFastRetransmit, TcpConfig::RestartOnNewAckOnly}) {
      SCOPED_TRACE(testing::Message() << "mode " << mode << " rule " << rule);
      TcpConfig cfg = config(mode, 10);
      cfg.rtoRestart = rule;
      Harness h(cfg, kRtt / 2);
      h.fwd.drops = {{29, 2}};
      h.snd.start();
      h.runUntil(150 * ms);
      EXPECT_EQ(h.snd.highestAcked(), 29);
      EXPECT_EQ(h.snd.maxSeq(), 68);
      EXPECT_EQ(h.snd.rto(), 200 * ms);
      EXPECT_EQ(h.fs().fastRetransmits, 0u);
      SimTime firstTimeout = -1;
      uint64_t fastRetransmitsBefore = 0;
      while (firstTimeout < 0 && h.sim.sched().runOne(2 * kSecond))
        if (h.fs().timeouts > 0) firstTimeout = h.sim.now();
      fastRetransmitsBefore = h.fs().fastRetransmits;
      EXPECT_EQ(fastRetransmitsBefore, 1u);
      EXPECT_EQ(firstTimeout, rule == TcpConfig::RestartOnFastRetransmit ? 380 * ms : 320 * ms);
      EXPECT_EQ(h.snd.highestAcked(), 29);
    }
  }
}

// RTO formulas, rwnd 1 so one 100 ms sample per RTT arrives at t = 100 k ms. RTTVAR starts at
// 50 ms and each equal sample multiplies it by 3/4: 50, 37.5, 28.125, 21.09375 ms.
//   RFC 6298, max(200, SRTT + 4 RTTVAR):   300, 250, 212.5, then 200 (184.375 < 200).
//   Linux, SRTT + max(4 RTTVAR, 200):      300, 300, 300, 300 (4 RTTVAR <= 200 from the 1st).
TEST(TcpTimer, RtoFormulaRfc6298AndLinux) {
  const SimTime us = kMicrosecond;
  const SimTime rfc[] = {300 * ms, 250 * ms, 212500 * us, 200 * ms};
  for (auto f : {TcpConfig::Rfc6298, TcpConfig::Linux}) {
    SCOPED_TRACE(testing::Message() << "formula " << f);
    TcpConfig cfg = config(TcpConfig::NewReno, 1, 1);
    cfg.rtoFormula = f;
    Harness h(cfg);
    h.snd.start();
    for (int k = 1; k <= 4; ++k) {
      h.runUntil(k * 100 * ms + 10 * ms);
      EXPECT_EQ(h.snd.highestAcked(), k);
      EXPECT_EQ(h.snd.srttTime(), 100 * ms);
      EXPECT_EQ(h.snd.rto(), f == TcpConfig::Rfc6298 ? rfc[k - 1] : 300 * ms) << "sample " << k;
    }
  }
}

// sackAfterRto, the lost-retransmission scenario of TimeoutAfterLostRetransmission under SACK:
// at the timeout (t=320) 57 packets (21..77) are SACKed. forget (RFC 2018 section 8, ns-2's
// ClearScoreBoard) empties the scoreboard, so go-back-N resends 20 and next in order is 21;
// keep skips to the first unSACKed packet, 78. The dupacks for 78..91 at t=360 rebuild the
// scoreboard (their first SACK block covers 21..91) and the ACK 92 of the retransmission at
// t=380 clears it again; both then continue from 92 with one timeout and 2 retransmissions.
TEST(TcpTimer, SackForgetsScoreboardOnTimeout) {
  for (bool forget : {true, false}) {
    SCOPED_TRACE(testing::Message() << "forget " << forget);
    TcpConfig cfg = config(TcpConfig::Sack, 10);
    cfg.sackForgetOnRto = forget;
    Harness h(cfg, kRtt / 2);
    h.fwd.drops = {{20, 2}};
    h.snd.start();
    h.runUntil(310 * ms);
    EXPECT_EQ(h.snd.sackedPackets(), 57);
    h.runUntil(330 * ms);
    EXPECT_EQ(h.fs().timeouts, 1u);
    EXPECT_EQ(h.snd.sackedPackets(), forget ? 0 : 57);
    EXPECT_EQ(h.snd.nextSeq(), forget ? 21 : 78);
    h.runUntil(370 * ms);
    EXPECT_EQ(h.snd.sackedPackets(), 71);
    h.runUntil(390 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 92);
    EXPECT_EQ(h.snd.sackedPackets(), 0);
    EXPECT_EQ(h.fs().retransmits, 2u);
    EXPECT_EQ(h.fs().timeouts, 1u);
  }
}

// recoveryCwnd, a window of 3 (cwnd = ssthresh = 3, RTT 100 ms, limited transmit on) whose
// first packet (seq 0) is lost. At t=100 the dupacks for 1 and 2 send 3 and 4 by limited
// transmit; at t=200 the third dupack (for 3) enters recovery and retransmits 0.
//  - ssthresh (RFC 6675 4.2): FlightSize 5 - 2 = 3, ssthresh = max(3/2, 2) = 2, cwnd = 2. pipe
//    is then 2 (the retransmission and the unSACKed 4); the fourth dupack SACKs 4, pipe 1, and
//    sends the new packet 5 (maxSeq 6). At t=300 the full ACK 5 ends recovery with cwnd =
//    ssthresh = 2 and sends 6; the ACK 6 is congestion avoidance, cwnd 2 + 1/2 = 2.5, and
//    sends 7 (maxSeq 8).
//  - ns2 (ns-2's Sack1 with precisionReduce_: cwnd = 3 / 2 = 1.5, ssthresh = max(int(1.5), 2)
//    = 2): pipe 2, then 1, never leaves a whole packet of room under 1.5, so nothing new at
//    t=200 (maxSeq 5). The full ACK 5 at t=300 ends recovery and leaves cwnd at 1.5, which
//    sends 5 alone (maxSeq 6). Its ACK at t=400 is slow start up to ssthresh (RFC 3465: 0.5
//    takes cwnd to 2) and congestion avoidance for the rest (+ 0.5 / 2): cwnd 2.25, sending
//    6 and 7 (maxSeq 8), one round trip behind. (ns-2 would add a whole packet there, 2.5.)
TEST(TcpRecovery, RecoveryCwndSsthreshOrNs2) {
  for (auto rule : {TcpConfig::Ssthresh, TcpConfig::Ns2Sack1}) {
    SCOPED_TRACE(testing::Message() << "recoveryCwnd " << rule);
    const bool ns2 = rule == TcpConfig::Ns2Sack1;
    TcpConfig c = config(TcpConfig::Sack, 3, 10000, 3);
    c.limitedTransmit = true;
    c.recoveryCwnd = rule;
    Harness h(c);
    h.fwd.drops = {{0, 1}};
    h.snd.start();
    h.runUntil(250 * ms);
    EXPECT_EQ(h.fs().fastRetransmits, 1u);
    EXPECT_TRUE(h.snd.inRecovery());
    EXPECT_EQ(h.snd.ssthresh(), 2);
    EXPECT_EQ(h.snd.cwndPackets(), ns2 ? 1.5 : 2);
    EXPECT_EQ(h.snd.maxSeq(), ns2 ? 5 : 6);
    h.runUntil(350 * ms);
    EXPECT_FALSE(h.snd.inRecovery());
    EXPECT_EQ(h.snd.highestAcked(), ns2 ? 5 : 6);
    EXPECT_EQ(h.snd.cwndPackets(), ns2 ? 1.5 : 2.5);
    EXPECT_EQ(h.snd.maxSeq(), ns2 ? 6 : 8);
    h.runUntil(450 * ms);
    if (ns2) {
      EXPECT_EQ(h.snd.cwndPackets(), 2.25);
      EXPECT_EQ(h.snd.maxSeq(), 8);
    }
    EXPECT_EQ(h.fs().timeouts, 0u);
  }
}

// (d) Everything from seq 10 on is lost. Ten RTT samples of exactly 100 ms leave RTO at the
// 200 ms floor, armed by the last new ACK at t=300. Timeouts then come 200, 400, 800 ... ms
// apart, doubling up to maxRto = 60 s. ssthresh = 12/2 = 6 at the first timeout and is held
// for the later ones (RFC 5681 section 4, same segment timing out again).
TEST(TcpTimer, RtoBacksOffExponentiallyUpToMax) {
  Harness h(config(TcpConfig::NewReno, 2));
  h.fwd.dropFrom = 10;
  h.snd.start();
  h.runUntil(310 * ms);
  EXPECT_EQ(h.snd.rto(), 200 * ms);
  EXPECT_EQ(h.snd.maxSeq(), 22);
  std::vector<SimTime> at;
  uint64_t seen = 0;
  while (h.sim.sched().runOne(230 * kSecond)) {
    if (h.fs().timeouts != seen) {
      seen = h.fs().timeouts;
      at.push_back(h.sim.now());
      EXPECT_EQ(h.snd.cwndPackets(), 1);
      EXPECT_EQ(h.snd.ssthresh(), 6);
    }
  }
  std::vector<SimTime> expected;
  SimTime t = 300 * ms, rto = 200 * ms;
  while (t + rto <= 230 * kSecond) {
    t += rto;
    expected.push_back(t);
    rto = std::min(2 * rto, 60 * kSecond);
  }
  EXPECT_EQ(at, expected);
  ASSERT_EQ(expected.size(), 11u);
  EXPECT_EQ(h.snd.rto(), 60 * kSecond);
  EXPECT_EQ(h.fs().retransmits, 11u);
  EXPECT_EQ(h.snd.highestAcked(), 10);
}

// (e) Karn: rwnd 1. Seq 0 gives srtt 100 ms, rttvar 50, RTO 300 ms. Seq 1 (sent at 100) is
// lost; the forward delay then grows to 150 ms. The timeout at 400 retransmits it (RTO backs
// off to 600); its ACK at 600 would be a 200 ms sample but is ignored, so srtt and the
// backed-off RTO stay. Seq 2 (sent 600, acked 800) is a valid 200 ms sample: rttvar =
// 3/4*50 + 1/4*100 = 62.5, srtt = 7/8*100 + 1/8*200 = 112.5, RTO = 112.5 + 4*62.5 = 362.5 ms.
TEST(TcpTimer, KarnIgnoresSamplesFromRetransmissions) {
  Harness h(config(TcpConfig::NewReno, 1, 1));
  h.fwd.drops = {{1, 1}};
  h.snd.start();
  h.runUntil(150 * ms);
  EXPECT_EQ(h.snd.srttTime(), 100 * ms);
  EXPECT_EQ(h.snd.rto(), 300 * ms);
  h.runUntil(350 * ms);
  h.fwd.delay = 150 * ms;
  h.runUntil(650 * ms);
  EXPECT_EQ(h.fs().timeouts, 1u);
  EXPECT_EQ(h.snd.highestAcked(), 2);
  EXPECT_EQ(h.snd.srttTime(), 100 * ms);
  EXPECT_EQ(h.snd.rto(), 600 * ms);
  h.runUntil(850 * ms);
  EXPECT_EQ(h.snd.highestAcked(), 3);
  EXPECT_EQ(h.snd.srttTime(), 112500 * kMicrosecond);
  EXPECT_EQ(h.snd.rttvar(), 62500 * kMicrosecond);
  EXPECT_EQ(h.snd.rto(), 362500 * kMicrosecond);
  EXPECT_DOUBLE_EQ(h.snd.srtt(), 0.1125);
}

// rtoBackoffReset, the spurious-timeout loop of docs/validation-ns3.md. rwnd 1, both one-way
// delays 50 ms: seq 0's ACK at 100 gives srtt 100, rttvar 50, RTO 300 ms. From t = 60 the
// forward delay is 350 ms (a deep queue has formed), so the RTT is 400 ms. Seq 1 (sent 100,
// ACK at 500) times out at 400 (RTO backs off to 600) and is retransmitted; the ACK of the
// original at 500 covers a retransmission, so Karn's rule gives no sample, and seq 2 goes out.
//  - karn (RFC 6298): the RTO stays 600 (deadline 1100); seq 2's ACK at 900 is a valid 400 ms
//    sample: rttvar = 3/4 x 50 + 1/4 x 300 = 112.5, srtt = 7/8 x 100 + 1/8 x 400 = 137.5,
//    RTO = 137.5 + 4 x 112.5 = 587.5 ms. Each later sample keeps SRTT + 4 RTTVAR above 400 ms:
//    one timeout in all.
//  - newAck (ns-3.37): the ACK at 500 takes the RTO back to 300 (deadline 800). Seq 2 times
//    out at 800 and is retransmitted; its original's ACK at 900 again gives no sample and
//    again sets 300 ms; and so on: a timeout every RTT (400 ms) from 400 on, every one
//    spurious (each retransmission's duplicate ACK arrives with the next timeout, and changes
//    nothing), SRTT frozen at 100 ms. By 4.85 s: 12 timeouts and 12 retransmissions against 1, and
// in both the originals' ACKs reach 12 (at 4.5 s): rwnd 1 hides the cost, not the duplicates.
TEST(TcpTimer, RtoBackoffResetKarnOrNewAck) {
  for (auto rule : {TcpConfig::KeepUntilSample, TcpConfig::OnNewAck}) {
    SCOPED_TRACE(testing::Message() << "rtoBackoffReset " << rule);
    const bool karn = rule == TcpConfig::KeepUntilSample;
    TcpConfig cfg = config(TcpConfig::NewReno, 1, 1);
    cfg.rtoBackoffReset = rule;
    Harness h(cfg);
    h.snd.start();
    h.runUntil(60 * ms);
    h.fwd.delay = 350 * ms;
    h.runUntil(450 * ms);
    EXPECT_EQ(h.fs().timeouts, 1u);
    EXPECT_EQ(h.snd.rto(), 600 * ms);
    h.runUntil(550 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 2);
    EXPECT_EQ(h.snd.srttTime(), 100 * ms);
    EXPECT_EQ(h.snd.rto(), karn ? 600 * ms : 300 * ms);
    h.runUntil(950 * ms);
    EXPECT_EQ(h.snd.highestAcked(), 3);
    EXPECT_EQ(h.fs().timeouts, karn ? 1u : 2u);
    EXPECT_EQ(h.snd.srttTime(), karn ? 137500 * kMicrosecond : 100 * ms);
    EXPECT_EQ(h.snd.rto(), karn ? 587500 * kMicrosecond : 300 * ms);
    h.runUntil(4850 * ms);
    EXPECT_EQ(h.fs().timeouts, karn ? 1u : 12u);
    EXPECT_EQ(h.fs().retransmits, karn ? 1u : 12u);
    EXPECT_EQ(h.snd.highestAcked(), 12);
  }
}

// dupAck, SACK with limited transmit: 10 packets out (0..9), none arrives, and the sender is
// handed ACKs of 0 by hand. An ACK that SACKs nothing new (what a receiver sends for a
// duplicate of data it already has, e.g. after a spurious timeout) counts as a duplicate with
// any (RFC 5681): the first two send packets 10 and 11 (limited transmit, cwnd 10 + 1 and + 2)
// and the third starts the fast retransmission. With newSack (RFC 6675 section 2, ns-3.37) the
// same three change nothing; three ACKs that each SACK one more packet (1, 1-2, 1-3) then do
// exactly what the three plain ones did with any, and repeating the last SACK is no duplicate.
TEST(TcpRecovery, DupAckAnyOrNewSack) {
  for (auto rule : {TcpConfig::AnyDup, TcpConfig::NewSack}) {
    SCOPED_TRACE(testing::Message() << "dupAck " << rule);
    TcpConfig cfg = config(TcpConfig::Sack, 10);
    cfg.limitedTransmit = true;
    cfg.sackDupAck = rule;
    Harness h(cfg);
    h.fwd.dropFrom = 0;
    h.snd.start();
    ASSERT_EQ(h.snd.maxSeq(), 10);
    auto ack = [&](int64_t sackEnd) {
      Packet* p = h.sim.pool().get();
      p->kind = PacketKind::Ack;
      p->seq = 0;
      p->nSack = sackEnd > 1 ? 1 : 0;
      p->sackStart[0] = 1;
      p->sackEnd[0] = sackEnd;
      h.snd.receive(p);
    };
    const bool any = rule == TcpConfig::AnyDup;
    ack(0);
    EXPECT_EQ(h.snd.maxSeq(), any ? 11 : 10);
    ack(0);
    EXPECT_EQ(h.snd.maxSeq(), any ? 12 : 10);
    ack(0);
    EXPECT_EQ(h.fs().fastRetransmits, any ? 1u : 0u);
    EXPECT_EQ(h.fs().retransmits, any ? 1u : 0u);
    if (any) continue;
    ack(2);
    EXPECT_EQ(h.snd.maxSeq(), 11);
    ack(3);
    EXPECT_EQ(h.snd.maxSeq(), 12);
    ack(3);
    EXPECT_EQ(h.snd.maxSeq(), 12);
    EXPECT_EQ(h.fs().fastRetransmits, 0u);
    ack(4);
    EXPECT_EQ(h.fs().fastRetransmits, 1u);
    EXPECT_EQ(h.fs().retransmits, 1u);
  }
}

// (g) rwnd 10 keeps 10 packets per RTT; each burst of 10 in-order packets gets 5 ACKs with
// delayed ACKs and 10 without. After 10 bursts: 100 packets, 50 vs 100 ACKs.
TEST(TcpReceiver, DelayedAckHalvesAcks) {
  for (bool delAck : {false, true}) {
    Harness h(config(TcpConfig::NewReno, 10, 10), 50 * ms, delAck);
    h.snd.start();
    h.runUntil(1000 * ms);
    EXPECT_EQ(h.fs().arrivedPackets, 100u);
    EXPECT_EQ(h.fs().goodputPackets, 100u);
    EXPECT_EQ(h.rcv.acksSent(), delAck ? 50u : 100u);
    EXPECT_EQ(h.snd.srttTime(), 100 * ms);  // the echo is the earliest packet's timestamp
  }
}

// A lone in-order packet is acknowledged when the 100 ms delayed-ACK timer fires: RTT 200 ms.
TEST(TcpReceiver, DelayedAckTimerFires) {
  Harness h(config(TcpConfig::NewReno, 1, 1), 50 * ms, true);
  h.snd.start();
  h.runUntil(410 * ms);
  EXPECT_EQ(h.rcv.acksSent(), 2u);
  EXPECT_EQ(h.snd.highestAcked(), 2);
  EXPECT_EQ(h.snd.srttTime(), 200 * ms);
}

// SACK blocks: the block with the newest out-of-order packet first, then the most recently
// reported ones (RFC 2018 section 4).
TEST(TcpReceiver, SackBlocksNewestFirst) {
  struct Capture : PacketSink {
    std::vector<Packet> acks;
    Simulation* sim = nullptr;
    void receive(Packet* p) override {
      acks.push_back(*p);
      sim->pool().put(p);
    }
  } cap;
  Simulation sim(1);
  sim.flowStats().resize(1);
  cap.sim = &sim;
  Route ackRoute;
  ackRoute.endpoint = &cap;
  TcpReceiver rcv(sim, 0, &ackRoute);
  using Blocks = std::vector<std::pair<int64_t, int64_t>>;
  auto feed = [&](int64_t seq) -> std::pair<int64_t, Blocks> {
    Packet* p = sim.pool().get();
    p->kind = PacketKind::Data;
    p->seq = seq;
    p->size = 1000;
    rcv.receive(p);
    const Packet& a = cap.acks.back();
    Blocks b;
    for (int i = 0; i < a.nSack; ++i) b.push_back({a.sackStart[i], a.sackEnd[i]});
    return {a.seq, b};
  };
  EXPECT_EQ(feed(0), std::make_pair(int64_t{1}, Blocks{}));
  EXPECT_EQ(feed(2), std::make_pair(int64_t{1}, Blocks{{2, 3}}));
  EXPECT_EQ(feed(3), std::make_pair(int64_t{1}, Blocks{{2, 4}}));
  EXPECT_EQ(feed(5), std::make_pair(int64_t{1}, Blocks{{5, 6}, {2, 4}}));
  EXPECT_EQ(feed(9), std::make_pair(int64_t{1}, Blocks{{9, 10}, {5, 6}, {2, 4}}));
  EXPECT_EQ(feed(7), std::make_pair(int64_t{1}, Blocks{{7, 8}, {9, 10}, {5, 6}}));
  EXPECT_EQ(feed(6), std::make_pair(int64_t{1}, Blocks{{5, 8}, {9, 10}, {2, 4}}));
  EXPECT_EQ(feed(1), std::make_pair(int64_t{4}, Blocks{{5, 8}, {9, 10}}));
  EXPECT_EQ(feed(4), std::make_pair(int64_t{8}, Blocks{{9, 10}}));
  EXPECT_EQ(feed(8), std::make_pair(int64_t{10}, Blocks{}));
  EXPECT_EQ(sim.flow(0).goodputPackets, 10u);
  EXPECT_EQ(sim.pool().live(), 0u);
}

// (h) rwnd 5: slow start would allow more, but never more than 5 packets are outstanding.
// Bursts arrive with 2, 4, then 5 packets per RTT: 2 + 4 + 8 * 5 = 46 by t=1000 ms.
TEST(TcpWindow, ReceiverWindowCapsInFlight) {
  Harness h(config(TcpConfig::Sack, 2, 5));
  h.snd.start();
  int64_t maxFlight = 0;
  while (h.sim.sched().runOne(1000 * ms)) maxFlight = std::max(maxFlight, h.snd.inFlight());
  EXPECT_EQ(maxFlight, 5);
  EXPECT_GT(h.snd.cwndPackets(), 5);
  EXPECT_EQ(h.fs().arrivedPackets, 46u);
}

struct RunSummary {
  FlowStats fs;
  double cwnd;
  SimTime srtt;
  uint64_t events;
  bool operator==(const RunSummary& o) const {
    return fs.sentPackets == o.fs.sentPackets && fs.arrivedPackets == o.fs.arrivedPackets &&
           fs.goodputPackets == o.fs.goodputPackets && fs.congestionLosses == o.fs.congestionLosses &&
           fs.exogenousLosses == o.fs.exogenousLosses && fs.retransmits == o.fs.retransmits &&
           fs.timeouts == o.fs.timeouts && fs.fastRetransmits == o.fs.fastRetransmits && cwnd == o.cwnd &&
           srtt == o.srtt && events == o.events;
  }
};

// A 10 Mb/s bottleneck with a 20-packet FIFO and 1% random loss, delayed ACKs, 20 s of data.
RunSummary lossyRun(TcpConfig::Recovery mode) {
  Harness h(config(mode, 2), 20 * ms, true);
  h.fwd.rateBps = 10e6;
  h.fwd.queueLimit = 20;
  h.fwd.randomLoss = 0.01;
  h.snd.scheduleStart(0);
  h.snd.scheduleStop(20 * kSecond);
  h.runUntil(20 * kSecond);
  RunSummary s{h.fs(), h.snd.cwndPackets(), h.snd.srttTime(), h.sim.sched().processed()};
  // Drain: the sender stops sending new data but recovers what is outstanding; nothing leaks.
  h.runUntil(400 * kSecond);
  EXPECT_EQ(h.snd.highestAcked(), h.snd.maxSeq());
  EXPECT_EQ(h.fs().goodputPackets, static_cast<uint64_t>(h.snd.maxSeq()));
  EXPECT_EQ(h.fs().sentPackets - h.fs().retransmits, static_cast<uint64_t>(h.snd.maxSeq()));
  EXPECT_EQ(h.sim.pool().live(), 0u);
  EXPECT_FALSE(h.snd.active());
  return s;
}

// (i) Determinism: the same scenario twice gives identical counters, for each recovery.
TEST(TcpDeterminism, SameRunTwiceIdenticalCounters) {
  for (auto mode : {TcpConfig::Reno, TcpConfig::NewReno, TcpConfig::Sack}) {
    const RunSummary a = lossyRun(mode), b = lossyRun(mode);
    EXPECT_TRUE(a == b) << "mode " << mode;
    EXPECT_GT(a.fs.fastRetransmits, 10u);
    EXPECT_GT(a.fs.goodputPackets, 3000u);
    EXPECT_GT(a.fs.congestionLosses + a.fs.exogenousLosses, 0u);
  }
}

}  // namespace
}  // namespace bl
