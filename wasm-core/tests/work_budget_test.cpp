// The work budget (issue 16; docs/scenario.md, "Guard rails"): a run's events are estimated
// at create and a scenario asking for more than the budget is refused with a message naming
// the fields. The estimate must be honest (close above what a run processes) and the limit
// exact (accepted at it, refused just past it).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "abi_fixture.h"
#include "sim/instance.h"
#include "sim/scenario.h"
#include "sim/work_budget.h"

namespace bl {
namespace work_budget_test {

std::unique_ptr<Instance> make(const std::string& json) {
  std::string err;
  auto in = Instance::create(json, err);
  EXPECT_TRUE(in) << err;
  return in;
}

WorkEstimate estimateOf(const std::string& json, double duration, double packetSize = 1000) {
  auto in = make(json);
  return in ? estimateWork(in->net(), duration, packetSize) : WorkEstimate{};
}

// One CBR source from a to b over one 100 Gb/s link for `duration` s (1000-byte packets):
// 12.5 M packets a second, each one send and one arrival, so 25 M events a second. The TCP
// flow the graph needs starts when the run ends and adds nothing.
std::string cbr(const std::string& duration) {
  return R"({"version":1,"duration":)" + duration + R"(,"samplePeriod":1,"topology":{"kind":"graph",)" +
         R"("nodes":["a","b"],"links":[{"from":"a","to":"b","rate":1e11,"delay":0}],)" +
         R"("flows":[{"src":"a","dst":"b","start":)" + duration + R"(}]},)" +
         R"("traffic":[{"kind":"cbr","rate":1e11,"from":"a","to":"b"}]})";
}

TEST(WorkBudget, LimitsAreDocumentedValues) {
  EXPECT_EQ(kMaxWorkBrowser, 1e9);
  EXPECT_EQ(kMaxWorkNative, 2e10);
  EXPECT_LT(kMaxWorkBrowser, kMaxWorkNative);
  EXPECT_EQ(kMaxWork, kMaxWorkNative);  // this build is native; the WASM build uses the browser's
}

// At the limit and just past it, through bl_create (the command line's limit) and through the
// check with the browser's limit (the WASM build applies it; wasm-core/node/hostile.test.mjs).
TEST(WorkBudget, AcceptedAtTheLimitRefusedJustPast) {
  EXPECT_EQ(estimateOf(cbr("800"), 800).events, kMaxWorkNative);
  EXPECT_EQ(createError(cbr("800")), "");
  const std::string err = createError(cbr("800.001"));
  EXPECT_NE(err.find("duration: 800.001 s at these rates is about 20 billion events of work"), std::string::npos)
      << err;
  EXPECT_NE(err.find("most from traffic[0]"), std::string::npos) << err;
  EXPECT_NE(err.find("the work budget is 20 billion events (browser 1 billion, command line 20 billion)"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("shorten duration to at most 800 s"), std::string::npos) << err;

  std::string e;
  EXPECT_TRUE(withinWorkBudget(estimateOf(cbr("40"), 40), 40, kMaxWorkBrowser, e)) << e;
  EXPECT_FALSE(withinWorkBudget(estimateOf(cbr("40.001"), 40.001), 40.001, kMaxWorkBrowser, e));
  EXPECT_NE(e.find("the work budget is 1 billion events"), std::string::npos) << e;
  EXPECT_NE(e.find("shorten duration to at most 40 s"), std::string::npos) << e;
}

// The attack run's examples: 1,000 CBR sources at 100 Gb/s for an hour (about 43 days) and
// 2,000 TCP flows through a 100 Gb/s dumbbell for an hour.
TEST(WorkBudget, DaysOfWorkAreRefusedUpFront) {
  std::string s = R"({"version":1,"duration":3600,"samplePeriod":1,"traffic":[)";
  for (int i = 0; i < 1000; ++i) s += (i ? "," : "") + std::string(R"({"kind":"cbr","rate":1e11})");
  std::string err = createError(s + "]}");
  EXPECT_NE(err.find("duration: 3600 s at these rates"), std::string::npos) << err;
  EXPECT_NE(err.find("most from traffic["), std::string::npos) << err;
  err = createError(R"({"version":1,"duration":3600,"samplePeriod":1,"flows":{"count":2000},)"
                    R"("topology":{"bottleneckRate":1e11,"accessRate":1e11}})");
  EXPECT_NE(err.find("duration: 3600 s"), std::string::npos) << err;
  EXPECT_NE(err.find("TCP flows 270 billion"), std::string::npos) << err;  // 12.5 M packets/s x 6 hops x 3600 s
  EXPECT_NE(err.find("most from flows)"), std::string::npos) << err;
}

// Max-min fair shares: flow 0 crosses a (10 Mb/s) then b (100 Mb/s); flow 1 crosses b only.
// Flow 0 is held to 10 Mb/s by a, flow 1 takes the remaining 90 Mb/s of b, not half of it.
TEST(WorkBudget, TcpFlowsGetTheirMaxMinShare) {
  const WorkEstimate w = estimateOf(
      R"({"version":1,"duration":10,"flows":{"startSpread":0},"topology":{"kind":"graph","nodes":["x","y","z"],)"
      R"("links":[{"name":"a","from":"x","to":"y","rate":1e7,"delay":0.01},{"name":"b","from":"y","to":"z","rate":1e8,"delay":0.01}],)"
      R"("flows":[{"src":"x","dst":"z","start":0},{"src":"y","dst":"z","start":0}]}})",
      10);
  // packets/s x (data hops + ACK hops) x 10 s
  EXPECT_NEAR(w.tcpEvents, (1250.0 * 4 + 11250.0 * 2) * 10, 1e-6);
  EXPECT_EQ(w.trafficEvents, 0);

  // Two levels: flows 0 (x->z) and 1 (x->y) halve a (625 packets/s each); flow 2 (y->z) then
  // takes what flow 0 leaves of b (2500 - 625), not half of b.
  const WorkEstimate w2 = estimateOf(
      R"({"version":1,"duration":10,"flows":{"startSpread":0},"topology":{"kind":"graph","nodes":["x","y","z"],)"
      R"("links":[{"name":"a","from":"x","to":"y","rate":1e7,"delay":0.01},{"name":"b","from":"y","to":"z","rate":2e7,"delay":0.01}],)"
      R"("flows":[{"src":"x","dst":"z","start":0},{"src":"x","dst":"y","start":0},{"src":"y","dst":"z","start":0}]}})",
      10);
  EXPECT_NEAR(w2.tcpEvents, (625.0 * 4 + 625.0 * 2 + 1875.0 * 2) * 10, 1e-6);
}

// Found by the fuzzer: an MPAT aggregate puts a tap (not a link) in front of its flows' routes,
// and the estimate read it as a link. Taps add no events: the estimate is the same as without
// the aggregate.
TEST(WorkBudget, AggregateTapsAreNotLinks) {
  const std::string base = R"({"version":1,"duration":60,"flows":{"count":6,"cc":"aimd"})";
  const WorkEstimate with = estimateOf(base + R"(,"aggregates":[{"flows":[0,1,2]}]})", 60);
  const WorkEstimate without = estimateOf(base + "}", 60);
  EXPECT_GT(without.events, 0);
  EXPECT_EQ(with.events, without.events);
}

// A flow with a small receiver window is held to rwnd packets per round trip.
TEST(WorkBudget, TcpFlowsAreHeldToRwndPerRoundTrip) {
  const WorkEstimate w = estimateOf(
      R"({"version":1,"duration":10,"flows":{"startSpread":0},"topology":{"kind":"graph","nodes":["x","y"],)"
      R"("links":[{"from":"x","to":"y","rate":1e9,"delay":0.05}],"flows":[{"src":"x","dst":"y","start":0,"rwnd":10}]}})",
      10);
  const double rtt = 0.1 + 8000 / 1e9 + 320 / 1e9;  // propagation, one data and one ACK serialisation
  EXPECT_NEAR(w.tcpEvents, 10 / rtt * 2 * 10, 1e-6);
}

// Honest: on saturated scenarios the estimate is at or above what the run processes, and
// within 2x of it (one event per packet per hop; the core saves some with early arrivals).
TEST(WorkBudget, EstimateIsCloseAboveTheEventsProcessed) {
  for (const std::string& json : {
           std::string(
               R"({"version":1,"seed":3,"duration":20,"flows":{"count":10},"topology":{"bottleneckRate":2e7}})"),
           std::string(R"({"version":1,"seed":3,"duration":20,"flows":{"count":1},"topology":{"bottleneckRate":1e7},)"
                       R"("traffic":[{"kind":"cbr","rate":4e6},{"kind":"onoff","rate":4e6,"onMean":1,"offMean":1}]})"),
           std::string(R"({"version":1,"seed":3,"duration":20,"topology":{"kind":"chain"}})"),
       }) {
    auto in = make(json);
    ASSERT_TRUE(in);
    const double estimate = estimateWork(in->net(), 20, 1000).events;
    while (in->runUntil(INFINITY, 0) != 2) {}
    const double processed = static_cast<double>(in->sim().sched().processed());
    EXPECT_GE(estimate, processed) << json;
    EXPECT_LE(estimate, 2 * processed) << json;
  }
}

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Every preset fits the browser's budget, and every benchmark scenario too (bench runs them in
// WASM under Node). Lessons start from presets and lower rates or durations, and their steps
// run through the native CLI in web/src/lessons/lessonFiles.test.ts.
TEST(WorkBudget, PresetsAndBenchmarksFitTheBrowser) {
  int n = 0;
  for (const char* dir : {"/public/presets", "/wasm-core/bench"})
    for (const auto& f : std::filesystem::directory_iterator(std::string(BL_SOURCE_DIR) + dir)) {
      if (f.path().extension() != ".json") continue;
      const std::string json = readFile(f.path());
      auto in = make(json);
      ASSERT_TRUE(in) << f.path();
      Json doc;
      std::string err;
      ASSERT_TRUE(Json::parse(json, doc, err));
      const double duration = doc.find("duration") ? doc.find("duration")->asNumber() : 60;
      const double ps = doc.find("packetSize") ? doc.find("packetSize")->asNumber() : 1000;
      const WorkEstimate w = estimateWork(in->net(), duration, ps);
      EXPECT_LE(w.events, kMaxWorkBrowser) << f.path();
      ++n;
    }
  EXPECT_GT(n, 40);
}

}  // namespace work_budget_test
}  // namespace bl
