// CoDel, PIE and FQ-CoDel: the control law's drop times on a forced overload, PIE's
// probability update on a scripted queue, FQ-CoDel's round robin (docs/validation-modern.md).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

#include "queue_fixture.h"
#include "queues/codel.h"
#include "sim/instance.h"

namespace bl {
namespace aqm_modern_test {

using qtest::make;
constexpr SimTime ms = kMillisecond;

struct Discards : QueueOutput {
  std::vector<std::pair<Packet*, DropReason>> got;
  void discard(Packet* p, DropReason why) override { got.emplace_back(p, why); }
};

// Forced overload: a packet arrives every 0.5 ms, the link sends one every 1 ms, for 3 s.
// The sojourn grows by 0.5 ms per departure, so it passes target (5 ms) at the 10th departure
// and stays above. CoDel must then drop at the first departure at or after firstAbove +
// interval, and afterwards at the first departure at or after each dropNext, where
// dropNext(k+1) = dropNext(k) + interval / sqrt(count) (RFC 8289 control law).
TEST(CodelValidation, DropTimesFollowIntervalOverSqrtCount) {
  CodelCore c;
  PacketFifo q;
  Discards out;
  std::vector<Packet> pool(7000);
  size_t next = 0;
  std::vector<std::pair<SimTime, uint32_t>> drops;  // (time, count after the drop)
  SimTime firstAbove = -1;
  for (SimTime t = 0; t <= 3000 * ms; t += ms / 2) {
    Packet& p = pool[next++];
    p.size = 1000;
    p.enqueuedAt = t;
    q.push(&p);
    if (t % ms != 0) continue;
    const size_t before = out.got.size();
    Packet* sent = c.dequeue(q, t, out);
    ASSERT_TRUE(sent);
    if (firstAbove < 0 && c.firstAboveTime != 0) firstAbove = c.firstAboveTime;
    for (size_t k = before; k < out.got.size(); ++k) drops.emplace_back(t, c.count);
  }
  ASSERT_GT(drops.size(), 20u);
  // The first drop: the first departure at or after firstAbove + ... firstAboveTime is
  // already now + interval when set.
  EXPECT_GE(drops[0].first, firstAbove);
  EXPECT_LT(drops[0].first, firstAbove + ms);
  EXPECT_EQ(drops[0].second, 1u);
  double dropNext = static_cast<double>(drops[0].first) + static_cast<double>(c.interval);  // count 1
  for (size_t k = 1; k < drops.size(); ++k) {
    EXPECT_EQ(drops[k].second, k + 1) << k;
    // The departure grid is 1 ms: the drop is the first departure at or after dropNext.
    EXPECT_GE(static_cast<double>(drops[k].first), dropNext - 1) << "drop " << k;
    EXPECT_LT(static_cast<double>(drops[k].first), dropNext + static_cast<double>(ms)) << "drop " << k;
    dropNext += std::llround(static_cast<double>(c.interval) / std::sqrt(static_cast<double>(k + 1)));
  }
  // Spacing shrinks as 1/sqrt(count): the 20th gap is about 100/sqrt(20) = 22.4 ms.
  EXPECT_NEAR(toSeconds(drops[20].first - drops[19].first), 0.1 / std::sqrt(20.0), 0.001);
  std::printf("CoDel: %zu drops in 3 s; first at %.3f s; gap 20 = %.4f s (interval/sqrt(20) = %.4f)\n", drops.size(),
              toSeconds(drops[0].first), toSeconds(drops[20].first - drops[19].first), 0.1 / std::sqrt(20.0));
}

// One declaration of CoDel's target and interval (issue 26): a CodelCore built directly starts
// from the fragment (RFC 8289 section 4.2 and 4.3: target 5 ms, interval 100 ms; ecn off), and
// CoDel and FQ-CoDel describe and default to the same numbers (FQ-CoDel's ecn is its own: on).
TEST(Codel, CoreCodelAndFqCodelShareTheFragmentsDefaults) {
  CodelCore c;
  EXPECT_EQ(c.target, 5 * ms);
  EXPECT_EQ(c.interval, 100 * ms);
  EXPECT_FALSE(c.ecn);
  const CodelSpecs& f = codelSpecs();
  EXPECT_EQ(f.target.def, 0.005);
  EXPECT_EQ(f.interval.def, 0.1);
  Simulation sim(1);
  for (const char* kind : {"codel", "fq_codel"})
    for (const ParamSpec* s : {&f.target, &f.interval}) qtest::expectFragmentSpec(kind, *s, sim);
  EXPECT_EQ(make("codel", R"({})", sim)->param("ecn"), 0);
  EXPECT_EQ(make("fq_codel", R"({})", sim)->param("ecn"), 1);
}

TEST(Codel, EcnMarksInsteadOfDropping) {
  CodelCore c;
  c.ecn = true;
  PacketFifo q;
  Discards out;
  std::vector<Packet> pool(2000);
  for (size_t i = 0; i < pool.size(); ++i) {
    pool[i].size = 1000;
    pool[i].flags = kFlagEct;
    pool[i].enqueuedAt = static_cast<SimTime>(i) * ms / 2;
  }
  size_t next = 0;
  for (SimTime t = 0; t <= 900 * ms; t += ms / 2) {
    q.push(&pool[next++]);
    if (t % ms == 0) c.dequeue(q, t, out);
  }
  EXPECT_TRUE(out.got.empty());
  EXPECT_GT(c.marks, 5u);
}

// PIE's update (RFC 8033 4.2) by hand, target 15 ms, alpha 0.125 /s, beta 1.25 /s:
//  1. qdelay 30 ms, old 0:  p = 0.125 x 0.015 + 1.25 x 0.030 = 0.039375; drop_prob < 1e-6
//     so p / 2048: drop_prob = 1.9226e-5.
//  2. qdelay 30 ms, old 30: p = 0.001875; 1e-5 <= drop_prob < 1e-4: / 128.
//  3. qdelay 100 ms, old 30: p = 0.125 x 0.085 + 1.25 x 0.070 = 0.098125, / 128.
//  4. qdelay 400 ms, old 100: p = 0.125 x 0.385 + 1.25 x 0.3 = 0.423125; 1e-4 <= drop_prob < 1e-3: / 32.
TEST(PieValidation, ProbabilityUpdateMatchesTheEquations) {
  Simulation sim(1);
  auto q = make("pie", "{}", sim);
  auto step = [&](double qdelay) {
    QueueState s;
    s.wait = fromSeconds(qdelay);
    s.packets = 10;
    q->update(s);
    return q->param("prob");
  };
  double want = 0.039375 / 2048;
  EXPECT_NEAR(step(0.030), want, 1e-15);
  want += 0.001875 / 128;
  EXPECT_NEAR(step(0.030), want, 1e-15);
  want += 0.098125 / 128;
  EXPECT_NEAR(step(0.100), want, 1e-15);
  want += 0.423125 / 32;
  EXPECT_NEAR(step(0.400), want, 1e-12);
  // Large drop_prob: increments capped at 0.02 per update.
  for (int i = 0; i < 20; ++i) step(0.400);
  const double before = q->param("prob");
  ASSERT_GE(before, 0.1);
  EXPECT_NEAR(step(0.400), std::min(1.0, before + 0.02), 1e-12);
  // Saturate (drop_prob 1), then the queue nearly empties: qdelay 1 ms, then 0, 0.
  for (int i = 0; i < 50; ++i) step(0.400);
  EXPECT_DOUBLE_EQ(q->param("prob"), 1.0);
  // p = 0.125 x (0.001 - 0.015) + 1.25 x (0.001 - 0.4) = -0.5005 (decreases are not capped)
  EXPECT_NEAR(step(0.001), 1 - 0.5005, 1e-12);
  // p = 0.125 x (0 - 0.015) + 1.25 x (0 - 0.001) = -0.003125
  EXPECT_NEAR(step(0), 0.4995 - 0.003125, 1e-12);
  // two empty updates: p = -0.001875, then drop_prob x 0.98
  EXPECT_NEAR(step(0), (0.4995 - 0.003125 - 0.001875) * 0.98, 1e-12);
}

TEST(Pie, BurstAllowanceThenDrops) {
  Simulation sim(1);
  auto q = make("pie", R"({"derandomize": true})", sim);
  EXPECT_DOUBLE_EQ(q->param("burstLeft"), 0.15);
  QueueState s;
  s.wait = fromSeconds(0.2);
  s.packets = 100;
  Packet p;
  for (int i = 0; i < 9; ++i) q->update(s);
  EXPECT_NEAR(q->param("burstLeft"), 0.015, 1e-9);  // 150 - 9 x 15 ms
  EXPECT_EQ(q->onArrival(p, s), DropReason::None);  // still inside the allowance
  for (int i = 0; i < 60; ++i) q->update(s);
  EXPECT_EQ(q->param("burstLeft"), 0);
  int dropped = 0;
  for (int i = 0; i < 1000; ++i) dropped += q->onArrival(p, s) == DropReason::Early;
  const double prob = q->param("prob");
  EXPECT_GT(prob, 0.1);
  // De-randomised: drops are spaced by about 1/prob arrivals, their count close to 1000 prob.
  EXPECT_NEAR(dropped, 1000 * prob, 0.1 * 1000 * prob + 5);
}

// FQ-CoDel: two backlogged flows share in bytes whatever their arrival ratio, and a sparse
// flow's packet is sent ahead of both.
TEST(FqCodel, RoundRobinSharesAndSparseFlowsGoFirst) {
  Simulation sim(1);
  auto q = make("fq_codel", R"({"quantum": 1000})", sim);
  Discards out;
  std::vector<Packet> pool(401);
  size_t next = 0;
  auto add = [&](int flow) {
    Packet& p = pool[next++];
    p.size = 1000;
    p.flow = flow;
    p.enqueuedAt = 0;
    q->enqueue(&p, 0, out);
  };
  for (int i = 0; i < 100; ++i) {
    add(0);
    add(0);
    add(0);
    add(1);
  }  // flow 0 offers 3x
  std::map<int, int> sent;
  for (int i = 0; i < 100; ++i) ++sent[q->dequeue(ms, out)->flow];
  EXPECT_NEAR(sent[0], 50, 1);
  EXPECT_NEAR(sent[1], 50, 1);
  add(7);  // a new, sparse flow
  EXPECT_EQ(q->dequeue(ms, out)->flow, 7);
  EXPECT_EQ(q->length(), 401u - 101u);
}

// End to end: 20 flows through a big DropTail buffer vs CoDel, PIE and FQ-CoDel: the AQMs keep
// the mean queueing delay a fraction of DropTail's at nearly full utilisation.
TEST(ModernAqm, BufferbloatDelaysFallWithAqm) {
  auto run = [](const std::string& queue) {
    const std::string j = R"({"version": 1, "seed": 1, "duration": 30, "measureFrom": 10,
      "topology": {"bottleneckRate": 10e6, "bottleneckDelay": 0.01},
      "queue": )" + queue +
                          R"(, "flows": {"count": 20}})";
    std::string err;
    auto in = Instance::create(j, err);
    EXPECT_TRUE(in) << err;
    while (in->runUntil(1e9, 0) != 2) {}
    return in->summary();
  };
  Json dt = run(R"({"kind": "droptail", "buffer": 1000})");
  const double dtDelay = dt.find("meanDelay")->asNumber();
  EXPECT_GT(dtDelay, 0.3);  // a 1000-packet buffer at 10 Mb/s holds up to 0.8 s
  for (const char* k : {R"({"kind": "codel", "buffer": 1000})", R"({"kind": "pie", "buffer": 1000})",
                        R"({"kind": "fq_codel", "buffer": 1000})"}) {
    Json s = run(k);
    EXPECT_LT(s.find("meanDelay")->asNumber(), dtDelay / 5) << k;
    EXPECT_GT(s.find("utilization")->asNumber(), 0.9) << k;
    std::printf("%s: util %.3f meanDelay %.1f ms p95 %.1f ms jain %.3f (droptail %.1f ms)\n", k,
                s.find("utilization")->asNumber(), 1e3 * s.find("meanDelay")->asNumber(),
                1e3 * s.find("p95Delay")->asNumber(), s.find("jain")->asNumber(), 1e3 * dtDelay);
  }
}

}  // namespace aqm_modern_test
}  // namespace bl
