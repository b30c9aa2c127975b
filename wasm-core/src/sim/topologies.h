// A network from a scenario document (docs/scenario.md): its topology, flows, traffic and
// MPAT aggregates. Every rule between fields that the document breaks is listed in `problems`
// (the build goes on past each where it can); the network is complete only without one.
#pragma once
#include "core/json.h"
#include "core/simulation.h"
#include "sim/network.h"
#include "sim/problems.h"

namespace bl {

// True when the network was built without a problem. earlyLinks = false turns off
// ahead-of-time arrivals (see Link). `complete`: every flow and traffic source is in the
// network, problems or not (so its work can be estimated).
bool buildNetwork(const Json& doc, Simulation& sim, Network& net, Problems& problems, bool earlyLinks = true,
                  bool* complete = nullptr);
// The topology alone (no aggregates, no early links); `allFlows`: every flow was built;
// `allSources`: every traffic source was.
bool buildTopology(const Json& doc, Simulation& sim, Network& net, Problems& problems, bool* allFlows = nullptr,
                   bool* allSources = nullptr);

}  // namespace bl
