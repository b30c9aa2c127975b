// MPAT aggregates (tcp/mpat.h) read from a scenario's `aggregates` and wired onto the flows
// the network built: the algorithm lives in tcp/, the wiring here, where the network is known.
#pragma once
#include <string>

#include "core/json.h"
#include "sim/problems.h"

namespace bl {

class Simulation;
class Network;

// Reads scenario `aggregates` ([{flows: [i, ...], shares?: [x, ...]}]) and builds them over
// the flows of `net`; shares, if given, set the members' weights. An aggregate that breaks a
// rule is listed in `problems` (each of its problems) and not built; the others are.
void buildMpatAggregates(const Json& doc, Simulation& sim, Network& net, Problems& problems);

}  // namespace bl
