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
namespace check_test {

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
  // The flow without a route is left out, so the work budget waits for it (the "" problem).
  EXPECT_EQ(paths(r), (std::vector<std::string>{"topology.flows[0]", ""}));
}

TEST(Check, ListsEveryRuleBetweenFieldsInOnePass) {
  // Each field is fine on its own; five rules between fields fail, all listed, in build order.
  const Json r = check(R"({"version": 1, "duration": 10, "measureFrom": 20, "packetSize": 100, "headerSize": 100,
    "topology": {"accessDelayMin": 0.01, "accessDelayMax": 0.002},
    "flows": {"count": 3, "recoveryCwnd": "ns2"},
    "flowOverrides": [{"flow": 7}]})");
  EXPECT_FALSE(r.find("ok")->asBool());
  EXPECT_EQ(paths(r), (std::vector<std::string>{"measureFrom", "headerSize", "topology.accessDelayMin",
                                                "flowOverrides[0].flow", "flows.recoveryCwnd"}));
  // Each with the range the rule allows, where it has one.
  const Json& mf = problemAt(r, "measureFrom");
  EXPECT_EQ(mf.find("range")->find("min")->asNumber(), 0);
  EXPECT_EQ(mf.find("range")->find("max")->asNumber(), 10);
  EXPECT_EQ(mf.find("range")->find("unit")->asString(), "s");
  const Json& hs = problemAt(r, "headerSize");
  EXPECT_EQ(hs.find("range")->find("max")->asNumber(), 99);
  EXPECT_TRUE(hs.find("range")->find("integer")->asBool());
  EXPECT_EQ(problemAt(r, "topology.accessDelayMin").find("range")->find("max")->asNumber(), 0.002);
  const Json& fl = problemAt(r, "flowOverrides[0].flow");
  EXPECT_EQ(fl.find("range")->find("max")->asNumber(), 2);
  EXPECT_NE(fl.find("message")->asString().find("[0, 2]"), std::string::npos);
  // A rule with no range says so; one broken by every flow of the defaults is listed once.
  EXPECT_TRUE(problemAt(r, "flows.recoveryCwnd").find("range")->isNull());
  // bl_create refuses with the first of them.
  EXPECT_EQ(createError(R"({"version": 1, "duration": 10, "measureFrom": 20, "packetSize": 100, "headerSize": 100,
    "topology": {"accessDelayMin": 0.01, "accessDelayMax": 0.002}})"),
            "measureFrom: 20 must be below duration (10)");
}

TEST(Check, ListsEveryBrokenFlowLinkAndAggregateOfAGraph) {
  const Json r = check(R"({"version": 1, "queue": {"kind": "red"},
    "topology": {"kind": "graph", "nodes": ["a", "b", "c", "d"],
      "links": [{"name": "ab", "from": "a", "to": "b"}, {"name": "ab", "from": "b", "to": "z"},
                {"name": "cd", "from": "c", "to": "d", "queue": {"kind": "red", "minTh": 90, "maxTh": 30}}],
      "flows": [{"src": "a", "dst": "c"}, {"src": "a", "dst": "b"}, {"src": "x", "dst": "a"}, {"src": "d", "dst": "b"}]},
    "traffic": [{"from": "a", "to": "q"}]})");
  EXPECT_EQ(paths(r),
            (std::vector<std::string>{"topology.links[1].name", "topology.links[1].to", "topology.links[2].queue",
                                      "queue", "topology.flows[0]", "topology.flows[2].src", "topology.flows[3]",
                                      "traffic[0].to", ""}));  // the work budget, not estimated without them
  // The aggregates name flows by index: with every flow built, each broken one is listed.
  const Json a = check(R"({"version": 1, "flows": {"count": 3},
    "aggregates": [{"flows": [0, 1], "shares": [1]}, {"flows": [1, 5]}, {"flows": [2], "shares": [1]}]})");
  EXPECT_EQ(paths(a),
            (std::vector<std::string>{"aggregates[0].shares", "aggregates[1].flows[0]", "aggregates[1].flows[1]"}));
  EXPECT_EQ(problemAt(a, "aggregates[0].shares").find("range")->find("min")->asNumber(), 2);
  EXPECT_EQ(problemAt(a, "aggregates[1].flows[1]").find("range")->find("max")->asNumber(), 2);
}

// A graph's flow entry has no count (each entry is one flow): bl_create refuses it as bl_check
// does, with the same message, rather than dropping it.
TEST(Check, AGraphFlowsCountIsRefusedByCreateAsByCheck) {
  const std::string doc = R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a", "b"],
    "links": [{"from": "a", "to": "b"}], "flows": [{"src": "a", "dst": "b", "count": 3}]}})";
  const Json r = check(doc);
  ASSERT_EQ(paths(r), (std::vector<std::string>{"topology.flows[0].count"}));
  const Json& p = r.find("problems")->items()[0];
  EXPECT_EQ(createError(doc), "topology.flows[0].count: " + p.find("message")->asString());
  EXPECT_NE(p.find("message")->asString().find("unknown key"), std::string::npos);
}

// topology.trace is the dumbbell's bottleneck's: a chain's or a graph's topology.trace is
// refused by bl_check and bl_create with the same message, which names the kind that takes it.
TEST(Check, ATraceOnAChainOrGraphIsRefusedNamingTheDumbbell) {
  for (const std::string& doc :
       {std::string(R"({"version": 1, "topology": {"kind": "chain", "trace": "lte-driving"}})"),
        std::string(R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a", "b"],
    "links": [{"from": "a", "to": "b"}], "flows": [{"src": "a", "dst": "b"}], "traceUp": "umts-driving"}})")}) {
    const Json r = check(doc);
    ASSERT_EQ(r.find("problems")->items().size(), 1u) << doc;
    const Json& p = r.find("problems")->items()[0];
    const std::string path = p.find("path")->asString();
    EXPECT_TRUE(path == "topology.trace" || path == "topology.traceUp") << path;
    EXPECT_NE(p.find("message")->asString().find("(a key of kind \"dumbbell\" only)"), std::string::npos);
    EXPECT_EQ(createError(doc), path + ": " + p.find("message")->asString());
  }
}

// `j` with "bogusKey": 1 in the object at `steps` (member names and array indices).
Json withBogusKey(const Json& j, const std::vector<std::string>& steps, size_t at = 0) {
  if (at == steps.size()) {
    Json o = j;
    o.set("bogusKey", Json::number(1));
    return o;
  }
  if (j.isArray()) {
    Json a = Json::array();
    for (size_t i = 0; i < j.items().size(); ++i)
      a.push(std::to_string(i) == steps[at] ? withBogusKey(j.items()[i], steps, at + 1) : j.items()[i]);
    return a;
  }
  Json o = Json::object();
  for (const auto& [k, v] : j.members()) o.set(k, k == steps[at] ? withBogusKey(v, steps, at + 1) : v);
  return o;
}

// Every object of `j`: its steps and its scenario path.
void objectsOf(const Json& j, std::vector<std::string> steps, const std::string& path,
               std::vector<std::pair<std::vector<std::string>, std::string>>& out) {
  if (j.isObject()) {
    out.push_back({steps, path});
    for (const auto& [k, v] : j.members()) {
      std::vector<std::string> s = steps;
      s.push_back(k);
      objectsOf(v, s, path.empty() ? k : path + "." + k, out);
    }
  } else if (j.isArray()) {
    for (size_t i = 0; i < j.items().size(); ++i) {
      std::vector<std::string> s = steps;
      s.push_back(std::to_string(i));
      objectsOf(j.items()[i], s, path + "[" + std::to_string(i) + "]", out);
    }
  }
}

// An unknown key anywhere in a scenario is refused by bl_create and bl_check alike, each
// naming it with the same message: nothing is silently ignored.
TEST(Check, AnUnknownKeyAnywhereIsRefusedByCreateAndCheckAlike) {
  const std::vector<std::string> bases = {
      R"({"version": 1, "duration": 1, "topology": {"kind": "dumbbell"}, "queue": {"kind": "red"},
        "exoLoss": {"kind": "bernoulli", "rate": 0.01},
        "flows": {"count": 2, "cc": "multcp", "ccParams": {"N": 2}},
        "flowOverrides": [{"flow": 1, "weight": 2, "exoLoss": {"kind": "gilbert"}, "ccParams": {"N": 3}}],
        "traffic": [{"kind": "cbr", "rate": 1e6}], "aggregates": [{"flows": [0, 1], "shares": [1, 2]}]})",
      R"({"version": 1, "duration": 1, "queue": {"kind": "pie"},
        "topology": {"kind": "chain", "overlayFlows": 1, "crossFlows": 1, "underlayQueue": {"kind": "red"}},
        "flowOverrides": [{"flow": 3, "exoLoss": {"kind": "bernoulli"}}]})",
      R"({"version": 1, "duration": 1, "flows": {"cc": "multcp"},
        "topology": {"kind": "graph", "nodes": ["a", "b"],
          "links": [{"name": "ab", "from": "a", "to": "b", "queue": {"kind": "codel"}, "loss": {"kind": "bernoulli"}}],
          "flows": [{"src": "a", "dst": "b", "ccParams": {"N": 2}}, {"src": "b", "dst": "a"}]},
        "flowOverrides": [{"flow": 1, "ccParams": {"N": 4}}], "traffic": [{"from": "a", "to": "b"}]})",
      // A graph flow with its own cc, overridden with ccParams but no cc: the parameters are
      // that flow's cc's (multcp's N), not flows.cc's (the default, which has no N).
      R"({"version": 1, "duration": 1,
        "topology": {"kind": "graph", "nodes": ["a", "b"], "links": [{"name": "ab", "from": "a", "to": "b"}],
          "flows": [{"src": "a", "dst": "b", "cc": "multcp"}, {"src": "b", "dst": "a"}]},
        "flowOverrides": [{"flow": 0, "ccParams": {"N": 3}}]})",
  };
  size_t tried = 0;
  for (const std::string& text : bases) {
    Json base;
    std::string err;
    ASSERT_TRUE(Json::parse(text, base, err)) << err;
    ASSERT_EQ(createError(text), "") << text;
    ASSERT_TRUE(check(text).find("ok")->asBool()) << text;
    std::vector<std::pair<std::vector<std::string>, std::string>> objects;
    objectsOf(base, {}, "", objects);
    for (const auto& [steps, path] : objects) {
      const std::string doc = withBogusKey(base, steps).dump();
      const std::string where = path.empty() ? "bogusKey" : path + ".bogusKey";
      const Json r = check(doc);
      ASSERT_EQ(paths(r), std::vector<std::string>{where}) << doc;
      EXPECT_EQ(createError(doc), where + ": " + r.find("problems")->items()[0].find("message")->asString()) << doc;
      ++tried;
    }
  }
  EXPECT_GE(tried, 30u);  // every object of the four documents
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
      R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a", "b"], "links": [{"from": "a", "to": "b"}],
        "flows": [{"src": "a", "dst": "b", "count": 4}]}})",
      R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a", "b"], "links": [{"from": "a", "to": "b"}],
        "flows": [{"src": "a", "dst": "b", "cc": "multcp", "ccParams": {"N": 2, "x": 1}}]}})",
      R"({"version": 1, "flows": {"count": 2}, "flowOverrides": [{"flow": 1, "bogus": true}]})",
      R"({"version": 1, "duration": 10, "measureFrom": 10, "topology": {"accessDelayMin": 1, "accessDelayMax": 0}})",
      R"({"version": 1, "flows": {"tcp": "reno", "recoveryCwnd": "ns2"}})",
      R"({"version": 1, "flows": {"count": 2}, "aggregates": [{"flows": [0, 1], "shares": [1, 2, 3]}]})",
      // ccParams an override replaces for every flow are still the scenario's, and checked.
      R"({"version": 1, "flows": {"count": 1, "cc": "multcp", "ccParams": {"bogus": 1}},
        "flowOverrides": [{"flow": 0, "ccParams": {"N": 2}}]})",
      R"({"version": 1, "flows": {"cc": "multcp"}, "topology": {"kind": "graph", "nodes": ["a", "b"],
        "links": [{"from": "a", "to": "b"}], "flows": [{"src": "a", "dst": "b", "ccParams": {"N": 0.5}}]},
        "flowOverrides": [{"flow": 0, "ccParams": {"N": 2}}]})",
      // An override's ccParams go with the cc of the graph flow it overrides, in range or not.
      R"({"version": 1, "topology": {"kind": "graph", "nodes": ["a", "b"], "links": [{"from": "a", "to": "b"}],
        "flows": [{"src": "a", "dst": "b", "cc": "multcp"}]}, "flowOverrides": [{"flow": 0, "ccParams": {"N": 0}}]})",
      R"({"version": 1, "flows": {"cc": "multcp"}, "topology": {"kind": "graph", "nodes": ["a", "b"],
        "links": [{"from": "a", "to": "b"}], "flows": [{"src": "a", "dst": "b", "cc": "aimd"}]},
        "flowOverrides": [{"flow": 0, "ccParams": {"N": 2}}]})",
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

// The work budget is listed with the other rules in one pass; where a flow could not be built
// the list says the budget was not estimated (code "unchecked"), instead of nothing.
TEST(Check, TheWorkBudgetIsListedWithTheOtherRules) {
  // 3600 s of a 100 Gb/s source over one link: far past any budget; headerSize breaks a rule too.
  const std::string huge =
      R"({"version": 1, "duration": 3600, "headerSize": 1000, "samplePeriod": 1, "topology": {"kind": "graph",
        "nodes": ["a", "b"], "links": [{"from": "a", "to": "b", "rate": 1e11, "delay": 0}],
        "flows": [{"src": "a", "dst": "b"}FLOW]}, "traffic": [{"kind": "cbr", "rate": 1e11, "from": "a", "to": "b"}]})";
  auto with = [&](const std::string& flow) {
    std::string d = huge;
    d.replace(d.find("FLOW"), 4, flow);
    return d;
  };
  const Json r = check(with(""));
  EXPECT_EQ(paths(r), (std::vector<std::string>{"headerSize", "duration"}));
  EXPECT_EQ(problemAt(r, "duration").find("code")->asString(), "budget");
  EXPECT_NE(problemAt(r, "duration").find("message")->asString().find("work budget"), std::string::npos);
  EXPECT_EQ(problemAt(r, "headerSize").find("code")->asString(), "rule");
  EXPECT_EQ(createError(with("")).rfind("headerSize: ", 0), 0u) << createError(with(""));  // the first, as before
  // A flow that cannot be built leaves the estimate without a meaning: said, at no field.
  const Json u = check(with(R"(, {"src": "a", "dst": "nowhere"})"));
  EXPECT_EQ(paths(u), (std::vector<std::string>{"headerSize", "topology.flows[1].dst", ""}));
  EXPECT_EQ(problemAt(u, "").find("code")->asString(), "unchecked");
  EXPECT_EQ(problemAt(u, "topology.flows[1].dst").find("code")->asString(), "rule");
  // Field problems carry their code too.
  EXPECT_EQ(problemAt(check(R"({"version": 1, "duration": -1})"), "duration").find("code")->asString(), "field");
}

}  // namespace check_test
}  // namespace bl
