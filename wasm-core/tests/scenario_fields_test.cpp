// The scenario layer binds its fields as the modules do (sim/scenario.h, issue 26): each part
// of a document is one table of specs bound to members, and the live parameters are one table
// per entity (Instance::liveFlowParams, liveLinkParams). These tests walk the tables, so a field
// added to one is checked with no edit here: it is described (bl_describe, at its group), it is
// in docs/parameters.md, bl_check refuses a value outside its range at its path, and for a live
// parameter, bl_set_param refuses one and the manifest shows its value.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/params_doc.h"
#include "sim/flow_options.h"
#include "sim/instance.h"
#include "sim/scenario.h"
#include "sim/schema.h"
#include "traffic/udp_source.h"

namespace bl {
namespace scenario_fields_test {

bool listsKey(const Json* specs, const char* key) {
  if (!specs) return false;
  for (const Json& s : specs->items())
    if (s.find("key")->asString() == key) return true;
  return false;
}

const Json* groupSpecs(const Json& d, const std::string& path) {
  const Json* g = d.find("groups")->find(path);
  return g ? g->find("specs") : nullptr;
}

const Json* kindSpecs(const Json& d, const char* family, const char* kind) {
  return d.find("kinds")->find(family)->find(kind)->find("specs");
}

// The problems bl_check lists for `doc` at exactly `path`.
size_t problemsAt(const std::string& doc, const std::string& path) {
  const Json r = checkScenario(doc);
  size_t n = 0;
  for (const Json& p : r.find("problems")->items()) n += p.find("path")->asString() == path;
  return n;
}

// A value outside the spec's range: above max (a flag: 2).
Json outside(const ParamSpec& s) { return Json::number(s.type == ParamType::Bool ? 2 : s.max + 1); }

bool isNumeric(const ParamSpec& s) {
  return s.type == ParamType::Number || s.type == ParamType::Int || s.type == ParamType::Bool;
}

// Every field of table T: in describe's `specs`, in the Markdown, and refused out of range by
// bl_check at `prefix.key` in the document `wrap` makes of an object holding that one field.
template <class T>
void expectEveryField(const char* name, const Json* specs, const std::string& prefix,
                      std::string (*wrap)(const std::string& field)) {
  const std::string md = parametersMarkdown();
  for (const BoundParam<T>& p : T::params().all()) {
    if (p.hidden) continue;
    const ParamSpec& s = p.spec;
    SCOPED_TRACE(std::string(name) + "." + s.key);
    EXPECT_TRUE(listsKey(specs, s.key));
    EXPECT_NE(md.find("| `" + std::string(s.key) + "` |"), std::string::npos);
    if (!isNumeric(s)) continue;
    const std::string field = "\"" + std::string(s.key) + "\": " + outside(s).dump();
    EXPECT_EQ(problemsAt(wrap(field), prefix + s.key), 1u) << wrap(field);
  }
}

TEST(ScenarioFields, EveryBoundFieldIsDescribedDocumentedAndChecked) {
  const Json d = describeDocument();
  expectEveryField<ScenarioSettings>("scenario", groupSpecs(d, ""), "", [](const std::string& f) {
    return f.rfind("\"version\"", 0) == 0 ? "{" + f + "}" : "{\"version\": 1, " + f + "}";
  });
  expectEveryField<DumbbellFields>(
      "dumbbell", kindSpecs(d, "topology", "dumbbell"), "topology.",
      [](const std::string& f) { return "{\"version\": 1, \"topology\": {\"kind\": \"dumbbell\", " + f + "}}"; });
  expectEveryField<ChainFields>("chain", kindSpecs(d, "topology", "chain"), "topology.", [](const std::string& f) {
    return "{\"version\": 1, \"topology\": {\"kind\": \"chain\", " + f + "}}";
  });
  expectEveryField<GraphFields>("graph", kindSpecs(d, "topology", "graph"), "topology.", [](const std::string& f) {
    return "{\"version\": 1, \"topology\": {\"kind\": \"graph\", " + f + "}}";
  });
  expectEveryField<GraphLinkFields>("graph link", groupSpecs(d, "topology.links[]"), "topology.links[0].",
                                    [](const std::string& f) {
                                      return "{\"version\": 1, \"topology\": {\"kind\": \"graph\", \"nodes\": [\"a\", "
                                             "\"b\"], \"links\": [{\"from\": \"a\", \"to\": \"b\", " +
                                             f + "}], \"flows\": [{\"src\": \"a\", \"dst\": \"b\"}]}}";
                                    });
  expectEveryField<TrafficFields>("traffic", groupSpecs(d, "traffic[]"), "traffic[0].",
                                  [](const std::string& f) { return "{\"version\": 1, \"traffic\": [{" + f + "}]}"; });
  expectEveryField<FlowOptions>("flows", groupSpecs(d, "flows"), "flows.",
                                [](const std::string& f) { return "{\"version\": 1, \"flows\": {" + f + "}}"; });
}

// Every live parameter of a flow and of a link: described (bl_describe's live groups), shown by
// the manifest with its value now, refused out of range by bl_set_param at its live path, and
// taken in range (the manifest then shows the new value).
TEST(ScenarioFields, EveryLiveParameterIsDescribedShownAndSet) {
  const Json d = describeDocument();
  std::string err;
  auto in = Instance::create(
      R"({"version": 1, "duration": 2, "flows": {"count": 2}, "exoLoss": {"kind": "bernoulli"}})", err);
  ASSERT_TRUE(in) << err;
  const Json live = *in->manifest().find("live");
  for (const LiveFlowParam& p : Instance::liveFlowParams()) {
    SCOPED_TRACE(std::string("flow.") + p.spec.key);
    EXPECT_TRUE(listsKey(d.find("live")->find("flow"), p.spec.key));
    EXPECT_TRUE(live.find("flows")->find(p.spec.key));
    Problem refusal;
    EXPECT_FALSE(in->setParam("flow.1", p.spec.key, outside(p.spec).asNumber(), refusal));
    EXPECT_EQ(refusal.path, std::string("flow.1.") + p.spec.key);
    const double v = p.spec.type == ParamType::Bool ? 1 : p.spec.min + (p.spec.max - p.spec.min) / 4;
    ASSERT_TRUE(in->setParam("flow.1", p.spec.key, v, refusal)) << refusal.text();
    const Json m = in->manifest();
    const Json* now = m.find("flows")->items()[1].find("live")->find(p.spec.key);
    ASSERT_TRUE(now);
    EXPECT_EQ(now->dump(), specValueJson(p.spec, v).dump());
  }
  for (const LiveLinkParam& p : Instance::liveLinkParams()) {
    SCOPED_TRACE(std::string("link.") + p.spec.key);
    EXPECT_TRUE(listsKey(d.find("live")->find("link"), p.spec.key));
    EXPECT_TRUE(live.find("link.bottleneck")->find(p.spec.key));
    Problem refusal;
    EXPECT_FALSE(in->setParam("link.bottleneck", p.spec.key, outside(p.spec).asNumber(), refusal));
    EXPECT_EQ(refusal.path, std::string("link.bottleneck.") + p.spec.key);
    const double v = p.spec.min + (p.spec.max - p.spec.min) / 4;
    ASSERT_TRUE(in->setParam("link.bottleneck", p.spec.key, v, refusal)) << refusal.text();
    const Json m = in->manifest();
    EXPECT_EQ(m.find("live")->find("link.bottleneck")->find(p.spec.key)->dump(), Json::number(v).dump());
  }
}

}  // namespace scenario_fields_test
}  // namespace bl
