// Whole scenarios through the C ABI: validation messages, determinism, the block layout,
// live parameter changes, and exact link accounting with constant-rate traffic.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "abi_fixture.h"
#include "bl/abi.h"
#include "core/json.h"
#include "sim/instance.h"
#include "sim/scenario.h"

namespace bl {
namespace scenario_test {

TEST(Scenario, ErrorsNameTheFieldValueAndRange) {
  struct Case {
    const char* json;
    const char* mustContain[3];
  };
  const Case cases[] = {
      {"{", {"not valid JSON", "line 1", ""}},
      {R"({"duration": 10})", {"version: missing", "", ""}},
      {R"({"version": 1, "duration": -5})", {"duration", "-5", "[0.001, 3600] s"}},
      {R"({"version": 1, "duraton": 5})", {"duraton: unknown key", "duration", ""}},
      {R"({"version": 1, "seed": "x"})", {"seed: expected a number", "string", ""}},
      {R"({"version": 1, "queue": {"kind": "red", "maxP": 2}})", {"queue.maxP", "2", "[0, 1]"}},
      {R"({"version": 1, "queue": {"kind": "red", "minTh": 100, "maxTh": 50}})", {"queue", "minTh", "below maxTh"}},
      {R"({"version": 1, "queue": {"kind": "fifo"}})", {"queue.kind", "fifo", "droptail"}},
      {R"({"version": 1, "flows": {"count": 5000}})", {"flows.count", "5000", "[1, 2000]"}},
      {R"({"version": 1, "flows": {"tcp": "cubic"}})", {"flows.tcp", "cubic", "newreno"}},
      {R"({"version": 1, "flowOverrides": [{"flow": 25}]})", {"flowOverrides[0].flow", "[0, 19]", ""}},
      {R"({"version": 1, "flows": {"recoveryCwnd": "ns2"}})", {"recoveryCwnd", "tcp \"sack\"", "cc \"aimd\""}},
      {R"({"version": 1, "flows": {"tcp": "sack", "cc": "cubic", "recoveryCwnd": "ns2"}})", {"recoveryCwnd", "cc", ""}},
      {R"({"version": 1, "exoLoss": {"kind": "bernoulli", "rate": 1.5}})", {"exoLoss.rate", "1.5", "[0, 1]"}},
      {R"({"version": 1, "topology": {"kind": "ring"}})", {"topology.kind", "ring", "dumbbell"}},
      // topology.trace is the dumbbell's bottleneck's (docs/scenario.md): a chain or a graph
      // refuses it at the topology, naming the field and the kind that takes it (a graph's links
      // take their own, topology.links[i].trace: TracedLink tests).
      {R"({"version": 1, "topology": {"kind": "chain", "trace": "lte-driving"}})",
       {"topology.trace: unknown key (a key of kind \"dumbbell\" only)", "hopDelay", ""}},
      {R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a", "b"], "links": [{"from": "a", "to": "b"}],
          "flows": [{"src": "a", "dst": "b"}], "traceUp": "lte-driving"}})",
       {"topology.traceUp: unknown key (a key of kind \"dumbbell\" only)", "links", ""}},
      {R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a", "b", "c"],
          "links": [{"name": "ab", "from": "a", "to": "b"}], "flows": [{"src": "a", "dst": "c"}]}})",
       {"topology.flows[0]", "no route from a to c", ""}},
      {R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a"], "links": [{"from": "a", "to": "z"}],
          "flows": []}})",
       {"topology.links[0].to", "z", ""}},
      {R"({"version": 1, "duration": 10, "measureFrom": 20})", {"measureFrom", "below duration", ""}},
      {R"({"version": 1, "duration": 3600, "samplePeriod": 0.001})", {"samplePeriod", "longer period", ""}},
  };
  for (const Case& c : cases) {
    const std::string err = createError(c.json);
    ASSERT_FALSE(err.empty()) << "accepted: " << c.json;
    for (const char* m : c.mustContain)
      EXPECT_NE(err.find(m), std::string::npos) << "error \"" << err << "\" lacks \"" << m << "\"";
  }
}

TEST(Scenario, DefaultsAloneMakeARunnableScenario) { EXPECT_EQ(createError(R"({"version": 1})"), ""); }

Json runToEnd(const std::string& json, bool early = true) {
  std::string err;
  auto in = Instance::create(json, err, early);
  EXPECT_TRUE(in) << err;
  while (in->runUntil(1e9, 0) != 2) {}
  Json s = in->summary();
  s.set("wallSeconds", Json::number(0));
  return s;
}

const char* kSmall = R"({"version": 1, "seed": 3, "duration": 20, "samplePeriod": 0.5,
  "topology": {"bottleneckRate": 4e6}, "queue": {"kind": "red", "minTh": 10, "maxTh": 40, "buffer": 80},
  "exoLoss": {"kind": "bernoulli", "rate": 0.01}, "flows": {"count": 6}})";

TEST(Scenario, OneSeedOneResult) {
  const std::string a = runToEnd(kSmall).dump(), b = runToEnd(kSmall).dump();
  EXPECT_EQ(a, b);
  std::string other = kSmall;
  other.replace(other.find("\"seed\": 3"), 9, "\"seed\": 4");
  EXPECT_NE(runToEnd(other).dump(), a);
}

TEST(Scenario, AheadOfTimeArrivalsChangeNothingButEventCount) {
  for (const char* tcp : {"reno", "newreno", "sack"}) {
    std::string j = kSmall;
    j.replace(j.find("\"count\": 6"), 10, std::string("\"count\": 6, \"tcp\": \"") + tcp + "\"");
    Json fast = runToEnd(j, true), slow = runToEnd(j, false);
    EXPECT_LT(fast.find("events")->asNumber(), slow.find("events")->asNumber());
    fast.set("events", Json::number(0));
    slow.set("events", Json::number(0));
    EXPECT_EQ(fast.dump(), slow.dump()) << tcp;
  }
}

// The same with paced senders (three BBR flows, the rates and delays round, so events tie to the
// nanosecond): a pacing release and an ACK at the same instant ran in the order they were
// scheduled, and an ACK taken ahead of time is scheduled sooner than one handed on link by link,
// so the two ways of running differed (flow 0: 0.62 against 0.26 Mb/s). The pacing release is a
// timer now: the ACK of the same instant always comes first.
TEST(Scenario, AheadOfTimeArrivalsChangeNothingWithPacing) {
  const char* j = R"({"version": 1, "seed": 47, "duration": 10, "packetSize": 1000,
    "topology": {"bottleneckRate": 20e6, "bottleneckDelay": 0.005, "accessDelayMin": 0.0002, "accessDelayMax": 0.001},
    "queue": {"kind": "step", "buffer": 44, "K": 11},
    "flows": {"count": 3, "cc": "bbr", "tcp": "sack", "delayedAck": true, "startSpread": 0},
    "flowOverrides": [{"flow": 0, "start": 0.75}, {"flow": 1, "start": 0.5}, {"flow": 2, "start": 0.1}]})";
  Json fast = runToEnd(j, true), slow = runToEnd(j, false);
  EXPECT_LT(fast.find("events")->asNumber(), slow.find("events")->asNumber());
  fast.set("events", Json::number(0));
  slow.set("events", Json::number(0));
  EXPECT_EQ(fast.dump(), slow.dump());
}

TEST(Scenario, ExogenousLossesAreCountedApart) {
  Json s = runToEnd(kSmall);
  double exo = 0, cong = 0, sent = 0;
  for (const Json& f : s.find("flows")->items()) {
    exo += f.find("exogenousLosses")->asNumber();
    cong += f.find("congestionLosses")->asNumber();
    sent += f.find("sentPackets")->asNumber();
  }
  // 1 % Bernoulli on the receiver access links, applied to what survives the bottleneck.
  EXPECT_NEAR(exo / (sent - cong), 0.01, 4 * std::sqrt(0.01 * 0.99 / (sent - cong)));
  const Json& drops = *s.find("queues")->items()[0].find("drops");
  EXPECT_EQ(drops.find("overflow")->asNumber() + drops.find("early")->asNumber(), cong);
}

TEST(Scenario, ConstantRateTrafficGivesExactUtilisationAndOverflow) {
  // 5 Mb/s of CBR through a 10 Mb/s bottleneck: busy exactly half the time, no queue.
  Json s = runToEnd(R"({"version": 1, "duration": 10, "flows": {"count": 1, "start": 100},
    "topology": {"bottleneckRate": 10e6}, "traffic": [{"kind": "cbr", "rate": 5e6}]})");
  EXPECT_NEAR(s.find("utilization")->asNumber(), 0.5, 1e-3);
  EXPECT_NEAR(s.find("queues")->items()[0].find("meanLength")->asNumber(), 0, 1e-9);
  // 12 Mb/s into 10 Mb/s with a 50-packet buffer: the excess 2 Mb/s overflows once full.
  s = runToEnd(R"({"version": 1, "duration": 10, "flows": {"count": 1, "start": 100},
    "topology": {"bottleneckRate": 10e6}, "queue": {"kind": "droptail", "buffer": 50},
    "traffic": [{"kind": "cbr", "rate": 12e6}]})");
  EXPECT_NEAR(s.find("utilization")->asNumber(), 1.0, 1e-3);
  const double sent = 10 * 12e6 / 8000, served = 10 * 10e6 / 8000;
  EXPECT_NEAR(s.find("queues")->items()[0].find("drops")->find("overflow")->asNumber(), sent - served - 50, 3);
}

TEST(Abi, BlockLayoutAndLiveChanges) {
  const int32_t h = bl_create(kSmall);
  ASSERT_GT(h, 0) << bl_last_error();
  Json cols;
  std::string err;
  ASSERT_TRUE(Json::parse(bl_columns(h), cols, err));
  const size_t ncol = cols.items().size();
  EXPECT_EQ(cols.items()[0].asString(), "t");
  EXPECT_EQ(cols.items()[1].asString(), "flow.0.cwnd");
  EXPECT_EQ(cols.items()[ncol - 1].asString(), "wjain");
  EXPECT_EQ(bl_run_until(h, 5, 0), BL_RUN_REACHED);
  EXPECT_DOUBLE_EQ(bl_now(h), 5);
  uint32_t len = bl_drain(h);
  const uint8_t* b = bl_drain_ptr(h);
  uint32_t head[4];
  std::memcpy(head, b, 16);
  EXPECT_EQ(head[0], 0x314B4C42u);
  EXPECT_EQ(head[1], 10u);  // samples at 0.5, 1.0, ..., 5.0
  EXPECT_EQ(head[2], ncol);
  EXPECT_EQ(len, 16 + head[1] * ncol * 8 + head[3] * 24);
  double t;
  std::memcpy(&t, b + 16 + 9 * ncol * 8, 8);
  EXPECT_DOUBLE_EQ(t, 5.0);
  EXPECT_EQ(bl_drain(h), 16u);  // nothing new

  // Live: errors name entity, key and range; a good change is logged as an event.
  EXPECT_EQ(bl_set_param(h, "flows", "exoLoss", 2), -1);
  EXPECT_NE(std::string(bl_last_error()).find("flows.exoLoss: 2 is out of range; allowed [0, 1]"), std::string::npos)
      << bl_last_error();
  EXPECT_EQ(bl_set_param(h, "flow.99", "weight", 2), -1);
  EXPECT_NE(std::string(bl_last_error()).find("no such flow"), std::string::npos);
  EXPECT_EQ(bl_set_param(h, "queue.bottleneck", "bogus", 1), -1);
  EXPECT_EQ(bl_set_param(h, "queue.bottleneck", "maxP", 0.2), 0) << bl_last_error();
  EXPECT_STREQ(bl_set_param_problem(), "null");
  EXPECT_EQ(bl_set_param(h, "flows", "exoLoss", 0.1), 0) << bl_last_error();
  EXPECT_EQ(bl_run_until(h, 1e9, 1000), BL_RUN_EVENT_LIMIT);
  EXPECT_EQ(bl_run_until(h, 1e9, 0), BL_RUN_FINISHED);
  Json s;
  ASSERT_TRUE(Json::parse(bl_summary(h), s, err));
  double exo = 0;
  for (const Json& f : s.find("flows")->items()) exo += f.find("exogenousLosses")->asNumber();
  // Far more exogenous losses than 1 % alone would give after the change to 10 %.
  Json base = runToEnd(kSmall);
  double exoBase = 0;
  for (const Json& f : base.find("flows")->items()) exoBase += f.find("exogenousLosses")->asNumber();
  EXPECT_GT(exo, 3 * exoBase);
  bl_destroy(h);
  EXPECT_EQ(bl_run_until(h, 1, 0), BL_RUN_ERROR);
  EXPECT_NE(std::string(bl_last_error()).find("no simulation with handle"), std::string::npos);
}

TEST(Abi, DescribeListsEverySpecGroupByItsPath) {
  Json d;
  std::string err;
  ASSERT_TRUE(Json::parse(bl_describe(), d, err)) << err;
  EXPECT_EQ(d.find("version")->asNumber(), 4);
  const Json* g = d.find("groups");
  ASSERT_TRUE(g);
  for (const char* k :
       {"", "topology", "topology.rates[]", "topology.links[]", "topology.flows[]", "queue", "exoLoss", "flows",
        "flows.ccParams", "flowOverrides[]", "traffic[]", "aggregates[]", "aggregates[].shares[]"})
    EXPECT_TRUE(g->find(k)) << k;
  // A kind's group says which field selects it and which family its kinds are.
  EXPECT_EQ(g->find("queue")->find("selector")->asString(), "queue.kind");
  EXPECT_EQ(g->find("flows.ccParams")->find("selector")->asString(), "flows.cc");
  EXPECT_EQ(g->find("topology")->find("selector")->asString(), "topology.kind");
  EXPECT_EQ(g->find("topology.links[].loss")->find("kinds")->asString(), "loss");
  const Json& red = *d.find("kinds")->find("queue")->find("red")->find("specs");
  bool sawMaxP = false;
  for (const Json& s : red.items())
    if (s.find("key")->asString() == "maxP") {
      sawMaxP = true;
      EXPECT_EQ(s.find("max")->asNumber(), 1);
      EXPECT_TRUE(s.find("live")->asBool());
      EXPECT_FALSE(s.find("help")->asString().empty());
    }
  EXPECT_TRUE(sawMaxP);
  // Version 4: each kind has the name people read, declared where it is registered.
  EXPECT_EQ(d.find("kinds")->find("queue")->find("fq_codel")->find("label")->asString(), "FQ-CoDel");
  EXPECT_EQ(d.find("kinds")->find("cc")->find("aimd")->find("label")->asString(), "Reno (AIMD)");
  EXPECT_EQ(d.find("kinds")->find("loss")->find("schedule")->find("label")->asString(), "Schedule");
  for (const char* fam : {"queue", "cc", "loss", "topology"})
    for (const auto& [name, k] : d.find("kinds")->find(fam)->members())
      EXPECT_FALSE(k.find("label")->asString().empty()) << fam << "." << name;
  EXPECT_TRUE(d.find("live")->find("flow")->isArray());
  // Every guard rail of the one list, and the fluid model's calls.
  EXPECT_EQ(d.find("limits")->find("maxFlows")->find("value")->asNumber(), kMaxFlows);
  EXPECT_EQ(d.find("limits")->members().size(), limits().size());
  EXPECT_TRUE(d.find("fluid")->find("bl_fluid")->find("groups")->find("queue"));
}

// A live refusal in bl_check's shape: the live path, a code, the value and the spec's range (SI
// units, as the spec has them), so a page words it in its control's own units.
TEST(Abi, LiveRefusalsComeAsProblems) {
  const int32_t h = bl_create(kSmall);
  ASSERT_GT(h, 0) << bl_last_error();
  auto problem = [] {
    Json p;
    std::string err;
    EXPECT_TRUE(Json::parse(bl_set_param_problem(), p, err)) << err;
    return p;
  };
  ASSERT_EQ(bl_set_param(h, "flows", "exoLoss", 1.5), -1);
  Json p = problem();
  EXPECT_EQ(p.find("path")->asString(), "flows.exoLoss");
  EXPECT_EQ(p.find("code")->asString(), "field");
  EXPECT_EQ(p.find("message")->asString(), "1.5 is out of range; allowed [0, 1]");
  EXPECT_EQ(std::string(bl_last_error()), "flows.exoLoss: 1.5 is out of range; allowed [0, 1]");  // the same words
  EXPECT_EQ(p.find("value")->asNumber(), 1.5);
  ASSERT_TRUE(p.find("range")->isObject());
  EXPECT_EQ(p.find("range")->find("min")->asNumber(), 0);
  EXPECT_EQ(p.find("range")->find("max")->asNumber(), 1);

  ASSERT_EQ(bl_set_param(h, "link.bottleneck", "rate", -1), -1);
  p = problem();
  EXPECT_EQ(p.find("path")->asString(), "link.bottleneck.rate");
  EXPECT_EQ(p.find("range")->find("unit")->asString(), "bit/s");

  // A queue's value against its spec: the live path, not the queue kind's.
  ASSERT_EQ(bl_set_param(h, "queue.bottleneck", "maxP", 2), -1);
  p = problem();
  EXPECT_EQ(p.find("path")->asString(), "queue.bottleneck.maxP");
  EXPECT_EQ(p.find("code")->asString(), "field");
  EXPECT_EQ(p.find("range")->find("max")->asNumber(), 1);
  // A rule between the queue's parameters has no range to give.
  ASSERT_EQ(bl_set_param(h, "queue.bottleneck", "minTh", 1e4), -1);
  p = problem();
  EXPECT_EQ(p.find("code")->asString(), "rule");
  EXPECT_TRUE(p.find("range")->isNull());
  EXPECT_NE(p.find("message")->asString().find("maxTh"), std::string::npos) << p.dump();

  ASSERT_EQ(bl_set_param(h, "flows", "bogus", 1), -1);
  EXPECT_EQ(problem().find("code")->asString(), "unknown");
  ASSERT_EQ(bl_set_param(h, "flow.99", "weight", 2), -1);
  EXPECT_EQ(problem().find("path")->asString(), "flow.99");
  ASSERT_EQ(bl_set_param(h, "flows", "exoLoss", NAN), -1);
  EXPECT_TRUE(problem().find("value")->isNull());  // JSON has no NaN

  ASSERT_EQ(bl_set_param(h, "flows", "exoLoss", 0.1), 0);
  EXPECT_STREQ(bl_set_param_problem(), "null");
  bl_destroy(h);
}

}  // namespace scenario_test
}  // namespace bl
