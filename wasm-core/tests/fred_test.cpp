// FRED: per-flow caps and strikes, fragile flows spared from random drops, drop-tail mode.
#include <gtest/gtest.h>

#include "core/simulation.h"
#include "net/queue_disc.h"
#include "queue_fixture.h"

namespace bl {

// Helpers for the queue tests (declared again in rem_test, pi_test, xqm_test): a discipline
// built from JSON as a scenario would build it, and the link state an arrival sees.

namespace fred_test {

using qtest::waiting;

std::unique_ptr<QueueDisc> fred(const std::string& json, Simulation& sim) { return qtest::make("fred", json, sim); }

Packet of(int32_t flow) {
  Packet p;
  p.flow = flow;
  return p;
}

TEST(Fred, EachFlowIsCappedAtMinThAndStruckWhenItOverruns) {
  Simulation sim(1);
  // A tiny weight keeps the average near 0: no random drops, maxq = minTh = 3.
  auto q = fred(R"({"minTh": 3, "maxTh": 10, "weight": 1e-7})", sim);
  Packet a = of(0), b = of(1);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(q->onArrival(a, waiting(i)), DropReason::None) << i;
  EXPECT_EQ(q->onArrival(a, waiting(3)), DropReason::Early);  // qlen 3 >= maxq
  EXPECT_EQ(q->onArrival(b, waiting(3)), DropReason::None);   // another flow still fits
  // Two strikes: flow 0 is now non-adaptive; with qlen >= avgcq (= 1) it is dropped even
  // after one of its packets leaves.
  EXPECT_EQ(q->onArrival(a, waiting(4)), DropReason::Early);
  q->onDeparture(0, 0);
  EXPECT_EQ(q->onArrival(a, waiting(3)), DropReason::Early);
  // Its state (strikes included) goes when its last packet leaves.
  q->onDeparture(0, 0);
  q->onDeparture(0, 0);
  EXPECT_EQ(q->onArrival(a, waiting(1)), DropReason::None);
}

TEST(Fred, FragileFlowsAreSparedRandomDrops) {
  Simulation sim(1);
  // weight 1: the average is the queue seen by the last admitted arrival.
  auto q = fred(R"({"minTh": 20, "maxTh": 40, "maxP": 1, "weight": 1, "minq": 4})", sim);
  Packet robust = of(0), fragile = of(1);
  // 30 packets waiting: 16 of flow 0, one of each of flows 1..14; the average ends at 30.
  for (int i = 0; i < 16; ++i) ASSERT_EQ(q->onArrival(robust, waiting(5)), DropReason::None);  // avg 5 < minTh
  for (int f = 2; f < 15; ++f) {
    Packet filler = of(f);
    ASSERT_EQ(q->onArrival(filler, waiting(5)), DropReason::None);
  }
  ASSERT_EQ(q->onArrival(fragile, waiting(30)), DropReason::None);  // avg 30: pb = 0.5
  // 15 active flows: avgcq = 2. Flow 0 (16 waiting) is robust; flow 1 (1 < minq) is fragile.
  int robustDrops = 0, fragileDrops = 0;
  for (int i = 0; i < 2000; ++i) {
    if (q->onArrival(robust, waiting(30)) == DropReason::None)
      q->onDeparture(0, 0);
    else
      ++robustDrops;
    if (q->onArrival(fragile, waiting(30)) == DropReason::None)
      q->onDeparture(1, 0);
    else
      ++fragileDrops;
  }
  EXPECT_EQ(fragileDrops, 0);
  // pa = pb / (1 - count pb) with pb = 0.5: a drop every 2 arrivals of the robust flow (the
  // fragile flow's arrivals also advance count, so often every arrival).
  EXPECT_GT(robustDrops, 1000);
}

TEST(Fred, DropsEverythingAboveMaxThAndOverflowsAFullBuffer) {
  Simulation sim(1);
  auto q = fred(R"({"buffer": 10, "minTh": 2, "maxTh": 4, "weight": 1})", sim);
  Packet a = of(0), b = of(1), c = of(2);
  EXPECT_EQ(q->onArrival(a, waiting(6)), DropReason::None);  // avg was 0; now 6
  EXPECT_DOUBLE_EQ(q->average(), 6);
  EXPECT_EQ(q->onArrival(b, waiting(6)), DropReason::Early);  // avg >= maxTh: drop-tail mode
  auto q2 = fred(R"({"buffer": 5, "minTh": 50, "maxTh": 60, "weight": 1e-7})", sim);
  EXPECT_EQ(q2->onArrival(c, waiting(5)), DropReason::Overflow);
}

}  // namespace fred_test
}  // namespace bl
