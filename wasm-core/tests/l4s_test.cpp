// L4S end points: which ECN codepoint a sender uses (RFC 9331), AccECN feedback (the receiver's
// CE counter in the ACE field, draft-ietf-tcpm-accurate-ecn-28) and TCP Prague's window rule,
// each against values derived by hand (docs/validation-l4s.md).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <set>
#include <vector>

#include "cc/prague.h"
#include "tcp_fixture.h"

namespace bl {
namespace l4s_test {

using tcptest::ms;

// A Reno-like module that asks for AccECN and sums what the sender tells it.
class Spy : public CongestionControl {
 public:
  const char* name() const override { return "spy"; }
  void onAck(CcState&, uint32_t) override {}
  double onLossEvent(const CcState& s) override { return s.cwnd / 2; }
  void onEcn(CcState&, uint32_t acked, uint32_t m) override {
    ackedSum += acked;
    marked += m;
  }
  double onEcnEcho(const CcState& s) override { return s.cwnd; }  // keep the window: count only
  bool accEcn() const override { return acc; }
  bool acc = true;
  uint64_t ackedSum = 0, marked = 0;
};

// A fixed window of 20 packets (cwnd = rwnd = ssthresh = 20) over 10 ms each way, ECN on.
struct Harness : tcptest::Harness {
  Harness(std::unique_ptr<CongestionControl> cc, TcpReceiver::Ecn mode, TcpConfig::EctCodepoint ect,
          bool delAck = false)
      : tcptest::Harness(cfg(ect), 10 * ms, delAck, std::move(cc)) {
    rcv.setEcn(mode);
  }
  static TcpConfig cfg(TcpConfig::EctCodepoint ect) {
    TcpConfig c = tcptest::config(TcpConfig::NewReno, 20, 20, 20);
    c.ecn = true;
    c.ect = ect;
    return c;
  }
  void run(SimTime t) {
    snd.start();
    runUntil(t);
  }
};

// RFC 9331: an L4S sender's packets carry ECT(1); classic ECN's carry ECT(0). "auto" picks
// ECT(1) for a module that asks for AccECN (Prague) and ECT(0) otherwise.
TEST(EcnCodepoint, SenderUsesTheFlowsCodepoint) {
  struct Case {
    bool acc;
    TcpConfig::EctCodepoint ect;
    bool wantEct1;
  };
  for (const Case& c : {Case{false, TcpConfig::EctAuto, false}, Case{true, TcpConfig::EctAuto, true},
                        Case{false, TcpConfig::Ect1, true}, Case{true, TcpConfig::Ect0, false}}) {
    auto spy = std::make_unique<Spy>();
    spy->acc = c.acc;
    Harness h(std::move(spy), c.acc ? TcpReceiver::AccEcn : TcpReceiver::Classic, c.ect);
    h.run(100 * ms);
    EXPECT_GT(h.fwd.ect0 + h.fwd.ect1, 50);
    EXPECT_EQ(h.fwd.notEct, 0);
    EXPECT_EQ(h.fwd.ect1 > 0, c.wantEct1);
    EXPECT_EQ(h.fwd.ect0 > 0, !c.wantEct1);
  }
}

// AccECN's ACE field: every ACK carries the count of CE packets received so far, modulo 8.
// One ACK per packet; packets 3, 4, 5 and 9 marked, then 20-29 (ten in a row, so the 3-bit
// counter wraps): ACK of packet k (ack k + 1) carries #marks in 0..k mod 8:
// k = 0-2: 0; 3: 1; 4: 2; 5-8: 3; 9-19: 4; 20: 5, 21: 6, 22: 7, 23: 0 (8), ... 29: 6 (14).
TEST(AccEcn, AceFieldCountsCeModulo8) {
  Harness h(std::make_unique<Spy>(), TcpReceiver::AccEcn, TcpConfig::EctAuto);
  h.fwd.markCe = {3, 4, 5, 9};
  for (int64_t s = 20; s < 30; ++s) h.fwd.markCe.insert(s);
  h.run(45 * ms);  // the ACKs of the first two windows (at 20 and 40 ms)
  ASSERT_GE(h.rev.aces.size(), 30u);
  const int want[30] = {0, 0, 0, 1, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6};
  for (int k = 0; k < 30; ++k) {
    EXPECT_EQ(h.rev.ackSeqs[static_cast<size_t>(k)], k + 1);
    EXPECT_EQ(h.rev.aces[static_cast<size_t>(k)], want[k]) << "ACK of packet " << k;
  }
  EXPECT_EQ(h.rcv.ceCount(), 14u);
}

// The sender learns how many packets were marked, not only that one was: over 200 packets with
// 37 marked (runs of 1 to 18, so the counter wraps within one run), the module is told
// marked = 37 and acked = 200 exactly, with one ACK per packet and with delayed ACKs (one per
// two packets, sent at once when the CE state changes, so an ACK never mixes states). The
// classic echo (ECE on an ACK covering n packets counts n) cannot tell runs apart the same way.
TEST(AccEcn, SenderCountsEveryMark) {
  std::set<int64_t> marks;
  for (int64_t s : {5, 17, 18, 40, 41, 42, 43, 44, 45, 46, 47, 48, 90, 91, 120, 150, 151, 152, 153}) marks.insert(s);
  for (int64_t s = 160; s < 178; ++s) marks.insert(s);
  ASSERT_EQ(marks.size(), 37u);
  for (bool delAck : {false, true}) {
    SCOPED_TRACE(delAck ? "delayed ACKs" : "ACK per packet");
    auto spy = std::make_unique<Spy>();
    Spy* s = spy.get();
    Harness h(std::move(spy), TcpReceiver::AccEcn, TcpConfig::EctAuto, delAck);
    h.fwd.markCe = marks;
    h.snd.start();  // until 200 packets are out (a window more at most), then only recovery
    while (h.snd.maxSeq() < 200 && h.sim.sched().runOne(1000 * ms)) {}
    h.snd.stop();
    while (h.sim.sched().runOne(2000 * ms)) {}
    ASSERT_EQ(h.snd.highestAcked(), h.snd.maxSeq());
    const uint64_t sent = static_cast<uint64_t>(h.snd.maxSeq());
    uint64_t want = 0;
    for (int64_t m : marks) want += m < static_cast<int64_t>(sent);
    EXPECT_EQ(s->ackedSum, sent);
    EXPECT_EQ(s->marked, want);
    EXPECT_EQ(h.rcv.ceCount(), want);
  }
}

// Prague's alpha: with RTT independence off, DCTCP's EWMA once per round: F = 5/20 each round,
// alpha_n = F + (1 - g)^n (alpha_0 - F), alpha_0 = 1, g = 1/16.
// With it on (reference RTT 25 ms) and 10 ms rounds, alpha moves only at rounds ending at least
// 25 ms after the last update: at 30 ms (rounds 1-3 pooled: F = 15/60), 60, 90 ...
TEST(PragueValidation, AlphaPerRoundAndPerReferenceRtt) {
  auto rounds = [](PragueCc& p, int n, int marked, std::vector<double>& alphas) {
    CcState s;
    for (int r = 0; r < n; ++r) {
      for (int i = 0; i < 20; ++i) {
        s.una = r * 20 + i + 1;
        s.nxt = r * 20 + (i == 19 ? 40 : 20);
        s.now = r * 10 * ms + (i + 1) * (10 * ms) / 20;
        p.onEcn(s, 1, i < marked ? 1 : 0);
      }
      alphas.push_back(p.alpha());
    }
  };
  PragueCc off;
  std::string_view k = "rttIndependence";
  ASSERT_TRUE(off.setParam(k, 0));
  std::vector<double> a;
  rounds(off, 50, 5, a);
  for (int n = 1; n <= 50; ++n) EXPECT_NEAR(a[static_cast<size_t>(n - 1)], 0.25 + std::pow(15.0 / 16, n) * 0.75, 1e-12);

  PragueCc on;
  std::vector<double> b;
  rounds(on, 9, 5, b);
  // The first round starts at its first ACK (t = 0.5 ms); round r ends at 10 r ms.
  EXPECT_EQ(b[0], 1.0);
  EXPECT_EQ(b[1], 1.0);
  const double a1 = 15.0 / 16 * 1 + 1.0 / 16 * 0.25;  // at 30 ms: 29.5 ms since 0.5
  EXPECT_NEAR(b[2], a1, 1e-12);
  EXPECT_NEAR(b[3], a1, 1e-12);  // 40 and 50 ms: under 25 ms since 30
  EXPECT_NEAR(b[4], a1, 1e-12);
  const double a2 = 15.0 / 16 * a1 + 1.0 / 16 * 0.25;  // at 60 ms
  EXPECT_NEAR(b[5], a2, 1e-12);
  EXPECT_NEAR(b[8], 15.0 / 16 * a2 + 1.0 / 16 * 0.25, 1e-12);  // at 90 ms
  EXPECT_EQ(on.updates(), 3);
}

// Additive increase: (srtt / 25 ms)^2 packets per RTT below the reference RTT, 1 at or above.
// 20 ms: 0.64; 10 ms: 0.16; 25 and 50 ms: 1. One ACK for 10 packets at cwnd 10, srtt 20 ms:
// cwnd += 0.64 x 10 / 10 = 10.64. The cut on a mark: cwnd (1 - alpha / 2); on loss, Reno's
// FlightSize / 2.
TEST(PragueValidation, RttIndependentIncreaseAndReductions) {
  PragueCc p;
  EXPECT_NEAR(p.increasePerRtt(20 * ms), 0.64, 1e-12);
  EXPECT_NEAR(p.increasePerRtt(10 * ms), 0.16, 1e-12);
  EXPECT_EQ(p.increasePerRtt(25 * ms), 1.0);
  EXPECT_EQ(p.increasePerRtt(50 * ms), 1.0);
  CcState s;
  s.cwnd = 10;
  s.ssthresh = 5;
  s.srtt = 20 * ms;
  p.onAck(s, 10);
  EXPECT_NEAR(s.cwnd, 10.64, 1e-12);
  // Slow start as Reno with ABC (L = 2): below ssthresh, +min(acked, 2).
  s.cwnd = 4;
  s.ssthresh = 100;
  p.onAck(s, 3);
  EXPECT_EQ(s.cwnd, 6.0);
  s.cwnd = 100;
  EXPECT_EQ(p.onEcnEcho(s), 50.0);  // alpha 1 at start: halves
  s.inFlight = 80;
  EXPECT_EQ(p.onLossEvent(s), 40.0);
  EXPECT_TRUE(p.accEcn());
}

// tcp_prague's pacing rate: cwnd x MTU / srtt (100 %) in congestion avoidance, twice that while
// cwnd < ssthresh / 2. 100 packets of 1000 B per 20 ms: 100 x 8000 / 0.02 = 40 Mb/s; with
// ssthresh 300 (100 < 150): 80 Mb/s. onAck sets it for the sender (100.0064 packets after one
// ACK: 40.00256 Mb/s).
TEST(PragueValidation, PacingRateAsTcpPrague) {
  PragueCc p;
  ASSERT_TRUE(p.setParam("packetSize", 1000));
  CcState s;
  s.cwnd = 100;
  s.ssthresh = 150;
  s.srtt = 20 * ms;
  EXPECT_NEAR(p.pacingRate(s), 40e6, 1e-3);
  s.ssthresh = 300;
  EXPECT_NEAR(p.pacingRate(s), 80e6, 1e-3);
  s.ssthresh = 100;  // congestion avoidance: one ACK adds 0.64 / 100 at 20 ms (RTT independence)
  p.onAck(s, 1);
  EXPECT_NEAR(s.pacingRate, 100.0064 * 8000 / 0.02, 1e-3);
  s.srtt = 0;
  EXPECT_EQ(p.pacingRate(s), 0);  // no RTT yet: the sender's default
}

// tcp_prague's Classic ECN AQM detection, step by step. One alpha update adds
// 0.5 log2(mdev / 750 us) + 0.5 max(log2(depth / 2 ms), 0): mdev 1.5 ms, depth 8 ms give
// 0.5 x 1 + 0.5 x 2 = 1.5; mdev 375 us, depth 1 ms give 0.5 x (-1) + 0 = -0.5.
// Six rounds of 1.5: 1.5, 3, 4.5, 6, 7.5 (<= 8: alpha unchanged), 9 (> 8: the cut uses
// max(alpha, 0.625 (min(9, 9) - 8)) = 0.625). One round of -0.5: 8.5, 0.625 x 0.5 = 0.3125.
// The score stays within [0, 17]. Off (the default), the cut keeps alpha whatever the score.
TEST(PragueValidation, ClassicEcnDetectionAndFallback) {
  const SimTime us = kMicrosecond;
  EXPECT_NEAR(PragueCc::classicEcnStep(1500 * us, 8 * ms), 1.5, 1e-12);
  EXPECT_NEAR(PragueCc::classicEcnStep(375 * us, 1 * ms), -0.5, 1e-12);
  PragueCc p;
  ASSERT_TRUE(p.setParam("alphaInit", 0.1));
  ASSERT_TRUE(p.setParam("classicEcnFallback", 1));
  const SimTime minRtt = 20 * ms;
  for (int i = 0; i < 5; ++i) p.detectClassicEcn(minRtt + 8 * ms, 1500 * us, minRtt);
  EXPECT_NEAR(p.classicEcnScore(), 7.5, 1e-12);
  EXPECT_NEAR(p.cutAlpha(), 0.1, 1e-12);
  p.detectClassicEcn(minRtt + 8 * ms, 1500 * us, minRtt);
  EXPECT_NEAR(p.classicEcnScore(), 9, 1e-12);
  EXPECT_NEAR(p.cutAlpha(), 0.625, 1e-12);
  CcState s;
  s.cwnd = 100;
  EXPECT_NEAR(p.onEcnEcho(s), 100 * (1 - 0.625 / 2), 1e-9);  // 68.75
  p.detectClassicEcn(minRtt + 1 * ms, 375 * us, minRtt);
  EXPECT_NEAR(p.classicEcnScore(), 8.5, 1e-12);
  EXPECT_NEAR(p.cutAlpha(), 0.3125, 1e-12);
  for (int i = 0; i < 20; ++i) p.detectClassicEcn(minRtt + 8 * ms, 1500 * us, minRtt);
  EXPECT_EQ(p.classicEcnScore(), 17);
  for (int i = 0; i < 40; ++i) p.detectClassicEcn(minRtt + 1 * ms, 375 * us, minRtt);
  EXPECT_EQ(p.classicEcnScore(), 0);
  ASSERT_TRUE(p.setParam("classicEcnFallback", 0));
  for (int i = 0; i < 6; ++i) p.detectClassicEcn(minRtt + 8 * ms, 1500 * us, minRtt);
  EXPECT_NEAR(p.cutAlpha(), 0.1, 1e-12);
}

}  // namespace l4s_test
}  // namespace bl
