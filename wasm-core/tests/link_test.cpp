// Link mechanics: FIFO departures computed at admission, and the scheduled path where the
// discipline chooses at each departure (exercised with a test-only LIFO that also discards).
#include <gtest/gtest.h>

#include <vector>

#include "core/simulation.h"
#include "net/link.h"
#include "queues/droptail.h"

namespace bl {
namespace link_test {

struct Recorder : PacketSink {
  Simulation* sim;
  std::vector<std::pair<SimTime, int64_t>> got;  // (arrival time, seq)
  void receive(Packet* p) override {
    got.emplace_back(sim->now(), p->seq);
    sim->pool().put(p);
  }
};

// Last in, first out; discards at departure any packet that waited longer than `maxWait`.
class Lifo final : public QueueDisc {
 public:
  explicit Lifo(SimTime maxWait) : maxWait_(maxWait) {}
  const char* kind() const override { return "lifo"; }
  const SpecList& specs() const override {
    static const SpecList s;
    return s;
  }
  DropReason onArrival(Packet&, const QueueState& q) override {
    return q.packets >= 10 ? DropReason::Overflow : DropReason::None;
  }
  uint32_t buffer() const override { return 10; }
  double param(const std::string&) const override { return NAN; }
  bool scheduled() const override { return true; }
  void enqueue(Packet* p, SimTime) override { stack_.push_back(p); }
  Packet* dequeue(SimTime now, QueueOutput& out) override {
    while (!stack_.empty()) {
      Packet* p = stack_.back();
      stack_.pop_back();
      if (now - p->enqueuedAt <= maxWait_) return p;
      out.discard(p, DropReason::Deadline);
    }
    return nullptr;
  }
  uint32_t length() const override { return static_cast<uint32_t>(stack_.size()); }

 protected:
  void apply(const std::string&, double) override {}

 private:
  SimTime maxWait_;
  std::vector<Packet*> stack_;
};

struct Harness {
  Simulation sim{1};
  Recorder sink;
  Route route;
  std::unique_ptr<Link> link;
  explicit Harness(std::unique_ptr<QueueDisc> q) {
    sink.sim = &sim;
    sim.flowStats().emplace_back();
    sim.flowAttrs().emplace_back();
    link = std::make_unique<Link>(sim, 0, "l", 8e6, 5 * kMillisecond, std::move(q));  // 1000 B = 1 ms
    route.hops = {link.get()};
    route.endpoint = &sink;
  }
  struct Sender : EventHandler {
    Harness* h = nullptr;
    void onEvent(uint32_t, uint64_t seq) override {
      Packet* p = h->sim.pool().get();
      p->route = &h->route;
      p->size = 1000;
      p->flow = 0;
      p->seq = static_cast<int64_t>(seq);
      h->sim.forward(p);
    }
  } sender;
  void sendAt(SimTime t, int64_t seq) {
    sender.h = this;
    sim.sched().at(t, &sender, 0, static_cast<uint64_t>(seq));
  }
  void run() {
    while (sim.sched().runOne(kNever)) {}
  }
};

TEST(Link, FifoDeparturesAndQueueAccounting) {
  std::string err;
  ParamValues v;
  readParams(nullptr, *dropTailKind().specs, "queue", v, err);
  v.setNum("buffer", 2);
  Simulation other(1);  // DropTail needs no simulation of its own; any will do
  Harness h(dropTailKind().make(v, LinkInfo{8e6, 1000, "l"}, other, err));
  for (int i = 0; i < 5; ++i) h.sendAt(0, i);  // a burst of 5 into a buffer of 2
  h.run();
  // Seq 0 goes straight on the wire, 1 and 2 wait, 3 and 4 overflow.
  ASSERT_EQ(h.sink.got.size(), 3u);
  EXPECT_EQ(h.sink.got[0], std::make_pair(6 * kMillisecond, int64_t{0}));
  EXPECT_EQ(h.sink.got[1], std::make_pair(7 * kMillisecond, int64_t{1}));
  EXPECT_EQ(h.sink.got[2], std::make_pair(8 * kMillisecond, int64_t{2}));
  EXPECT_EQ(h.link->queue().drops[static_cast<int>(DropReason::Overflow)], 2u);
  EXPECT_EQ(h.link->busyUpTo(h.sim.now()), 3 * kMillisecond);
  EXPECT_DOUBLE_EQ(h.link->waitIntegral(), static_cast<double>(1 * kMillisecond + 2 * kMillisecond));
}

TEST(Link, ScheduledDisciplineChoosesAtEachDeparture) {
  Harness h(std::make_unique<Lifo>(10 * kMillisecond));
  for (int i = 0; i < 4; ++i) h.sendAt(0, i);
  h.run();
  // 0 goes at once; then the stack gives 3, 2, 1, each 1 ms apart.
  ASSERT_EQ(h.sink.got.size(), 4u);
  const int64_t order[] = {0, 3, 2, 1};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(h.sink.got[static_cast<size_t>(i)].second, order[i]);
    EXPECT_EQ(h.sink.got[static_cast<size_t>(i)].first, (6 + i) * kMillisecond);
  }
  // Waiting time: 3 waits 1 ms, 2 waits 2 ms, 1 waits 3 ms.
  EXPECT_DOUBLE_EQ(h.link->waitIntegral(), static_cast<double>(6 * kMillisecond));
  EXPECT_EQ(h.link->queueLength(), 0u);
}

TEST(Link, ScheduledDisciplineDiscardsThroughTheLink) {
  Harness h(std::make_unique<Lifo>(kMillisecond + kMillisecond / 2));  // may wait 1.5 ms
  for (int i = 0; i < 4; ++i) h.sendAt(0, i);
  h.run();
  // 0 at once; at 1 ms 3 (waited 1 ms) goes; at 2 ms 2 and 1 have waited 2 ms: discarded.
  ASSERT_EQ(h.sink.got.size(), 2u);
  EXPECT_EQ(h.sink.got[1].second, 3);
  EXPECT_EQ(h.link->queue().drops[static_cast<int>(DropReason::Deadline)], 2u);
  EXPECT_EQ(h.sim.flow(0).congestionLosses, 2u);
  EXPECT_EQ(h.sim.pool().live(), 0u);
}

// Where an exogenous loss model acts. A loss rate of 1 on a link that 3 packets cross:
// afterLink (default) serialises each (3 ms of busy time) and loses it on the wire;
// beforeQueue (ns-2's $ns lossmodel) loses each on arrival: no queue, no link time.
TEST(Link, LossPositionBeforeQueueTakesNoLinkTime) {
  for (bool before : {false, true}) {
    std::string err;
    ParamValues v;
    readParams(nullptr, *dropTailKind().specs, "queue", v, err);
    Simulation other(1);
    Harness h(dropTailKind().make(v, LinkInfo{8e6, 1000, "l"}, other, err));
    auto m = makeBernoulli(1.0, Rng(1, "loss"));
    m->beforeQueue = before;
    h.link->setLoss(std::move(m));
    for (int i = 0; i < 3; ++i) h.sendAt(0, i);
    h.run();
    EXPECT_TRUE(h.sink.got.empty());
    EXPECT_EQ(h.sim.flow(0).exogenousLosses, 3u);
    EXPECT_EQ(h.link->admitted(), before ? 0u : 3u);
    EXPECT_EQ(h.link->busyUpTo(3 * kMillisecond), before ? 0 : 3 * kMillisecond);
  }
}

TEST(Link, SojournTimesFifo) {
  std::string err;
  ParamValues v;
  readParams(nullptr, *dropTailKind().specs, "queue", v, err);
  v.setNum("buffer", 10);
  Simulation other(1);
  Harness h(dropTailKind().make(v, LinkInfo{8e6, 1000, "l"}, other, err));
  h.link->enableDelayStats();
  for (int i = 0; i < 4; ++i) h.sendAt(0, i);  // waits 0, 1, 2, 3 ms
  h.run();
  DelayStats& d = *h.link->delayStats();
  EXPECT_EQ(d.count(), 4u);
  EXPECT_NEAR(d.mean(), 0.0015, 1e-12);
  double mean, max;
  d.takePeriod(mean, max);
  EXPECT_NEAR(mean, 0.0015, 1e-12);
  EXPECT_DOUBLE_EQ(max, 0.003);
  d.takePeriod(mean, max);  // a new interval: nothing left the queue
  EXPECT_EQ(mean, 0);
  // 95th percentile of {0, 1, 2, 3} ms is 3 ms, reported as its bin's middle (within 1/64).
  EXPECT_NEAR(d.quantile(0.95), 0.003, 0.003 / 64);
  EXPECT_NEAR(d.quantile(0.5), 0.001, 0.001 / 64);
}

TEST(Link, SojournTimesScheduledAtDequeue) {
  Harness h(std::make_unique<Lifo>(10 * kMillisecond));
  h.link->enableDelayStats();
  for (int i = 0; i < 4; ++i) h.sendAt(0, i);  // 0 at once; 3, 2, 1 wait 1, 2, 3 ms
  h.run();
  EXPECT_EQ(h.link->delayStats()->count(), 4u);
  EXPECT_NEAR(h.link->delayStats()->mean(), 0.0015, 1e-12);
}

TEST(DelayStats, BinsAreContiguousAndNarrow) {
  for (SimTime d :
       {SimTime{0}, SimTime{31}, SimTime{32}, SimTime{33}, SimTime{1000}, SimTime{123456789}, kSecond * 1000}) {
    const int b = DelayStats::bin(d);
    EXPECT_LE(DelayStats::lower(b), static_cast<double>(d)) << d;
    EXPECT_GT(DelayStats::lower(b + 1), static_cast<double>(d)) << d;
    EXPECT_LE(DelayStats::lower(b + 1) - DelayStats::lower(b), std::max(1.0, static_cast<double>(d) / 32)) << d;
  }
}

}  // namespace link_test
}  // namespace bl
