// REM: the price update from queue and rate mismatch, and drops at 1 - phi^(-price).
#include <gtest/gtest.h>

#include <cmath>

#include "core/simulation.h"
#include "net/queue_disc.h"
#include "queue_fixture.h"

namespace bl {

namespace rem_test {

using qtest::dropFraction;
using qtest::waiting;

// 10 Mb/s, 1000-byte packets: 1250 packets/s, c = 2.5 packets per 2 ms period.
std::unique_ptr<QueueDisc> rem(const std::string& json, Simulation& sim) { return qtest::make("rem", json, sim); }

TEST(Rem, PriceMovesWithQueueAndRateMismatch) {
  Simulation sim(1);
  auto q = rem(R"({"gamma": 0.1, "phi": 2, "target": 20, "alpha": 0.1})", sim);
  EXPECT_EQ(q->updatePeriod(), 2 * kMillisecond);
  Packet p;
  for (int i = 0; i < 10; ++i) ASSERT_EQ(q->onArrival(p, waiting(0)), DropReason::None);  // price 0
  // price = 0.1 (0.1 (40 - 20) + 10 - 2.5) = 0.95; drop probability 1 - 2^-0.95.
  q->update(waiting(40));
  EXPECT_NEAR(dropFraction(*q), 1 - std::pow(2.0, -0.95), 0.005);
}

TEST(Rem, PriceNeverGoesNegative) {
  Simulation sim(1);
  auto q = rem(R"({"gamma": 0.1, "phi": 2})", sim);
  for (int i = 0; i < 100; ++i) q->update(waiting(0));  // empty and idle: the price stays at 0
  Packet p;
  for (int i = 0; i < 5; ++i) ASSERT_EQ(q->onArrival(p, waiting(0)), DropReason::None);
  // One period with 5 arrivals and queue 60: 0.1 (0.1 x 40 + 5 - 2.5) = 0.65. Had the price
  // been allowed below 0 over the idle periods it would still be negative here.
  q->update(waiting(60));
  EXPECT_NEAR(dropFraction(*q), 1 - std::pow(2.0, -0.65), 0.005);
}

TEST(Rem, InputIsLowPassFilteredAndTheBufferOverflows) {
  Simulation sim(1);
  auto q = rem(R"({"buffer": 8, "gamma": 0.1, "phi": 2, "alpha": 0, "inputWeight": 0.5})", sim);
  Packet p;
  for (int i = 0; i < 12; ++i) ASSERT_EQ(q->onArrival(p, waiting(0)), DropReason::None);
  q->update(waiting(0));  // input = 0.5 x 12 = 6: price 0.1 (6 - 2.5) = 0.35
  EXPECT_NEAR(dropFraction(*q), 1 - std::pow(2.0, -0.35), 0.005);
  EXPECT_EQ(q->onArrival(p, waiting(8)), DropReason::Overflow);
}

}  // namespace rem_test
}  // namespace bl
