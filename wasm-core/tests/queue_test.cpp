// Queue disciplines: drop decisions for scripted arrivals, RED's arithmetic against its formulas.
#include <gtest/gtest.h>

#include <cmath>

#include "core/simulation.h"
#include "net/queue_disc.h"
#include "queue_fixture.h"
#include "queues/red.h"

namespace bl {
namespace queue_test {

std::unique_ptr<QueueDisc> make(const std::string& kind, const std::string& json) {
  static Simulation sim(1);
  return qtest::make(kind, json, sim);
}

QueueState busy(uint32_t packets, SimTime now = 0) { return qtest::waiting(packets, now); }

TEST(DropTail, DropsOnlyWhenFull) {
  auto q = make("droptail", R"({"buffer": 3})");
  Packet p;
  EXPECT_EQ(q->onArrival(p, busy(0)), DropReason::None);
  EXPECT_EQ(q->onArrival(p, busy(2)), DropReason::None);
  EXPECT_EQ(q->onArrival(p, busy(3)), DropReason::Overflow);
  std::string err;
  ASSERT_TRUE(q->setParam("buffer", 5, err)) << err;
  EXPECT_EQ(q->onArrival(p, busy(3)), DropReason::None);
  EXPECT_FALSE(q->setParam("buffer", 0, err));
  EXPECT_NE(err.find("droptail.buffer"), std::string::npos) << err;
  EXPECT_NE(err.find("[1, 100000]"), std::string::npos) << err;
}

TEST(Red, BaseProbabilityFollowsTheFormula) {
  RedCore r;
  r.gentle = false;  // the 1993 jump to 1 at maxTh first
  r.minTh = 50;
  r.maxTh = 120;
  r.maxP = 0.1;
  for (double avg : {0.0, 49.9, 50.0, 70.0, 85.0, 119.9}) {
    r.avg = avg;
    const double expected = avg < 50 ? 0 : 0.1 * (avg - 50) / 70;
    EXPECT_NEAR(r.baseProbability(), expected, 1e-12) << avg;
  }
  r.avg = 120;
  EXPECT_EQ(r.baseProbability(), 1);
  r.gentle = true;
  r.avg = 180;  // halfway from maxTh to 2 maxTh: maxP + (1 - maxP) * 60 / 120
  EXPECT_NEAR(r.baseProbability(), 0.1 + 0.9 * 0.5, 1e-12);
  r.avg = 240;
  EXPECT_EQ(r.baseProbability(), 1);
}

TEST(Red, AverageIsAnEwmaWithIdleDecay) {
  RedCore r;
  r.weight = 0.002;
  r.meanPacketTime = kMillisecond;
  r.updateAverage(busy(100));
  EXPECT_NEAR(r.avg, 0.2, 1e-12);
  r.updateAverage(busy(100));
  EXPECT_NEAR(r.avg, 0.998 * 0.2 + 0.2, 1e-12);
  const double before = r.avg;
  QueueState idle;
  idle.idle = true;
  idle.idleSince = 0;
  idle.now = 500 * kMillisecond;  // 500 packet times of idleness
  r.updateAverage(idle);
  EXPECT_NEAR(r.avg, before * std::pow(0.998, 500), 1e-12);
}

TEST(Red, CountSpacesDropsUniformly) {
  // With pb fixed, pa = pb / (1 - count pb) makes the gap between drops uniform on
  // [1, 1/pb]: mean gap (1/pb + 1) / 2. For pb = 0.02: 25.5 packets.
  RedCore r;
  r.wait = false;  // the 1993 rule
  r.minTh = 0;
  r.maxTh = 100;
  r.maxP = 0.04;
  r.avg = 50;  // pb = 0.02
  Rng rng(5, "red-test");
  int drops = 0, sinceLast = 0, maxGap = 0;
  const int n = 400000;
  for (int i = 0; i < n; ++i) {
    ++sinceLast;
    if (r.earlyDrop(rng)) {
      ++drops;
      maxGap = std::max(maxGap, sinceLast);
      sinceLast = 0;
    }
  }
  EXPECT_NEAR(static_cast<double>(n) / drops, 25.5, 0.5);
  EXPECT_LE(maxGap, 50);  // never more than 1/pb packets between drops
}

// ns-2's wait_: with count arrivals since the last drop, pa = 0 while count pb < 1 and
// pb / (2 - count pb) after. Writing x_k = 2 - k pb, 1 - pa = x_(k+1) / x_k, so the chance of
// no drop through arrival k telescopes to x_(k+1) / x_(1/pb) = 2 - (k + 1) pb: the gap is
// uniform on {1/pb, ..., 2/pb - 1}. For pb = 0.02: 50..99 packets, mean 74.5 (the 1993 rule:
// 1..50, mean 25.5). The first arrival above minTh only starts the count at 1, as ns-2.
TEST(Red, WaitSpacesDropsBetweenOneAndTwoOverPb) {
  RedCore r;
  r.minTh = 0;
  r.maxTh = 100;
  r.maxP = 0.04;
  r.avg = 50;  // pb = 0.02
  r.wait = true;
  Rng rng(5, "red-test");
  int drops = 0, sinceLast = 0, minGap = 1 << 30, maxGap = 0;
  const int n = 400000;
  for (int i = 0; i < n; ++i) {
    ++sinceLast;
    if (r.earlyDrop(rng)) {
      ++drops;
      minGap = std::min(minGap, sinceLast);
      maxGap = std::max(maxGap, sinceLast);
      sinceLast = 0;
    }
  }
  EXPECT_EQ(minGap, 50);
  EXPECT_EQ(maxGap, 99);
  EXPECT_NEAR(static_cast<double>(n - sinceLast) / drops, 74.5, 0.6);
}

// One declaration of RED's parameters (issue 26): a RedCore built directly (as tests') starts from
// the fragment's defaults, and RED and FRED, which bind the same specs, describe and default to
// the same numbers. By hand from the 1993 paper's suggestions and ns-2's defaults: minTh 50,
// maxTh 120 packets, maxP 0.1, weight 0.002, gentle and wait on (ns-2's gentle_ and wait_;
// issue 27: the struct once said off while RED's spec said on).
TEST(Red, CoreRedAndFredShareTheFragmentsDefaults) {
  const RedSpecs& f = redSpecs();
  EXPECT_EQ(f.minTh.def, 50);
  EXPECT_EQ(f.maxTh.def, 120);
  EXPECT_EQ(f.maxP.def, 0.1);
  EXPECT_EQ(f.weight.def, 0.002);
  EXPECT_EQ(f.gentle.def, 1);
  EXPECT_EQ(f.wait.def, 1);
  RedCore r;
  EXPECT_EQ(r.minTh, 50);
  EXPECT_EQ(r.maxTh, 120);
  EXPECT_EQ(r.maxP, 0.1);
  EXPECT_EQ(r.weight, 0.002);
  EXPECT_TRUE(r.gentle);
  EXPECT_TRUE(r.wait);
  Simulation sim(1);
  for (const char* kind : {"red", "fred"})
    for (const ParamSpec* s : {&f.minTh, &f.maxTh, &f.maxP, &f.weight, &f.gentle, &f.wait})
      qtest::expectFragmentSpec(kind, *s, sim);
}

// The scenario defaults are ns-2's: gentle and wait on, no drop with fewer than 2 waiting.
TEST(Red, DefaultsAreNs2s) {
  auto q = make("red", R"({})");
  EXPECT_EQ(q->param("gentle"), 1);
  EXPECT_EQ(q->param("wait"), 1);
  EXPECT_EQ(q->param("earlyMinQueue"), 2);
}

// earlyMinQueue (ns-2's qlen > 1). Weight 0.5, maxTh 3, not gentle: an arrival seeing 20
// waiting sets the average to 10 (forced drop); the next sees 1 waiting, average 5.5, still
// above maxTh: dropped only when the rule is off (0); with the default 2 it is admitted.
TEST(Red, NoDropWhileTheQueueIsNearlyEmpty) {
  for (int minQueue : {2, 0}) {
    auto q = make("red", R"({"buffer": 50, "minTh": 1, "maxTh": 3, "weight": 0.5, "gentle": false, "earlyMinQueue": )" +
                             std::to_string(minQueue) + "}");
    Packet p;
    EXPECT_EQ(q->onArrival(p, busy(20)), DropReason::Early);
    EXPECT_EQ(q->onArrival(p, busy(1)), minQueue == 2 ? DropReason::None : DropReason::Early);
    EXPECT_DOUBLE_EQ(q->average(), 5.5);
  }
}

// gentle off: above maxTh every arrival is dropped (with the default gentle ramp, 7 packets
// against maxTh 6 would give pb = 0.25).
TEST(Red, QueueDropsEarlyThenOverflows) {
  auto q = make("red", R"({"buffer": 10, "minTh": 2, "maxTh": 6, "maxP": 0.1, "weight": 1, "gentle": false})");
  Packet p;
  // weight 1: the average is the instantaneous queue.
  EXPECT_EQ(q->onArrival(p, busy(1)), DropReason::None);
  EXPECT_EQ(q->onArrival(p, busy(7)), DropReason::Early);  // above maxTh: forced drop
  EXPECT_DOUBLE_EQ(q->average(), 7);
  std::string err;
  EXPECT_FALSE(q->setParam("minTh", 8, err));  // would pass maxTh
  EXPECT_NE(err.find("must be below maxTh"), std::string::npos) << err;
}

TEST(Red, SparesProtectedPacketsFromEarlyDropsButNotOverflow) {
  auto q = make("red", R"({"buffer": 10, "minTh": 2, "maxTh": 6, "maxP": 0.1, "weight": 1, "gentle": false})");
  Packet marked;
  marked.flags = kFlagProtected;
  Packet plain;
  EXPECT_EQ(q->onArrival(plain, busy(7)), DropReason::Early);  // forced region
  EXPECT_EQ(q->onArrival(marked, busy(7)), DropReason::None);  // XQM hiding: spared
  EXPECT_EQ(q->onArrival(marked, busy(10)), DropReason::Overflow);
}

}  // namespace queue_test
}  // namespace bl
