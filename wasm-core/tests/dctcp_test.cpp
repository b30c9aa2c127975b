// DCTCP (RFC 8257): alpha from the marked fraction, the proportional cut, and
// (docs/validation-modern.md) alpha converging to the marked fraction.
#include <gtest/gtest.h>

#include <cmath>

#include "cc/dctcp.h"
#include "sim/instance.h"
#include "sim/network.h"
#include "tcp/tcp_sender.h"

namespace bl {
namespace dctcp_test {

// Windows of 20 packets, `marked` of them with ECE, one ACK per packet; the next window is
// out (snd_nxt 20 further) by the time the last ACK of a window arrives.
void window(DctcpCc& d, CcState& s, int marked) {
  const int64_t start = s.una;
  for (int i = 0; i < 20; ++i) {
    s.una = start + i + 1;
    s.nxt = start + (i == 19 ? 40 : 20);
    d.onEcn(s, 1, i < marked);
  }
}

TEST(DctcpValidation, AlphaConvergesToTheMarkedFraction) {
  DctcpCc d;
  CcState s;
  s.una = 0;
  s.nxt = 20;
  // F = 5/20 = 0.25 in every window: alpha_n = F + (1 - g)^n (alpha_0 - F), alpha_0 = 1.
  for (int n = 1; n <= 100; ++n) {
    window(d, s, 5);
    EXPECT_NEAR(d.alpha(), 0.25 + std::pow(15.0 / 16, n) * 0.75, 1e-12) << n;
  }
  EXPECT_NEAR(d.alpha(), 0.25, 0.0013);  // (15/16)^100 x 0.75 = 0.0012 left
  // The cut: cwnd x (1 - alpha / 2): 100 -> 87.5 at alpha 0.25.
  s.cwnd = 100;
  EXPECT_NEAR(d.onEcnEcho(s), 100 * (1 - d.alpha() / 2), 1e-12);
  for (int n = 0; n < 200; ++n) window(d, s, 0);
  EXPECT_LT(d.alpha(), 1e-5);  // no marks: alpha decays and a cut costs almost nothing
}

// End to end: one DCTCP flow through a step-marking queue (K = 20): no loss, the queue hovers
// near K, and alpha tracks the fraction of packets the queue marks.
TEST(DctcpScenario, HoldsTheQueueNearKWithoutLoss) {
  const char* j = R"({"version": 1, "seed": 1, "duration": 30, "measureFrom": 10,
    "topology": {"bottleneckRate": 100e6, "bottleneckDelay": 0.0002, "accessDelayMin": 0.0001, "accessDelayMax": 0.0001},
    "queue": {"kind": "step", "K": 20, "buffer": 400}, "flows": {"count": 2, "cc": "dctcp", "ecn": true}})";
  std::string err;
  auto in = Instance::create(j, err);
  ASSERT_TRUE(in) << err;
  in->runUntil(10, 0);
  uint64_t m0 = 0, a0 = 0;
  for (const FlowStats& f : in->sim().flowStats()) {
    m0 += f.markedPackets;
    a0 += f.arrivedPackets;
  }
  double alphaSum = 0;
  int n = 0;
  for (double t = 10.01; t <= 30; t += 0.01) {
    in->runUntil(t, 0);
    for (const FlowEntry& f : in->net().flows) alphaSum += dynamic_cast<DctcpCc&>(f.sender->cc()).alpha();
    n += 2;
  }
  uint64_t m1 = 0, a1 = 0;
  for (const FlowStats& f : in->sim().flowStats()) {
    m1 += f.markedPackets;
    a1 += f.arrivedPackets;
  }
  const double frac = static_cast<double>(m1 - m0) / static_cast<double>(a1 - a0);
  const double alpha = alphaSum / n;
  Json s = in->summary();
  double losses = 0;
  for (const Json& f : s.find("flows")->items()) losses += f.find("congestionLosses")->asNumber();
  EXPECT_EQ(losses, 0);
  EXPECT_GT(s.find("utilization")->asNumber(), 0.95);
  const double meanQ = s.find("queues")->items()[0].find("meanLength")->asNumber();
  EXPECT_GT(meanQ, 10);
  EXPECT_LT(meanQ, 40);
  EXPECT_NEAR(alpha, frac, 0.3 * frac);
  std::printf("DCTCP: mean alpha %.3f, marked fraction %.3f, mean queue %.1f packets, util %.3f\n", alpha, frac, meanQ,
              s.find("utilization")->asNumber());
}

}  // namespace dctcp_test
}  // namespace bl
