// Hostile input, third round (issue 28): a scenario the check accepted that trapped WASM, a check
// that took gigabytes, times that overflow, holes in the work budget, live changes past the end.
// Each test is a regression test for one finding; see docs/scenario.md "Guard rails".
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "abi_fixture.h"
#include "bl/abi.h"
#include "core/json.h"
#include "core/limits.h"
#include "sim/instance.h"
#include "sim/scenario.h"
#include "sim/work_budget.h"

namespace bl {
namespace hostile3_test {

Json checkOf(const std::string& json) {
  Json r;
  std::string err;
  EXPECT_TRUE(Json::parse(bl_check(json.c_str()), r, err)) << err;
  return r;
}

// The issue's scenario: 2,000 flows sampled every millisecond for 2,000 s. Columns: t, 9 a flow
// (18,000), 10 for the one traced link (the bottleneck's 9 queue columns and its util), jain and
// wjain: 18,013. 2,000,000 rows x 18,013 = 36,026,000,000 numbers, 90 times the 4e8 limit; the
// period that fits is 2000 x 18013 / 4e8 = 0.0900650 s, 0.0901 rounded up to 3 digits.
TEST(Issue28, ASeriesOfTooManyNumbersIsRefusedNamingSamplePeriod) {
  const std::string s = R"({"version":1,"duration":2000,"samplePeriod":0.001,)"
                        R"("flows":{"count":2000,"start":1999,"startSpread":0}})";
  const std::string err = createError(s);
  EXPECT_NE(err.find("samplePeriod: 0.001 s over 2000 s gives 2000000 sample rows of 18013 columns (2000 flows), "
                     "36026000000 numbers; at most 400000000: use a sample period of at least 0.0901 s, or shorten "
                     "duration, or lower flows.count"),
            std::string::npos)
      << err;
  const Json r = checkOf(s);
  EXPECT_FALSE(r.find("ok")->asBool());
  bool listed = false;
  for (const Json& p : r.find("problems")->items())
    if (p.find("path")->asString() == "samplePeriod") {
      listed = true;
      EXPECT_NEAR(p.find("range")->find("min")->asNumber(), 0.090065, 1e-12);
    }
  EXPECT_TRUE(listed) << r.dump();
  // Within the limit: the same flows sampled every 0.0901 s (22,197 rows: 399,834,561 numbers).
  EXPECT_EQ(createError(R"({"version":1,"duration":2000,"samplePeriod":0.0901,)"
                        R"("flows":{"count":2000,"start":1999,"startSpread":0}})"),
            "");
}

// One call makes at most kMaxBlockBytes (32 MB) of rows: 2,000 flows sampled every millisecond for
// 1 s is 1,000 rows of 18,013 columns, 144,104 bytes a row. A call stops after the row that
// reaches 32 MB: ceil(33,554,432 / 144,104) = 233 rows (33,576,232 bytes), so run_until(1)
// returns "more" four times with 233 rows each, then the last 68 rows with "finished".
TEST(Issue28, OneCallRecordsAtMostABlockOfRows) {
  const int32_t h = bl_create(R"({"version":1,"duration":1,"samplePeriod":0.001,)"
                              R"("flows":{"count":2000,"start":1,"startSpread":0}})");
  ASSERT_GT(h, 0) << bl_last_error();
  const uint32_t rowBytes = 18013 * 8;
  int calls = 0;
  uint32_t rows = 0;
  for (int32_t st = BL_RUN_EVENT_LIMIT; st != BL_RUN_FINISHED; ++calls) {
    st = bl_run_until(h, 1, 0);
    ASSERT_GE(st, 0) << bl_last_error();
    const uint32_t len = bl_drain(h);
    uint32_t head[4];
    std::memcpy(head, bl_drain_ptr(h), 16);
    EXPECT_EQ(head[2], 18013u);
    EXPECT_LE(len, static_cast<uint32_t>(kMaxBlockBytes) + rowBytes);
    EXPECT_EQ(head[1], st == BL_RUN_FINISHED ? 68u : 233u) << "call " << calls;
    rows += head[1];
    ASSERT_LT(calls, 10);
  }
  EXPECT_EQ(calls, 5);
  EXPECT_EQ(rows, 1000u);
  EXPECT_DOUBLE_EQ(bl_now(h), 1);
  bl_destroy(h);
}

std::string scheduleOf(size_t steps) {
  std::string s = R"({"version":1,"duration":10,"exoLoss":{"kind":"schedule","steps":[)";
  for (size_t i = 0; i < steps; ++i) s += (i ? ",[" : "[") + std::to_string(i) + "e-4,0.01]";
  return s + "]}}";
}

// A loss schedule has at most 10,000 steps (kMaxScheduleSteps); the issue's 2,000,000 steps (a
// 44 MB document) are past the document limit (16 MB) and refused before they are read.
TEST(Issue28, ScheduleStepsAndDocumentsAreBounded) {
  EXPECT_EQ(createError(scheduleOf(10000)), "");
  const std::string err = createError(scheduleOf(10001));
  EXPECT_EQ(err, "exoLoss.steps: 10001 steps; at most 10000 (join steps of equal rate, or use fewer)");
  const Json r = checkOf(scheduleOf(10001));
  EXPECT_EQ(r.find("problems")->items().at(0).find("path")->asString(), "exoLoss.steps") << r.dump();

  std::string big = R"({"version":1,"exoLoss":{"kind":"schedule","steps":[)";
  big.reserve(45'000'000);
  for (int i = 0; i < 2'000'000; ++i) big += (i ? ",[" : "[") + std::to_string(i) + ".5,0.01]";
  big += "]}}";
  ASSERT_GT(big.size(), 16u << 20);
  const std::string why = "the scenario is " + std::to_string(big.size()) +
                          " bytes; at most 16777216 (16 MB): shorten its lists (topology.links, loss schedule "
                          "steps, flowOverrides)";
  EXPECT_EQ(createError(big), why);
  const Json c = checkOf(big);
  EXPECT_FALSE(c.find("ok")->asBool());
  EXPECT_EQ(c.find("problems")->items().at(0).find("message")->asString(), why);
}

// A document holds at most 2,000,000 JSON values (kMaxJsonValues): parsed, each takes 50 to 100
// bytes, and 16 MB of "[]," took a gigabyte. "[0,0,...]" of n zeros is n + 1 values.
TEST(Issue28, AJsonDocumentHoldsAtMostTwoMillionValues) {
  const auto zeros = [](size_t n) {
    std::string s = "[";
    for (size_t i = 0; i < n; ++i) s += i ? ",0" : "0";
    return s + "]";
  };
  Json j;
  std::string err;
  EXPECT_TRUE(Json::parse(zeros(1'999'999), j, err)) << err;
  EXPECT_EQ(j.items().size(), 1'999'999u);
  EXPECT_FALSE(Json::parse(zeros(2'000'000), j, err));
  EXPECT_EQ(err,
            "line 1, column 4000000: more than 2000000 values (numbers, strings, arrays, objects) in one document");
}

// A schedule's times are read into integer nanoseconds: a time past the longest run is refused
// (1e300 s overflowed int64).
TEST(Issue28, ScheduleTimesAreWithinTheLongestRun) {
  const std::string err = createError(R"({"version":1,"exoLoss":{"kind":"schedule","steps":[[0,0],[1e300,0.5]]}})");
  EXPECT_EQ(err, "exoLoss.steps[1]: time 1e+300 must be increasing, in [0, 3600] s");
  EXPECT_EQ(createError(R"({"version":1,"exoLoss":{"kind":"schedule","steps":[[0,0],[3600,0.5]]}})"), "");
}

// bl_run_until's time: 9.3e9 s (past int64 nanoseconds) and Infinity run to the end; NaN,
// -Infinity and negative times are refused with an error and leave the run where it was.
TEST(Issue28, RunUntilTimesPastInt64RunToTheEndAndBadTimesAreRefused) {
  for (double until : {9.3e9, 1e300, static_cast<double>(INFINITY), 1.5}) {
    const int32_t h = bl_create(R"({"version":1,"duration":1.5,"flows":{"count":2}})");
    ASSERT_GT(h, 0) << bl_last_error();
    EXPECT_EQ(bl_run_until(h, until, 0), BL_RUN_FINISHED) << until;
    EXPECT_DOUBLE_EQ(bl_now(h), 1.5) << until;
    EXPECT_GT(bl_events(h), 0) << until;
    bl_destroy(h);
  }
  const int32_t h = bl_create(R"({"version":1,"duration":1.5,"flows":{"count":2}})");
  ASSERT_GT(h, 0) << bl_last_error();
  const struct {
    double until;
    const char* shown;
  } bad[] = {{NAN, "NaN"}, {-INFINITY, "-Infinity"}, {-1, "-1"}, {-1e-9, "-1e-09"}};
  for (const auto& b : bad) {
    EXPECT_EQ(bl_run_until(h, b.until, 0), BL_RUN_ERROR) << b.shown;
    EXPECT_EQ(std::string(bl_last_error()),
              std::string("bl_run_until: until ") + b.shown +
                  " is not a time; give seconds, 0 or more (Infinity or a time past the duration runs to the end)");
    EXPECT_EQ(bl_now(h), 0);
    EXPECT_EQ(bl_events(h), 0);
  }
  EXPECT_EQ(bl_run_until(h, 0.5, 0), BL_RUN_REACHED);
  EXPECT_DOUBLE_EQ(bl_now(h), 0.5);
  bl_destroy(h);
}

Json problemOfLastSet() {
  Json p;
  std::string err;
  EXPECT_TRUE(Json::parse(bl_set_param_problem(), p, err)) << err;
  return p;
}

// 2,000 flows through a 100 Gb/s dumbbell for an hour take 2.7e11 events: the bottleneck passes
// 1e11 / 8000 = 12.5 M packets a second (each flow's 100 Mb/s access links add up to more), each
// over 3 data and 3 ACK hops, for 3,600 s: 12.5e6 x 6 x 3600 = 270 billion. Created at 1 kb/s
// (a few thousand events), the run was then sped up by a live change at t = 0 and ran for days.
const char* kSlowDumbbell = R"({"version":1,"duration":3600,"samplePeriod":10,"flows":{"count":2000},)"
                            R"("topology":{"bottleneckRate":1000}})";

TEST(Issue28, ALiveRateChangeIsCheckedAgainstTheBudget) {
  const int32_t h = bl_create(kSlowDumbbell);
  ASSERT_GT(h, 0) << bl_last_error();
  EXPECT_EQ(bl_set_param(h, "link.bottleneck", "rate", 1e11), -1);
  const Json p = problemOfLastSet();
  EXPECT_EQ(p.find("path")->asString(), "link.bottleneck.rate");
  EXPECT_EQ(p.find("code")->asString(), "budget");
  const std::string m = p.find("message")->asString();
  EXPECT_EQ(m.rfind("work budget: with this change the run would take about 270 billion events (0 done by 0 s, "
                    "270 billion to come: TCP flows 270 billion, traffic 0; most from flows); the work budget is 20 "
                    "billion events",
                    0),
            0u)
      << m;
  // Refused means not applied: the run is event for event the one without the attempt.
  const int32_t same = bl_create(kSlowDumbbell);
  ASSERT_EQ(bl_run_until(h, 100, 0), BL_RUN_REACHED);
  ASSERT_EQ(bl_run_until(same, 100, 0), BL_RUN_REACHED);
  EXPECT_EQ(bl_events(h), bl_events(same));
  const std::string a = bl_summary(h), b = bl_summary(same);  // all but wallSeconds
  EXPECT_EQ(a.substr(a.find("\"events\"")), b.substr(b.find("\"events\"")));
  bl_destroy(same);
  // A change that fits is applied: 1 Mb/s is 125 packets a second, 2.7 million events.
  EXPECT_EQ(bl_set_param(h, "link.bottleneck", "rate", 1e6), 0) << bl_last_error();
  bl_destroy(h);
}

// Flows that start at 3,599 s take 1 s of work at create (12.5e6 x 6 x 1 = 75 million events);
// started at t = 0 by a live change, the whole hour (270 billion).
TEST(Issue28, ALiveStartOfFlowsIsCheckedAgainstTheBudget) {
  const int32_t h = bl_create(R"({"version":1,"duration":3600,"samplePeriod":10,)"
                              R"("flows":{"count":2000,"start":3599,"startSpread":0},)"
                              R"("topology":{"bottleneckRate":1e11,"accessRate":1e11}})");
  ASSERT_GT(h, 0) << bl_last_error();
  EXPECT_EQ(bl_set_param(h, "flows", "active", 1), -1);
  Json p = problemOfLastSet();
  EXPECT_EQ(p.find("code")->asString(), "budget");
  EXPECT_NE(p.find("message")->asString().find("270 billion to come"), std::string::npos) << p.dump();
  // A stop always fits; the refused start was not applied: by 10 s the run made one sample row
  // and nothing else.
  EXPECT_EQ(bl_set_param(h, "flows", "active", 0), 0) << bl_last_error();
  ASSERT_EQ(bl_run_until(h, 10, 0), BL_RUN_REACHED);
  EXPECT_EQ(bl_events(h), 1);
  bl_destroy(h);
}

// PI's timer at 1 MHz is an event every microsecond on its link: 3,600 s x 1e6 = 3.6 billion, past
// the browser's budget (1 billion); a graph of 1,000 such links is 3,600 billion, past the command
// line's too. The estimate missed queue timers altogether.
TEST(Issue28, QueueTimersCount) {
  const int32_t h =
      bl_create(R"({"version":1,"duration":3600,"samplePeriod":1,"queue":{"kind":"pi","frequency":1e6}})");
  ASSERT_GT(h, 0) << bl_last_error();
  bl_destroy(h);
  std::string err;
  auto in =
      Instance::create(R"({"version":1,"duration":3600,"samplePeriod":1,"queue":{"kind":"pi","frequency":1e6}})", err);
  ASSERT_TRUE(in) << err;
  const WorkEstimate w = estimateWork(in->net(), 3600, 1000);
  EXPECT_DOUBLE_EQ(w.timerEvents, 3.6e9);
  EXPECT_FALSE(withinWorkBudget(w, 3600, kMaxWorkBrowser, err));
  EXPECT_NE(err.find("queue timers 3.6 billion"), std::string::npos) << err;
  EXPECT_NE(err.find("most from the queue timers"), std::string::npos) << err;

  std::string g = R"({"version":1,"duration":3600,"samplePeriod":60,"topology":{"kind":"graph","nodes":["n0")";
  for (int i = 1; i <= 1000; ++i) g += ",\"n" + std::to_string(i) + "\"";
  g += R"(],"links":[)";
  for (int i = 0; i < 1000; ++i)
    g += std::string(i ? "," : "") + R"({"from":"n)" + std::to_string(i) + R"(","to":"n)" + std::to_string(i + 1) +
         R"(","queue":{"kind":"pi","frequency":1e6}})";
  g += R"(],"flows":[{"src":"n0","dst":"n1000","start":3600}]}})";
  err = createError(g);
  EXPECT_NE(err.find("is about 3600 billion events of work (TCP flows 0, traffic 0, queue timers 3600 billion; most "
                     "from the queue timers)"),
            std::string::npos)
      << err;
  // A live change that makes a timer tick faster is checked too: 170 Hz (the default) to 1 MHz
  // on a 3,600 s run is refused in a run whose budget is 1 billion, and the old value stays.
  auto pi = Instance::create(R"({"version":1,"duration":3600,"samplePeriod":1,"queue":{"kind":"pi"}})", err);
  ASSERT_TRUE(pi) << err;
  pi->setWorkBudget(kMaxWorkBrowser);
  Problem refusal;
  EXPECT_FALSE(pi->setParam("queue.bottleneck", "frequency", 1e6, refusal));
  EXPECT_EQ(refusal.code, "budget");
  EXPECT_NE(refusal.message.find("queue timers 3.6 billion"), std::string::npos) << refusal.message;
  EXPECT_DOUBLE_EQ(pi->net().bottleneck->queue().param("frequency"), 170);
  EXPECT_TRUE(pi->setParam("queue.bottleneck", "frequency", 1000, refusal)) << refusal.text();
}

// 2,000 on/off sources at 100 Gb/s, on 1 s and off 3,600 s on average, over 60 s. Each starts
// on; with a = 1, b = 1/3600, p = 1/3601, its expected time on in [0, 60] is
// p x 60 + (1 - p) / (a + b) x (1 - e^-60(a+b)) = 0.016662 + 0.999445 = 1.016107 s (the mean
// rate said 60 / 3601 = 0.0167 s). Sending is 12.5 M packets a second while on, and the
// source's one hop (the 16 Mb/s bottleneck, from its input to its output) passes at most 2,000
// of them a second: (12.5e6 + 2000) x 1.016107 x 2000 = 25.41 billion, past the command line's 20.
TEST(Issue28, OnOffSourcesCountTheirFirstOnPeriod) {
  std::string s = R"({"version":1,"duration":60,"traffic":[)";
  for (int i = 0; i < 2000; ++i)
    s += std::string(i ? "," : "") + R"({"kind":"onoff","rate":1e11,"onMean":1,"offMean":3600})";
  s += "]}";
  const std::string err = createError(s);
  EXPECT_NE(err.find("traffic 25.4 billion"), std::string::npos) << err;
  std::string e;
  auto in = Instance::create(
      R"({"version":1,"duration":60,"traffic":[{"kind":"onoff","rate":1e11,"onMean":1,"offMean":3600}]})", e);
  ASSERT_TRUE(in) << e;
  const double on = 60.0 / 3601 + (3600.0 / 3601) / (1 + 1 / 3600.0) * (1 - std::exp(-60 * (1 + 1 / 3600.0)));
  EXPECT_NEAR(estimateWork(in->net(), 60, 1000).trafficEvents, (12.5e6 + 2000) * on, 1e-6 * on);
}

// A run that outgrows its budget (here lowered to 1,000 events) stops with BL_RUN_BUDGET and
// says why; it stays stopped.
TEST(Issue28, ARunPastItsBudgetStopsAndSaysWhy) {
  std::string err;
  auto in = Instance::create(R"({"version":1,"duration":10,"flows":{"count":5,"startSpread":0}})", err);
  ASSERT_TRUE(in) << err;
  in->setWorkBudget(1000);
  EXPECT_EQ(in->runUntil(5, 0), BL_RUN_BUDGET);
  EXPECT_EQ(in->sim().sched().processed(), 1000u);
  const double stoppedAt = toSeconds(in->sim().now());
  EXPECT_LT(stoppedAt, 5);
  EXPECT_EQ(
      in->budgetNotice().rfind("work budget: the run stopped at " + jsonNumber(stoppedAt) + " s after 1000 events", 0),
      0u)
      << in->budgetNotice();
  EXPECT_EQ(in->runUntil(5, 0), BL_RUN_BUDGET);
  EXPECT_EQ(in->sim().sched().processed(), 1000u);
}

// Issue 28, item 12: a live change at or after the end of the run is refused, naming the end.
TEST(Issue28, ALiveChangeAfterTheEndIsRefused) {
  const int32_t h = bl_create(R"({"version":1,"duration":2,"flows":{"count":2}})");
  ASSERT_GT(h, 0) << bl_last_error();
  ASSERT_EQ(bl_run_until(h, 1, 0), BL_RUN_REACHED);
  EXPECT_EQ(bl_set_param(h, "flows", "weight", 2), 0) << bl_last_error();
  ASSERT_EQ(bl_run_until(h, 2, 0), BL_RUN_FINISHED);
  EXPECT_EQ(bl_set_param(h, "flows", "weight", 3), -1);
  EXPECT_EQ(std::string(bl_last_error()),
            "flows.weight: the run has finished at 2 s; a change takes effect before the end (at a time below "
            "duration)");
  EXPECT_EQ(problemOfLastSet().find("path")->asString(), "flows.weight");
  bl_destroy(h);
}

// Issue 28, item 10: only a canonical decimal index names a flow.
TEST(Issue28, FlowEntitiesAreCanonicalDecimalIndices) {
  const int32_t h = bl_create(R"({"version":1,"duration":2,"flows":{"count":12}})");
  ASSERT_GT(h, 0) << bl_last_error();
  for (const char* bad : {"flow.+1", "flow. 1", "flow.01", "flow.1 ", "flow.", "flow.-0", "flow.1e0", "flow.12",
                          "flow.99999999999999999999"}) {
    EXPECT_EQ(bl_set_param(h, bad, "weight", 2), -1) << bad;
    EXPECT_EQ(problemOfLastSet().find("code")->asString(), "unknown") << bad;
  }
  for (const char* good : {"flow.0", "flow.1", "flow.11"}) EXPECT_EQ(bl_set_param(h, good, "weight", 2), 0) << good;
  bl_destroy(h);
}

}  // namespace hostile3_test
}  // namespace bl
