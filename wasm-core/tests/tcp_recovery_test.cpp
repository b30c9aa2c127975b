// TCP loss recovery: fast retransmit and recovery for Reno, NewReno and SACK, limited
// transmit, the window after a SACK recovery. Harness and shared scenario: tcp_fixture.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "tcp_fixture.h"

namespace bl {
namespace tcp_recovery_test {

using namespace tcptest;

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

// Rate samples count each lost packet once (RateSample::losses, what Linux's BBR subtracts from
// cwnd). Scenario (c) under a module that owns the window and holds it at 30: the third
// dupack (SACKed 21, 22, 24) makes 20 lost (3 SACKed above it) and starts recovery; 23 is
// lost once 24, 25 and 27 are SACKed, 26 once 27, 28 and 29 are: 3 losses in 3 ACKs, none
// counted again when their retransmissions are SACKed or acknowledged. pipe, the packets in
// flight the module is shown, is the sender's RFC 6675 pipe in recovery.
TEST(TcpRecovery, RateSamplesCountEachLossOnce) {
  struct Recorder : CongestionControl {
    const char* name() const override { return "recorder"; }
    void onAck(CcState&, uint32_t) override {}
    double onLossEvent(const CcState& s) override { return s.ssthresh; }
    bool ownsWindow() const override { return true; }
    void onRateSample(CcState& s, const RateSample& rs) override {
      s.cwnd = 30;
      losses.push_back(rs.losses);
      if (rs.lossSeen) lossesAtEntry = rs.losses;
      if (s.inRecovery) pipes.push_back(s.pipe);
    }
    std::vector<int64_t> losses;
    int64_t lossesAtEntry = -1;
    std::vector<double> pipes;
  };
  auto rec = std::make_unique<Recorder>();
  Recorder* r = rec.get();
  Harness h(config(TcpConfig::Sack, 10), kRtt / 2, false, std::move(rec));
  h.fwd.drops = {{20, 1}, {23, 1}, {26, 1}};
  h.snd.start();
  h.runUntil(6 * kRtt);
  EXPECT_EQ(h.fs().fastRetransmits, 1u);
  EXPECT_EQ(h.fs().timeouts, 0u);
  EXPECT_EQ(std::count_if(r->losses.begin(), r->losses.end(), [](int64_t x) { return x > 0; }), 3);
  EXPECT_EQ(*std::max_element(r->losses.begin(), r->losses.end()), 1);
  EXPECT_EQ(r->lossesAtEntry, 1);
  ASSERT_FALSE(r->pipes.empty());
  EXPECT_LT(*std::min_element(r->pipes.begin(), r->pipes.end()), 30);  // SACKed packets are not in flight
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

// An ACK of 0 handed to the sender by hand; with sackEnd > 1 it SACKs packets [1, sackEnd).
void ackZero(Harness& h, int64_t sackEnd) {
  Packet* p = h.sim.pool().get();
  p->kind = PacketKind::Ack;
  p->seq = 0;
  p->nSack = sackEnd > 1 ? 1 : 0;
  p->sackStart[0] = 1;
  p->sackEnd[0] = sackEnd;
  h.snd.receive(p);
}

// Limited transmit on, initial window 10 (packets 0..9 go out at the start); dupAck at its default.
TcpConfig tenOut(TcpConfig::Recovery mode) {
  TcpConfig cfg = config(mode, 10);
  cfg.limitedTransmit = true;
  return cfg;
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
    TcpConfig cfg = tenOut(TcpConfig::Sack);
    cfg.sackDupAck = rule;
    Harness h(cfg);
    h.fwd.dropFrom = 0;
    h.snd.start();
    ASSERT_EQ(h.snd.maxSeq(), 10);
    const bool any = rule == TcpConfig::AnyDup;
    ackZero(h, 0);
    EXPECT_EQ(h.snd.maxSeq(), any ? 11 : 10);
    ackZero(h, 0);
    EXPECT_EQ(h.snd.maxSeq(), any ? 12 : 10);
    ackZero(h, 0);
    EXPECT_EQ(h.fs().fastRetransmits, any ? 1u : 0u);
    EXPECT_EQ(h.fs().retransmits, any ? 1u : 0u);
    if (any) continue;
    ackZero(h, 2);
    EXPECT_EQ(h.snd.maxSeq(), 11);
    ackZero(h, 3);
    EXPECT_EQ(h.snd.maxSeq(), 12);
    ackZero(h, 3);
    EXPECT_EQ(h.snd.maxSeq(), 12);
    EXPECT_EQ(h.fs().fastRetransmits, 0u);
    ackZero(h, 4);
    EXPECT_EQ(h.fs().fastRetransmits, 1u);
    EXPECT_EQ(h.fs().retransmits, 1u);
  }
}

// The default definition follows SACK. Same start (10 out, none arrives), three ACKs of 0
// without SACK blocks, dupAck left at its default. NewReno has only RFC 5681's definition: the
// three are duplicates, the first two send 10 and 11 (limited transmit) and the third
// retransmits 0. A SACK flow takes RFC 6675's (dupAck "newSack"): none of the three SACKs
// anything, so nothing is sent; then ACKs SACKing 1, 1-2, 1-3 send 10, 11 and retransmit 0.
TEST(TcpRecovery, DefaultDupAckFollowsSack) {
  for (auto mode : {TcpConfig::NewReno, TcpConfig::Sack}) {
    SCOPED_TRACE(testing::Message() << "recovery " << mode);
    Harness h(tenOut(mode));
    h.fwd.dropFrom = 0;
    h.snd.start();
    ASSERT_EQ(h.snd.maxSeq(), 10);
    const bool sack = mode == TcpConfig::Sack;
    for (int i = 0; i < 3; ++i) ackZero(h, 0);
    EXPECT_EQ(h.snd.maxSeq(), sack ? 10 : 12);
    EXPECT_EQ(h.fs().fastRetransmits, sack ? 0u : 1u);
    EXPECT_EQ(h.fs().retransmits, sack ? 0u : 1u);
    if (!sack) continue;
    for (int64_t end : {2, 3, 4}) ackZero(h, end);
    EXPECT_EQ(h.snd.maxSeq(), 12);
    EXPECT_EQ(h.fs().fastRetransmits, 1u);
    EXPECT_EQ(h.fs().retransmits, 1u);
  }
}

}  // namespace tcp_recovery_test
}  // namespace bl
