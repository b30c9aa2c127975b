#include "sim/network.h"

#include "core/simulation.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"

namespace bl {

Network::Network(Simulation& s) : sim(s) {}
Network::~Network() = default;

Link* Network::addLink(const std::string& name, double rateBps, SimTime delay, std::unique_ptr<QueueDisc> q) {
  links.push_back(std::make_unique<Link>(sim, static_cast<int>(links.size()), name, rateBps, delay, std::move(q)));
  linkByName.emplace(name, links.back().get());  // the first of a name wins, as the linear search did
  return links.back().get();
}

Link* Network::link(const std::string& name) const {
  auto it = linkByName.find(name);
  return it == linkByName.end() ? nullptr : it->second;
}

Route* Network::addRoute(std::vector<Link*> hops, PacketSink* endpoint) {
  auto r = std::make_unique<Route>();
  for (Link* l : hops) r->hops.push_back(l);
  r->endpoint = endpoint;
  routes.push_back(std::move(r));
  return routes.back().get();
}

}  // namespace bl
