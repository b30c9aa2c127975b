// A TCP flow's options: the scenario's "flows" defaults, a flowOverrides entry and a graph's
// topology.flows entry all read into one FlowOptions. Each option is declared once, bound to
// the member that holds it (core/bound_params.h), so the flow spec list (bl_describe,
// bl_check), the reading of a flow's values and the sender's configuration are one table.
#pragma once
#include <cmath>
#include <string>

#include "core/bound_params.h"
#include "core/json.h"
#include "core/params.h"
#include "tcp/tcp_sender.h"

namespace bl {

struct FlowOptions {
  int count = 20;                      // flows.count (a dumbbell's number of flows)
  TcpConfig tcp;                       // recovery, windows, timers, ECN, pacing: the sender's configuration
  size_t cc = 0;                       // index of the window rule in ccKinds()
  Json ccParams;                       // the window rule's own parameters (null: its defaults)
  const Json* ccParamsRead = nullptr;  // ccParams where readFlowOptions found it (then copied)
  double start = 0;                    // s
  double startSpread = 1;
  double stop = NAN;  // s; NaN: never
  bool delayedAck = false;
  double weight = 1;
  double deadline = NAN;     // s; NaN: none
  double deadlineRtt = NAN;  // x the propagation RTT, when deadline is null
  double vegasRetx = NAN;    // 0/1; NaN: on with cc vegas
  bool tedRto = false;

  static const BoundSpecs<FlowOptions>& params();
  const char* ccName() const;
};

// A flow's fields as an entry of flowOverrides ({flow, exoLoss?, ...}) or of a graph's
// topology.flows ({src, dst, ...}) holds them: the flow options without count, plus its own.
const SpecList& overrideSpecs();
const SpecList& graphFlowSpecs();

// Reads `obj` (null: every default) at `path` into `out`; an error names the field and its range.
bool readFlowOptions(const Json* obj, const std::string& path, FlowOptions& out, std::string& err);

}  // namespace bl
