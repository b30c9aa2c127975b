// CUBIC (RFC 9438): the reduction and K by hand, fast convergence, the Reno-friendly region,
// HyStart++, and (docs/validation-modern.md) a single flow's window between losses against W(t).
#include <gtest/gtest.h>

#include <cmath>

#include "cc/cubic.h"
#include "sim/instance.h"
#include "sim/network.h"
#include "tcp/tcp_sender.h"

namespace bl {
namespace cubic_test {

constexpr SimTime ms = kMillisecond;

CcState ca(double cwnd, SimTime now, SimTime rtt = 100 * ms) {
  CcState s;
  s.cwnd = cwnd;
  s.ssthresh = 1;  // congestion avoidance
  s.now = now;
  s.minRtt = s.srtt = rtt;
  return s;
}

TEST(Cubic, ReductionAndKByHand) {
  CubicCc c({});
  CcState s = ca(100, 0);
  // First loss at cwnd 100: W_max = 100, ssthresh = 0.7 x 100 = 70.
  EXPECT_DOUBLE_EQ(c.onLossEvent(s), 70);
  EXPECT_DOUBLE_EQ(c.wMax(), 100);
  s.cwnd = 70;
  s.ssthresh = 70;
  c.onAck(s, 1);  // the epoch starts: K = cbrt((100 - 70) / 0.4) = cbrt(75) = 4.2172 s
  EXPECT_NEAR(c.k(), std::cbrt(75.0), 1e-12);
  EXPECT_NEAR(c.wCubic(c.k()), 100, 1e-9);        // the plateau at W_max
  EXPECT_NEAR(c.wCubic(0), 70, 1e-9);             // starts from cwnd_epoch
  EXPECT_NEAR(c.wCubic(c.k() + 1), 100.4, 1e-9);  // convex beyond: + C x 1^3
  // Fast convergence: a loss at 90 < W_max = 100 remembers 90 x (1 + 0.7) / 2 = 76.5.
  s.cwnd = 90;
  EXPECT_DOUBLE_EQ(c.onLossEvent(s), 63);
  EXPECT_DOUBLE_EQ(c.wMax(), 76.5);
  // Without fast convergence W_max is the window at the loss.
  CubicCc plain({0.4, 0.7, false, false});
  s.cwnd = 100;
  plain.onLossEvent(s);
  s.cwnd = 90;
  plain.onLossEvent(s);
  EXPECT_DOUBLE_EQ(plain.wMax(), 90);
}

// One RTT of ACKs (cwnd of them, one packet each) at time `now`.
void rtt(CubicCc& c, CcState& s, SimTime now) {
  s.now = now;
  const int n = static_cast<int>(s.cwnd);
  for (int i = 0; i < n; ++i) c.onAck(s, 1);
}

// At a short RTT (1 ms) the cubic curve is slow in RTTs: K = 4.2 s is 4200 RTTs, and W_est
// (alpha_cubic = 3 x 0.3 / 1.7 = 0.529 per RTT) is ahead: the window grows about 0.53 packets
// per RTT, Reno-like. At 100 ms the cubic term wins and growth is faster than W_est.
TEST(Cubic, RenoFriendlyRegionAtShortRtt) {
  CubicCc c({});
  CcState s = ca(100, 0, 1 * ms);
  c.onLossEvent(s);
  s.cwnd = 70;
  for (int r = 0; r < 50; ++r) rtt(c, s, r * ms);
  const double alpha = 3 * 0.3 / 1.7;
  EXPECT_NEAR(s.cwnd, 70 + 50 * alpha, 1.0);  // 96.5, still below W_max = 100
  EXPECT_NEAR(c.wEst(), s.cwnd, 1e-9);
  CubicCc l({});
  CcState s2 = ca(100, 0, 100 * ms);
  l.onLossEvent(s2);
  s2.cwnd = 70;
  for (int r = 0; r < 20; ++r) rtt(l, s2, r * 100 * ms);
  EXPECT_GT(s2.cwnd, l.wEst() + 5);
  // after 20 RTTs = 2 s, cwnd is near W(t + RTT) for t = 1.9 s
  EXPECT_NEAR(s2.cwnd, l.wCubic(2.0), 1.0);
}

// The research switch renoFriendly = false removes W_est: at the same 1 ms RTT the window now
// follows the cubic curve alone: W_cubic(50 ms) = 100 - 0.4 (4.217 - 0.05)^3 = 71.05, about a
// packet up in 50 RTTs where the Reno-friendly region gives 26.
TEST(Cubic, WithoutRenoFriendlyRegionTheCurveAloneDecides) {
  CubicParams p;
  p.renoFriendly = false;
  CubicCc c(p);
  CcState s = ca(100, 0, 1 * ms);
  c.onLossEvent(s);
  s.cwnd = 70;
  for (int r = 0; r < 50; ++r) rtt(c, s, r * ms);
  EXPECT_LT(s.cwnd, 72);
  EXPECT_NEAR(s.cwnd, c.wCubic(0.05), 0.5);
  EXPECT_GT(c.wEst(), 90);  // the estimate still runs, unused
}

// slowStartCap, after a timeout (cwnd 1, ssthresh 2) when the retransmission fills a hole and
// one cumulative ACK covers 20 packets: capped, cwnd = 1 + min(20, 2, 2 - 1) = 2; uncapped (ns-3.37's
// TcpCubic), cwnd = 1 + 20 = 21, 19 packets above ssthresh sent at once. Below the cap both
// grow alike: 1 + 1 = 2 from a one-packet ACK.
TEST(Cubic, SlowStartCapAtSsthresh) {
  for (bool cap : {true, false}) {
    SCOPED_TRACE(testing::Message() << "slowStartCap " << cap);
    CubicParams p;
    p.slowStartCap = cap;
    CubicCc c(p);
    CcState s = ca(1, 0);
    s.ssthresh = 2;
    c.onAck(s, 20);
    EXPECT_DOUBLE_EQ(s.cwnd, cap ? 2 : 21);
    CcState t = ca(1, 0);
    t.ssthresh = 8;
    c.onAck(t, 1);
    EXPECT_DOUBLE_EQ(t.cwnd, 2);
  }
}

// RFC 9438 4.8 (and Linux's reset on entering TCP_CA_Loss): after a timeout ssthresh is
// cwnd x beta, and the first epoch after it has K = 0 and W_max = W_est = its starting
// window, not the window before the timeout. A later loss is an ordinary one (no fast
// convergence against the forgotten W_max).
TEST(Cubic, TimeoutForgetsWmax) {
  CubicCc c({});
  CcState s = ca(100, 0);
  c.onLossEvent(s);  // W_max 100
  s.cwnd = 80;
  EXPECT_DOUBLE_EQ(c.onTimeout(s), 56);
  s.cwnd = 56;  // slow start has reached ssthresh
  s.ssthresh = 56;
  s.now = 10 * kSecond;
  c.onAck(s, 1);
  EXPECT_DOUBLE_EQ(c.k(), 0);
  EXPECT_NEAR(c.wCubic(0), 56, 1e-9);
  EXPECT_NEAR(c.wEst(), 56 + 0.529 / 56, 1e-3);  // alpha_cubic: below cwnd_prior = 80
  s.cwnd = 60;
  c.onLossEvent(s);
  EXPECT_DOUBLE_EQ(c.wMax(), 60);
}

// HyStart++: RTT samples that rise by more than eta (here 100 -> 120 ms, eta = 12.5 ms) at a
// round's 8th sample start conservative slow start (growth / 4); five CSS rounds later
// slow start ends with ssthresh = cwnd.
TEST(Cubic, HyStartPlusPlusEntersCssThenCongestionAvoidance) {
  CubicCc c({0.4, 0.7, true, true});
  CcState s;
  s.cwnd = 10;
  s.ssthresh = 1e9;
  int64_t seq = 0;
  auto round = [&](SimTime r) {
    s.nxt = seq + static_cast<int64_t>(s.cwnd);
    const int n = static_cast<int>(s.cwnd);
    for (int i = 0; i < n; ++i) {
      s.una = ++seq;
      c.onRttSample(s, r);
      if (s.cwnd < s.ssthresh) c.onAck(s, 1);
    }
  };
  round(100 * ms);
  round(100 * ms);
  EXPECT_FALSE(c.inCss());
  const double before = s.cwnd;  // 40: slow start doubled twice
  EXPECT_DOUBLE_EQ(before, 40);
  round(120 * ms);
  EXPECT_TRUE(c.inCss());
  // 7 ACKs at full rate, then 33 at a quarter: 40 + 7 + 33/4 = 55.25
  EXPECT_DOUBLE_EQ(s.cwnd, 55.25);
  for (int r = 0; r < 5; ++r) round(120 * ms);
  EXPECT_FALSE(c.inCss());
  EXPECT_DOUBLE_EQ(s.ssthresh, s.cwnd);
}

// docs/validation-modern.md: a single CUBIC flow through a DropTail bottleneck; between two
// losses its window follows RFC 9438's W(t) (t since the epoch start) to within a packet.
TEST(CubicValidation, WindowFollowsWtBetweenLosses) {
  const char* j = R"({"version": 1, "seed": 1, "duration": 60, "samplePeriod": 1,
    "topology": {"bottleneckRate": 10e6, "bottleneckDelay": 0.04, "accessDelayMin": 0.005, "accessDelayMax": 0.005},
    "queue": {"kind": "droptail", "buffer": 60}, "flows": {"count": 1, "cc": "cubic", "startSpread": 0, "tcp": "sack"}})";
  std::string err;
  auto in = Instance::create(j, err);
  ASSERT_TRUE(in) << err;
  TcpSender* snd = in->net().flows[0].sender;
  auto* c = dynamic_cast<CubicCc*>(&snd->cc());
  ASSERT_TRUE(c);
  int checked = 0, epochs = 0;
  double worst = 0;
  SimTime lastEpoch = -1;
  for (double t = 0.01; t < 60; t += 0.01) {
    in->runUntil(t, 0);
    const SimTime e = c->epochStart();
    if (e < 0 || snd->inRecovery() || snd->cwndPackets() < snd->ssthresh()) continue;
    if (e != lastEpoch) {
      lastEpoch = e;
      ++epochs;
    }
    const double since = t - toSeconds(e);
    if (since < 0.2) continue;  // the first RTT of an epoch: the first ACKs start it
    const double err1 = std::abs(snd->cwndPackets() - c->wCubic(since));
    worst = std::max(worst, err1);
    ++checked;
  }
  EXPECT_GE(epochs, 4);
  EXPECT_GT(checked, 2000);
  EXPECT_LT(worst, 1.0) << "largest |cwnd - W(t)| in packets";
  RecordProperty("worstPackets", std::to_string(worst));
  std::printf("CUBIC W(t): %d epochs, %d checks, largest |cwnd - W(t)| = %.3f packets\n", epochs, checked, worst);
}

}  // namespace cubic_test
}  // namespace bl
