// DualPI2 (RFC 9332): PI2's base probability update step by step, p_C = p'^2, the coupling
// p_CL = k p', the L4S queue's step and ramp, the time-shifted FIFO scheduler, overload and the
// shared limit, each against values derived by hand (docs/validation-l4s.md).
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "queue_fixture.h"

namespace bl {
namespace dualpi2_test {

using qtest::make;
constexpr SimTime ms = kMillisecond;

enum Ecn { NotEct, Ect0, Ect1, Ce };

struct Discards : QueueOutput {
  int n = 0;
  void discard(Packet*, DropReason why) override {
    EXPECT_EQ(why, DropReason::Early);
    ++n;
  }
};

// A DualPI2 driven by hand: packets enqueued at chosen times, dequeued and updated at others.
struct Bench {
  Simulation sim{1};
  std::unique_ptr<QueueDisc> q;
  std::vector<Packet> pool = std::vector<Packet>(200000);
  size_t used = 0;
  Discards out;
  explicit Bench(const std::string& json) : q(make("dualpi2", json, sim)) {}
  Packet* put(SimTime at, Ecn e) {
    Packet* p = &pool.at(used++);
    p->size = 1000;
    p->flags = e == NotEct ? 0 : e == Ce ? kFlagEct | kFlagCe : kFlagEct;
    p->ect1 = e == Ect1;
    p->enqueuedAt = at;
    q->enqueue(p, at);
    return p;
  }
  Packet* take(SimTime now) { return q->dequeue(now, out); }
  double update(SimTime now) {
    QueueState s;
    s.now = now;
    s.packets = q->length();
    q->update(s);
    return q->param("prob");
  }
  // n packets of one codepoint, all enqueued at `at` and dequeued at `now`: the fraction
  // dropped and the fraction of all n sent with CE.
  void drain(int n, Ecn e, SimTime at, SimTime now, double& dropped, double& marked) {
    const int before = out.n;
    for (int i = 0; i < n; ++i) put(at, e);
    int ce = 0;
    while (Packet* p = take(now)) ce += (p->flags & kFlagCe) != 0;
    dropped = static_cast<double>(out.n - before) / n;
    marked = static_cast<double>(ce) / n;
  }
};

// p' += alpha (qdelay - target) + beta (qdelay - qdelay_old), alpha 0.16 /s, beta 3.2 /s,
// target 15 ms; qdelay = the larger head sojourn of the two queues.
TEST(DualPi2Validation, Pi2UpdateStepByStep) {
  Bench b("{}");
  b.put(0, NotEct);  // Classic head since t = 0
  // t = 25 ms: qdelay 25 ms, old 0: 0.16 x 0.010 + 3.2 x 0.025 = 0.0016 + 0.08 = 0.0816
  EXPECT_NEAR(b.update(25 * ms), 0.0816, 1e-12);
  EXPECT_NEAR(b.q->param("probC"), 0.0816 * 0.0816, 1e-12);  // p_C = p'^2 = 0.00665856
  EXPECT_NEAR(b.q->param("probCL"), 2 * 0.0816, 1e-12);      // p_CL = k p' = 0.1632
  ASSERT_TRUE(b.take(25 * ms));                              // alone: no AQM, sent
  b.put(30 * ms, Ect1);                                      // only an L4S head, since 30 ms
  // t = 41 ms: qdelay 11 ms (the L4S queue's counts too): 0.16 x (0.011 - 0.015) + 3.2 x
  // (0.011 - 0.025) = -0.00064 - 0.0448 = -0.04544 -> 0.03616
  EXPECT_NEAR(b.update(41 * ms), 0.03616, 1e-12);
  b.put(41 * ms, NotEct);
  // t = 57 ms: qdelay = max(27 ms L4S, 16 ms Classic) = 27 ms: 0.16 x 0.012 + 3.2 x 0.016 =
  // 0.00192 + 0.0512 = 0.05312 -> 0.08928
  EXPECT_NEAR(b.update(57 * ms), 0.08928, 1e-12);
  EXPECT_EQ(b.q->param("overload"), 0);
  while (b.take(57 * ms)) {}
  // Empty: qdelay 0. t = 73: -0.0024 + 3.2 x (0 - 0.027) = -0.0888 -> 0.00048; t = 89: -0.0024
  // would go below 0: clamped to 0.
  EXPECT_NEAR(b.update(73 * ms), 0.00048, 1e-12);
  EXPECT_EQ(b.update(89 * ms), 0.0);
}

// With alpha 0 and beta 5 /s, one update at a 20 ms head sojourn sets p' = 5 x 0.02 = 0.1, so
// p_C = p'^2 = 0.01 and p_CL = k p' = 0.2. 40000 packets each: the binomial standard deviation
// is sqrt(0.2 x 0.8 / 40000) = 0.002 for L4S marks, sqrt(0.01 x 0.99 / 40000) = 0.0005 for
// Classic; the tolerances are 5 of them.
TEST(DualPi2Validation, CouplingAndSquaredClassicProbability) {
  Bench b(R"({"alpha": 0, "beta": 5})");
  b.put(0, NotEct);
  EXPECT_NEAR(b.update(20 * ms), 0.1, 1e-12);
  // Alone in the queue: never dropped, whatever p_C.
  Packet* alone = b.take(20 * ms);
  ASSERT_TRUE(alone);
  EXPECT_EQ(b.out.n, 0);
  const int n = 40000;
  double dropped = 0, marked = 0;
  // L4S packets, sojourn 0 (below the 1 ms step): marked with p_CL = 0.2, never dropped.
  b.drain(n, Ect1, 20 * ms, 20 * ms, dropped, marked);
  EXPECT_EQ(dropped, 0);
  EXPECT_NEAR(marked, 0.2, 0.01);
  // Classic not-ECT: dropped with p_C = 0.01.
  b.drain(n, NotEct, 20 * ms, 20 * ms, dropped, marked);
  EXPECT_NEAR(dropped, 0.01, 0.0025);
  EXPECT_EQ(marked, 0);
  // Classic ECT(0): marked with p_C = 0.01 instead of dropped.
  b.drain(n, Ect0, 20 * ms, 20 * ms, dropped, marked);
  EXPECT_EQ(dropped, 0);
  EXPECT_NEAR(marked, 0.01, 0.0025);
  // k = 4: p_CL = 0.4 (sd 0.0024).
  std::string err;
  ASSERT_TRUE(b.q->setParam("k", 4, err)) << err;
  b.drain(n, Ect1, 20 * ms, 20 * ms, dropped, marked);
  EXPECT_NEAR(marked, 0.4, 0.012);
}

// RFC 9331's classifier: ECT(1) and CE go to the L4S queue, not-ECT and ECT(0) to Classic.
TEST(DualPi2, ClassifierSendsEct1AndCeToL4sQueue) {
  Bench b("{}");
  b.put(0, Ect1);
  b.put(0, Ce);
  b.put(0, Ect0);
  b.put(0, NotEct);
  EXPECT_EQ(b.q->param("l4sPackets"), 2);
  EXPECT_EQ(b.q->param("classicPackets"), 2);
  EXPECT_EQ(b.q->length(), 4u);
}

// p' = 0: the L4S queue marks on its own step, as Linux's do_step_aqm (sojourn > step_thresh):
// sojourns of 0.999 ms and exactly 1 ms (stepThresh) are not marked, 1.001 ms is. With
// stepMinPackets 2 (Linux's min_qlen_step, decided at enqueue), a packet is step-marked only if
// it found at least two L4S packets queued when it arrived.
TEST(DualPi2Validation, StepMarkingAtTheThreshold) {
  Bench b("{}");
  for (int i = 0; i < 4; ++i) b.put(0, Ect1);
  Packet* p = b.take(999 * kMicrosecond);
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->flags & kFlagCe);
  p = b.take(ms);
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->flags & kFlagCe);
  p = b.take(ms + kMicrosecond);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->flags & kFlagCe);
  EXPECT_EQ(b.q->marks, 1u);
  ASSERT_TRUE(b.take(2 * ms));  // empty again
  std::string err;
  ASSERT_TRUE(b.q->setParam("stepMinPackets", 2, err)) << err;
  Packet* first = b.put(0, Ect1);   // found 0 ahead
  Packet* second = b.put(0, Ect1);  // found 1 ahead
  Packet* third = b.put(0, Ect1);   // found 2 ahead
  EXPECT_EQ(b.take(2 * ms), first);
  EXPECT_FALSE(first->flags & kFlagCe);
  EXPECT_EQ(b.take(2 * ms), second);
  EXPECT_FALSE(second->flags & kFlagCe);
  EXPECT_EQ(b.take(2 * ms), third);  // the queue is empty behind it; what counts is what it found
  EXPECT_TRUE(third->flags & kFlagCe);
}

// Linux's must_drop: no drop or coupled mark while less than 2 MTUs stay queued behind the
// packet leaving. Packets of 1000 B, the MTU (the fixture's link): alpha 0, beta 5 and a 200 ms
// head give p' = 5 x 0.2 = 1, so p_C = 1. Three Classic not-ECT packets: the first leaves with
// 2000 B behind it (= 2 MTUs): dropped; the second with 1000 B behind it: sent; the third alone:
// sent. (Counting packets with the leaving one, as before, would drop the second too.)
TEST(DualPi2Validation, NoAqmBelowTwoMtusQueued) {
  Bench b(R"({"alpha": 0, "beta": 5})");
  b.put(0, NotEct);
  EXPECT_NEAR(b.update(200 * ms), 1.0, 1e-12);
  ASSERT_TRUE(b.take(200 * ms));  // alone
  Packet* p1 = b.put(200 * ms, NotEct);
  Packet* p2 = b.put(200 * ms, NotEct);
  Packet* p3 = b.put(200 * ms, NotEct);
  EXPECT_EQ(b.take(200 * ms), p2);
  EXPECT_EQ(b.out.n, 1);
  EXPECT_EQ(b.take(200 * ms), p3);
  EXPECT_EQ(b.out.n, 1);
  EXPECT_NE(p1, nullptr);
}

// RFC 9332 A.1's ramp: minTh 0.8 ms, range 0.4 ms. A sojourn of 1.0 ms is half-way: marked with
// probability (1.0 - 0.8) / 0.4 = 0.5 (sd 0.0025 over 40000); at 1.2 ms and above, always.
TEST(DualPi2Validation, RampMarking) {
  Bench b(R"({"stepThresh": 0.0008, "stepRange": 0.0004})");
  double dropped = 0, marked = 0;
  b.drain(40000, Ect1, 0, ms, dropped, marked);
  EXPECT_NEAR(marked, 0.5, 0.0125);
  b.drain(1000, Ect1, 0, 1200 * kMicrosecond, dropped, marked);
  EXPECT_EQ(marked, 1.0);
  b.drain(1000, Ect1, 0, 790 * kMicrosecond, dropped, marked);
  EXPECT_EQ(marked, 0.0);
}

// Time-shifted FIFO (tshift 30 ms): the L4S head leaves first unless the Classic head has
// waited more than 30 ms longer.
TEST(DualPi2Validation, TimeShiftedFifoOrder) {
  Bench b("{}");
  Packet* c = b.put(0, NotEct);
  Packet* l = b.put(31 * ms, Ect1);  // 31 ms younger: Classic first
  EXPECT_EQ(b.take(31 * ms), c);
  EXPECT_EQ(b.take(31 * ms), l);
  c = b.put(40 * ms, NotEct);
  l = b.put(70 * ms, Ect1);  // exactly 30 ms younger: L4S first (lq.time + tshift >= cq.time)
  EXPECT_EQ(b.take(70 * ms), l);
  EXPECT_EQ(b.take(70 * ms), c);
  // tshift 0: plain FIFO by arrival time across the two queues.
  std::string err;
  ASSERT_TRUE(b.q->setParam("tshift", 0, err)) << err;
  c = b.put(100 * ms, NotEct);
  l = b.put(101 * ms, Ect1);
  EXPECT_EQ(b.take(101 * ms), c);
  EXPECT_EQ(b.take(101 * ms), l);
  EXPECT_EQ(b.take(101 * ms), nullptr);
}

// Overload: alpha 0, beta 5, a 140 ms head: p' = 0.7, k p' = 1.4 > 1. L4S packets are dropped
// with p'^2 = 0.49 and all others marked; Classic ECT(0) packets are dropped with 0.49, not
// marked (sd sqrt(0.49 x 0.51 / 40000) = 0.0025, tolerance 0.0125). With dropOnOverload off,
// p' stops at 1/k = 0.5: L4S packets are all marked (p_CL = 1), none dropped, and Classic
// ECT(0) packets are marked with 0.25.
TEST(DualPi2Validation, OverloadSwitchesToDrop) {
  Bench b(R"({"alpha": 0, "beta": 5})");
  b.put(0, NotEct);
  EXPECT_NEAR(b.update(140 * ms), 0.7, 1e-12);
  EXPECT_EQ(b.q->param("overload"), 1);
  ASSERT_TRUE(b.take(140 * ms));
  double dropped = 0, marked = 0;
  b.drain(40000, Ect1, 140 * ms, 140 * ms, dropped, marked);
  EXPECT_NEAR(dropped, 0.49, 0.0125);
  EXPECT_NEAR(marked, 1 - dropped, 1e-12);
  b.drain(40000, Ect0, 140 * ms, 140 * ms, dropped, marked);
  EXPECT_NEAR(dropped, 0.49, 0.0125);
  EXPECT_EQ(marked, 0);

  Bench n(R"({"alpha": 0, "beta": 5, "dropOnOverload": false})");
  n.put(0, NotEct);
  EXPECT_NEAR(n.update(140 * ms), 0.5, 1e-12);
  EXPECT_EQ(n.q->param("overload"), 0);
  ASSERT_TRUE(n.take(140 * ms));
  n.drain(40000, Ect1, 140 * ms, 140 * ms, dropped, marked);
  EXPECT_EQ(dropped, 0);
  EXPECT_EQ(marked, 39998.0 / 40000);  // all but the last two, which leave with < 2 MTUs behind
  n.drain(40000, Ect0, 140 * ms, 140 * ms, dropped, marked);
  EXPECT_EQ(dropped, 0);
  EXPECT_NEAR(marked, 0.25, 0.011);  // sd sqrt(0.25 x 0.75 / 40000) = 0.0022
}

// Linux's credit scheduler (wrr, classicWeight 10 %): the credit starts at MTU x (10 - 90) =
// -80000 (1000 B packets). Each L4S packet sent while Classic packets wait adds 10 x 1000: after
// eight it is 0, still <= 0, so a ninth L4S packet leaves (credit 10000 > 0); then a Classic one
// (credit -= 90 x 1000: -80000 again). With 20 of each waiting: 9 L4S, 1 Classic, 9 L4S,
// 1 Classic. Once the Classic queue is empty, L4S packets leave without moving the credit.
TEST(DualPi2Validation, CreditSchedulerAsLinux) {
  Bench b(R"({"wrr": true})");
  for (int i = 0; i < 20; ++i) b.put(0, Ect1);
  for (int i = 0; i < 2; ++i) b.put(0, NotEct);
  std::string order;
  while (Packet* p = b.take(0)) order += p->ect1 ? 'L' : 'C';
  EXPECT_EQ(order, "LLLLLLLLLCLLLLLLLLLCLL");
  // With weight 50: credit starts at 0, L4S first (<= 0), then +50000: Classic, -50000: L4S...
  std::string err;
  ASSERT_TRUE(b.q->setParam("classicWeight", 50, err)) << err;
  ASSERT_EQ(b.take(0), nullptr);  // both empty: the credit is reset, now to 1000 x (50 - 50) = 0
  for (int i = 0; i < 3; ++i) b.put(0, Ect1);
  for (int i = 0; i < 3; ++i) b.put(0, NotEct);
  order.clear();
  while (Packet* p = b.take(0)) order += p->ect1 ? 'L' : 'C';
  EXPECT_EQ(order, "LCLCLC");
}

// The limit is shared: with 3 packets queued (any mix), the next arrival of either kind
// overflows.
TEST(DualPi2, SharedBufferLimit) {
  Bench b(R"({"buffer": 3})");
  Packet l, c;
  l.flags = kFlagEct;
  l.ect1 = true;
  EXPECT_EQ(b.q->onArrival(l, qtest::waiting(2)), DropReason::None);
  EXPECT_EQ(b.q->onArrival(c, qtest::waiting(2)), DropReason::None);
  EXPECT_EQ(b.q->onArrival(l, qtest::waiting(3)), DropReason::Overflow);
  EXPECT_EQ(b.q->onArrival(c, qtest::waiting(3)), DropReason::Overflow);
}

}  // namespace dualpi2_test
}  // namespace bl
