#pragma once
#include <cstdint>

namespace bl {

// Guard rails: name, type, value, unit, why. Defined here once: the constants below, and the
// "limits" of bl_describe (sim/scenario.h, limits()), both come from this list. It sits in the
// lowest layer so that every part (the scenario builders, one run, the fluid model) reads its
// own bounds from it.
#define BL_LIMITS(X)                                                                                       \
  X(kMaxFlows, int, 2000, "flows", "TCP flows of one scenario: keeps a browser tab responsive")            \
  X(kMaxDuration, double, 3600, "s", "simulated time of one scenario")                                     \
  X(kMaxSampleRows, double, 2e6, "rows", "sample rows of one run (duration / samplePeriod)")               \
  X(kMaxSeriesValues, double, 4e8, "values",                                                               \
    "numbers in the sample rows of one run: rows x columns (9 a flow), 3.2 GB")                            \
  X(kMaxBlockBytes, double, 33554432, "bytes",                                                             \
    "rows and events one bl_run_until call records (32 MB); then it returns: drain, call again")           \
  X(kMaxScenarioBytes, double, 16777216, "bytes",                                                          \
    "one scenario document (16 MB; 100,000 graph links take about 8 MB)")                                  \
  X(kMaxJsonValues, double, 2e6, "values",                                                                 \
    "numbers, strings, arrays and objects of one JSON document (100,000 graph links: 800,000)")            \
  X(kMaxScheduleSteps, int, 10000, "steps",                                                                \
    "[time, rate] steps of one loss schedule (equal schedules share one copy)")                            \
  X(kMaxNodes, int, 100000, "nodes", "nodes of a graph topology")                                          \
  X(kMaxLinks, int, 100000, "links", "links of a graph topology (each is two one-way links)")              \
  X(kMaxHops, int, 65535, "hops", "hops of one route: a packet's hop counter is 16 bits")                  \
  X(kMaxSources, int, 2000, "sources", "traffic sources of one scenario")                                  \
  X(kMaxTraceLines, int, 1000000, "opportunities",                                                         \
    "delivery times of one link trace (a 10-minute trace at 20 Mb/s has 1,000,000)")                       \
  X(kMaxTraceMs, int, 3600000, "ms", "last delivery time of one link trace (one hour)")                    \
  X(kMaxWorkBrowser, double, 1e9, "events", "work budget of one run in the browser (estimated at create)") \
  X(kMaxWorkNative, double, 2e10, "events", "work budget of one run on the command line")                  \
  X(kMaxEventsPerCall, uint64_t, 50000000, "events",                                                       \
    "events one bl_run_until call runs at most (max_events 0 means this); then it returns, call again")    \
  X(kMaxFluidWork, double, 2e8, "flow-steps", "fluid model: flows x duration / dt of one bl_fluid solve")  \
  X(kMaxFluidHistory, double, 2e6, "values",                                                               \
    "fluid model: delay-history entries, flows x (max D_i + B/C) / dt (32 MB once rounded to 2^k)")        \
  X(kMaxFluidValues, double, 4e6, "values", "fluid model: numbers in the sample rows of one bl_fluid call")

#define BL_DECLARE_LIMIT(name, type, value, unit, why) constexpr type name = value;
BL_LIMITS(BL_DECLARE_LIMIT)
#undef BL_DECLARE_LIMIT

}  // namespace bl
