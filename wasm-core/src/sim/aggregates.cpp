#include "sim/aggregates.h"

#include <cmath>
#include <memory>
#include <vector>

#include "core/simulation.h"
#include "sim/network.h"
#include "tcp/mpat.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"

namespace bl {

void buildMpatAggregates(const Json& doc, Simulation& sim, Network& net, Problems& problems) {
  const Json* aggs = doc.find("aggregates");
  if (!aggs) return;
  const double nFlows = static_cast<double>(net.flows.size());
  std::vector<int> owner(net.flows.size(), -1);
  for (size_t a = 0; a < aggs->items().size(); ++a) {
    const std::string path = "aggregates[" + std::to_string(a) + "]";
    const Json& g = aggs->items()[a];
    if (!g.isObject()) {
      problems.add(path, "expected an object {flows: [i, ...], shares?: [x, ...]}");
      continue;
    }
    const size_t before = problems.reported();
    for (const auto& [key, v] : g.members())
      if (!findSpec(mpatAggregateSpecs(), key))
        problems.add(path + "." + key, "unknown key; known keys here: " + specKeys(mpatAggregateSpecs()));
    const Json* fl = g.find("flows");
    if (!fl || !fl->isArray() || fl->items().empty() || fl->items().size() > 32767) {
      problems.add(path + ".flows", "give the member flows' indices, e.g. [0, 1, 2]");
      continue;
    }
    std::vector<int> members;
    for (size_t k = 0; k < fl->items().size(); ++k) {
      const Json& x = fl->items()[k];
      const std::string where = path + ".flows[" + std::to_string(k) + "]";
      const double v = x.isNumber() ? x.asNumber() : -1;
      if (v != std::floor(v) || v < 0 || v >= nFlows) {
        problems.add(where, "expected a flow index in [0, " + std::to_string(net.flows.size() - 1) + "]", 0, nFlows - 1,
                     "", true);
        continue;
      }
      const int f = static_cast<int>(v);
      if (owner[static_cast<size_t>(f)] >= 0) {
        problems.add(where, "flow " + std::to_string(f) + " is already in aggregate " +
                                std::to_string(owner[static_cast<size_t>(f)]));
        continue;
      }
      owner[static_cast<size_t>(f)] = static_cast<int>(a);
      members.push_back(f);
    }
    std::vector<double> shares;
    if (const Json* sh = g.find("shares")) {
      if (!sh->isArray() || sh->items().size() != fl->items().size()) {
        problems.add(path + ".shares", "give one share per member flow (" + std::to_string(fl->items().size()) + ")",
                     static_cast<double>(fl->items().size()), static_cast<double>(fl->items().size()), "shares", true);
      } else {
        for (size_t k = 0; k < sh->items().size(); ++k) {
          const Json& x = sh->items()[k];
          const std::string where = path + ".shares[" + std::to_string(k) + "]";
          const ParamSpec& spec = mpatShareSpec();
          std::string err;
          if (!x.isNumber())
            problems.add(where, "expected a number in " + describeRange(spec) + " (a weight)", spec.min, spec.max);
          else if (!checkValue(spec, x.asNumber(), where, err))
            problems.add(err);
          else
            shares.push_back(x.asNumber());
        }
      }
    }
    if (problems.reported() != before) continue;
    for (size_t k = 0; k < shares.size(); ++k) {
      sim.flowAttrs()[static_cast<size_t>(members[k])].weight = shares[k];
      net.flows[static_cast<size_t>(members[k])].sender->setParam("weight", shares[k]);
    }
    std::vector<TcpSender*> senders;
    std::vector<TcpReceiver*> receivers;
    for (int f : members) {
      senders.push_back(net.flows[static_cast<size_t>(f)].sender);
      receivers.push_back(net.flows[static_cast<size_t>(f)].receiver);
    }
    auto agg = std::make_shared<MpatAggregate>(sim, members, std::move(senders), std::move(receivers));
    for (int f : members) net.flows[static_cast<size_t>(f)].aggregate = static_cast<int>(a);
    for (size_t k = 0; k < members.size(); ++k) {
      const FlowEntry& fe = net.flows[static_cast<size_t>(members[k])];
      for (auto& r : net.routes) {
        if (r->endpoint == fe.receiver) {
          net.sinks.push_back(makeMpatTap(agg, k, MpatHook::Data, sim, nullptr));
          r->hops.insert(r->hops.begin(), net.sinks.back().get());
          net.sinks.push_back(makeMpatTap(agg, k, MpatHook::Arrival, sim, nullptr));
          r->endpoint = net.sinks.back().get();
        } else if (r->endpoint == fe.sender) {
          net.sinks.push_back(makeMpatTap(agg, k, MpatHook::Ack, sim, fe.sender));
          r->endpoint = net.sinks.back().get();
        }
      }
    }
  }
}

}  // namespace bl
