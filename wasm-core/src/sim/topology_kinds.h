// The topology kinds (topology.kind), one file each; sim/topologies.cpp picks one. Each reads
// its topology fields, builds nodes and links through the GraphBuilder, then its flows and
// traffic. Problems go to the builder's list; false when the build cannot go on.
#pragma once
#include "core/json.h"
#include "sim/graph_builder.h"

namespace bl {

bool buildDumbbell(const Json& doc, const Json* topo, GraphBuilder& g);
bool buildChain(const Json& doc, const Json* topo, GraphBuilder& g);
bool buildGraph(const Json& doc, const Json* topo, GraphBuilder& g);

}  // namespace bl
