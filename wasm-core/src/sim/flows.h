// TCP flows and traffic sources on a built topology: each flow's options (the scenario's flows
// defaults under its flowOverrides entry), its start time, its sender and receiver over the
// shortest routes, and the UDP sources of `traffic`.
#pragma once
#include <string>
#include <vector>

#include "core/json.h"
#include "sim/flow_options.h"
#include "sim/graph_builder.h"

namespace bl {

// `over`'s members over `base`'s (both objects or null), leaving out `drop` keys.
Json mergedObjects(const Json* base, const Json* over, const std::vector<std::string>& drop);

// Where the options of a flow of a dumbbell or chain come from, for the paths its problems name.
struct FlowSource {
  std::string path = "flows";             // "flows", or its flowOverrides entry "flowOverrides[k]"
  const Json* exo = nullptr;              // that entry's own exoLoss object, if any
  std::string ccPath = "flows.ccParams";  // where its ccParams come from
};

// The options of flow i of a dumbbell or chain: the flows defaults with the matching
// flowOverrides entry on top.
bool flowOptionsOf(const Json& doc, size_t i, FlowOptions& out, FlowSource& src, std::string& err);

// Each flowOverrides entry names one of `nFlows` flows and holds flow options; every entry
// that does not is a problem.
void checkOverrides(const Json& doc, size_t nFlows, Problems& problems);

// The start time of each of the first n flows, drawn in order from the stream "flows.start".
bool startTimes(const Json& doc, Simulation& sim, size_t n, std::vector<double>& out, std::string& err);

// A TCP flow from node `src` to `dst` with options `o`, starting at `start`; false (a problem
// listed) when it cannot be built. `path` names the flow, `ccPath` where its ccParams are.
bool addTcpFlow(GraphBuilder& g, const FlowOptions& o, double start, int src, int dst, const std::string& group,
                Link* exoLink, const std::string& path, const std::string& ccPath);

// Flow i of a dumbbell or chain: sender s_i on access link src.i to node `first` (one-way
// delay `ds`), receiver r_i behind access link dst.i from node `last` (delay `dr`, carrying the
// flow's exogenous loss), and the TCP flow between them starting at `start`. Access links are
// DropTail with `buffer` packets at `rate`. False when the build cannot go on.
bool addAccessFlow(const Json& doc, GraphBuilder& g, size_t i, int first, int last, double rate, double buffer,
                   double ds, double dr, double start, const std::string& group);

// The ccParams of `o` (null: none) against the parameters of its cc, at `path`; false (listed)
// when they do not fit. The flows defaults and a graph's flow entries are checked on their own
// this way, so ccParams that an override replaces for every flow are refused, as bl_check
// refuses them, rather than dropped.
bool checkCcParams(const FlowOptions& o, const std::string& path, Problems& problems);

// A topology's own fields (`specs`, besides kind) and the flows defaults (their ccParams
// included); false (listed) if either cannot be read.
bool readTopologyFields(const Json& doc, const Json* topo, const SpecList& specs, Problems& problems, ParamValues& t,
                        FlowOptions& defaults);
// The same into the fields F binds (DumbbellFields, ChainFields, GraphFields: sim/scenario.h).
template <class F>
bool readTopologyFields(const Json& doc, const Json* topo, Problems& problems, F& fields, FlowOptions& defaults) {
  ParamValues t;
  if (!readTopologyFields(doc, topo, F::params().specs(), problems, t, defaults)) return false;
  F::params().load(fields, t);
  return true;
}

// The UDP sources of `traffic` (from/to default to defFrom/defTo); false when they cannot be
// read at all, with every problem listed.
bool addTraffic(const Json& doc, GraphBuilder& g, const std::string& defFrom, const std::string& defTo);

}  // namespace bl
