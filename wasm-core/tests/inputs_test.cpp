// Scenario inputs reach the model: every topology kind either applies a field (the summary
// changes) or refuses it with an error naming it; goodput counts payload; the dumbbell's
// sameAccessDelay; where an exogenous loss model acts on its link.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/json.h"
#include "net/link.h"
#include "sim/instance.h"

namespace bl {
namespace inputs_test {

struct Outcome {
  std::string error;  // empty: ran
  std::string summary;
};

Outcome run(const std::string& json) {
  std::string err;
  auto in = Instance::create(json, err);
  if (!in) return {err, ""};
  while (in->runUntil(1e9, 0) != 2) {}
  Json s = in->summary();
  s.set("wallSeconds", Json::number(0));
  return {"", s.dump()};
}

// One small scenario per topology kind (4 flows each), with `extra` members added at the top.
std::string scenario(const std::string& kind, const std::string& extra) {
  std::string topo;
  if (kind == "dumbbell") {
    topo = R"({"kind": "dumbbell", "bottleneckRate": 4e6})";
  } else if (kind == "chain") {
    topo = R"({"kind": "chain", "rates": [4e6, 6e6, 6e6], "overlayFlows": 1, "crossFlows": 1})";
  } else {
    topo = R"({"kind": "graph", "nodes": ["a", "b", "c"],
      "links": [{"name": "ab", "from": "a", "to": "b", "rate": 4e6, "delay": 0.005},
                {"name": "bc", "from": "b", "to": "c", "rate": 4e6, "delay": 0.005}],
      "flows": [{"src": "a", "dst": "c"}, {"src": "a", "dst": "c"}, {"src": "b", "dst": "c"}, {"src": "a", "dst": "b"}]})";
  }
  std::string flows = kind == "dumbbell" ? R"("flows": {"count": 4})" : R"("flows": {"tcp": "newreno"})";
  return R"({"version": 1, "seed": 2, "duration": 6, "samplePeriod": 0.5, "topology": )" + topo + ", " + flows +
         (extra.empty() ? "" : ", " + extra) + "}";
}

// Each field, set to a value that must matter: the run differs from the base run, or the
// scenario is refused with an error that names the field.
TEST(Inputs, NoTopologyKindIgnoresAField) {
  struct Field {
    std::string name;   // what the error must mention if refused
    std::string extra;  // top-level members
  };
  const std::vector<Field> fields = {
      {"exoLoss", R"("exoLoss": {"kind": "bernoulli", "rate": 0.05})"},
      {"exoLoss", R"("exoLoss": {"kind": "bernoulli", "rate": 0.05, "position": "beforeQueue"})"},
      {"queue", R"("queue": {"kind": "red", "buffer": 30, "minTh": 2, "maxTh": 10})"},
      {"flowOverrides[0]", R"("flowOverrides": [{"flow": 0, "initialCwnd": 20, "minRto": 1, "weight": 3}])"},
      {"flowOverrides[0].exoLoss", R"("flowOverrides": [{"flow": 0, "exoLoss": {"kind": "bernoulli", "rate": 0.2}}])"},
      {"headerSize", R"("headerSize": 100)"},
  };
  for (const std::string kind : {"dumbbell", "chain", "graph"}) {
    const Outcome base = run(scenario(kind, ""));
    ASSERT_EQ(base.error, "") << kind;
    for (const Field& f : fields) {
      SCOPED_TRACE(kind + " with " + f.extra);
      const Outcome o = run(scenario(kind, f.extra));
      if (o.error.empty()) {
        EXPECT_NE(o.summary, base.summary) << "accepted but changed nothing";
      } else {
        EXPECT_EQ(o.error.rfind(f.name, 0), 0u) << "refused without naming " << f.name << ": " << o.error;
      }
    }
    // Always refused: a flow index out of range, and (chain, graph) a flow count of their own.
    Outcome o = run(scenario(kind, R"("flowOverrides": [{"flow": 4, "weight": 2}])"));
    EXPECT_EQ(o.error.rfind("flowOverrides[0].flow", 0), 0u) << kind << ": " << o.error;
    if (kind != "dumbbell") {
      std::string j = scenario(kind, "");
      const std::string from = R"("flows": {"tcp": "newreno"})";
      j.replace(j.find(from), from.size(), R"("flows": {"tcp": "newreno", "count": 2})");
      o = run(j);
      EXPECT_EQ(o.error.rfind("flows.count", 0), 0u) << kind << ": " << o.error;
    }
  }
}

// One flow held by rwnd 20 on a 10 Mb/s link with a 10 ms propagation RTT (12.5 packets in
// flight fill the pipe): the link is busy all the time, never drops, and every 1000-byte
// packet carries 1000 - headerSize bytes of payload, so goodputUtilization = 0.96 with the
// default 40-byte header, 1 with none. Throughput (Jain's default) counts whole packets.
TEST(Summary, GoodputUtilizationCountsPayload) {
  for (int header : {40, 0, 200}) {
    const std::string j = R"({"version": 1, "duration": 20, "measureFrom": 5, "headerSize": )" +
                          std::to_string(header) +
                          R"(, "topology": {"bottleneckRate": 10e6, "bottleneckDelay": 0.001, "accessDelayMin": 0.002,
        "accessDelayMax": 0.002}, "flows": {"count": 1, "rwnd": 20, "startSpread": 0}})";
    std::string err;
    auto in = Instance::create(j, err);
    ASSERT_TRUE(in) << err;
    while (in->runUntil(1e9, 0) != 2) {}
    const Json s = in->summary();
    EXPECT_NEAR(s.find("utilization")->asNumber(), 1.0, 1e-3);
    EXPECT_NEAR(s.find("goodputUtilization")->asNumber(), (1000.0 - header) / 1000, 2e-3) << header;
    const Json& f = s.find("flows")->items()[0];
    EXPECT_EQ(f.find("retransmits")->asNumber(), 0);
    EXPECT_NEAR(f.find("goodputBps")->asNumber() / f.find("throughputBps")->asNumber(), (1000.0 - header) / 1000, 2e-3);
    EXPECT_EQ(s.find("jainGoodput")->asNumber(), 1);
  }
  EXPECT_NE(run(R"({"version": 1, "packetSize": 500, "headerSize": 500})").error.find("headerSize"), std::string::npos);
}

// sameAccessDelay: each flow's sender and receiver access links share one draw; off, they
// differ (independent uniform draws in [1, 4] ms).
TEST(Dumbbell, SameAccessDelayUsesOneDrawPerFlow) {
  for (bool same : {true, false}) {
    std::string err;
    auto in = Instance::create(
        std::string(R"({"version": 1, "duration": 1, "flows": {"count": 5}, "topology": {"sameAccessDelay": )") +
            (same ? "true" : "false") + "}}",
        err);
    ASSERT_TRUE(in) << err;
    for (int i = 0; i < 5; ++i) {
      const SimTime ds = in->net().link("src." + std::to_string(i))->delay();
      const SimTime dr = in->net().link("dst." + std::to_string(i))->delay();
      EXPECT_GE(ds, kMillisecond);
      EXPECT_LE(ds, 4 * kMillisecond);
      if (same)
        EXPECT_EQ(ds, dr) << i;
      else
        EXPECT_NE(ds, dr) << i;
    }
  }
}

}  // namespace inputs_test
}  // namespace bl
