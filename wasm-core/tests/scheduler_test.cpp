#include <gtest/gtest.h>

#include <set>
#include <tuple>
#include <vector>

#include "core/rng.h"
#include "core/scheduler.h"

namespace bl {
namespace scheduler_test {

struct Recorder : EventHandler {
  std::vector<std::pair<SimTime, uint64_t>> seen;
  Scheduler* s = nullptr;
  void onEvent(uint32_t kind, uint64_t arg) override { seen.emplace_back(s->now(), arg * 10 + kind); }
};

TEST(Scheduler, OrdersByTimeThenInsertion) {
  Scheduler s;
  Recorder r;
  r.s = &s;
  s.at(30, &r, 1, 1);
  s.at(10, &r, 2, 2);
  s.at(10, &r, 3, 3);  // same time as the previous: must run after it
  s.at(20, &r, 4, 4);
  s.at(10, &r, 5, 5);
  while (s.runOne(kNever)) {}
  ASSERT_EQ(r.seen.size(), 5u);
  EXPECT_EQ(r.seen[0], std::make_pair(SimTime{10}, uint64_t{22}));
  EXPECT_EQ(r.seen[1], std::make_pair(SimTime{10}, uint64_t{33}));
  EXPECT_EQ(r.seen[2], std::make_pair(SimTime{10}, uint64_t{55}));
  EXPECT_EQ(r.seen[3], std::make_pair(SimTime{20}, uint64_t{44}));
  EXPECT_EQ(r.seen[4], std::make_pair(SimTime{30}, uint64_t{11}));
  EXPECT_EQ(s.processed(), 5u);
}

TEST(Scheduler, ManyTiesKeepInsertionOrder) {
  Scheduler s;
  Recorder r;
  r.s = &s;
  Rng rng(7, "t");
  // 2000 events at 5 distinct times, in random order of insertion.
  std::vector<std::vector<uint64_t>> expected(5);
  for (uint64_t i = 0; i < 2000; ++i) {
    SimTime t = static_cast<SimTime>(rng.below(5));
    s.at(t, &r, 0, i);
    expected[static_cast<size_t>(t)].push_back(i * 10);
  }
  while (s.runOne(kNever)) {}
  size_t k = 0;
  for (SimTime t = 0; t < 5; ++t)
    for (uint64_t v : expected[static_cast<size_t>(t)]) {
      ASSERT_EQ(r.seen[k].first, t);
      ASSERT_EQ(r.seen[k].second, v);
      ++k;
    }
}

// Timers run after the other events of their instant, whenever either was scheduled, and in
// scheduling order among themselves; they stay in time order with everything else.
TEST(Scheduler, TimersRunLastWithinTheirInstant) {
  Scheduler s;
  Recorder r;
  r.s = &s;
  s.atTimer(10, &r, 1, 1);
  s.at(10, &r, 2, 2);  // scheduled after the timer, runs before it
  s.atTimer(10, &r, 3, 3);
  s.atTimer(5, &r, 4, 4);  // an earlier timer still runs first
  s.at(10, &r, 5, 5);
  s.at(20, &r, 6, 6);
  while (s.runOne(kNever)) {}
  const std::vector<std::pair<SimTime, uint64_t>> want = {{5, 44}, {10, 22}, {10, 55}, {10, 11}, {10, 33}, {20, 66}};
  EXPECT_EQ(r.seen, want);
}

TEST(Scheduler, RunOneStopsAtLimitAndAdvances) {
  Scheduler s;
  Recorder r;
  r.s = &s;
  s.at(100, &r, 0, 0);
  EXPECT_FALSE(s.runOne(99));
  s.advanceTo(99);
  EXPECT_EQ(s.now(), 99);
  EXPECT_TRUE(s.runOne(100));
  EXPECT_EQ(s.now(), 100);
}

// Handlers that schedule new events while they run (the first of which takes the place of
// the event being run), checked against a plain ordered set of (time, timer?, sequence):
// random times with many ties, timers mixed in, zero to three new events per event.
struct Spawner : EventHandler {
  Scheduler* s = nullptr;
  Rng rng{11, "spawn"};
  uint64_t nextId = 0;
  std::set<std::tuple<SimTime, bool, uint64_t>> expect;  // what must run, in order
  std::vector<uint64_t> ran, want;
  size_t budget = 20000;
  void add(SimTime t, bool timer) {
    const uint64_t id = nextId++;
    expect.emplace(t, timer, id);
    if (timer)
      s->atTimer(t, this, 7, id);
    else
      s->at(t, this, 7, id);
  }
  void onEvent(uint32_t kind, uint64_t arg) override {
    ASSERT_EQ(kind, 7u);
    ran.push_back(arg);
    want.push_back(std::get<2>(*expect.begin()));
    ASSERT_EQ(std::get<0>(*expect.begin()), s->now());
    expect.erase(expect.begin());
    // While a handler runs, the queue reports the others only.
    ASSERT_EQ(s->pending(), expect.size());
    ASSERT_EQ(s->nextTime(), expect.empty() ? kNever : std::get<0>(*expect.begin()));
    const uint64_t n = budget > 0 ? rng.below(4) : 0;
    for (uint64_t k = 0; k < n && budget > 0; ++k, --budget)
      add(s->now() + static_cast<SimTime>(rng.below(6)), rng.below(3) == 0);
  }
};

TEST(Scheduler, EventsScheduledByHandlersRunInKeyOrder) {
  Scheduler s;
  Spawner h;
  h.s = &s;
  for (int i = 0; i < 50; ++i) h.add(static_cast<SimTime>(h.rng.below(10)), h.rng.below(3) == 0);
  while (s.runOne(kNever)) {}
  EXPECT_TRUE(h.expect.empty());
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(h.ran.size(), 20050u);
  EXPECT_EQ(h.ran, h.want);
}

TEST(Rng, StreamsAreIndependentAndReproducible) {
  Rng a(1, "x"), b(1, "x"), c(1, "y"), d(2, "x");
  uint64_t va = a.next();
  EXPECT_EQ(va, b.next());
  EXPECT_NE(va, c.next());
  EXPECT_NE(va, d.next());
  Rng u(3, "u");
  double sum = 0;
  for (int i = 0; i < 100000; ++i) {
    double x = u.uniform();
    ASSERT_GE(x, 0.0);
    ASSERT_LT(x, 1.0);
    sum += x;
  }
  EXPECT_NEAR(sum / 100000, 0.5, 0.005);  // sd of the mean = 0.289/316 = 0.0009
}

}  // namespace scheduler_test
}  // namespace bl
