// PI: p(kT) = p((k-1)T) + a (q(kT) - qRef) - b (q((k-1)T) - qRef), clamped to [0, 1].
#include <gtest/gtest.h>

#include "core/simulation.h"
#include "net/queue_disc.h"
#include "queue_fixture.h"

namespace bl {

namespace pi_test {

using qtest::dropFraction;
using qtest::waiting;

std::unique_ptr<QueueDisc> pi(const std::string& json, Simulation& sim) { return qtest::make("pi", json, sim); }

TEST(Pi, ProbabilityFollowsTheDifferenceEquation) {
  Simulation sim(1);
  auto q = pi(R"({"qRef": 10, "a": 0.01, "b": 0.005, "frequency": 100})", sim);
  EXPECT_EQ(q->updatePeriod(), 10 * kMillisecond);
  EXPECT_EQ(dropFraction(*q), 0);
  q->update(waiting(30));  // 0 + 0.01 x 20 - 0.005 x (0 - 10) = 0.25
  EXPECT_NEAR(dropFraction(*q), 0.25, 0.005);
  q->update(waiting(30));  // 0.25 + 0.2 - 0.005 x 20 = 0.35
  EXPECT_NEAR(dropFraction(*q), 0.35, 0.005);
  q->update(waiting(10));  // 0.35 + 0 - 0.1 = 0.25: the queue at qRef, p still falls
  EXPECT_NEAR(dropFraction(*q), 0.25, 0.005);
}

TEST(Pi, ProbabilityIsClampedAndTheBufferOverflows) {
  Simulation sim(1);
  auto q = pi(R"({"buffer": 100, "qRef": 10, "a": 1, "b": 0.5})", sim);
  q->update(waiting(90));
  EXPECT_EQ(dropFraction(*q), 1);
  for (int i = 0; i < 3; ++i) q->update(waiting(0));
  EXPECT_EQ(dropFraction(*q), 0);
  Packet p;
  EXPECT_EQ(q->onArrival(p, waiting(100)), DropReason::Overflow);
}

}  // namespace pi_test
}  // namespace bl
