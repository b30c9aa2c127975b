// Head-to-Tail: the queue order after a rearrangement, the once-per-router rule, the pulse
// function's fill window, and p_htt's adaptation.
#include <gtest/gtest.h>

#include <vector>

#include "core/simulation.h"
#include "net/queue_disc.h"

namespace bl {
namespace htt_test {

struct Sink : QueueOutput {
  void discard(Packet*, DropReason) override { ++discarded; }
  int discarded = 0;
};

std::unique_ptr<QueueDisc> makeHtt(const std::string& json, Simulation& sim) {
  Json j;
  std::string err;
  EXPECT_TRUE(Json::parse(json, j, err)) << err;
  const QueueKind* k = findQueueKind("htt");
  EXPECT_TRUE(k);
  ParamValues v;
  EXPECT_TRUE(readParams(&j, *k->specs, "queue", v, err, {"kind"})) << err;
  auto q = k->make(v, LinkInfo{10e6, 1000, "l"}, sim, err);
  EXPECT_TRUE(q) << err;
  return q;
}

// Packets named by (flow, seq); enqueued in the order given.
struct Fixture {
  Simulation sim{1};
  std::vector<Packet> pkts;
  explicit Fixture(std::vector<std::pair<int, int>> spec) : pkts(spec.size()) {
    for (size_t i = 0; i < spec.size(); ++i) {
      pkts[i].flow = spec[i].first;
      pkts[i].seq = spec[i].second;
      pkts[i].kind = PacketKind::Data;
    }
  }
  void fill(QueueDisc& q) {
    for (Packet& p : pkts) q.enqueue(&p, 0);
  }
  std::vector<std::pair<int, int>> drain(QueueDisc& q) {
    std::vector<std::pair<int, int>> out;
    Sink s;
    while (Packet* p = q.dequeue(0, s)) {
      out.emplace_back(p->flow, static_cast<int>(p->seq));
      EXPECT_EQ(p->flags & kFlagRearranged, 0) << "the mark must be cleared on leaving";
    }
    return out;
  }
};

using Order = std::vector<std::pair<int, int>>;

// p_htt = 1: every eligible head is rearranged. Queue A1 B2 A3 C4 A5: A's packets go to the
// tail in order (B2 C4 A1 A3 A5), then B2 (B's only packet) goes behind them, then C4; the
// head is then A1, already moved once, so it is sent, and so is everything after it: each
// packet was moved exactly once, and each flow's packets stay in order.
TEST(HeadToTail, MovesTheHeadsWholeFlowToTheTailOnce) {
  Fixture f({{0, 1}, {1, 2}, {0, 3}, {2, 4}, {0, 5}});
  auto q = makeHtt(R"({"buffer": 10, "pInit": 1, "pMax": 1, "minFill": 0, "maxFill": 1})", f.sim);
  f.fill(*q);
  Sink s;
  Packet* first = q->dequeue(0, s);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->seq, 1);  // A1: rearranged, then the new heads too, until a marked head
  EXPECT_EQ(q->param("rearrangements"), 3);
  EXPECT_EQ(q->param("moved"), 5);
  EXPECT_EQ(f.drain(*q), (Order{{0, 3}, {0, 5}, {1, 2}, {2, 4}}));
  EXPECT_EQ(q->param("rearrangements"), 3);  // marked packets are never moved again
}

// A packet of the moved flow arriving after the rearrangement queues behind the moved ones
// unmarked, so the flow stays in order and the newcomer may be moved later, once.
TEST(HeadToTail, LaterArrivalsOfTheFlowStayInOrder) {
  Fixture f({{0, 1}, {1, 2}, {0, 3}});
  auto q = makeHtt(R"({"buffer": 10, "pInit": 1, "pMax": 1, "minFill": 0, "maxFill": 1})", f.sim);
  f.fill(*q);
  Sink s;
  Packet* p = q->dequeue(0, s);  // A1 B2 A3 -> B2 A1 A3 -> A1 A3 B2 (both marked): A1
  EXPECT_EQ(p->seq, 1);
  Packet late;
  late.flow = 0;
  late.seq = 6;
  q->enqueue(&late, 0);  // A3 B2 A6
  EXPECT_EQ(f.drain(*q), (Order{{0, 3}, {1, 2}, {0, 6}}));
}

// The pulse function: no rearrangement below minFill or above maxFill of the buffer.
TEST(HeadToTail, RearrangesOnlyBetweenTheFillBounds) {
  Fixture f({{0, 1}, {1, 2}, {0, 3}});
  auto q = makeHtt(R"({"buffer": 10, "pInit": 1, "pMax": 1, "minFill": 0.5, "maxFill": 0.9})", f.sim);
  f.fill(*q);  // 30 % full: below the window
  EXPECT_EQ(f.drain(*q), (Order{{0, 1}, {1, 2}, {0, 3}}));
  Fixture g({{0, 1}, {1, 2}, {0, 3}, {1, 4}});
  auto r = makeHtt(R"({"buffer": 4, "pInit": 1, "pMax": 1, "minFill": 0.1, "maxFill": 0.9})", g.sim);
  g.fill(*r);  // 100 % full: above it; after one departure 75 %: inside
  Sink s;
  EXPECT_EQ(r->dequeue(0, s)->seq, 1);
  EXPECT_EQ(r->param("rearrangements"), 0);
  // B2 A3 B4 -> A3 B2 B4 (B moved) -> B2 B4 A3 (A moved): the head B2 is marked and goes.
  EXPECT_EQ(r->dequeue(0, s)->seq, 2);
  EXPECT_EQ(r->param("rearrangements"), 2);
}

// Every interval: drop ratio up -> p x 1.1 (at most pMax); not up -> p / 1.1. Only overflow
// drops count, and they are the only drops.
TEST(HeadToTail, AdaptsToTheDropToEnqueueRatio) {
  Simulation sim(1);
  auto q = makeHtt(R"({"buffer": 2})", sim);
  EXPECT_DOUBLE_EQ(q->param("p"), 0.1);
  EXPECT_EQ(q->updatePeriod(), kSecond);
  Packet p;
  QueueState st;
  st.packets = 2;
  EXPECT_EQ(q->onArrival(p, st), DropReason::Overflow);
  st.packets = 1;
  EXPECT_EQ(q->onArrival(p, st), DropReason::None);
  q->update(st);  // ratio 1/1 > 0
  EXPECT_NEAR(q->param("p"), 0.11, 1e-12);
  for (int i = 0; i < 10; ++i) {  // rising ratios: 2/1, 3/1, ... capped at 0.2
    for (int k = 0; k <= i + 1; ++k) {
      st.packets = 2;
      q->onArrival(p, st);
    }
    st.packets = 0;
    q->onArrival(p, st);
    q->update(st);
  }
  EXPECT_DOUBLE_EQ(q->param("p"), 0.2);
  q->update(st);  // nothing this interval: ratio 0, not above the last one
  EXPECT_NEAR(q->param("p"), 0.2 / 1.1, 1e-12);
  q->update(st);  // 0 = 0 counts as not rising
  EXPECT_NEAR(q->param("p"), 0.2 / 1.1 / 1.1, 1e-12);
}

}  // namespace htt_test
}  // namespace bl
