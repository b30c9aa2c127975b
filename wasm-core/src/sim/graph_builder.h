// What every topology kind builds with: nodes, duplex links with their queues and loss models,
// shortest-hop routes, and the problems met on the way (sim/problems.h). The dumbbell, the
// chain and the graph (sim/topology_*.cpp) all go through one GraphBuilder, so flows, traffic
// and loss attach the same way everywhere.
#pragma once
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/json.h"
#include "core/simulation.h"
#include "net/link.h"
#include "net/loss_model.h"
#include "net/queue_disc.h"
#include "sim/network.h"
#include "sim/problems.h"

namespace bl {

struct TcpConfig;

class GraphBuilder {
 public:
  GraphBuilder(Simulation& sim, Network& net, Problems& problems, uint32_t packetSize)
      : sim_(sim), net_(net), problems_(problems), packetSize_(packetSize) {}

  Simulation& sim() { return sim_; }
  Network& net() { return net_; }
  Problems& problems() { return problems_; }
  uint32_t packetSize() const { return packetSize_; }
  // Whether every flow the scenario asks for was built (the aggregates name flows by index).
  bool allFlowsBuilt() const { return !flowSkipped_; }
  void flowSkipped() { flowSkipped_ = true; }
  // Whether every traffic source was built (else the work estimate misses its share).
  bool allSourcesBuilt() const { return !sourceSkipped_; }
  void sourceSkipped() { sourceSkipped_ = true; }

  // Node names are hashed, so building a graph of n nodes is O(n), not O(n^2).
  int node(const std::string& name);
  int find(const std::string& name) const;
  const std::string& name(int node) const { return names_[static_cast<size_t>(node)]; }

  // A queue from a scenario object {kind, ...params} (null: `defKind` with `defBuffer`). A
  // queue that cannot be made is a problem, and a DropTail stands in so the build goes on.
  std::unique_ptr<QueueDisc> queue(const Json* obj, const std::string& path, const std::string& link, double rate,
                                   const char* defKind, double defBuffer = 10000);
  // A loss model from a scenario object (null: none; a problem: none, listed).
  std::unique_ptr<LossModel> loss(const Json* obj, const std::string& path, const std::string& stream);

  // Two one-way links, `name` (from->to, with queue `q`) and `name.rev` (to->from, DropTail).
  Link* duplex(const std::string& name, int from, int to, double rate, SimTime delay, std::unique_ptr<QueueDisc> q,
               double revBuffer = 10000);

  // Shortest path in hops (ties: the link added first), or false.
  bool route(int from, int to, std::vector<Link*>& out) const;
  // A packet counts its hops in 16 bits: a longer route is a problem, not wrapped around.
  bool hopsFit(const std::vector<Link*>& hops, const std::string& path, int from, int to);
  static SimTime pathDelay(const std::vector<Link*>& hops);
  // TED-driven RTO bounds of a flow over `fwd` with ACKs over `rev` (see TcpConfig).
  void deadlineBound(const std::vector<Link*>& fwd, const std::vector<Link*>& rev, TcpConfig& cfg) const;

 private:
  struct Edge {
    int to;
    Link* link;
  };
  Simulation& sim_;
  Network& net_;
  Problems& problems_;
  uint32_t packetSize_;
  bool flowSkipped_ = false;
  bool sourceSkipped_ = false;
  std::vector<std::string> names_;
  std::unordered_map<std::string, int> index_;
  std::vector<std::vector<Edge>> adj_;
};

}  // namespace bl
