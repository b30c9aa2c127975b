// The built network of one run: links, routes, flows and their agents, traffic sources.
// Topology builders (sim/topologies.cpp and the sim/topology_*.cpp it picks) fill it; the
// tracer, the summary and live parameter changes read it.
#pragma once
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/flow_stats.h"
#include "core/packet.h"
#include "core/time.h"
#include "net/link.h"

namespace bl {

class Simulation;
class TcpSender;
class TcpReceiver;

struct FlowEntry {
  int id = 0;
  std::string group;  // "AD", "AB"... for multi-group topologies; "" otherwise
  FlowProbe* probe = nullptr;
  TcpSender* sender = nullptr;
  TcpReceiver* receiver = nullptr;
  SimTime propRtt = 0;             // round-trip propagation delay of its path
  Link* exoLink = nullptr;         // the link carrying this flow's exogenous loss model
  bool crossesBottleneck = false;  // its data route uses Network::bottleneck (goodputUtilization)
  const Route* route = nullptr;    // its data route (the manifest's path)
  double start = 0, stop = -1;     // s, as resolved (start spread drawn); stop < 0: never
  int aggregate = -1;              // the MPAT aggregate pooling its window (index in `aggregates`); -1: none
};

// What one TCP flow or traffic source asks of the network, kept for the work budget
// (sim/work_budget.h), which estimates a run's events before it starts.
struct Demand {
  const Route* route = nullptr;    // data route (TCP) or the source's route
  const Route* back = nullptr;     // a TCP flow's ACK route; nullptr for a traffic source
  double rateBps = 0;              // traffic: sending rate (while on) (TCP takes what the links give)
  double window = 0;               // TCP: rwnd, packets in flight at most
  double start = 0, stop = -1;     // s; stop < 0: never (live changes of `active` move them)
  std::string field;               // where the scenario asks for it: "flows", "topology.flows[2]", "traffic[3]"
  double onMean = 0, offMean = 0;  // on/off traffic: mean on and off periods, s (0: always on)
  int flow = -1;                   // TCP: the flow's index in Network::flows
  bool paced = false;              // TCP: a pacing timer event per data packet
};

class Network {
 public:
  explicit Network(Simulation& sim);
  ~Network();

  // Adds a one-way link; its index is its position in `links`.
  Link* addLink(const std::string& name, double rateBps, SimTime delay, std::unique_ptr<QueueDisc> q);
  Link* link(const std::string& name) const;
  Route* addRoute(std::vector<Link*> hops, PacketSink* endpoint);

  Simulation& sim;
  std::vector<std::unique_ptr<Link>> links;
  std::unordered_map<std::string, Link*> linkByName;  // link(): O(1), so n links build in O(n)
  std::vector<std::unique_ptr<Route>> routes;
  std::vector<FlowEntry> flows;
  std::vector<std::unique_ptr<TcpSender>> senders;
  std::vector<std::unique_ptr<TcpReceiver>> receivers;
  std::vector<std::unique_ptr<EventHandler>> sources;  // CBR / on-off traffic
  std::vector<std::unique_ptr<PacketSink>> sinks;      // where that traffic ends
  std::vector<Demand> demands;                         // every TCP flow and traffic source
  std::vector<Link*> traced;                           // links whose queues appear in samples and the summary
  Link* bottleneck = nullptr;                          // the link whose utilisation the summary reports
  std::vector<std::string> nodes;                      // node names, by the index GraphBuilder gave them
  std::vector<std::pair<int, int>> ends;               // each link's (from, to) node, by link index
};

}  // namespace bl
