// Scenario documents: the spec lists of every part (from which validation, bl_describe and
// the web app's controls come) and the validated, typed scenario the builders use.
#pragma once
#include <string>
#include <vector>

#include "core/json.h"
#include "core/params.h"

namespace bl {

constexpr int kScenarioVersion = 1;

// Guard rails: name, type, value, unit, why. Defined here once: the constants below, and the
// "limits" of bl_describe (limits()), both come from this list.
#define BL_LIMITS(X)                                                                                       \
  X(kMaxFlows, int, 2000, "flows", "TCP flows of one scenario: keeps a browser tab responsive")            \
  X(kMaxDuration, double, 3600, "s", "simulated time of one scenario")                                     \
  X(kMaxSampleRows, double, 2e6, "rows", "sample rows of one run (duration / samplePeriod)")               \
  X(kMaxNodes, int, 100000, "nodes", "nodes of a graph topology")                                          \
  X(kMaxLinks, int, 100000, "links", "links of a graph topology (each is two one-way links)")              \
  X(kMaxHops, int, 65535, "hops", "hops of one route: a packet's hop counter is 16 bits")                  \
  X(kMaxSources, int, 2000, "sources", "traffic sources of one scenario")                                  \
  X(kMaxWorkBrowser, double, 1e9, "events", "work budget of one run in the browser (estimated at create)") \
  X(kMaxWorkNative, double, 2e10, "events", "work budget of one run on the command line")

#define BL_DECLARE_LIMIT(name, type, value, unit, why) constexpr type name = value;
BL_LIMITS(BL_DECLARE_LIMIT)
#undef BL_DECLARE_LIMIT

// The work budget: events a whole run may be expected to take (sim/work_budget.h estimates
// them at create). A browser tab gets minutes of work, the command line hours, never days.
#ifdef __EMSCRIPTEN__
constexpr double kMaxWork = kMaxWorkBrowser;
#else
constexpr double kMaxWork = kMaxWorkNative;
#endif

struct Limit {
  std::string key;  // "maxFlows" (from kMaxFlows)
  double value;
  const char* unit;
  const char* help;
};
const std::vector<Limit>& limits();

const SpecList& scenarioSpecs();
const SpecList& dumbbellSpecs();
const SpecList& chainSpecs();
const SpecList& graphSpecs();
const SpecList& flowSpecs();  // flows defaults and flowOverrides entries
const SpecList& liveFlowSpecs();
const SpecList& liveLinkSpecs();
const SpecList& graphLinkSpecs();  // topology.links[] of a graph
const ParamSpec& chainRateSpec();  // each of a chain's topology.rates

}  // namespace bl
