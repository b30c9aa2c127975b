// Fluid model (XQM paper, Section 3): the solver against the closed forms of Eqs. 11-12, the
// open-loop threshold, the buffer bounds, the JSON edge (bl_fluid, bl_fluid_steady) and speed.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdio>

#include "bl/abi.h"
#include "core/limits.h"
#include "fluid/fluid_json.h"
#include "fluid/fluid_model.h"
#include "sim/schema.h"

namespace bl {
namespace fluid_test {

FluidParams params(const std::string& json) {
  Json doc;
  std::string err;
  EXPECT_TRUE(Json::parse(json, doc, err)) << err;
  FluidParams p;
  EXPECT_TRUE(readFluidParams(doc, p, err)) << err;
  return p;
}

Json call(const char* (*fn)(const char*), const std::string& json) {
  Json out;
  std::string err;
  EXPECT_TRUE(Json::parse(fn(json.c_str()), out, err)) << err;
  return out;
}

std::string errorOf(const std::string& json) {
  const Json out = call(bl_fluid, json);
  const Json* e = out.find("error");
  return e ? e->asString() : "";
}

// Identical 100 ms flows, as in Fig. 3(a), with a constant exogenous loss; the summary
// window is the second half of the run.
std::string fig3a(double pe, const std::string& queue = R"({"kind": "droptail"})", double duration = 60) {
  return R"({"propDelay": 0.1, "propDelayMax": null, "alphaMax": null, "exoLoss": [[0, )" + std::to_string(pe) +
         R"(]], "duration": )" + std::to_string(duration) + R"(, "queue": )" + queue + "}";
}

TEST(FluidSteady, SolverSettlesOnEq12WhenTheLoopIsOpen) {
  for (double pe : {0.025, 0.03, 0.05}) {
    const FluidParams p = params(fig3a(pe));
    const FluidResult r = solveFluid(p);
    const double eq12 = std::sqrt(2 * (1 / pe - 1)) / 0.1;  // r = D: the queue is empty
    EXPECT_NEAR(r.windows[0].meanX, eq12, 0.02 * eq12) << "pe " << pe;
    EXPECT_LT(r.windows[0].xStd, 0.01 * eq12) << "pe " << pe;
    EXPECT_EQ(r.windows[0].maxB, 0) << "pe " << pe;
  }
}

TEST(FluidSteady, SolverSettlesOnEq11And12WhenTheLoopIsClosed) {
  // DropTail, b < B: Eq. 11 gives x = C/m; Eq. 12 then fixes r = sqrt(2 (1/pe - 1)) / x, so
  // b = (r - D) C.
  for (double pe : {0.0075, 0.01, 0.015}) {
    const FluidParams p = params(fig3a(pe));
    const FluidResult r = solveFluid(p);
    const SteadyPoint s = steadyPoint(p.C, p.D, p.queue, pe);
    const double b = (std::sqrt(2 * (1 / pe - 1)) / 100 - 0.1) * 2000;
    ASSERT_EQ(s.regime, SteadyPoint::Regime::Closed) << pe;
    EXPECT_NEAR(s.backlog, b, 1e-6 * b) << pe;
    EXPECT_NEAR(r.windows[0].meanX, 100, 1) << pe;
    EXPECT_NEAR(r.windows[0].meanB, b, 0.03 * b) << pe;
  }
  // RED with the paper's weight (1/(beta C) = 50 s, so give it 300 s): v settles where
  // p_c(v) + p_e balances Eq. 12 at the fair share.
  const FluidParams p = params(fig3a(0.01, R"({"kind": "red"})", 300));
  const FluidResult r = solveFluid(p);
  const SteadyPoint s = steadyPoint(p.C, p.D, p.queue, 0.01);
  ASSERT_EQ(s.regime, SteadyPoint::Regime::Closed);
  EXPECT_GT(s.pc, 0.001);
  EXPECT_NEAR(r.windows[0].meanX, 100, 1);
  EXPECT_NEAR(r.windows[0].meanB, s.backlog, 0.03 * s.backlog);
  EXPECT_NEAR(r.windows[0].meanPc, s.pc, 0.05 * s.pc);
}

TEST(FluidSteady, HeterogeneousFlowsEachSettleOnEq12) {
  // Fig. 2's flows at 5 %: open loop, so each x_i = sqrt(2 (1/pe - 1)) / D_i.
  FluidParams p = params(R"({"exoLoss": [[0, 0.05]], "windows": [[30, 60]]})");
  const FluidResult r = solveFluid(p);
  for (int i = 0; i < p.m; ++i) {
    const double eq12 = steadyRate(0.05, p.D[i]);
    EXPECT_NEAR(r.windows[0].x[i], eq12, 0.02 * eq12) << "flow " << i;
  }
}

TEST(FluidSteady, OpenLoopThresholdMatchesClosedForm) {
  struct Case {
    double C;
    int m;
    double D;
  };
  for (const Case c : {Case{2000, 20, 0.1}, Case{2000, 20, 0.08}, Case{1e4, 10, 0.05}, Case{500, 50, 0.3}}) {
    const double closed = 1 / (1 + std::pow(c.C * c.D / c.m, 2) / 2);
    EXPECT_NEAR(openLoopLoss(c.C, std::vector<double>(c.m, c.D)), closed, 1e-9 * closed);
    EXPECT_NEAR(quiescentLoss(c.C / c.m, c.D), closed, 1e-12);
  }
  // The paper's Fig. 3(a) setup: x r = 10, q = 1/51 (about 2 %).
  const Json out = call(bl_fluid_steady, R"({"propDelay": 0.1, "propDelayMax": null, "pe": [0.01, 0.03]})");
  ASSERT_FALSE(out.find("error")) << out.dump();
  EXPECT_NEAR(out.find("peOpen")->asNumber(), 1.0 / 51, 1e-6);
  EXPECT_NEAR(out.find("qFair")->items()[0].asNumber(), 1.0 / 51, 1e-6);
  const auto& pts = out.find("points")->items();
  EXPECT_EQ(pts[0].find("regime")->asString(), "closed");
  EXPECT_NEAR(pts[0].find("xMean")->asNumber(), 100, 1e-3);
  EXPECT_EQ(pts[1].find("regime")->asString(), "open");
  EXPECT_NEAR(pts[1].find("xMean")->asNumber(), std::sqrt(2 * (1 / 0.03 - 1)) / 0.1, 1e-3);
}

TEST(FluidSolver, DropTailBacklogNeverLeavesTheBuffer) {
  for (const char* json : {R"({})", R"({"queue": {"buffer": 40}})", R"({"queue": {"fullLoss": "overflow"}})",
                           R"({"queue": {"buffer": 1}, "exoLoss": [[0, 0]]})"}) {
    const FluidParams p = params(json);
    const FluidResult r = solveFluid(p);
    EXPECT_FALSE(r.bLeftRange) << json;
    const size_t bCol = r.columns.size() - 5;
    ASSERT_EQ(r.columns[bCol], "b");
    double maxB = 0;
    for (const auto& row : r.rows) {
      EXPECT_GE(row[bCol], 0) << json << " t=" << row[0];
      EXPECT_LE(row[bCol], p.queue.buffer) << json << " t=" << row[0];
      maxB = std::max(maxB, row[bCol]);
    }
    EXPECT_EQ(r.windows[0].maxB, p.queue.buffer) << json << ": without exogenous loss the buffer fills";
  }
}

TEST(FluidSolver, Fig2PhasesDropTail) {
  const FluidParams p = params("{}");
  const FluidResult r = solveFluid(p);
  ASSERT_EQ(r.windows.size(), 3u);
  EXPECT_GT(r.windows[0].xStd, 20);         // [10, 20): oscillates
  EXPECT_NEAR(r.windows[1].meanX, 100, 1);  // [30, 40): fair share
  EXPECT_GT(r.windows[1].minB, 0);          //           with a standing queue
  EXPECT_LT(r.windows[2].meanX, 70);        // [50, 60): below fair share
  EXPECT_EQ(r.windows[2].maxB, 0);          //           and the queue empty
}

TEST(FluidSolver, StepHalvingChangesLittle) {
  const FluidResult a = solveFluid(params("{}"));
  const FluidResult b = solveFluid(params(R"({"dt": 0.0005})"));
  for (size_t w = 0; w < a.windows.size(); ++w) {
    EXPECT_NEAR(a.windows[w].meanX, b.windows[w].meanX, 0.005 * b.windows[w].meanX) << "window " << w;
    EXPECT_NEAR(a.windows[w].meanB, b.windows[w].meanB, 0.01 * b.windows[w].meanB + 0.5) << "window " << w;
  }
}

TEST(FluidSolver, TwentyFlowsSixtySecondsIsQuick) {
  const FluidParams dt = params("{}");
  const FluidParams red = params(R"({"queue": {"kind": "red"}})");
  for (const FluidParams* p : {&dt, &red}) {
    const auto t0 = std::chrono::steady_clock::now();
    const FluidResult r = solveFluid(*p);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("[ fluid    ] %d flows x %g s, dt %g: %lld steps in %.1f ms\n", p->m, p->duration, p->dt,
                static_cast<long long>(r.steps), ms);
    EXPECT_EQ(r.rows.size(), 601u);
  }
}

TEST(FluidJson, ResultDocument) {
  const Json out = call(bl_fluid, R"({"flows": 3, "duration": 2, "samplePeriod": 0.5, "exoLoss": [[0, 0.02]]})");
  ASSERT_FALSE(out.find("error")) << out.dump();
  const auto& cols = out.find("columns")->items();
  ASSERT_EQ(cols.size(), 3u + 7u);
  EXPECT_EQ(cols[0].asString(), "t");
  EXPECT_EQ(cols[1].asString(), "x.0");
  EXPECT_EQ(cols[9].asString(), "q");
  const auto& rows = out.find("rows")->items();
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(rows[4].items()[0].asNumber(), 2);
  EXPECT_NEAR(rows[4].items()[9].asNumber(), 0.02, 1e-12);  // q = p_e while b < B
  const Json* s = out.find("summary");
  EXPECT_EQ(s->find("windows")->items().size(), 1u);
  EXPECT_EQ(s->find("flows")->find("propDelay")->items().size(), 3u);
  EXPECT_TRUE(s->find("windows")->items()[0].find("steady")->find("regime"));
}

TEST(FluidJson, DefaultWindowsAreTheSecondHalfOfEachPhase) {
  EXPECT_EQ(params(R"({"exoLoss": [[10, 0.01]], "duration": 30})").windows,
            (std::vector<std::pair<double, double>>{{5, 10}, {20, 30}}));
  EXPECT_EQ(params(R"({"exoLoss": [], "duration": 8})").windows, (std::vector<std::pair<double, double>>{{4, 8}}));
  EXPECT_EQ(params(R"({"exoLoss": [[0, 0.01], [50, 0.02]], "duration": 20})").windows,
            (std::vector<std::pair<double, double>>{{10, 20}}));
}

TEST(FluidJson, DescribeListsEverySpecGroup) {
  const Json d = fluidDescribe();
  for (const char* call : {"bl_fluid", "bl_fluid_steady"}) {
    const Json* g = d.find(call) ? d.find(call)->find("groups") : nullptr;
    ASSERT_TRUE(g) << call;
    EXPECT_GT(g->find("")->find("specs")->items().size(), 3u) << call;
    EXPECT_EQ(g->find("queue")->find("selector")->asString(), "queue.kind");
    EXPECT_EQ(g->find("queue")->find("kinds")->asString(), "queue");
    for (const char* kind : {"droptail", "red"})
      EXPECT_TRUE(d.find(call)->find("kinds")->find("queue")->find(kind)->find("specs")->isArray()) << call << kind;
  }
  // Only bl_fluid has the solver's own fields.
  auto hasKey = [&](const char* call, const char* key) {
    for (const Json& s : d.find(call)->find("groups")->find("")->find("specs")->items())
      if (s.find("key")->asString() == key) return true;
    return false;
  };
  EXPECT_TRUE(hasKey("bl_fluid", "dt"));
  EXPECT_FALSE(hasKey("bl_fluid_steady", "dt"));
}

TEST(FluidJson, SeededDrawsAgreeBetweenCalls) {
  const std::string doc = R"({"seed": 7, "flows": 5, "propDelay": 0.08, "propDelayMax": 0.12})";
  const Json run = call(bl_fluid, R"({"seed": 7, "flows": 5, "propDelay": 0.08, "propDelayMax": 0.12, "duration": 1})");
  const Json steady = call(bl_fluid_steady, doc);
  const auto& a = run.find("summary")->find("flows")->find("propDelay")->items();
  const auto& b = steady.find("propDelay")->items();
  ASSERT_EQ(a.size(), 5u);
  ASSERT_EQ(b.size(), 5u);
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].asNumber(), b[i].asNumber());
    EXPECT_GE(a[i].asNumber(), 0.08);
    EXPECT_LE(a[i].asNumber(), 0.12);
  }
  EXPECT_NE(a[0].asNumber(), a[1].asNumber());
}

TEST(FluidJson, ErrorsNameTheFieldAndRange) {
  EXPECT_NE(errorOf(R"({"flows": 0})").find("flows: 0 is out of range; allowed an integer in [1, 1000]"),
            std::string::npos)
      << errorOf(R"({"flows": 0})");
  EXPECT_NE(errorOf(R"({"flows": 2, "propDelays": [0.1]})").find("propDelays: has 1 values"), std::string::npos);
  EXPECT_NE(errorOf(R"({"flows": 2, "propDelays": [0.1, 20]})")
                .find("propDelays[1]: 20 is out of range; allowed [0.0001, 10] s"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"queue": {"kind": "red", "minTh": 130}})").find("queue.minTh"), std::string::npos);
  EXPECT_NE(errorOf(R"({"queue": {"kind": "red", "maxP": 2}})").find("queue.maxP: 2 is out of range; allowed [0, 1]"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"queue": {"kind": "fifo"}})").find("queue.kind"), std::string::npos);
  EXPECT_NE(errorOf(R"({"exoLoss": [[0, 1.5]]})").find("exoLoss[0]: rate 1.5 is out of range; allowed [0, 1]"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"exoLoss": [[5, 0], [5, 0.1]]})").find("exoLoss[1]"), std::string::npos);
  EXPECT_NE(errorOf(R"({"dt": 1e-5, "duration": 3600})").find("dt:"), std::string::npos);
  EXPECT_NE(errorOf(R"({"bogus": 1})").find("bogus: unknown key"), std::string::npos);
  EXPECT_NE(errorOf("[1]").find("expected an object"), std::string::npos);
  EXPECT_NE(errorOf("{").find("line 1"), std::string::npos);
  const Json steady = call(bl_fluid_steady, R"({"pe": [0.01, -1]})");
  ASSERT_TRUE(steady.find("error"));
  EXPECT_NE(steady.find("error")->asString().find("pe[1]"), std::string::npos);
  EXPECT_EQ(std::string(bl_last_error()), steady.find("error")->asString());
}

// Each scalar key of bl_fluid reaches its own field of the request: every key at a value of its
// own, read back from the parameters the solver gets.
TEST(FluidJson, EveryKeyReachesItsOwnField) {
  const FluidParams p = params(R"({"flows": 3, "capacity": 1234, "propDelay": 0.05, "propDelayMax": null,
    "alpha": 0.3, "alphaMax": null, "duration": 7, "dt": 0.002, "samplePeriod": 0.5, "minWindow": 0.7,
    "initialWindow": 4, "queue": {"kind": "red", "buffer": 300, "fullLoss": "overflow", "minTh": 11, "maxTh": 77,
    "maxP": 0.2, "weight": 0.003}})");
  EXPECT_EQ(p.m, 3);
  EXPECT_EQ(p.C, 1234);
  EXPECT_EQ(p.D, (std::vector<double>{0.05, 0.05, 0.05}));
  EXPECT_EQ(p.alpha, (std::vector<double>{0.3, 0.3, 0.3}));
  EXPECT_EQ(p.duration, 7);
  EXPECT_EQ(p.dt, 0.002);
  EXPECT_EQ(p.samplePeriod, 0.5);
  EXPECT_EQ(p.minWindow, 0.7);
  EXPECT_EQ(p.initialWindow, 4);
  EXPECT_EQ(p.queue.kind, FluidQueue::Kind::Red);
  EXPECT_EQ(p.queue.fullLoss, FluidQueue::FullLoss::Overflow);
  EXPECT_EQ(p.queue.buffer, 300);
  EXPECT_EQ(p.queue.minTh, 11);
  EXPECT_EQ(p.queue.maxTh, 77);
  EXPECT_EQ(p.queue.maxP, 0.2);
  EXPECT_EQ(p.queue.weight, 0.003);
  // With no parameters every field holds the default bl_describe states.
  const FluidParams d = params("{}");
  const Json specs = *fluidDescribe().find("bl_fluid")->find("groups")->find("")->find("specs");
  auto def = [&](const char* key) -> double {
    for (const Json& s : specs.items())
      if (s.find("key")->asString() == key) return s.find("default")->asNumber();
    ADD_FAILURE() << key;
    return NAN;
  };
  EXPECT_EQ(d.m, def("flows"));
  EXPECT_EQ(d.C, def("capacity"));
  EXPECT_EQ(d.duration, def("duration"));
  EXPECT_EQ(d.dt, def("dt"));
  EXPECT_EQ(d.samplePeriod, def("samplePeriod"));
  EXPECT_EQ(d.minWindow, def("minWindow"));
  EXPECT_EQ(d.initialWindow, def("initialWindow"));
  EXPECT_EQ(d.queue.kind, FluidQueue::Kind::DropTail);
  EXPECT_EQ(d.queue.buffer, 250);
}

// The fluid model's work bounds are the guard rails bl_describe lists, and a document just past
// one is refused naming that number.
TEST(FluidJson, WorkLimitsAreTheOnesDescribeLists) {
  const Json lim = *describeDocument().find("limits");
  ASSERT_TRUE(lim.find("maxFluidWork") && lim.find("maxFluidHistory") && lim.find("maxFluidValues"));
  EXPECT_EQ(lim.find("maxFluidWork")->find("value")->asNumber(), kMaxFluidWork);
  EXPECT_EQ(lim.find("maxFluidHistory")->find("value")->asNumber(), kMaxFluidHistory);
  EXPECT_EQ(lim.find("maxFluidValues")->find("value")->asNumber(), kMaxFluidValues);
  EXPECT_EQ(lim.find("maxEventsPerCall")->find("value")->asNumber(), static_cast<double>(kMaxEventsPerCall));
  // 1000 flows x 2000 s / 0.01 s = 2e8 flow-steps: at the limit; 2001 s is past it.
  const std::string at = R"({"flows": 1000, "dt": 0.01, "samplePeriod": 60, "propDelayMax": null, "duration": )";
  Json doc;
  std::string err;
  FluidParams p;
  ASSERT_TRUE(Json::parse(at + "2000}", doc, err));
  EXPECT_TRUE(readFluidParams(doc, p, err)) << err;
  EXPECT_NE(errorOf(at + "2001}").find("at most " + jsonNumber(lim.find("maxFluidWork")->find("value")->asNumber())),
            std::string::npos)
      << errorOf(at + "2001}");
}

}  // namespace fluid_test
}  // namespace bl
