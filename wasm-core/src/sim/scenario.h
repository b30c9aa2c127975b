// Scenario documents: the spec lists of every part (from which validation, bl_describe and
// the web app's controls come) and the validated, typed scenario the builders use.
#pragma once
#include <string>
#include <vector>

#include "core/json.h"
#include "core/limits.h"
#include "core/params.h"

namespace bl {

constexpr int kScenarioVersion = 1;

// The work budget: events a whole run may be expected to take (sim/work_budget.h estimates
// them at create). A browser tab gets minutes of work, the command line hours, never days.
#ifdef __EMSCRIPTEN__
constexpr double kMaxWork = kMaxWorkBrowser;
#else
constexpr double kMaxWork = kMaxWorkNative;
#endif

// A guard rail of BL_LIMITS (core/limits.h), as bl_describe's "limits" lists it.
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
