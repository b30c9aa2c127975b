// A link's delivery trace in a scenario (docs/scenario.md, "Trace-driven links"): a choice of
// "none" (the link's fixed rate), one of the traces the core ships (sim/trace_library.h) or
// "custom" (the delivery times given inline, in ms, as a Mahimahi file has them), with the name
// of the file they came from (so a page or a message can say which file a run needs).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/params.h"
#include "net/trace.h"
#include "sim/problems.h"

namespace bl {

// The options of a trace choice, in order: "none", each shipped trace, "custom"; and their labels.
const std::vector<const char*>& traceOptions();
const std::vector<const char*>& traceOptionLabels();

// The six specs of a link's two traces (choice, delivery times, file name; data direction, then
// ACKs), declared once and worded for where they sit: a dumbbell's bottleneck (topology.trace)
// or one link of a graph (topology.links[i].trace).
enum class TraceSite { Bottleneck, GraphLink };
struct LinkTraceSpecs {
  ParamSpec choice, ms, file, upChoice, upMs, upFile;
};
const LinkTraceSpecs& linkTraceSpecs(TraceSite site);

// One direction's fields as the topology binds them.
struct LinkTraceFields {
  size_t choice = 0;         // index into traceOptions()
  const Json* ms = nullptr;  // "custom": the delivery times
  const Json* file = nullptr;
};

// The trace the fields ask for (null for "none", or when a problem was added). `up` picks a
// shipped trace's uplink; `choicePath` and `msPath` name the fields in problems.
std::shared_ptr<const DeliveryTrace> readLinkTrace(const LinkTraceFields& f, bool up, const std::string& choicePath,
                                                   const std::string& msPath, Problems& problems);

}  // namespace bl
