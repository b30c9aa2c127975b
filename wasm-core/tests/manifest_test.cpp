// bl_manifest: the account of the run read from the built network. Every expectation below is
// derived by hand from the scenario written in the test (and the builders' documented rules:
// docs/scenario.md), not copied from a run.
#include <gtest/gtest.h>

#include <string>

#include "bl/abi.h"
#include "core/json.h"

namespace bl {
namespace manifest_test {

Json manifestOf(int32_t h) {
  Json m;
  std::string err;
  EXPECT_TRUE(Json::parse(bl_manifest(h), m, err)) << err;
  return m;
}

const Json* linkNamed(const Json& m, const std::string& name) {
  for (const Json& l : m.find("links")->items())
    if (l.find("name")->asString() == name) return &l;
  return nullptr;
}

std::vector<std::string> strings(const Json* a) {
  std::vector<std::string> out;
  for (const Json& x : a->items()) out.push_back(x.asString());
  return out;
}

// The first screen's scenario, small: two flows, the schedule 0 -> 1 % at 20 s -> 5 % at 40 s.
const char* kSchedule = R"({"version":1,"duration":60,"seed":3,
  "topology":{"kind":"dumbbell","bottleneckRate":10000000,"bottleneckDelay":0.02},
  "queue":{"kind":"red","buffer":100},
  "flows":{"count":2},
  "exoLoss":{"kind":"schedule","steps":[[0,0],[20,0.01],[40,0.05]]}})";

TEST(Manifest, DumbbellAsBuilt) {
  const int32_t h = bl_create(kSchedule);
  ASSERT_GT(h, 0) << bl_last_error();
  const Json m = manifestOf(h);
  EXPECT_EQ(m.find("version")->asNumber(), 1);
  EXPECT_EQ(m.find("topology")->asString(), "dumbbell");
  // The dumbbell's shared link is named "bottleneck", from L to R, and is the one traced link.
  EXPECT_EQ(m.find("bottleneck")->asString(), "bottleneck");
  EXPECT_EQ(strings(m.find("traced")), std::vector<std::string>{"bottleneck"});
  const Json* b = linkNamed(m, "bottleneck");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->find("from")->asString(), "L");
  EXPECT_EQ(b->find("to")->asString(), "R");
  EXPECT_EQ(b->find("rate")->asNumber(), 10e6);
  EXPECT_DOUBLE_EQ(b->find("delay")->asNumber(), 0.02);
  EXPECT_EQ(b->find("buffer")->asNumber(), 100);  // the scenario's buffer, not RED's default
  EXPECT_EQ(b->find("queue")->find("kind")->asString(), "red");
  EXPECT_TRUE(b->find("loss")->isNull());  // exoLoss sits on each flow's receiver access link
  // Nodes: L and R, then s_i and r_i per flow as the flows are added.
  EXPECT_EQ(strings(m.find("nodes")), (std::vector<std::string>{"L", "R", "s0", "r0", "s1", "r1"}));
  // Flow 0: the default window rule (aimd) under the default recovery (newreno), over its
  // access link, the bottleneck and its receiver's access link, which carries its loss.
  const Json& f0 = m.find("flows")->items()[0];
  EXPECT_EQ(f0.find("cc")->asString(), "aimd");
  EXPECT_EQ(f0.find("recovery")->asString(), "newreno");
  EXPECT_EQ(strings(f0.find("path")), (std::vector<std::string>{"src.0", "bottleneck", "dst.0"}));
  EXPECT_EQ(f0.find("lossLink")->asString(), "dst.0");
  const Json* loss = linkNamed(m, "dst.0")->find("loss");
  EXPECT_EQ(loss->find("kind")->asString(), "schedule");
  EXPECT_EQ(loss->find("source")->asString(), "exoLoss");
  EXPECT_EQ(m.find("changes")->items().size(), 0u);
  bl_destroy(h);
}

TEST(Manifest, ScheduleStepInForceNow) {
  const int32_t h = bl_create(kSchedule);
  ASSERT_GT(h, 0) << bl_last_error();
  // Before 20 s the schedule's rate is 0 and its next step is at 20 s.
  ASSERT_EQ(bl_run_until(h, 19, 0), BL_RUN_REACHED);
  Json m = manifestOf(h);
  EXPECT_EQ(m.find("live")->find("flows")->find("exoLoss")->asNumber(), 0);
  EXPECT_EQ(m.find("nextChange")->asNumber(), 20);
  // At 25 s the step of 20 s is in force: 1 %, for every flow; the next step is at 40 s.
  ASSERT_EQ(bl_run_until(h, 25, 0), BL_RUN_REACHED);
  m = manifestOf(h);
  EXPECT_EQ(m.find("now")->asNumber(), 25);
  EXPECT_DOUBLE_EQ(m.find("live")->find("flows")->find("exoLoss")->asNumber(), 0.01);
  EXPECT_DOUBLE_EQ(m.find("flows")->items()[1].find("live")->find("exoLoss")->asNumber(), 0.01);
  EXPECT_DOUBLE_EQ(linkNamed(m, "dst.1")->find("loss")->find("rate")->asNumber(), 0.01);
  EXPECT_EQ(m.find("nextChange")->asNumber(), 40);
  // From 40 s on, 5 %, and no further step.
  ASSERT_EQ(bl_run_until(h, 46, 0), BL_RUN_REACHED);
  m = manifestOf(h);
  EXPECT_DOUBLE_EQ(m.find("live")->find("flows")->find("exoLoss")->asNumber(), 0.05);
  EXPECT_TRUE(m.find("nextChange")->isNull());
  bl_destroy(h);
}

// A live exoLoss replaces the schedule even when it equals the rate in force (0 before 20 s):
// at 25 s the rate stays 0, the model is a live Bernoulli one, and the change is listed.
TEST(Manifest, LiveChangeReplacesScheduleAndIsListed) {
  const int32_t h = bl_create(kSchedule);
  ASSERT_GT(h, 0) << bl_last_error();
  ASSERT_EQ(bl_run_until(h, 19, 0), BL_RUN_REACHED);
  ASSERT_EQ(bl_set_param(h, "flows", "exoLoss", 0), 0) << bl_last_error();
  ASSERT_EQ(bl_set_param(h, "queue.bottleneck", "maxP", 0.2), 0) << bl_last_error();
  ASSERT_EQ(bl_run_until(h, 25, 0), BL_RUN_REACHED);
  const Json m = manifestOf(h);
  EXPECT_EQ(m.find("live")->find("flows")->find("exoLoss")->asNumber(), 0);
  EXPECT_TRUE(m.find("nextChange")->isNull());  // no schedule left
  const Json* loss = linkNamed(m, "dst.0")->find("loss");
  EXPECT_EQ(loss->find("kind")->asString(), "bernoulli");
  EXPECT_EQ(loss->find("source")->asString(), "live");
  EXPECT_DOUBLE_EQ(m.find("live")->find("queue.bottleneck")->find("maxP")->asNumber(), 0.2);
  EXPECT_DOUBLE_EQ(linkNamed(m, "bottleneck")->find("queue")->find("params")->find("maxP")->asNumber(), 0.2);
  const auto& ch = m.find("changes")->items();
  ASSERT_EQ(ch.size(), 2u);
  EXPECT_EQ(ch[0].find("t")->asNumber(), 19);
  EXPECT_EQ(ch[0].find("entity")->asString(), "flows");
  EXPECT_EQ(ch[0].find("key")->asString(), "exoLoss");
  EXPECT_EQ(ch[0].find("value")->asNumber(), 0);
  EXPECT_EQ(ch[1].find("entity")->asString(), "queue.bottleneck");
  bl_destroy(h);
}

// The chain: hops A-B, B-C, C-D, the first the bottleneck with the scenario's queue, the other
// two the underlay queue (RED by default); one overlay flow A->D crosses all three, each cross
// flow one hop (flows overlay.. in hop order, crossFlows per hop).
TEST(Manifest, ChainHops) {
  const int32_t h = bl_create(R"({"version":1,"duration":5,
    "topology":{"kind":"chain","overlayFlows":1,"crossFlows":1},"queue":{"kind":"droptail"}})");
  ASSERT_GT(h, 0) << bl_last_error();
  const Json m = manifestOf(h);
  EXPECT_EQ(m.find("topology")->asString(), "chain");
  EXPECT_EQ(m.find("bottleneck")->asString(), "AB");
  EXPECT_EQ(strings(m.find("traced")), (std::vector<std::string>{"AB", "BC", "CD"}));
  EXPECT_EQ(linkNamed(m, "AB")->find("queue")->find("kind")->asString(), "droptail");
  EXPECT_EQ(linkNamed(m, "BC")->find("queue")->find("kind")->asString(), "red");
  EXPECT_EQ(linkNamed(m, "CD")->find("from")->asString(), "C");
  EXPECT_EQ(linkNamed(m, "CD")->find("to")->asString(), "D");
  const auto& flows = m.find("flows")->items();
  ASSERT_EQ(flows.size(), 4u);  // 1 overlay + 3 x 1 cross
  EXPECT_EQ(strings(flows[0].find("path")), (std::vector<std::string>{"src.0", "AB", "BC", "CD", "dst.0"}));
  EXPECT_EQ(flows[0].find("group")->asString(), "AD");
  EXPECT_EQ(strings(flows[2].find("path")), (std::vector<std::string>{"src.2", "BC", "dst.2"}));
  EXPECT_EQ(flows[2].find("group")->asString(), "BC");
  EXPECT_TRUE(m.find("live")->find("queue.CD"));
  bl_destroy(h);
}

// What the sender runs: BBR owns its window and always paces; CUBIC with tcp sack recovers
// with SACK; a flow override's weight and deadline are the flow's own.
TEST(Manifest, FlowsAsResolved) {
  const int32_t h = bl_create(R"({"version":1,"duration":5,"flows":{"count":3,"cc":"cubic","tcp":"sack"},
    "flowOverrides":[{"flow":1,"cc":"bbr","tcp":"newreno"},{"flow":2,"weight":2.5,"deadline":0.05,"ecn":true}]})");
  ASSERT_GT(h, 0) << bl_last_error();
  const Json m = manifestOf(h);
  const auto& f = m.find("flows")->items();
  EXPECT_EQ(f[0].find("cc")->asString(), "cubic");
  EXPECT_EQ(f[0].find("recovery")->asString(), "sack");
  EXPECT_FALSE(f[0].find("pacing")->asBool());
  EXPECT_FALSE(f[0].find("ownsWindow")->asBool());
  EXPECT_EQ(f[1].find("cc")->asString(), "bbr");
  EXPECT_TRUE(f[1].find("ownsWindow")->asBool());
  EXPECT_TRUE(f[1].find("pacing")->asBool());
  EXPECT_EQ(f[1].find("recovery")->asString(), "newreno");
  EXPECT_EQ(f[2].find("live")->find("weight")->asNumber(), 2.5);
  EXPECT_DOUBLE_EQ(f[2].find("live")->find("deadline")->asNumber(), 0.05);
  EXPECT_TRUE(f[2].find("ecn")->asBool());
  // Flows differ in weight: the "flows" entity has no one value for it; exoLoss (none) is 0.
  EXPECT_TRUE(m.find("live")->find("flows")->find("weight")->isNull());
  EXPECT_EQ(m.find("live")->find("flows")->find("exoLoss")->asNumber(), 0);
  bl_destroy(h);
}

// MPAT: the members of an aggregate pool their windows; each says which aggregate (its index in
// `aggregates`), so the page can tell them from independent flows. Aggregate 0 holds flows 0
// and 2, aggregate 1 flow 3; flow 1 is in none (null).
TEST(Manifest, AggregateMembers) {
  const int32_t h = bl_create(R"({"version":1,"duration":5,"flows":{"count":4},
    "aggregates":[{"flows":[0,2]},{"flows":[3]}]})");
  ASSERT_GT(h, 0) << bl_last_error();
  const Json m = manifestOf(h);
  const auto& f = m.find("flows")->items();
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[0].find("aggregate")->asNumber(), 0);
  EXPECT_TRUE(f[1].find("aggregate")->isNull());
  EXPECT_EQ(f[2].find("aggregate")->asNumber(), 0);
  EXPECT_EQ(f[3].find("aggregate")->asNumber(), 1);
  bl_destroy(h);
}

TEST(Manifest, BadHandle) {
  EXPECT_STREQ(bl_manifest(987654), "{}");
  EXPECT_NE(std::string(bl_last_error()).find("987654"), std::string::npos);
}

}  // namespace manifest_test
}  // namespace bl
