// Scenario documents: the spec lists of every part (from which validation,
// bl_describe and the web app's controls come) and the validated, typed
// scenario the builders use.
#pragma once
#include <string>
#include <vector>

#include "core/bound_params.h"
#include "core/json.h"
#include "core/limits.h"
#include "core/params.h"
#include "sim/link_trace.h"

namespace bl {

constexpr int kScenarioVersion = 1;

// The work budget: events a whole run may be expected to take
// (sim/work_budget.h estimates them at create). A browser tab gets minutes of
// work, the command line hours, never days.
#ifdef __EMSCRIPTEN__
constexpr double kMaxWork = kMaxWorkBrowser;
#else
constexpr double kMaxWork = kMaxWorkNative;
#endif

// A guard rail of BL_LIMITS (core/limits.h), as bl_describe's "limits" lists
// it.
struct Limit {
  std::string key;  // "maxFlows" (from kMaxFlows)
  double value;
  const char* unit;
  const char* help;
};
const std::vector<Limit>& limits();

// The scenario layer binds its fields as the modules bind theirs
// (core/bound_params.h): each part of a document is one table of specs bound to
// the members of the struct the builder reads, so bl_describe, bl_check and
// bl_create take every key from the same declaration and no builder looks a key
// up by name. Object and Array fields are bound to the JSON value they hold
// (null when absent), which lives in the document read.

// The top of the document (scenarioSpecs()).
struct ScenarioSettings {
  double version = 0, seed = 0, duration = 0, samplePeriod = 0, measureFrom = 0, packetSize = 0, headerSize = 0;
  const Json *name = nullptr, *topology = nullptr, *queue = nullptr, *exoLoss = nullptr, *flows = nullptr,
             *flowOverrides = nullptr, *traffic = nullptr, *aggregates = nullptr;
  static const BoundSpecs<ScenarioSettings>& params();
};

// topology of kind dumbbell (dumbbellSpecs()).
struct DumbbellFields {
  double bottleneckRate = 0, bottleneckDelay = 0, accessRate = 0, accessDelayMin = 0, accessDelayMax = 0;
  bool sameAccessDelay = false;
  double accessBuffer = 0;
  LinkTraceFields trace, traceUp;  // the bottleneck's delivery traces, forward (data) and reverse (ACKs)
  static const BoundSpecs<DumbbellFields>& params();
};

// topology of kind chain (chainSpecs()).
struct ChainFields {
  const Json* rates = nullptr;
  double hopDelay = 0, overlayFlows = 0, crossFlows = 0, accessRate = 0, accessDelayMin = 0, accessDelayMax = 0;
  bool equalRtt = false;
  double accessBuffer = 0;
  const Json* underlayQueue = nullptr;
  static const BoundSpecs<ChainFields>& params();
};

// topology of kind graph (graphSpecs()).
struct GraphFields {
  const Json *nodes = nullptr, *links = nullptr, *flows = nullptr;
  static const BoundSpecs<GraphFields>& params();
};

// One of a graph's topology.links[] (graphLinkSpecs()).
struct GraphLinkFields {
  const Json *name = nullptr, *from = nullptr, *to = nullptr;
  double rate = 0, delay = 0;
  const Json *queue = nullptr, *loss = nullptr;
  LinkTraceFields trace, traceUp;  // delivery traces from->to (data) and to->from (ACKs)
  static const BoundSpecs<GraphLinkFields>& params();
};

// A string field's text, or `def` when it is absent.
inline std::string textOr(const Json* j, const std::string& def = "") {
  return j && j->isString() ? j->asString() : def;
}

const SpecList& scenarioSpecs();
const SpecList& dumbbellSpecs();
const SpecList& chainSpecs();
const SpecList& graphSpecs();
const SpecList& flowSpecs();  // flows defaults and flowOverrides entries
// The live parameters of a flow and of a link (bl_set_param): the specs of the
// live tables (sim/instance.cpp, Instance::liveFlowParams and liveLinkParams).
const SpecList& liveFlowSpecs();
const SpecList& liveLinkSpecs();
const SpecList& graphLinkSpecs();  // topology.links[] of a graph
const ParamSpec& chainRateSpec();  // each of a chain's topology.rates

}  // namespace bl
