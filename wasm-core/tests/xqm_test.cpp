// XQM PI-TB: Eq. 14's spacing of drops, Eq. 15's throughput and buffer matching, weighted
// targets, the clamp on q_i, and loss hiding (on/off and smooth).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/simulation.h"
#include "net/queue_disc.h"
#include "queue_fixture.h"
#include "sim/instance.h"

namespace bl {

namespace xqm_test {

// A simulation with `weights.size()` flows, for the targets.
std::unique_ptr<Simulation> withFlows(std::vector<double> weights) {
  auto sim = std::make_unique<Simulation>(1);
  for (double w : weights) {
    sim->flowStats().emplace_back();
    sim->flowAttrs().push_back(FlowAttrs{w, NAN});
  }
  return sim;
}

std::unique_ptr<QueueDisc> xqm(const std::string& json, Simulation& sim, double rateBps = 1.2e6) {
  return qtest::make("xqm", json, sim, rateBps);
}

QueueState at(SimTime now, uint32_t packets = 0) { return qtest::waiting(packets, now); }

struct Outcome {
  int drops = 0, protectedPackets = 0;
};
Outcome arrivals(QueueDisc& q, int32_t flow, int n, SimTime now) {
  Outcome o;
  for (int i = 0; i < n; ++i) {
    Packet p;
    p.flow = flow;
    if (q.onArrival(p, at(now)) != DropReason::None)
      ++o.drops;
    else if (p.flags & kFlagProtected)
      ++o.protectedPackets;
  }
  return o;
}

// Flow f sends counts[f] packets evenly over [0, 1 s).
void send(QueueDisc& q, const std::vector<int>& counts) {
  for (size_t f = 0; f < counts.size(); ++f)
    for (int i = 0; i < counts[f]; ++i) {
      Packet p;
      p.flow = static_cast<int32_t>(f);
      ASSERT_EQ(q.onArrival(p, at(i * kSecond / counts[f])), DropReason::None);
    }
}

TEST(Xqm, DropsAreSpacedByPacketsSinceTheLastDrop) {
  auto sim = withFlows({1});
  // Buffer term only: one update with 2 packets waiting sets q = CP phi 2 = 0.02.
  auto q = xqm(R"({"cp": 0.01, "delta": 0, "phi": 1, "targetBuffer": 0})", *sim);
  EXPECT_EQ(q->updatePeriod(), 10 * kMillisecond);
  arrivals(*q, 0, 1, 0);
  q->update(at(10 * kMillisecond, 2));
  // p = q / (1 - k q): gaps uniform on [1, 1/q], mean (1/q + 1) / 2 = 25.5, at most 50.
  int drops = 0, gap = 0, maxGap = 0;
  const int n = 400000;
  for (int i = 0; i < n; ++i) {
    ++gap;
    if (arrivals(*q, 0, 1, 10 * kMillisecond).drops) {
      ++drops;
      maxGap = std::max(maxGap, gap);
      gap = 0;
    }
  }
  EXPECT_NEAR(static_cast<double>(n) / drops, 25.5, 0.5);
  EXPECT_LE(maxGap, 50);
}

TEST(Xqm, FlowsAboveTheirTargetAreDroppedAndFlowsBelowAreNot) {
  // 1.2 Mb/s of 1000-byte packets: 150 packets/s, 75 each. Flow 0 sends 150/s, flow 1 50/s.
  auto sim = withFlows({1, 1});
  auto q = xqm(R"({"cp": 0.01, "mp": 1, "delta": 0.01, "phi": 0, "hide": "onoff"})", *sim);
  send(*q, {150, 50});
  q->update(at(kSecond));
  const Outcome fast = arrivals(*q, 0, 1000, kSecond), slow = arrivals(*q, 1, 1000, kSecond);
  EXPECT_GT(fast.drops, 5);
  EXPECT_EQ(fast.protectedPackets, 0);
  EXPECT_EQ(slow.drops, 0);
  EXPECT_EQ(slow.protectedPackets, 1000);  // q_1 < 0: its losses downstream are hidden
}

TEST(Xqm, TargetsFollowTheFlowWeights) {
  // 160 packets/s shared 1:1 (targets 80, 80) or 1:3 (40, 120); flow 1 sends 120/s.
  for (double w1 : {1.0, 3.0}) {
    auto sim = withFlows({1, w1});
    auto q = xqm(R"({"cp": 0.01, "mp": 1, "delta": 0.01, "phi": 0})", *sim, 1.28e6);
    send(*q, {40, 120});
    q->update(at(kSecond));
    const int drops = arrivals(*q, 1, 1000, kSecond).drops;
    if (w1 == 1)
      EXPECT_GT(drops, 5);
    else
      EXPECT_EQ(drops, 0);
  }
}

TEST(Xqm, BufferTermMovesEveryFlowAndQIsClampedToPlusMinusOne) {
  auto sim = withFlows({1, 1});
  auto q = xqm(R"({"cp": 0.01, "delta": 0, "phi": 1, "targetBuffer": 50})", *sim);
  arrivals(*q, 0, 1, 0);
  arrivals(*q, 1, 1, 0);
  const SimTime t = 10 * kMillisecond;
  q->update(at(t, 1050));  // +10 for both flows, clamped to 1: every arrival dropped
  EXPECT_EQ(arrivals(*q, 0, 100, t).drops, 100);
  EXPECT_EQ(arrivals(*q, 1, 100, t).drops, 100);
  for (int i = 0; i < 3; ++i) q->update(at(t, 0));  // -1.5 each: 1 -> -0.5 -> -1 -> -1
  q->update(at(t, 100));                            // +0.5: -0.5 (unclamped it would be -3)
  EXPECT_EQ(arrivals(*q, 0, 100, t).drops, 0);
  q->update(at(t, 100));
  q->update(at(t, 100));  // -0.5 + 0.5 + 0.5 = 0.5 (unclamped -2): drops again
  EXPECT_GT(arrivals(*q, 0, 100, t).drops, 40);
}

TEST(Xqm, SmoothHidingProtectsAFractionThatGrowsAsQFalls) {
  auto sim = withFlows({1});
  std::string err;
  // Buffer term only: q = CP phi (0 - 25) = -0.25 per update with the queue empty.
  auto q = xqm(R"({"cp": 0.01, "delta": 0, "phi": 1, "targetBuffer": 25, "hide": "smooth", "hideSpan": 1})", *sim);
  arrivals(*q, 0, 1, 0);
  q->update(at(10 * kMillisecond));
  const int n = 100000;
  Outcome o = arrivals(*q, 0, n, 10 * kMillisecond);
  EXPECT_EQ(o.drops, 0);
  EXPECT_NEAR(static_cast<double>(o.protectedPackets) / n, 0.25, 0.005);
  q->update(at(20 * kMillisecond));  // q = -0.5: half protected
  o = arrivals(*q, 0, n, 20 * kMillisecond);
  EXPECT_NEAR(static_cast<double>(o.protectedPackets) / n, 0.5, 0.005);
  ASSERT_TRUE(q->setParam("hide", 0, err)) << err;  // off: nothing protected
  EXPECT_EQ(arrivals(*q, 0, 1000, 20 * kMillisecond).protectedPackets, 0);
}

// FRED, REM, PI and XQM (with weights and hiding) as the discipline at A of a small chain:
// they build from scenario JSON, keep the link busy, and one seed gives one result.
TEST(Xqm, EveryNewKindRunsOnTheChainDeterministically) {
  for (const char* queue : {R"({"kind": "fred", "minTh": 10, "maxTh": 30})", R"({"kind": "rem"})", R"({"kind": "pi"})",
                            R"({"kind": "xqm", "hide": "smooth", "mp": 1})"}) {
    const std::string json = R"({"version": 1, "duration": 4, "topology": {"kind": "chain", "overlayFlows": 3,
      "crossFlows": 2, "rates": [10e6, 15e6, 15e6]}, "flowOverrides": [{"flow": 1, "weight": 2}], "queue": )" +
                             std::string(queue) + "}";
    std::string err;
    std::string runs[2];
    for (std::string& out : runs) {
      auto in = Instance::create(json, err);
      ASSERT_TRUE(in) << err;
      while (in->runUntil(1e9, 0) != 2) {}
      Json s = in->summary();
      EXPECT_GT(s.find("utilization")->asNumber(), 0.5) << queue;
      s.set("wallSeconds", Json::number(0));
      out = s.dump();
    }
    EXPECT_EQ(runs[0], runs[1]) << queue;
  }
}

}  // namespace xqm_test
}  // namespace bl
