// A flow's options (sim/flow_options.h) are bound to the members that hold them: each key
// reaches its own member, the members' own initial values are the spec defaults bl_describe
// states, and an option reaches the sender's configuration.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/json.h"
#include "sim/flow_options.h"
#include "sim/scenario.h"

namespace bl {
namespace flow_options_test {

// A valid value other than the default: `f` of the way through the range, an option or flag
// other than the default.
double pick(const ParamSpec& s, double f) {
  switch (s.type) {
    case ParamType::Bool: return std::isnan(s.def) || s.def == 0 ? 1 : 0;
    case ParamType::Enum: return std::fmod(s.def + 1, static_cast<double>(s.options.size()));
    case ParamType::Int: return s.min + std::floor((s.max - s.min) * f);
    default: return s.min + (s.max - s.min) * f;
  }
}

void expectValue(double got, double want, const std::string& what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what << ": " << got;
    return;
  }
  EXPECT_NEAR(got, want, 1e-9 * std::max(1.0, std::fabs(want))) << what;
}

TEST(FlowOptions, EveryKeyReachesItsOwnMember) {
  const auto& t = FlowOptions::params();
  Json obj = Json::object();
  std::vector<std::pair<const BoundParam<FlowOptions>*, double>> want;
  for (size_t i = 0; i < t.all().size(); ++i) {
    const BoundParam<FlowOptions>& p = t.all()[i];
    if (!p.read) continue;  // ccParams: read whole, below
    const double v = pick(p.spec, 0.3 + 0.01 * static_cast<double>(i));
    want.push_back({&p, v});
    if (p.spec.type == ParamType::Bool)
      obj.set(p.spec.key, Json::boolean(v != 0));
    else if (p.spec.type == ParamType::Enum)
      obj.set(p.spec.key, Json::string(p.spec.options[static_cast<size_t>(v)]));
    else
      obj.set(p.spec.key, Json::number(v));
  }
  Json cc = Json::object();
  cc.set("N", Json::number(3));
  obj.set("ccParams", cc);
  EXPECT_GT(want.size(), 20u);
  FlowOptions o;
  std::string err;
  ASSERT_TRUE(readFlowOptions(&obj, "flows", o, err)) << err;
  for (const auto& [p, v] : want) expectValue(p->get(o), v, p->spec.key);
  EXPECT_EQ(o.ccParams.dump(), R"({"N":3})");
  // A few by their members, so a key bound to the wrong member shows by name.
  EXPECT_EQ(o.tcp.recovery, TcpConfig::Sack);  // the option after the default newreno
  EXPECT_EQ(o.tcp.rtoFormula, TcpConfig::Linux);
  EXPECT_FALSE(o.tcp.sackForgetOnRto);  // "keep"
  EXPECT_EQ(o.tcp.recoveryCwnd, TcpConfig::Ns2Sack1);
  for (const auto& [p, v] : want) {
    if (std::string(p->spec.key) == "minRto") { EXPECT_EQ(o.tcp.minRto, fromSeconds(v)); }
  }
  EXPECT_STREQ(o.ccName(), FlowOptions::params().find("cc")->spec.options[1]);
}

// Made without a document, a FlowOptions (and so the TcpConfig in it) already holds every spec
// default: the sender's own initial values cannot drift from what bl_describe says.
TEST(FlowOptions, MembersStartAtTheSpecDefaults) {
  const FlowOptions fresh;
  FlowOptions read;
  std::string err;
  ASSERT_TRUE(readFlowOptions(nullptr, "flows", read, err)) << err;
  for (const BoundParam<FlowOptions>& p : FlowOptions::params().all()) {
    if (!p.read) continue;
    expectValue(p.get(fresh), p.spec.def, std::string(p.spec.key) + " as constructed");
    expectValue(p.get(read), p.spec.def, std::string(p.spec.key) + " read from null");
  }
  EXPECT_TRUE(read.ccParams.isNull());
  EXPECT_EQ(&flowSpecs(), &FlowOptions::params().specs());  // describe's flows group is this table
}

TEST(FlowOptions, AnEntryOfAGraphOrOverrideHasNoCount) {
  for (const SpecList* l : {&overrideSpecs(), &graphFlowSpecs()}) {
    EXPECT_EQ(findSpec(*l, "count"), nullptr);
    EXPECT_NE(findSpec(*l, "tcp"), nullptr);
    EXPECT_NE(findSpec(*l, "tedRto"), nullptr);
  }
  EXPECT_NE(findSpec(overrideSpecs(), "flow"), nullptr);
  EXPECT_NE(findSpec(graphFlowSpecs(), "src"), nullptr);
}

}  // namespace flow_options_test
}  // namespace bl
