// Scenario documents: the spec lists of every part (from which validation, bl_describe and
// the web app's controls come) and the validated, typed scenario the builders use.
#pragma once
#include <string>
#include <vector>

#include "core/json.h"
#include "core/params.h"

namespace bl {

constexpr int kScenarioVersion = 1;
constexpr int kMaxFlows = 2000;         // guard rail: keeps a browser tab responsive
constexpr double kMaxDuration = 3600;   // s of simulated time
constexpr double kMaxSampleRows = 2e6;  // duration / samplePeriod
constexpr int kMaxNodes = 100000;       // graph nodes (docs/scenario.md, "Guard rails")
constexpr int kMaxLinks = 100000;       // graph links (each is two one-way links)
constexpr int kMaxHops = 65535;         // hops of one route: a packet's hop counter is 16 bits
constexpr int kMaxSources = 2000;       // traffic sources
// The work budget: events a whole run may be expected to take (sim/work_budget.h estimates
// them at create). A browser tab gets minutes of work, the command line hours, never days.
constexpr double kMaxWorkBrowser = 1e9;
constexpr double kMaxWorkNative = 2e10;
#ifdef __EMSCRIPTEN__
constexpr double kMaxWork = kMaxWorkBrowser;
#else
constexpr double kMaxWork = kMaxWorkNative;
#endif

const SpecList& scenarioSpecs();
const SpecList& dumbbellSpecs();
const SpecList& chainSpecs();
const SpecList& graphSpecs();
const SpecList& flowSpecs();  // flows defaults and flowOverrides entries
const SpecList& liveFlowSpecs();
const SpecList& liveLinkSpecs();

// bl_describe(): every spec list, grouped.
Json describeAll();

}  // namespace bl
