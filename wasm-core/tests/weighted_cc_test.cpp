// Window rules of the weighted congestion control modules, called directly with a CcState:
// TCP-SD (three weight-function choices), mulTCP (both parameter sets of the MPAT paper),
// TCP-LASD (the loss-interval estimator, the num_thresh / mu boosting rule, and the increase
// it scales). Expected numbers follow by hand from the rules in the module headers.
#include <gtest/gtest.h>

#include <cmath>

#include "cc/multcp.h"
#include "cc/registry.h"
#include "cc/tcp_lasd.h"
#include "cc/tcp_sd.h"

namespace bl {
namespace weighted_cc_test {

CcState avoidance(double cwnd, double inFlight) {
  CcState s;
  s.cwnd = cwnd;
  s.ssthresh = 1;  // congestion avoidance
  s.inFlight = inFlight;
  return s;
}

TEST(WeightFns, ThePapersThreeChoices) {
  for (double w : {1.0, 2.0, 10.0, 100.0}) {
    const WeightFns e = weightFns(WeightFn::Equal, w);
    EXPECT_DOUBLE_EQ(e.inc, e.dec);
    EXPECT_NEAR(e.inc * (2 * e.inc - 0.5), 1.5 * w * w, 1e-9 * w * w);  // Eq. 4 with f_inc = f_dec
    EXPECT_DOUBLE_EQ(weightFns(WeightFn::Inc, w).inc, w * w);
    EXPECT_DOUBLE_EQ(weightFns(WeightFn::Inc, w).dec, 1);
    EXPECT_DOUBLE_EQ(weightFns(WeightFn::Dec, w).inc, 1);
    EXPECT_DOUBLE_EQ(weightFns(WeightFn::Dec, w).dec, w * w);
  }
  EXPECT_DOUBLE_EQ(weightFns(WeightFn::Equal, 1).inc, 1);  // weight 1 is TCP
  EXPECT_DOUBLE_EQ(weightFns(WeightFn::Equal, 2).inc, (0.5 + std::sqrt(48.25)) / 4);
}

// Increase f_inc / cwnd per ACKed packet in congestion avoidance (f_inc per RTT), decrease
// to FlightSize (1 - 0.5 / f_dec) on a loss event, FlightSize / 2 on a timeout.
TEST(TcpSd, WindowRuleForEachChoice) {
  struct Case {
    int f;
    double w, inc, dec;
  };
  const double fe = weightFns(WeightFn::Equal, 4).inc;
  for (const Case& c : {Case{0, 4, fe, fe}, Case{1, 3, 9, 1}, Case{2, 3, 1, 9}}) {
    auto cc = makeSd();
    ASSERT_TRUE(cc->setParam("weight", c.w));
    ASSERT_TRUE(cc->setParam("f", c.f));
    CcState s = avoidance(20, 40);
    cc->onAck(s, 1);
    EXPECT_DOUBLE_EQ(s.cwnd, 20 + c.inc / 20) << "f=" << c.f;
    cc->onAck(s, 3);  // three packets in one ACK: 3 f_inc / cwnd
    EXPECT_DOUBLE_EQ(s.cwnd, 20 + c.inc / 20 + 3 * c.inc / (20 + c.inc / 20));
    EXPECT_DOUBLE_EQ(cc->onLossEvent(s), 40 * (1 - 0.5 / c.dec)) << "f=" << c.f;
    EXPECT_DOUBLE_EQ(cc->onTimeout(s), 20);  // timeouts unweighted
  }
}

TEST(TcpSd, OnePerRttTimesFincOverAWindow) {
  auto cc = makeSd();
  cc->setParam("weight", 10);
  CcState s = avoidance(100, 100);
  for (int i = 0; i < 100; ++i) cc->onAck(s, 1);  // one window of ACKs
  const double f = weightFns(WeightFn::Equal, 10).inc;
  EXPECT_NEAR(s.cwnd - 100, f, 0.05 * f);
}

TEST(TcpSd, SlowStartIsUnweighted) {
  auto cc = makeSd();
  cc->setParam("weight", 50);
  CcState s;
  s.cwnd = 4;
  s.ssthresh = 100;
  cc->onAck(s, 1);
  EXPECT_DOUBLE_EQ(s.cwnd, 5);
  cc->onAck(s, 5);  // RFC 3465 L = 2
  EXPECT_DOUBLE_EQ(s.cwnd, 7);
}

TEST(TcpSd, FloorOfTwoPackets) {
  auto cc = makeSd();
  CcState s = avoidance(2, 2);
  EXPECT_DOUBLE_EQ(cc->onLossEvent(s), 2);
}

TEST(MulTcp, BothParameterSets) {
  auto lin = makeMulTcp();
  ASSERT_TRUE(lin->setParam("N", 4));
  CcState s = avoidance(10, 40);
  lin->onAck(s, 1);
  EXPECT_DOUBLE_EQ(s.cwnd, 10.4);                              // alpha = N
  EXPECT_DOUBLE_EQ(lin->onLossEvent(s), 40 * (1 - 0.25 / 2));  // beta = 1/N of TCP's 1/2
  auto sq = makeMulTcp();
  ASSERT_TRUE(sq->setParam("N", 4));
  ASSERT_TRUE(sq->setParam("set", 1));
  s = avoidance(10, 40);
  sq->onAck(s, 1);
  EXPECT_DOUBLE_EQ(s.cwnd, 10.2);                              // alpha = sqrt(N)
  EXPECT_DOUBLE_EQ(sq->onLossEvent(s), 40 * (1 - 0.125 / 2));  // beta = N^-1.5
  auto one = makeMulTcp();                                     // N = 1 is TCP in both sets
  s = avoidance(10, 40);
  one->onAck(s, 1);
  EXPECT_DOUBLE_EQ(s.cwnd, 10.1);
  EXPECT_DOUBLE_EQ(one->onLossEvent(s), 20);
  EXPECT_DOUBLE_EQ(sq->onTimeout(s), 20);
}

// p = (intervals kept) / (their sum) over the last N intervals; alpha = min(1, zeta / p);
// num_thresh = 1 / p.
TEST(LasdEstimator, LossIntervalsOverTheLastN) {
  LasdEstimator e;
  e.configure(0.01, 3, 2);
  EXPECT_EQ(e.p(), 0);
  EXPECT_EQ(e.alpha(), 1);
  e.sent(100);
  e.lossEvent();
  EXPECT_DOUBLE_EQ(e.p(), 0.01);
  EXPECT_DOUBLE_EQ(e.alpha(), 1);
  EXPECT_DOUBLE_EQ(e.numThresh(), 100);
  e.sent(50);
  e.lossEvent();
  EXPECT_DOUBLE_EQ(e.p(), 2.0 / 150);
  EXPECT_DOUBLE_EQ(e.alpha(), 0.75);
  e.sent(50);
  e.lossEvent();
  EXPECT_DOUBLE_EQ(e.p(), 3.0 / 200);
  e.sent(200);
  e.lossEvent();  // the first interval (100) leaves the window
  ASSERT_EQ(e.intervals().size(), 3u);
  EXPECT_DOUBLE_EQ(e.intervals().front(), 50);
  EXPECT_DOUBLE_EQ(e.p(), 3.0 / 300);
  EXPECT_DOUBLE_EQ(e.alpha(), 1);
  EXPECT_EQ(e.numSent(), 0);
}

// Lines 3-5: once more than num_thresh packets go out since the last loss, alpha and
// num_thresh are multiplied by mu (alpha capped at 1).
TEST(LasdEstimator, BoostsAlphaWhenAnIntervalOutlastsTheEstimate) {
  LasdEstimator e;
  e.configure(0.001, 1, 2);
  e.sent(66);
  e.lossEvent();  // p = 1/66
  EXPECT_DOUBLE_EQ(e.alpha(), 0.066);
  e.sent(66);
  EXPECT_DOUBLE_EQ(e.alpha(), 0.066);  // not more than num_thresh yet
  e.sent(1);
  EXPECT_DOUBLE_EQ(e.alpha(), 0.132);
  EXPECT_DOUBLE_EQ(e.numThresh(), 132);
  e.sent(66);
  EXPECT_DOUBLE_EQ(e.alpha(), 0.264);
  EXPECT_DOUBLE_EQ(e.numThresh(), 264);
  e.sent(1000);  // 1133 sent: 0.528 (528), 1 (1056), 1 (2112)
  EXPECT_DOUBLE_EQ(e.alpha(), 1);
  EXPECT_DOUBLE_EQ(e.numThresh(), 2112);
}

// The module counts packets sent between loss events as ACKed + change of FlightSize, feeds
// the estimator, and scales the weighted increase by alpha.
TEST(TcpLasd, IncreaseScaledByAlphaFromTheEstimate) {
  auto cc = makeLasd();
  ASSERT_TRUE(cc->setParam("zeta", 0.001));
  ASSERT_TRUE(cc->setParam("N", 1));
  CcState s = avoidance(10, 10);
  cc->onAck(s, 90);  // before any loss alpha = 1: +90/10
  EXPECT_DOUBLE_EQ(s.cwnd, 19);
  s.cwnd = 20;
  EXPECT_DOUBLE_EQ(cc->onLossEvent(s), 5);  // 90 acked + 10 in flight = 100 sent: p = 0.01
  cc->onAck(s, 1);                          // alpha = 0.001 / 0.01
  EXPECT_DOUBLE_EQ(s.cwnd, 20 + 0.1 / 20);
  ASSERT_TRUE(cc->setParam("weight", 3));
  const double f = weightFns(WeightFn::Equal, 3).inc;
  const double before = s.cwnd;
  cc->onAck(s, 1);
  EXPECT_DOUBLE_EQ(s.cwnd, before + f * 0.1 / before);
  EXPECT_DOUBLE_EQ(cc->onLossEvent(s), 10 * (1 - 0.5 / f));
}

TEST(CcRegistry, WeightedModulesAreRegisteredWithTheirSpecs) {
  for (const char* n : {"sd", "lasd", "multcp"}) {
    const CcKind* k = findCcKind(n);
    ASSERT_NE(k, nullptr) << n;
    EXPECT_FALSE(k->specs->empty());
    auto cc = k->make();
    EXPECT_STREQ(cc->name(), n);
    for (const ParamSpec& s : *k->specs) EXPECT_TRUE(cc->setParam(s.key, s.def)) << n << "." << s.key;
  }
}

}  // namespace weighted_cc_test
}  // namespace bl
