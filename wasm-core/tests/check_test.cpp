// bl_check: every problem of a scenario in one pass, each with its path, the allowed range or
// options and the default; never a simulation. It agrees with bl_create on what is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "abi_fixture.h"
#include "bl/abi.h"
#include "core/json.h"

namespace bl {
namespace {

Json check(const std::string& json) {
  Json r;
  std::string err;
  EXPECT_TRUE(Json::parse(bl_check(json.c_str()), r, err)) << err;
  return r;
}

std::vector<std::string> paths(const Json& r) {
  std::vector<std::string> out;
  for (const Json& p : r.find("problems")->items()) out.push_back(p.find("path")->asString());
  return out;
}

const Json& problemAt(const Json& r, const std::string& path) {
  for (const Json& p : r.find("problems")->items())
    if (p.find("path")->asString() == path) return p;
  static const Json none;
  ADD_FAILURE() << "no problem at " << path;
  return none;
}

TEST(Check, ListsEveryFieldProblemInOnePass) {
  const Json r = check(R"({"version": 1, "duration": -5, "seed": "x",
    "queue": {"kind": "red", "maxP": 2, "bogus": 1},
    "flows": {"cc": "multcp", "ccParams": {"N": 0}, "count": 5000},
    "flowOverrides": [{"flow": 1, "weight": 5000, "exoLoss": {"kind": "bernoulli", "rate": 2}}, 7],
    "traffic": [{"kind": "cbr", "rate": 1}],
    "aggregates": [{"flows": [0, -1], "shares": [0.001, 1]}]})");
  EXPECT_FALSE(r.find("ok")->asBool());
  const std::vector<std::string> want = {"duration",
                                         "seed",
                                         "queue.maxP",
                                         "queue.bogus",
                                         "flows.ccParams.N",
                                         "flows.count",
                                         "flowOverrides[0].weight",
                                         "flowOverrides[0].exoLoss.rate",
                                         "flowOverrides[1]",
                                         "traffic[0].rate",
                                         "aggregates[0].flows[1]",
                                         "aggregates[0].shares[0]"};
  EXPECT_EQ(paths(r), want);
}

TEST(Check, AProblemCarriesRangeValueAndDefault) {
  const Json r = check(R"({"version": 1, "queue": {"kind": "red", "maxP": 2}, "flows": {"tcp": "cubic"}})");
  const Json& maxP = problemAt(r, "queue.maxP");
  EXPECT_EQ(maxP.find("value")->asNumber(), 2);
  EXPECT_EQ(maxP.find("range")->find("min")->asNumber(), 0);
  EXPECT_EQ(maxP.find("range")->find("max")->asNumber(), 1);
  EXPECT_TRUE(maxP.find("options")->isNull());
  EXPECT_NE(maxP.find("message")->asString().find("[0, 1]"), std::string::npos);
  EXPECT_TRUE(maxP.find("default")->isNumber());
  const Json& tcp = problemAt(r, "flows.tcp");
  EXPECT_TRUE(tcp.find("range")->isNull());
  EXPECT_EQ(tcp.find("options")->dump(), R"(["reno","newreno","sack"])");
  EXPECT_EQ(tcp.find("default")->asString(), "newreno");
  EXPECT_EQ(tcp.find("value")->asString(), "cubic");
}

TEST(Check, AnUnknownKindListsTheKindsAndSkipsItsFields) {
  const Json r = check(R"({"version": 1, "queue": {"kind": "fifo", "maxP": 3},
    "topology": {"kind": "graph", "nodes": ["a", "b"], "links": [{"from": "a", "to": "b", "queue": {"kind": "x"}}],
                 "flows": [{"src": "a", "dst": "b"}]}})");
  EXPECT_EQ(paths(r), (std::vector<std::string>{"queue.kind", "topology.links[0].queue.kind"}));  // document order
  const Json& k = problemAt(r, "queue.kind");
  EXPECT_EQ(k.find("default")->asString(), "droptail");
  EXPECT_EQ(k.find("options")->items().front().asString(), "droptail");
  EXPECT_GT(k.find("options")->items().size(), 5u);
}

TEST(Check, TheWindowRulesParametersFollowTheFlowsCc) {
  // flowOverrides[0] takes flows.cc (multcp, with N); flowOverrides[1] its own (reno: none).
  const Json r = check(R"({"version": 1, "flows": {"cc": "multcp"},
    "flowOverrides": [{"flow": 0, "ccParams": {"N": 2}}, {"flow": 1, "cc": "aimd", "ccParams": {"N": 2}}]})");
  EXPECT_EQ(paths(r), (std::vector<std::string>{"flowOverrides[1].ccParams.N"}));
}

TEST(Check, GroupsOfAnotherTopologyAreNotEntered) {
  // topology.rates belongs to a chain; a dumbbell refuses the key itself, once.
  const Json r = check(R"({"version": 1, "topology": {"rates": [1, 2, 3]}})");
  EXPECT_EQ(paths(r), (std::vector<std::string>{"topology.rates"}));
}

TEST(Check, RulesBetweenFieldsComeWhenEveryFieldIsFine) {
  Json r = check(R"({"version": 1, "duration": 10, "measureFrom": 20})");
  EXPECT_EQ(paths(r), (std::vector<std::string>{"measureFrom"}));
  EXPECT_NE(r.find("problems")->items()[0].find("message")->asString().find("below duration"), std::string::npos);
  r = check(R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a", "b", "c"],
    "links": [{"name": "ab", "from": "a", "to": "b"}], "flows": [{"src": "a", "dst": "c"}]}})");
  EXPECT_EQ(paths(r), (std::vector<std::string>{"topology.flows[0]"}));
}

TEST(Check, TheDocumentItself) {
  EXPECT_EQ(paths(check("{")), (std::vector<std::string>{""}));
  EXPECT_EQ(paths(check("[1]")), (std::vector<std::string>{""}));
  EXPECT_EQ(paths(check(R"({"duration": 10})")), (std::vector<std::string>{"version"}));
  Json r;
  std::string err;
  ASSERT_TRUE(Json::parse(bl_check(nullptr), r, err));
  EXPECT_FALSE(r.find("ok")->asBool());
}

// Whatever bl_create refuses, bl_check refuses, and the other way round.
TEST(Check, AgreesWithCreate) {
  std::vector<std::string> docs = {
      R"({"version": 1})",
      R"({"version": 1, "duration": -5})",
      R"({"version": 1, "duraton": 5})",
      R"({"version": 1, "queue": {"kind": "red", "minTh": 100, "maxTh": 50}})",
      R"({"version": 1, "flows": {"count": 5000}})",
      R"({"version": 1, "flowOverrides": [{"flow": 25}]})",
      R"({"version": 1, "flowOverrides": [{"flow": 2, "count": 3}]})",
      R"({"version": 1, "topology": {"kind": "ring"}})",
      R"({"version": 1, "topology": {"kind": "chain", "rates": [1e6, 2e6]}})",
      R"({"version": 1, "topology": {"kind": "chain", "rates": [1e6, 2e6, 1]}})",
      R"({"version": 1, "topology": {"kind": "chain"}, "flows": {"count": 3}})",
      R"({"version": 1, "aggregates": [{"flows": [0, 0]}]})",
      R"({"version": 1, "aggregates": [{"flows": [0, 1], "shares": [1]}]})",
      R"({"version": 1, "aggregates": [{"flows": [0, 1], "extra": 1}]})",
      R"({"version": 1, "traffic": [{"from": "nowhere"}]})",
      R"({"version": 1, "exoLoss": {"kind": "gilbert", "pGood": 2}})",
      R"({"version": 1, "topology": {"kind": "graph"}})",
      R"({"version": 1, "duration": 3600, "samplePeriod": 0.001})",
  };
  const std::string dir = std::string(BL_SOURCE_DIR) + "/public/presets";
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    docs.push_back(ss.str());
  }
  for (const std::string& d : docs) {
    const bool created = createError(d).empty();
    EXPECT_EQ(check(d).find("ok")->asBool(), created) << d.substr(0, 200) << "\n" << bl_check(d.c_str());
  }
}

}  // namespace
}  // namespace bl
