// Building a network from a scenario: the topology kind named at topology.kind (one file
// each, sim/topology_*.cpp), MPAT aggregates over its flows (sim/aggregates.cpp), then the
// links that may take packets ahead of time.
#include "sim/topologies.h"

#include <map>
#include <set>

#include "sim/aggregates.h"
#include "sim/graph_builder.h"
#include "sim/topology_kinds.h"

namespace bl {

namespace {

// Marks the hops that may take packets ahead of time (see Link): every route through the link
// enters it from the same upstream link, and nothing samples or updates it on a clock.
void markEarlyLinks(Network& net) {
  std::map<const PacketSink*, const PacketSink*> upstream;  // link -> its one upstream link
  std::set<const PacketSink*> excluded;
  for (Link* l : net.traced) excluded.insert(l);
  for (const auto& l : net.links)
    if (l->queue().updatePeriod() > 0 || l->queue().scheduled()) excluded.insert(l.get());
  for (const auto& r : net.routes)
    for (size_t k = 0; k < r->hops.size(); ++k) {
      const PacketSink* prev = k == 0 ? nullptr : r->hops[k - 1];
      auto [it, fresh] = upstream.emplace(r->hops[k], prev);
      if (prev == nullptr || (!fresh && it->second != prev)) excluded.insert(r->hops[k]);
    }
  for (auto& r : net.routes) {
    r->early.assign(r->hops.size(), nullptr);
    for (size_t k = 1; k < r->hops.size(); ++k)
      if (!excluded.count(r->hops[k])) r->early[k] = static_cast<Link*>(r->hops[k]);
  }
}

}  // namespace

bool buildTopology(const Json& doc, Simulation& sim, Network& net, Problems& problems, bool* allFlows,
                   bool* allSources) {
  const Json* topo = doc.find("topology");
  std::string kind = "dumbbell";
  if (topo && topo->isObject())
    if (const Json* k = topo->find("kind")) {
      if (!k->isString()) {
        problems.add("topology.kind", "expected a string: dumbbell, chain or graph");
        return false;
      }
      kind = k->asString();
    }
  const Json* ps = doc.find("packetSize");
  GraphBuilder g(sim, net, problems, ps ? static_cast<uint32_t>(ps->asNumber()) : 1000);
  bool built = false;
  if (kind == "dumbbell")
    built = buildDumbbell(doc, topo, g);
  else if (kind == "chain")
    built = buildChain(doc, topo, g);
  else if (kind == "graph")
    built = buildGraph(doc, topo, g);
  else
    problems.add("topology.kind", "\"" + kind + "\" is not a topology; known: dumbbell, chain, graph");
  if (allFlows) *allFlows = built && g.allFlowsBuilt();
  if (allSources) *allSources = built && g.allSourcesBuilt();
  return built;
}

bool buildNetwork(const Json& doc, Simulation& sim, Network& net, Problems& problems, bool earlyLinks, bool* complete) {
  const size_t before = problems.reported();
  bool allFlows = false, allSources = false;
  const bool built = buildTopology(doc, sim, net, problems, &allFlows, &allSources);
  if (complete) *complete = allFlows && allSources;
  // Aggregates name flows by index: checked when every flow is there.
  if (allFlows) buildMpatAggregates(doc, sim, net, problems);
  if (!built || problems.reported() != before) return false;
  if (earlyLinks) markEarlyLinks(net);
  return true;
}

}  // namespace bl
