#include "sim/flows.h"

#include <algorithm>
#include <cmath>

#include "cc/registry.h"
#include "sim/scenario.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"
#include "traffic/udp_source.h"

namespace bl {

Json mergedObjects(const Json* base, const Json* over, const std::vector<std::string>& drop) {
  Json m = Json::object();
  for (const Json* src : {base, over})
    if (src && src->isObject())
      for (const auto& [k, v] : src->members())
        if (std::find(drop.begin(), drop.end(), k) == drop.end()) m.set(k, v);
  return m;
}

bool flowOptionsOf(const Json& doc, size_t i, FlowOptions& out, FlowSource& src, std::string& err) {
  const Json* over = nullptr;
  src = FlowSource();
  if (const Json* ovs = doc.find("flowOverrides")) {
    for (size_t k = 0; k < ovs->items().size(); ++k) {
      const Json& o = ovs->items()[k];
      const Json* f = o.isObject() ? o.find("flow") : nullptr;
      if (f && f->isNumber() && f->asNumber() == static_cast<double>(i)) {
        over = &o;
        src.path = "flowOverrides[" + std::to_string(k) + "]";
      }
    }
  }
  Json m = mergedObjects(doc.find("flows"), over, {"flow", "exoLoss"});
  src.exo = over ? over->find("exoLoss") : nullptr;
  if (over && over->find("ccParams")) src.ccPath = src.path + ".ccParams";
  return readFlowOptions(&m, src.path, out, err);
}

void checkOverrides(const Json& doc, size_t nFlows, Problems& problems) {
  const Json* ovs = doc.find("flowOverrides");
  if (!ovs) return;
  for (size_t k = 0; k < ovs->items().size(); ++k) {
    const Json& o = ovs->items()[k];
    const std::string path = "flowOverrides[" + std::to_string(k) + "]";
    if (!o.isObject()) {
      problems.add(path, "expected an object");
      continue;
    }
    const Json* f = o.find("flow");
    if (!f || !f->isNumber() || f->asNumber() != std::floor(f->asNumber()) || f->asNumber() < 0 ||
        f->asNumber() >= static_cast<double>(nFlows))
      problems.add(path + ".flow", "give the flow index, an integer in [0, " + std::to_string(nFlows - 1) + "]", 0,
                   static_cast<double>(nFlows) - 1, "", true);
    // The entry's keys, as bl_check reads them (a count, set in flows.count, is refused).
    ParamValues v;
    std::string err;
    if (!readParams(&o, overrideSpecs(), path, v, err)) problems.add(err);
  }
}

bool startTimes(const Json& doc, Simulation& sim, size_t n, std::vector<double>& out, std::string& err) {
  Rng rng = sim.stream("flows.start");
  out.clear();
  for (size_t i = 0; i < n; ++i) {
    FlowOptions o;
    FlowSource from;
    if (!flowOptionsOf(doc, i, o, from, err)) return false;
    out.push_back(o.start + (o.startSpread > 0 ? rng.uniform(0, o.startSpread) : 0));
  }
  return true;
}

bool addTcpFlow(GraphBuilder& g, const FlowOptions& o, double start, int src, int dst, const std::string& group,
                Link* exoLink, const std::string& path, const std::string& ccPath) {
  Simulation& sim = g.sim();
  Network& net = g.net();
  std::vector<Link*> fwd, rev;
  if (!g.route(src, dst, fwd) || !g.route(dst, src, rev)) {
    g.problems().add(path, "no route from " + g.name(src) + " to " + g.name(dst));
    g.flowSkipped();
    return false;
  }
  if (!g.hopsFit(fwd, path, src, dst) || !g.hopsFit(rev, path, dst, src)) {
    g.flowSkipped();
    return false;
  }
  const CcKind* cc = &ccKinds()[o.cc];
  ParamValues cv;  // the module's own parameters, then the flow's weight
  std::string err;
  if (!readParams(o.ccParams.isNull() ? nullptr : &o.ccParams, *cc->specs, ccPath, cv, err)) {
    g.problems().add(err);
    g.flowSkipped();
    return false;
  }
  TcpConfig cfg = o.tcp;
  if (cfg.recoveryCwnd == TcpConfig::Ns2Sack1 && (cfg.recovery != TcpConfig::Sack || std::string(cc->name) != "aimd"))
    g.problems().add(path + ".recoveryCwnd", "\"ns2\" is ns-2's Sack1 rule; it needs tcp \"sack\" and cc \"aimd\"");
  const int id = static_cast<int>(net.flows.size());
  sim.flowStats().emplace_back();
  const bool rttDeadline = std::isnan(o.deadline) && !std::isnan(o.deadlineRtt);
  const SimTime propRtt = GraphBuilder::pathDelay(fwd) + GraphBuilder::pathDelay(rev);
  sim.flowAttrs().push_back(FlowAttrs{o.weight, rttDeadline ? o.deadlineRtt * toSeconds(propRtt) : o.deadline});
  cfg.packetSize = g.packetSize();
  cfg.vegasRetx = std::isnan(o.vegasRetx) ? std::string(cc->name) == "vegas" : o.vegasRetx != 0;
  if (o.tedRto) g.deadlineBound(fwd, rev, cfg);
  Route* dataRoute = net.addRoute(fwd, nullptr);
  Route* ackRoute = net.addRoute(rev, nullptr);
  auto ccm = cc->make();
  for (const ParamSpec& s : *cc->specs) ccm->setParam(s.key, cv.num(s.key));
  ccm->setParam("weight", o.weight);
  ccm->setParam("packetSize", g.packetSize());
  ccm->setParam("rngSeed", sim.stream("cc." + std::to_string(id)).uniform());
  if (ccm->ownsWindow()) cfg.pacing = true;  // BBR paces by design
  if (ccm->accEcn()) {                       // Prague: ECN with AccECN feedback, paced unless its own `pacing` is off
    cfg.ecn = true;
    cfg.pacing = cfg.pacing || ccm->param("pacing") != 0;
  }
  net.senders.push_back(std::make_unique<TcpSender>(sim, id, dataRoute, cfg, std::move(ccm)));
  TcpSender* snd = net.senders.back().get();
  net.receivers.push_back(std::make_unique<TcpReceiver>(sim, id, ackRoute, o.delayedAck));
  TcpReceiver* rcv = net.receivers.back().get();
  if (cfg.ecn)
    rcv->setEcn(snd->cc().accEcn()        ? TcpReceiver::AccEcn
                : snd->cc().accurateEcn() ? TcpReceiver::Accurate
                                          : TcpReceiver::Classic);
  dataRoute->endpoint = rcv;
  ackRoute->endpoint = snd;
  FlowEntry f;
  f.id = id;
  f.group = group;
  f.probe = snd;
  f.sender = snd;
  f.receiver = rcv;
  f.propRtt = propRtt;
  f.exoLink = exoLink;
  f.crossesBottleneck = std::find(fwd.begin(), fwd.end(), net.bottleneck) != fwd.end();
  const double stop = std::isnan(o.stop) ? -1 : o.stop;
  f.route = dataRoute;
  f.start = start;
  f.stop = stop;
  net.flows.push_back(f);
  net.demands.push_back(Demand{dataRoute, ackRoute, 0, o.tcp.rwnd, start, stop, path});
  net.demands.back().flow = id;
  net.demands.back().paced = cfg.pacing;
  snd->scheduleStart(fromSeconds(start));
  if (stop >= 0) snd->scheduleStop(fromSeconds(stop));
  return true;
}

bool addAccessFlow(const Json& doc, GraphBuilder& g, size_t i, int first, int last, double rate, double buffer,
                   double ds, double dr, double start, const std::string& group) {
  const std::string is = std::to_string(i);
  const int s = g.node("s" + is), r = g.node("r" + is);
  g.duplex("src." + is, s, first, rate, fromSeconds(ds), g.queue(nullptr, "", "src." + is, rate, "droptail", buffer),
           buffer);
  Link* dst = g.duplex("dst." + is, last, r, rate, fromSeconds(dr),
                       g.queue(nullptr, "", "dst." + is, rate, "droptail", buffer), buffer);
  FlowOptions fo;
  FlowSource source;
  std::string err;
  if (!flowOptionsOf(doc, i, fo, source, err)) {
    g.problems().add(err);
    return false;
  }
  dst->setLoss(source.exo ? g.loss(source.exo, source.path + ".exoLoss", dst->name())
                          : g.loss(doc.find("exoLoss"), "exoLoss", dst->name()));
  return addTcpFlow(g, fo, start, s, r, group, dst, "flows", source.ccPath);
}

namespace {
// " (a key of kind "dumbbell" only)" for a key another topology kind takes: trace-driven links
// (topology.trace, traceUp) are a dumbbell's bottleneck only, and a chain or graph says so.
std::string topologyKindsTaking(const std::string& key) {
  std::string names;
  const std::pair<const char*, const SpecList*> kinds[] = {{"dumbbell", &DumbbellFields::params().specs()},
                                                           {"chain", &ChainFields::params().specs()},
                                                           {"graph", &GraphFields::params().specs()}};
  for (const auto& [name, specs] : kinds)
    if (findSpec(*specs, key)) names += (names.empty() ? "\"" : "\" or \"") + std::string(name);
  return names.empty() ? "" : " (a key of kind " + names + "\" only)";
}
}  // namespace

bool readTopologyFields(const Json& doc, const Json* topo, const SpecList& specs, Problems& problems, ParamValues& t,
                        FlowOptions& defaults) {
  std::string err;
  if (topo && topo->isObject())
    for (const auto& [k, v] : topo->members())
      if (k != "kind" && !findSpec(specs, k)) {
        const std::string others = topologyKindsTaking(k);
        if (others.empty()) break;  // readParams names it as any unknown key
        problems.add("topology." + k, "unknown key" + others + "; known keys here: " + specKeys(specs));
        return false;
      }
  if (!readParams(topo, specs, "topology", t, err, {"kind"}) ||
      !readFlowOptions(doc.find("flows"), "flows", defaults, err)) {
    problems.add(err);
    return false;
  }
  return checkCcParams(defaults, "flows.ccParams", problems);
}

bool checkCcParams(const FlowOptions& o, const std::string& path, Problems& problems) {
  if (o.ccParams.isNull()) return true;
  ParamValues v;
  std::string err;
  if (readParams(&o.ccParams, *ccKinds()[o.cc].specs, path, v, err)) return true;
  problems.add(err);
  return false;
}

bool addTraffic(const Json& doc, GraphBuilder& g, const std::string& defFrom, const std::string& defTo) {
  const Json* tr = doc.find("traffic");
  if (!tr) return true;
  Problems& problems = g.problems();
  if (tr->items().size() > static_cast<size_t>(kMaxSources)) {
    problems.add("traffic", std::to_string(tr->items().size()) + " sources; at most " + std::to_string(kMaxSources), 0,
                 kMaxSources, "sources", true);
    g.sourceSkipped();
    return false;
  }
  Simulation& sim = g.sim();
  Network& net = g.net();
  for (size_t k = 0; k < tr->items().size(); ++k) {
    const std::string path = "traffic[" + std::to_string(k) + "]";
    ParamValues values;
    std::string err;
    if (!readParams(&tr->items()[k], trafficSpecs(), path, values, err)) {
      problems.add(err);
      g.sourceSkipped();
      continue;
    }
    TrafficFields v;
    TrafficFields::params().load(v, values);
    const std::string from = textOr(v.from, defFrom), to = textOr(v.to, defTo);
    const int a = g.find(from), b = g.find(to);
    if (a < 0) problems.add(path + ".from", "no node named \"" + from + "\"");
    if (b < 0) problems.add(path + ".to", "no node named \"" + to + "\"");
    if (a < 0 || b < 0) {
      g.sourceSkipped();
      continue;
    }
    std::vector<Link*> hops;
    if (!g.route(a, b, hops)) {
      problems.add(path, "no route from " + from + " to " + to);
      g.sourceSkipped();
      continue;
    }
    if (!g.hopsFit(hops, path, a, b)) {
      g.sourceSkipped();
      continue;
    }
    net.sinks.push_back(std::make_unique<UdpSink>(sim));
    PacketSink* sink = net.sinks.back().get();
    Route* r = net.addRoute(hops, sink);
    const bool onoff = v.kind == TrafficFields::Kind::OnOff;
    const bool never = std::isnan(v.stop);  // null: never stops
    net.demands.push_back(Demand{r, nullptr, v.rate, 0, v.start, never ? -1 : v.stop, path});
    if (onoff) {
      net.demands.back().onMean = v.onMean;
      net.demands.back().offMean = v.offMean;
    }
    net.sources.push_back(std::make_unique<UdpSource>(sim, r, v.rate, g.packetSize(), fromSeconds(v.start),
                                                      never ? -1 : fromSeconds(v.stop), onoff ? v.onMean : 0, v.offMean,
                                                      sim.stream("traffic." + std::to_string(k))));
  }
  return true;
}

}  // namespace bl
