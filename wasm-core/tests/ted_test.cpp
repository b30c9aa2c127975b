// TED: discards at the deadline for a local bound (LBD) and an end-to-end budget carried in
// the packet (EBD), the Q_max bound of Section II.B, and the TED-driven RTO.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "cc/congestion_control.h"
#include "core/simulation.h"
#include "net/link.h"
#include "tcp/tcp_sender.h"

namespace bl {
namespace ted_test {

constexpr SimTime ms = kMillisecond;

std::unique_ptr<QueueDisc> makeTed(const std::string& json, Simulation& sim, double rate = 8e6) {
  Json j;
  std::string err;
  EXPECT_TRUE(Json::parse(json, j, err)) << err;
  const QueueKind* k = findQueueKind("ted");
  EXPECT_TRUE(k);
  ParamValues v;
  EXPECT_TRUE(readParams(&j, *k->specs, "queue", v, err, {"kind"})) << err;
  auto q = k->make(v, LinkInfo{rate, 1000, "l"}, sim, err);
  EXPECT_TRUE(q) << err;
  return q;
}

struct Recorder : PacketSink {
  Simulation* sim;
  std::vector<std::pair<SimTime, int64_t>> got;
  void receive(Packet* p) override {
    got.emplace_back(sim->now(), p->seq);
    sim->pool().put(p);
  }
};

// Flow 0 with deadline `d` through links of the given rates (5 ms propagation each), each
// with a TED queue `json`; `n` packets of 1000 bytes sent at t = 0.
struct Path : EventHandler {
  Simulation sim{1};
  Recorder sink;
  Route route;
  std::vector<std::unique_ptr<Link>> links;
  Path(double d, const std::string& json, std::vector<double> rates) {
    sink.sim = &sim;
    sim.flowStats().emplace_back();
    sim.flowAttrs().push_back(FlowAttrs{1, d});
    for (size_t i = 0; i < rates.size(); ++i) {
      links.push_back(std::make_unique<Link>(sim, static_cast<int>(i), "l" + std::to_string(i), rates[i], 5 * ms,
                                             makeTed(json, sim, rates[i])));
      route.hops.push_back(links.back().get());
    }
    route.early.assign(route.hops.size(), nullptr);
    route.endpoint = &sink;
  }
  void onEvent(uint32_t, uint64_t seq) override {
    Packet* p = sim.pool().get();
    p->route = &route;
    p->size = 1000;
    p->flow = 0;
    p->seq = static_cast<int64_t>(seq);
    sim.forward(p);
  }
  void burst(int n) {
    for (int i = 0; i < n; ++i) sim.sched().at(0, this, 0, static_cast<uint64_t>(i));
    while (sim.sched().runOne(kNever)) {}
  }
  std::vector<int64_t> delivered() const {
    std::vector<int64_t> s;
    for (auto& g : sink.got) s.push_back(g.second);
    return s;
  }
  uint64_t deadlineDrops(size_t i) const { return links[i]->queue().drops[static_cast<int>(DropReason::Deadline)]; }
};

// LBD, 2.5 ms, one 8 Mb/s link (1 ms a packet): packet 0 goes at once, 1 and 2 wait 1 and
// 2 ms; 3, 4 and 5 reach the head after 3 ms and are discarded there.
TEST(Ted, LocalDeadlineDiscardsAtTheHead) {
  Path p(0.0025, R"({"mode": "lbd"})", {8e6});
  p.burst(6);
  EXPECT_EQ(p.delivered(), (std::vector<int64_t>{0, 1, 2}));
  EXPECT_EQ(p.deadlineDrops(0), 3u);
  EXPECT_EQ(p.sim.flow(0).congestionLosses, 3u);
  EXPECT_EQ(p.sim.pool().live(), 0u);
}

// countTransmission: the same LBD 2.5 ms burst, but each packet's own 1 ms on the wire counts
// too. Packet 1 starts at 1 ms and finishes at 2 (charged 2 ms), 2 would finish at 3 ms,
// past 2.5: only 0 and 1 arrive, and 2..5 are discarded. Without it (above) 0, 1, 2 arrive.
TEST(Ted, CountTransmissionChargesTheOwnSendingTime) {
  Path p(0.0025, R"({"mode": "lbd", "countTransmission": true})", {8e6});
  p.burst(6);
  EXPECT_EQ(p.delivered(), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(p.deadlineDrops(0), 4u);
  // EBD over two hops (8 then 4 Mb/s, deadline 3.5 ms): packet 0 is charged 1 ms at hop 1
  // and 2 ms at hop 2, 3 ms in all: it arrives; packet 1 is charged 2 ms at hop 1, leaving
  // 1.5 ms, and at hop 2 it waits 1 ms plus 2 ms of sending: discarded.
  Path e(0.0035, R"({"mode": "ebd", "countTransmission": true})", {8e6, 4e6});
  e.burst(4);
  EXPECT_EQ(e.delivered(), (std::vector<int64_t>{0}));
}

// Two hops, 8 then 4 Mb/s (1 and 2 ms a packet), deadline 3.5 ms. At hop 1 packets 1, 2, 3
// wait 1, 2, 3 ms. At hop 2 (arrivals 6, 7, 8, 9 ms; 0 leaves at once and holds the link to
// 8 ms) packet 1 waits 1 ms, 2 would wait 2 ms, 3 would wait 3 ms.
//   LBD: every wait is within 3.5 ms at each hop: all four arrive.
//   EBD: the budget left after hop 1 is 2.5, 1.5, 0.5 ms: 1 goes, 2 and 3 are discarded at
//   hop 2 (and none at hop 1).
TEST(Ted, EndToEndBudgetIsChargedAcrossHops) {
  Path lbd(0.0035, R"({"mode": "lbd"})", {8e6, 4e6});
  lbd.burst(4);
  EXPECT_EQ(lbd.delivered(), (std::vector<int64_t>{0, 1, 2, 3}));
  Path ebd(0.0035, R"({"mode": "ebd"})", {8e6, 4e6});
  ebd.burst(4);
  EXPECT_EQ(ebd.delivered(), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(ebd.deadlineDrops(0), 0u);
  EXPECT_EQ(ebd.deadlineDrops(1), 2u);
}

// "A packet is dropped if it is not forwarded before its deadline" (Sec. II): our FIFO checks
// at the head, when the packet would be sent. In a FIFO that is the same decision as refusing
// it on arrival when the wait predicted then (the unexpired packets ahead, the one being sent)
// exceeds its deadline, since nothing arriving later can go ahead of it. Random arrivals of
// three flows with deadlines of 0.5, 2.5 and 6 ms at an 8 Mb/s link (1 ms a packet); the
// packets delivered must be exactly those the arrival-time prediction admits.
TEST(Ted, HeadDiscardEqualsAdmissionByPredictedWait) {
  struct Arrivals : EventHandler {
    Simulation sim{1};
    Recorder sink;
    Route route;
    std::unique_ptr<Link> link;
    std::vector<int> flowOf;
    void onEvent(uint32_t, uint64_t k) override {
      Packet* p = sim.pool().get();
      p->route = &route;
      p->size = 1000;
      p->flow = flowOf[k];
      p->seq = static_cast<int64_t>(k);
      sim.forward(p);
    }
  } a;
  a.sink.sim = &a.sim;
  const double deadlines[] = {0.0005, 0.0025, 0.006};
  for (double d : deadlines) {
    a.sim.flowStats().emplace_back();
    a.sim.flowAttrs().push_back(FlowAttrs{1, d});
  }
  a.link = std::make_unique<Link>(a.sim, 0, "l0", 8e6, 5 * ms, makeTed(R"({"mode": "lbd"})", a.sim, 8e6));
  a.route.hops.push_back(a.link.get());
  a.route.early.assign(1, nullptr);
  a.route.endpoint = &a.sink;

  Rng rng(7, "ted-test");
  std::vector<SimTime> at;
  SimTime t = 0;
  for (int k = 0; k < 400; ++k) {  // offered load ~1.25: the queue builds and drains
    t += static_cast<SimTime>(rng.uniform() * 1.6 * ms) + 1;
    at.push_back(t);
    a.flowOf.push_back(static_cast<int>(rng.uniform() * 3) % 3);
    a.sim.sched().at(t, &a, 0, static_cast<uint64_t>(k));
  }
  while (a.sim.sched().runOne(kNever)) {}

  std::vector<int64_t> predicted;
  SimTime free = 0;  // when the link finishes the last packet admitted so far
  for (size_t k = 0; k < at.size(); ++k) {
    const SimTime wait = std::max<SimTime>(0, free - at[k]);
    if (wait > fromSeconds(deadlines[a.flowOf[k]])) continue;
    free = at[k] + wait + 1 * ms;
    predicted.push_back(static_cast<int64_t>(k));
  }
  EXPECT_EQ(a.sink.got.size(), predicted.size());
  std::vector<int64_t> got;
  for (auto& g : a.sink.got) got.push_back(g.second);
  EXPECT_EQ(got, predicted);
  EXPECT_GT(at.size() - predicted.size(), 40u);  // the comparison covers many discards
  EXPECT_EQ(a.link->queue().drops[static_cast<int>(DropReason::Deadline)], at.size() - predicted.size());
}

// A flow without a deadline falls back to the queue's own; with neither nothing expires; a
// live change of the flow's deadline applies to packets already waiting.
TEST(Ted, DefaultAndLiveDeadlines) {
  Path none(NAN, R"({"mode": "lbd"})", {8e6});
  none.burst(6);
  EXPECT_EQ(none.delivered().size(), 6u);
  Path dflt(NAN, R"({"mode": "lbd", "deadline": 0.0015})", {8e6});
  dflt.burst(6);
  EXPECT_EQ(dflt.delivered(), (std::vector<int64_t>{0, 1}));
}

// Section II.B: Q_max = D_max x the capacity of the input links. Table I, 10 Gb/s ports:
// 10 interfaces (9 inputs) at 125 us -> 1.41 MB; 50 interfaces at 4000 us -> 245 MB.
TEST(Ted, QmaxFollowsSectionIIB) {
  Simulation sim(1);
  sim.flowStats().emplace_back();
  sim.flowAttrs().push_back(FlowAttrs{1, 125e-6});
  auto q = makeTed(R"({"inputs": 9, "inputRate": 10e9})", sim, 10e9);
  EXPECT_NEAR(q->param("qmax") * 1000 / 1e6, 1.41, 0.005);  // packets of 1000 B -> MB
  sim.flowAttrs()[0].deadline = 4000e-6;                    // a live change moves the bound
  std::string err;
  ASSERT_TRUE(q->setParam("inputs", 49, err)) << err;
  EXPECT_NEAR(q->param("qmax") * 1000 / 1e6, 245, 1e-9);
  EXPECT_NEAR(q->param("dmax"), 4000e-6, 1e-15);
  sim.flowAttrs()[0].deadline = NAN;
  EXPECT_TRUE(std::isnan(q->param("qmax")));  // no deadline, no bound
}

// TED-driven RTO: the empty-path RTT plus the deadline plus the sender's own packets queued at
// its first hop, in place of the estimate (and its minRto floor).
TEST(Ted, DrivenRtoIsThePathBound) {
  Simulation sim(1);
  sim.flowStats().emplace_back();
  sim.flowAttrs().push_back(FlowAttrs{1, 0.0009});
  Route r;
  TcpConfig cfg;
  cfg.deadlineRtoBase = 16 * ms;
  cfg.deadlineRtoHops = 1;
  TcpSender s(sim, 0, &r, cfg, makeAimd());
  EXPECT_EQ(s.rto(), 16 * ms + 900 * kMicrosecond);
  cfg.deadlineRtoBurst = 80 * kMicrosecond;  // the sender's first hop: 80 us a packet
  TcpSender u(sim, 0, &r, cfg, makeAimd());
  EXPECT_EQ(u.rto(), 16 * ms + 900 * kMicrosecond + 2 * 80 * kMicrosecond);  // initial window of 2 queued there
  TcpConfig plain;
  TcpSender t(sim, 0, &r, plain, makeAimd());
  EXPECT_EQ(t.rto(), plain.initialRto);
}

}  // namespace ted_test
}  // namespace bl
