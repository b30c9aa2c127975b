// Trace-driven links (net/trace.h, Link::setTrace): delivery only at a trace's opportunities,
// kTraceMtu bytes each, repeated with the trace's period; an opportunity nothing is queued for
// is lost. Expected times are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "abi_fixture.h"
#include "bl/abi.h"
#include "core/json.h"
#include "core/limits.h"
#include "core/simulation.h"
#include "net/link.h"
#include "queues/droptail.h"
#include "sim/trace_library.h"

namespace bl {
namespace trace_test {

struct Sink : PacketSink {
  Simulation* sim = nullptr;
  std::vector<SimTime> at;
  void receive(Packet* p) override {
    at.push_back(sim->now());
    sim->pool().put(p);
  }
};

// One link (delay 5 ms, DropTail of `buffer`) on trace `ms`; packets of `size` sent at given times.
struct TracedLink : EventHandler {
  Simulation sim{1};
  Sink sink;
  Route route;
  std::unique_ptr<Link> link;
  uint32_t size;
  TracedLink(std::vector<int64_t> ms, uint32_t size, double buffer = 1000) : size(size) {
    sink.sim = &sim;
    sim.flowStats().emplace_back();
    sim.flowAttrs().emplace_back();
    std::string err;
    ParamValues v;
    readParams(nullptr, *dropTailKind().specs, "queue", v, err);
    v.setNum("buffer", buffer);
    link = std::make_unique<Link>(sim, 0, "l", 8e6, 5 * kMillisecond,
                                  dropTailKind().make(v, LinkInfo{8e6, size, "l"}, sim, err));
    link->setTrace(std::make_shared<DeliveryTrace>("t", std::move(ms)));
    route.hops = {link.get()};
    route.endpoint = &sink;
  }
  void onEvent(uint32_t, uint64_t) override {
    Packet* p = sim.pool().get();
    p->route = &route;
    p->size = size;
    p->flow = 0;
    sim.forward(p);
  }
  void sendAt(SimTime t) { sim.sched().at(t, this, 0); }
  void run() {
    while (sim.sched().runOne(kNever)) {}
  }
  // Delivery times at the far end less the 5 ms of propagation.
  std::vector<SimTime> departures() const {
    std::vector<SimTime> d;
    for (SimTime t : sink.at) d.push_back(t - 5 * kMillisecond);
    return d;
  }
};

TEST(DeliveryTrace, OpportunitiesRepeatWithThePeriod) {
  // ms {0, 2, 2, 5}: n = 4, P = 5. Opportunity j at ms[j % 4] + (j / 4) * 5:
  // 0, 2, 2, 5 | 5, 7, 7, 10 | 10, ...
  const DeliveryTrace t("t", {0, 2, 2, 5});
  const SimTime ms = kMillisecond;
  const SimTime want[] = {0, 2 * ms, 2 * ms, 5 * ms, 5 * ms, 7 * ms, 7 * ms, 10 * ms, 10 * ms};
  for (uint64_t j = 0; j < 9; ++j) EXPECT_EQ(t.timeOf(j), want[j]) << j;
  EXPECT_EQ(t.firstAtOrAfter(0), 0u);
  EXPECT_EQ(t.firstAtOrAfter(1), 1u);                    // 1 ns: the next is opportunity 1, at 2 ms
  EXPECT_EQ(t.firstAtOrAfter(3 * ms), 3u);               // 5 ms
  EXPECT_EQ(t.firstAtOrAfter(5 * ms), 3u);               // 5 ms itself (the first of its two)
  EXPECT_EQ(t.firstAtOrAfter(5 * ms + 1), 5u);           // 7 ms
  EXPECT_EQ(t.countUpTo(0), 1u);                         // {0}
  EXPECT_EQ(t.countUpTo(5 * ms), 5u);                    // 0, 2, 2, 5, 5
  EXPECT_EQ(t.countUpTo(10 * ms - 1), 7u);               // ... 7, 7
  EXPECT_DOUBLE_EQ(t.meanRate(), 4 * 1500 * 8 / 0.005);  // 4 MTUs per 5 ms = 9.6 Mb/s
}

TEST(DeliveryTrace, BadTracesAreRefusedWithTheReason) {
  EXPECT_NE(checkTrace({}).find("is empty"), std::string::npos);
  EXPECT_NE(checkTrace({0, 5, 3}).find("(line 3) comes before 5 ms"), std::string::npos);
  EXPECT_NE(checkTrace({-1, 5}).find("negative"), std::string::npos);
  EXPECT_NE(checkTrace({0, 0}).find("ends at 0 ms"), std::string::npos);
  EXPECT_NE(checkTrace({0, int64_t{kMaxTraceMs} + 1}).find("past the limit"), std::string::npos);
  EXPECT_NE(checkTrace(std::vector<int64_t>(kMaxTraceLines + 1, 1)).find("at most 1000000"), std::string::npos);
  EXPECT_EQ(checkTrace({1}), "");
}

TEST(TracedLink, ConstantTraceLoopsAtItsPeriod) {
  // Trace {1}: P = 1 ms, opportunity j at 1 + j ms: one MTU a ms (12 Mb/s). Five 1500-byte
  // packets sent at 0 leave at 1, 2, 3, 4, 5 ms (the one line repeated four times).
  TracedLink h({1}, 1500);
  for (int i = 0; i < 5; ++i) h.sendAt(0);
  h.run();
  const SimTime ms = kMillisecond;
  EXPECT_EQ(h.departures(), (std::vector<SimTime>{1 * ms, 2 * ms, 3 * ms, 4 * ms, 5 * ms}));
  EXPECT_DOUBLE_EQ(h.link->rate(), 12e6);
  // Busy time counts the bytes delivered by t at the mean rate: 1500 B at 12 Mb/s is 1 ms each.
  EXPECT_EQ(h.link->busyUpTo(5 * ms), 5 * ms);
}

TEST(TracedLink, AnOpportunityWithAnEmptyQueueIsLost) {
  // Trace {2, 4}: opportunities at 2, 4, 6, 8, 10 ms ... A packet at 0 leaves at 2; one at 3
  // leaves at 4; nothing is queued at 6 and 8, so those are lost: a packet at 9 leaves at 10,
  // not at 6.
  TracedLink h({2, 4}, 1500);
  const SimTime ms = kMillisecond;
  h.sendAt(0);
  h.sendAt(3 * ms);
  h.sendAt(9 * ms);
  h.run();
  EXPECT_EQ(h.departures(), (std::vector<SimTime>{2 * ms, 4 * ms, 10 * ms}));
  // Mean rate 2 x 1500 B per 4 ms = 6 Mb/s, so each delivered packet is 2 ms of busy time: by
  // 4 ms two were delivered (4 ms busy of 4: the lost ones at 6 and 8 count nothing), by 10 ms three.
  EXPECT_EQ(h.link->busyUpTo(4 * ms), 4 * ms);
  EXPECT_EQ(h.link->busyUpTo(10 * ms), 6 * ms);
}

TEST(TracedLink, BytesNotPacketsFillAnOpportunity) {
  // Trace {1} (one 1500-byte MTU each ms from 1 ms) and 1000-byte packets. Two sent at 0: the
  // first takes 1000 B of the 1 ms opportunity (500 left) and leaves at 1 ms; the second takes
  // those 500 B and 500 B of the 2 ms one, leaving at 2 ms with 1000 B of it unused. A third
  // sent at 2.5 ms cannot use a past opportunity's bytes: it goes whole in the 3 ms one.
  TracedLink h({1}, 1000);
  const SimTime ms = kMillisecond;
  h.sendAt(0);
  h.sendAt(0);
  h.sendAt(2 * ms + ms / 2);
  h.run();
  EXPECT_EQ(h.departures(), (std::vector<SimTime>{1 * ms, 2 * ms, 3 * ms}));
}

TEST(TracedLink, DeliveredNeverExceedOpportunitiesInAnyInterval) {
  // The shipped LTE downlink, 3000 MTU packets at pseudo-random times over 20 s into a deep
  // buffer. Every packet uses a whole opportunity at its departure time, so in every interval
  // [a, b] of departures, packets out <= opportunities in [a, b] (a packet leaves only at an
  // opportunity, and two never share one): checked over every pair (a, b) of departure times.
  const std::vector<int64_t> ms = decodeTrace(shippedTraces()[0].down);
  const DeliveryTrace tr("lte", ms);
  TracedLink h(ms, 1500, 100000);
  Rng r(7, "arrivals");
  for (int i = 0; i < 3000; ++i) h.sendAt(static_cast<SimTime>(r.uniform(0, 20) * kSecond));
  h.run();
  const std::vector<SimTime> d = h.departures();
  ASSERT_EQ(d.size(), 3000u);
  for (size_t i = 0; i < d.size(); ++i)
    for (size_t j = i; j < d.size(); ++j) {
      const uint64_t opps = tr.countUpTo(d[j]) - tr.countUpTo(d[i] - 1);
      ASSERT_LE(j - i + 1, opps) << "departures " << i << ".." << j;
    }
}

// The first flow's throughput in a scenario run to its end.
double runThroughputOf(const std::string& doc) {
  const int32_t h = bl_create(doc.c_str());
  EXPECT_NE(h, 0) << bl_last_error();
  if (!h) return 0;
  bl_run_until(h, 1e9, 0);
  Json s;
  std::string err;
  const bool ok = Json::parse(bl_summary(h), s, err);
  bl_destroy(h);
  const Json* flows = ok ? s.find("flows") : nullptr;
  EXPECT_TRUE(flows && flows->items().size() == 1) << err;
  if (!flows || flows->items().size() != 1) return 0;
  const Json* thr = flows->items()[0].find("throughputBps");
  return thr ? thr->asNumber() : 0;
}

// One CUBIC flow's throughput over [5, 30] s through a dumbbell with these topology fields.
double runThroughput(const std::string& topologyExtra) {
  return runThroughputOf(R"({"version":1,"seed":3,"duration":30,"measureFrom":5,)"
                         R"("flows":{"count":1,"cc":"cubic","tcp":"sack"},"queue":{"kind":"droptail","buffer":100},)"
                         R"("topology":{"kind":"dumbbell","bottleneckDelay":0.01,)" +
                         topologyExtra + "}}");
}

// The same through a graph's one link a->b with these link fields.
double runGraphThroughput(const std::string& linkExtra) {
  return runThroughputOf(R"({"version":1,"seed":3,"duration":30,"measureFrom":5,"topology":{"kind":"graph",)"
                         R"("nodes":["a","b"],"flows":[{"src":"a","dst":"b","cc":"cubic","tcp":"sack"}],)"
                         R"("links":[{"name":"x","from":"a","to":"b","delay":0.01,)"
                         R"("queue":{"kind":"droptail","buffer":100},)" +
                         linkExtra + "}]}}");
}

TEST(TracedLink, ConstantTraceCarriesWhatAFixedLinkOfItsRateCarries) {
  // Trace {1} is 12 Mb/s (one 1500-byte MTU a ms). One CUBIC flow through a 100-packet buffer
  // keeps the link busy after slow start either way, so from 5 s on both carry about 12 Mb/s.
  // The trace delivers in 1 ms steps (at most 1.5 1000-byte packets late), which moves the
  // throughput by far less than 1 %: the bound is 1 %.
  const double fixed = runThroughput(R"("bottleneckRate":12e6)");
  const double traced = runThroughput(R"("trace":"custom","traceMs":[1])");
  EXPECT_GT(fixed, 11e6);
  EXPECT_NEAR(traced, fixed, 0.01 * fixed);
}

TEST(TracedLink, AGraphLinkTakesATraceAsTheDumbbellsBottleneckDoes) {
  // The same comparison on a graph's link: trace {1} (12 Mb/s) against a fixed 12 Mb/s link,
  // within the same 1 %; and the manifest says the link follows the trace at its mean rate.
  const double fixed = runGraphThroughput(R"("rate":12e6)");
  const double traced = runGraphThroughput(R"("rate":1e6,"trace":"custom","traceMs":[1])");
  EXPECT_GT(fixed, 11e6);
  EXPECT_NEAR(traced, fixed, 0.01 * fixed);
  const int32_t h =
      bl_create(R"({"version":1,"topology":{"kind":"graph","nodes":["a","b"],"flows":[{"src":"a","dst":"b"}],)"
                R"("links":[{"name":"x","from":"a","to":"b","trace":"lte-driving","traceUp":"lte-driving"}]}})");
  ASSERT_NE(h, 0) << bl_last_error();
  Json m;
  std::string err;
  ASSERT_TRUE(Json::parse(bl_manifest(h), m, err)) << err;
  bl_destroy(h);
  const Json* links = m.find("links");
  ASSERT_TRUE(links && links->items().size() == 2);  // x and its reverse x.rev
  for (const Json& l : links->items()) {
    const Json* tr = l.find("trace");
    ASSERT_TRUE(tr) << "link " << l.find("name")->asString() << " has no trace";
    const std::string dir = l.find("name")->asString() == "x" ? "(downlink)" : "(uplink)";
    EXPECT_NE(tr->find("name")->asString().find(dir), std::string::npos) << tr->find("name")->asString();
  }
  // Its fields are checked and named at the link.
  const std::string head =
      R"({"version":1,"topology":{"kind":"graph","nodes":["a","b"],"flows":[{"src":"a","dst":"b"}],"links":[)";
  const std::string e1 = createError(head + R"({"from":"a","to":"b"},{"from":"b","to":"a","trace":"custom"}]}})");
  EXPECT_NE(e1.find("topology.links[1].trace: \"custom\" needs the delivery times"), std::string::npos) << e1;
  const std::string e2 = createError(head + R"({"from":"a","to":"b","trace":"custom","traceMs":[0,3,2]}]}})");
  EXPECT_NE(e2.find("topology.links[0].traceMs"), std::string::npos) << e2;
}

TEST(TracedLink, ScenarioFieldsAreChecked) {
  const std::string head = R"({"version":1,"topology":{"kind":"dumbbell",)";
  EXPECT_NE(createError(head + R"("trace":"custom"}})").find("topology.trace: \"custom\" needs the delivery times"),
            std::string::npos)
      << createError(head + R"("trace":"custom"}})");
  EXPECT_NE(createError(head + R"("trace":"custom","traceFile":"a.txt"}})").find("needs the trace file \"a.txt\""),
            std::string::npos);
  EXPECT_NE(createError(head + R"("trace":"custom","traceMs":[0,3,2]}})").find("topology.traceMs: time 2 ms"),
            std::string::npos)
      << createError(head + R"("trace":"custom","traceMs":[0,3,2]}})");
  EXPECT_NE(createError(head + R"("trace":"custom","traceMs":[0,1.5]}})").find("topology.traceMs[1]"),
            std::string::npos);
  EXPECT_NE(createError(head + R"("traceMs":[1]}})").find("topology.traceMs"), std::string::npos);
  EXPECT_NE(createError(head + R"("trace":"nope"}})").find("topology.trace"), std::string::npos);
  EXPECT_EQ(createError(head + R"("trace":"lte-driving","traceUp":"lte-driving"}})"), "");
}

TEST(TracedLink, TheRateOfATracedLinkIsNotSetLive) {
  const int32_t h = bl_create(R"({"version":1,"topology":{"kind":"dumbbell","trace":"lte-driving"}})");
  ASSERT_NE(h, 0) << bl_last_error();
  EXPECT_NE(bl_set_param(h, "link.bottleneck", "rate", 1e6), 0);
  EXPECT_NE(std::string(bl_last_error()).find("follows the delivery trace"), std::string::npos) << bl_last_error();
  bl_destroy(h);
}

}  // namespace trace_test
}  // namespace bl
