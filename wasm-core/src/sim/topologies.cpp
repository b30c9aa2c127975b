// Topology builders: dumbbell, the XQM paper's A-B-C-D chain, and a general graph. All three
// go through one GraphBuilder (nodes, duplex links, shortest-hop routes), so flows, traffic
// and loss attach the same way everywhere.
#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <unordered_map>

#include "cc/registry.h"
#include "net/loss_model.h"
#include "queues/droptail.h"
#include "sim/aggregates.h"
#include "sim/instance.h"
#include "sim/scenario.h"
#include "tcp/mpat.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"
#include "traffic/udp_source.h"

namespace bl {

namespace {

class GraphBuilder {
 public:
  GraphBuilder(Simulation& sim, Network& net, uint32_t packetSize) : sim_(sim), net_(net), packetSize_(packetSize) {}

  // Node names are hashed, so building a graph of n nodes is O(n), not O(n^2).
  int node(const std::string& name) {
    auto [it, fresh] = index_.emplace(name, static_cast<int>(names_.size()));
    if (fresh) {
      names_.push_back(name);
      adj_.emplace_back();
    }
    return it->second;
  }
  int find(const std::string& name) const {
    auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
  }
  uint32_t packetSize() const { return packetSize_; }

  // A queue from a scenario object {kind, ...params} (null: DropTail with `defBuffer`).
  std::unique_ptr<QueueDisc> queue(const Json* obj, const std::string& path, const std::string& link, double rate,
                                   const char* defKind, std::string& err, double defBuffer = 10000) {
    std::string kind = defKind;
    if (obj && obj->isObject()) {
      if (const Json* k = obj->find("kind")) {
        if (!k->isString()) {
          err = path + ".kind: expected a string";
          return nullptr;
        }
        kind = k->asString();
      }
    }
    const QueueKind* qk = findQueueKind(kind);
    if (!qk) {
      std::string known;
      for (const QueueKind& k : queueKinds()) known += (known.empty() ? "" : ", ") + std::string(k.name);
      err = path + ".kind: \"" + kind + "\" is not a queue kind; known: " + known;
      return nullptr;
    }
    ParamValues v;
    if (!readParams(obj, *qk->specs, path, v, err, {"kind"})) return nullptr;
    if ((!obj || !obj->find("buffer")) && findSpec(*qk->specs, "buffer")) v.setNum("buffer", defBuffer);
    LinkInfo info{rate, packetSize_, link};
    auto q = qk->make(v, info, sim_, err);
    if (!q) err = path + ": " + err;
    return q;
  }

  std::unique_ptr<LossModel> loss(const Json* obj, const std::string& path, const std::string& stream,
                                  std::string& err) {
    if (!obj || obj->isNull()) return nullptr;
    std::string kind = "none";
    if (obj->isObject()) {
      if (const Json* k = obj->find("kind")) {
        if (!k->isString()) {
          err = path + ".kind: expected a string";
          return nullptr;
        }
        kind = k->asString();
      }
    }
    const LossKind* lk = findLossKind(kind);
    if (!lk) {
      std::string known;
      for (const LossKind& k : lossKinds()) known += (known.empty() ? "" : ", ") + std::string(k.name);
      err = path + ".kind: \"" + kind + "\" is not a loss model; known: " + known;
      return nullptr;
    }
    ParamValues v;
    if (!readParams(obj, *lk->specs, path, v, err, {"kind"})) return nullptr;
    return lk->make(v, sim_.stream("loss." + stream), path, err);
  }

  // Two one-way links, `name` (from->to, with queue `q`) and `name.rev` (to->from, DropTail).
  Link* duplex(const std::string& name, int from, int to, double rate, SimTime delay, std::unique_ptr<QueueDisc> q,
               double revBuffer = 10000) {
    Link* fwd = net_.addLink(name, rate, delay, std::move(q));
    std::string e;
    Link* rev =
        net_.addLink(name + ".rev", rate, delay, queue(nullptr, "", name + ".rev", rate, "droptail", e, revBuffer));
    adj_[static_cast<size_t>(from)].push_back({to, fwd});
    adj_[static_cast<size_t>(to)].push_back({from, rev});
    return fwd;
  }

  // Shortest path in hops (ties: the link added first), or false.
  bool route(int from, int to, std::vector<Link*>& out) const {
    std::vector<int> prev(names_.size(), -1);
    std::vector<Link*> via(names_.size(), nullptr);
    std::deque<int> q{from};
    prev[static_cast<size_t>(from)] = from;
    while (!q.empty() && prev[static_cast<size_t>(to)] < 0) {
      int u = q.front();
      q.pop_front();
      for (const Edge& e : adj_[static_cast<size_t>(u)])
        if (prev[static_cast<size_t>(e.to)] < 0) {
          prev[static_cast<size_t>(e.to)] = u;
          via[static_cast<size_t>(e.to)] = e.link;
          q.push_back(e.to);
        }
    }
    if (prev[static_cast<size_t>(to)] < 0) return false;
    out.clear();
    for (int v = to; v != from; v = prev[static_cast<size_t>(v)]) out.push_back(via[static_cast<size_t>(v)]);
    std::reverse(out.begin(), out.end());
    return true;
  }

  // A packet counts its hops in 16 bits: a longer route is refused, not wrapped around.
  bool hopsFit(const std::vector<Link*>& hops, const std::string& path, int from, int to, std::string& err) const {
    if (hops.size() <= static_cast<size_t>(kMaxHops)) return true;
    err = path + ": the route from " + names_[static_cast<size_t>(from)] + " to " + names_[static_cast<size_t>(to)] +
          " has " + std::to_string(hops.size()) + " hops; at most " + std::to_string(kMaxHops);
    return false;
  }

  SimTime pathDelay(const std::vector<Link*>& hops) const {
    SimTime d = 0;
    for (Link* l : hops) d += l->delay();
    return d;
  }

  // TED-driven RTO: the empty-path RTT (propagation plus one data and one ACK serialisation
  // per hop) and how many deadlines a packet may spend queued: one per LBD queue, one for
  // all EBD queues together. No TED queue on the path: no bound, the usual timer.
  void deadlineBound(const std::vector<Link*>& fwd, const std::vector<Link*>& rev, TcpConfig& cfg) const {
    SimTime base = 0;
    int lbd = 0;
    bool ebd = false;
    for (Link* l : fwd) {
      base += l->delay() + txTime(packetSize_, l->rate());
      if (std::string(l->queue().kind()) != "ted") continue;
      if (std::string(l->queue().option("mode")) == "ebd")
        ebd = true;
      else
        ++lbd;
    }
    for (Link* l : rev) base += l->delay() + txTime(40, l->rate());
    cfg.deadlineRtoBase = base;
    if (!fwd.empty()) cfg.deadlineRtoBurst = txTime(packetSize_, fwd.front()->rate());
    cfg.deadlineRtoHops = lbd + (ebd ? 1 : 0);
  }

  // A TCP flow from node `src` to `dst` with validated flow values `fv`.
  bool tcpFlow(const ParamValues& fv, double start, int src, int dst, const std::string& group, Link* exoLink,
               const std::string& path, std::string& err) {
    std::vector<Link*> fwd, rev;
    if (!route(src, dst, fwd) || !route(dst, src, rev)) {
      err = path + ": no route from " + names_[static_cast<size_t>(src)] + " to " + names_[static_cast<size_t>(dst)];
      return false;
    }
    if (!hopsFit(fwd, path, src, dst, err) || !hopsFit(rev, path, dst, src, err)) return false;
    const int id = static_cast<int>(net_.flows.size());
    sim_.flowStats().emplace_back();
    const bool rttDeadline = fv.isNull("deadline") && !fv.isNull("deadlineRtt");
    const SimTime propRtt = pathDelay(fwd) + pathDelay(rev);
    sim_.flowAttrs().push_back(
        FlowAttrs{fv.num("weight"), rttDeadline ? fv.num("deadlineRtt") * toSeconds(propRtt) : fv.num("deadline")});
    TcpConfig cfg;
    const std::string tcp = fv.option("tcp");
    cfg.recovery = tcp == "reno" ? TcpConfig::Reno : tcp == "sack" ? TcpConfig::Sack : TcpConfig::NewReno;
    cfg.packetSize = packetSize_;
    cfg.initialCwnd = fv.num("initialCwnd");
    cfg.rwnd = fv.num("rwnd");
    cfg.minRto = fromSeconds(fv.num("minRto"));
    cfg.dupThresh = static_cast<uint32_t>(fv.num("dupThresh"));
    cfg.limitedTransmit = fv.flag("limitedTransmit");
    cfg.rtoRestart = std::string(fv.option("rtoRestart")) == "newAck" ? TcpConfig::RestartOnNewAckOnly
                                                                      : TcpConfig::RestartOnFastRetransmit;
    cfg.rtoFormula = std::string(fv.option("rtoFormula")) == "linux" ? TcpConfig::Linux : TcpConfig::Rfc6298;
    cfg.rtoBackoffReset =
        std::string(fv.option("rtoBackoffReset")) == "newAck" ? TcpConfig::OnNewAck : TcpConfig::KeepUntilSample;
    cfg.sackDupAck = std::string(fv.option("dupAck")) == "newSack" ? TcpConfig::NewSack : TcpConfig::AnyDup;
    cfg.sackForgetOnRto = std::string(fv.option("sackAfterRto")) == "forget";
    if (std::string(fv.option("recoveryCwnd")) == "ns2") {
      if (cfg.recovery != TcpConfig::Sack || std::string(fv.option("cc")) != "aimd") {
        err = path + ".recoveryCwnd: \"ns2\" is ns-2's Sack1 rule; it needs tcp \"sack\" and cc \"aimd\"";
        return false;
      }
      cfg.recoveryCwnd = TcpConfig::Ns2Sack1;
    }
    cfg.ecn = fv.flag("ecn");
    cfg.pacing = fv.flag("pacing");
    cfg.vegasRetx = fv.isNull("vegasRetx") ? std::string(fv.option("cc")) == "vegas" : fv.flag("vegasRetx");
    if (fv.flag("tedRto")) deadlineBound(fwd, rev, cfg);
    const CcKind* cc = findCcKind(fv.option("cc"));
    Route* dataRoute = net_.addRoute(fwd, nullptr);
    Route* ackRoute = net_.addRoute(rev, nullptr);
    auto ccm = cc->make();
    ParamValues cv;  // the module's own parameters, then the flow's weight
    if (!readParams(fv.raw("ccParams"), *cc->specs, path + ".ccParams", cv, err)) return false;
    for (const ParamSpec& s : *cc->specs) ccm->setParam(s.key, cv.num(s.key));
    ccm->setParam("weight", fv.num("weight"));
    ccm->setParam("packetSize", packetSize_);
    ccm->setParam("rngSeed", sim_.stream("cc." + std::to_string(id)).uniform());
    if (ccm->ownsWindow()) cfg.pacing = true;  // BBR paces by design
    net_.senders.push_back(std::make_unique<TcpSender>(sim_, id, dataRoute, cfg, std::move(ccm)));
    TcpSender* snd = net_.senders.back().get();
    net_.receivers.push_back(std::make_unique<TcpReceiver>(sim_, id, ackRoute, fv.flag("delayedAck")));
    TcpReceiver* rcv = net_.receivers.back().get();
    if (cfg.ecn) rcv->setEcn(snd->cc().accurateEcn() ? TcpReceiver::Accurate : TcpReceiver::Classic);
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
    f.crossesBottleneck = std::find(fwd.begin(), fwd.end(), net_.bottleneck) != fwd.end();
    net_.flows.push_back(f);
    net_.demands.push_back(
        Demand{dataRoute, ackRoute, 0, fv.num("rwnd"), start, fv.isNull("stop") ? -1 : fv.num("stop"), path});
    snd->scheduleStart(fromSeconds(start));
    if (!fv.isNull("stop")) snd->scheduleStop(fromSeconds(fv.num("stop")));
    return true;
  }

 private:
  struct Edge {
    int to;
    Link* link;
  };
  Simulation& sim_;
  Network& net_;
  uint32_t packetSize_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, int> index_;
  std::vector<std::vector<Edge>> adj_;
};

// Merges `over`'s members over `base`'s (both objects or null), leaving out `drop` keys.
Json merged(const Json* base, const Json* over, const std::vector<std::string>& drop) {
  Json m = Json::object();
  for (const Json* src : {base, over})
    if (src && src->isObject())
      for (const auto& [k, v] : src->members()) {
        bool skip = false;
        for (const auto& d : drop) skip = skip || d == k;
        if (!skip) m.set(k, v);
      }
  return m;
}

// Flow values of flow i: scenario defaults with the matching override on top. Also returns
// the override's own exoLoss object, if any.
bool flowValues(const Json& doc, size_t i, ParamValues& out, const Json** exo, std::string& err) {
  const Json* defaults = doc.find("flows");
  const Json* over = nullptr;
  std::string path = "flows";
  if (const Json* ovs = doc.find("flowOverrides")) {
    for (size_t k = 0; k < ovs->items().size(); ++k) {
      const Json& o = ovs->items()[k];
      const Json* f = o.find("flow");
      if (f && f->isNumber() && f->asNumber() == static_cast<double>(i)) {
        over = &o;
        path = "flowOverrides[" + std::to_string(k) + "]";
      }
    }
  }
  Json m = merged(defaults, over, {"flow", "exoLoss"});
  *exo = over ? over->find("exoLoss") : nullptr;
  return readParams(&m, flowSpecs(), path, out, err);
}

bool checkOverrides(const Json& doc, size_t nFlows, std::string& err) {
  const Json* ovs = doc.find("flowOverrides");
  if (!ovs) return true;
  for (size_t k = 0; k < ovs->items().size(); ++k) {
    const Json& o = ovs->items()[k];
    const std::string path = "flowOverrides[" + std::to_string(k) + "]";
    if (!o.isObject()) {
      err = path + ": expected an object";
      return false;
    }
    const Json* f = o.find("flow");
    if (!f || !f->isNumber() || f->asNumber() != std::floor(f->asNumber()) || f->asNumber() < 0 ||
        f->asNumber() >= static_cast<double>(nFlows)) {
      err = path + ".flow: give the flow index, an integer in [0, " + std::to_string(nFlows - 1) + "]";
      return false;
    }
    if (o.find("count")) {
      err = path + ".count: set the number of flows in flows.count, not per flow";
      return false;
    }
    ParamValues v;
    Json m = merged(nullptr, &o, {"flow", "exoLoss"});
    if (!readParams(&m, flowSpecs(), path, v, err)) return false;
  }
  return true;
}

// Draws the start time of each flow in order from one stream.
std::vector<double> startTimes(const Json& doc, Simulation& sim, size_t n, std::string& err, bool& ok) {
  std::vector<double> starts;
  Rng rng = sim.stream("flows.start");
  ok = true;
  for (size_t i = 0; i < n && ok; ++i) {
    ParamValues v;
    const Json* exo;
    if (!flowValues(doc, i, v, &exo, err)) {
      ok = false;
      break;
    }
    const double spread = v.num("startSpread");
    starts.push_back(v.num("start") + (spread > 0 ? rng.uniform(0, spread) : 0));
  }
  return starts;
}

bool addTraffic(const Json& doc, GraphBuilder& g, Simulation& sim, Network& net, const std::string& defFrom,
                const std::string& defTo, std::string& err) {
  const Json* tr = doc.find("traffic");
  if (!tr) return true;
  if (tr->items().size() > static_cast<size_t>(kMaxSources)) {
    err = "traffic: " + std::to_string(tr->items().size()) + " sources; at most " + std::to_string(kMaxSources);
    return false;
  }
  for (size_t k = 0; k < tr->items().size(); ++k) {
    const std::string path = "traffic[" + std::to_string(k) + "]";
    ParamValues v;
    if (!readParams(&tr->items()[k], trafficSpecs(), path, v, err)) return false;
    const std::string from = v.text("from", defFrom), to = v.text("to", defTo);
    const int a = g.find(from), b = g.find(to);
    if (a < 0) {
      err = path + ".from: no node named \"" + from + "\"";
      return false;
    }
    if (b < 0) {
      err = path + ".to: no node named \"" + to + "\"";
      return false;
    }
    std::vector<Link*> hops;
    if (!g.route(a, b, hops)) {
      err = path + ": no route from " + from + " to " + to;
      return false;
    }
    if (!g.hopsFit(hops, path, a, b, err)) return false;
    net.sinks.push_back(std::make_unique<UdpSink>(sim));
    PacketSink* sink = net.sinks.back().get();
    Route* r = net.addRoute(hops, sink);
    const bool onoff = std::string(v.option("kind")) == "onoff";
    const double meanRate =
        onoff ? v.num("rate") * v.num("onMean") / (v.num("onMean") + v.num("offMean")) : v.num("rate");
    net.demands.push_back(Demand{r, nullptr, meanRate, 0, v.num("start"), v.isNull("stop") ? -1 : v.num("stop"), path});
    net.sources.push_back(
        std::make_unique<UdpSource>(sim, r, v.num("rate"), g.packetSize(), fromSeconds(v.num("start")),
                                    v.isNull("stop") ? -1 : fromSeconds(v.num("stop")), onoff ? v.num("onMean") : 0,
                                    v.num("offMean"), sim.stream("traffic." + std::to_string(k))));
  }
  return true;
}

bool buildDumbbell(const Json& doc, const Json* topo, GraphBuilder& g, Simulation& sim, Network& net,
                   std::string& err) {
  ParamValues t;
  if (!readParams(topo, dumbbellSpecs(), "topology", t, err, {"kind"})) return false;
  if (t.num("accessDelayMin") > t.num("accessDelayMax")) {
    err = "topology.accessDelayMin: " + jsonNumber(t.num("accessDelayMin")) + " must not exceed accessDelayMax (" +
          jsonNumber(t.num("accessDelayMax")) + ")";
    return false;
  }
  ParamValues fd;
  if (!readParams(doc.find("flows"), flowSpecs(), "flows", fd, err)) return false;
  const size_t n = static_cast<size_t>(fd.num("count"));
  if (!checkOverrides(doc, n, err)) return false;
  const int L = g.node("L"), R = g.node("R");
  auto q = g.queue(doc.find("queue"), "queue", "bottleneck", t.num("bottleneckRate"), "droptail", err, 250);
  if (!q) return false;
  net.bottleneck =
      g.duplex("bottleneck", L, R, t.num("bottleneckRate"), fromSeconds(t.num("bottleneckDelay")), std::move(q));
  net.traced.push_back(net.bottleneck);
  Rng delays = sim.stream("topology.delays");
  const double ar = t.num("accessRate"), buf = t.num("accessBuffer");
  bool ok;
  std::vector<double> starts = startTimes(doc, sim, n, err, ok);
  if (!ok) return false;
  for (size_t i = 0; i < n; ++i) {
    const std::string is = std::to_string(i);
    const int s = g.node("s" + is), r = g.node("r" + is);
    const double ds = delays.uniform(t.num("accessDelayMin"), t.num("accessDelayMax"));
    const double dr = t.flag("sameAccessDelay") ? ds : delays.uniform(t.num("accessDelayMin"), t.num("accessDelayMax"));
    g.duplex("src." + is, s, L, ar, fromSeconds(ds), g.queue(nullptr, "", "src." + is, ar, "droptail", err, buf), buf);
    Link* dst = g.duplex("dst." + is, R, r, ar, fromSeconds(dr),
                         g.queue(nullptr, "", "dst." + is, ar, "droptail", err, buf), buf);
    ParamValues fv;
    const Json* ownExo;
    if (!flowValues(doc, i, fv, &ownExo, err)) return false;
    const Json* exo = ownExo ? ownExo : doc.find("exoLoss");
    const std::string exoPath = ownExo ? "flowOverrides.exoLoss" : "exoLoss";
    auto lm = g.loss(exo, exoPath, dst->name(), err);
    if (!err.empty()) return false;
    dst->setLoss(std::move(lm));
    if (!g.tcpFlow(fv, starts[i], s, r, "", dst, "flows", err)) return false;
  }
  return addTraffic(doc, g, sim, net, "L", "R", err);
}

bool buildChain(const Json& doc, const Json* topo, GraphBuilder& g, Simulation& sim, Network& net, std::string& err) {
  ParamValues t;
  if (!readParams(topo, chainSpecs(), "topology", t, err, {"kind"})) return false;
  double rates[3] = {100e6, 150e6, 150e6};
  if (const Json* r = t.raw("rates")) {
    if (r->items().size() != 3) {
      err = "topology.rates: give three rates (A-B, B-C, C-D) in bit/s";
      return false;
    }
    for (size_t i = 0; i < 3; ++i) {
      const Json& x = r->items()[i];
      const std::string where = "topology.rates[" + std::to_string(i) + "]";
      if (!x.isNumber()) {
        err = where + ": expected a rate in " + describeRange(chainRateSpec());
        return false;
      }
      if (!checkValue(chainRateSpec(), x.asNumber(), where, err)) return false;
      rates[i] = x.asNumber();
    }
  }
  if (t.num("accessDelayMin") > t.num("accessDelayMax")) {
    err = "topology.accessDelayMin: must not exceed accessDelayMax";
    return false;
  }
  const size_t overlay = static_cast<size_t>(t.num("overlayFlows")), cross = static_cast<size_t>(t.num("crossFlows"));
  const size_t n = overlay + 3 * cross;
  if (n == 0 || n > static_cast<size_t>(kMaxFlows)) {
    err = "topology: overlayFlows + 3 x crossFlows = " + std::to_string(n) + "; allowed [1, " +
          std::to_string(kMaxFlows) + "]";
    return false;
  }
  if (const Json* fd = doc.find("flows"); fd && fd->find("count")) {
    err = "flows.count: a chain's flows are topology.overlayFlows + 3 x crossFlows";
    return false;
  }
  if (!checkOverrides(doc, n, err)) return false;
  const char* names[4] = {"A", "B", "C", "D"};
  int node[4];
  for (int i = 0; i < 4; ++i) node[i] = g.node(names[i]);
  const SimTime hop = fromSeconds(t.num("hopDelay"));
  const Json* under = t.raw("underlayQueue");
  const char* hopNames[3] = {"AB", "BC", "CD"};
  for (int h = 0; h < 3; ++h) {
    auto q = h == 0 ? g.queue(doc.find("queue"), "queue", "AB", rates[0], "droptail", err, 250)
                    : g.queue(under, "topology.underlayQueue", hopNames[h], rates[h], "red", err, 250);
    if (!q) return false;
    Link* l = g.duplex(hopNames[h], node[h], node[h + 1], rates[h], hop, std::move(q));
    net.traced.push_back(l);
    if (h == 0) net.bottleneck = l;
  }
  Rng delays = sim.stream("topology.delays");
  bool ok;
  std::vector<double> starts = startTimes(doc, sim, n, err, ok);
  if (!ok) return false;
  const double ar = t.num("accessRate"), buf = t.num("accessBuffer"), amin = t.num("accessDelayMin");
  for (size_t i = 0; i < n; ++i) {
    // Flows 0..overlay-1 go A->D; then cross flows over A-B, B-C, C-D.
    const int hopIdx = i < overlay ? -1 : static_cast<int>((i - overlay) / cross);
    const int from = hopIdx < 0 ? 0 : hopIdx, to = hopIdx < 0 ? 3 : hopIdx + 1;
    const std::string group = hopIdx < 0 ? "AD" : hopNames[hopIdx];
    double ds, dr;
    if (t.flag("equalRtt")) {
      const double pad = hopIdx < 0 ? 0 : t.num("hopDelay");  // a cross flow crosses 2 hops fewer
      ds = dr = amin + pad;
    } else {
      ds = delays.uniform(amin, t.num("accessDelayMax"));
      dr = delays.uniform(amin, t.num("accessDelayMax"));
    }
    const std::string is = std::to_string(i);
    const int s = g.node("s" + is), r = g.node("r" + is);
    g.duplex("src." + is, s, node[from], ar, fromSeconds(ds),
             g.queue(nullptr, "", "src." + is, ar, "droptail", err, buf), buf);
    Link* dst = g.duplex("dst." + is, node[to], r, ar, fromSeconds(dr),
                         g.queue(nullptr, "", "dst." + is, ar, "droptail", err, buf), buf);
    ParamValues fv;
    const Json* ownExo;
    if (!flowValues(doc, i, fv, &ownExo, err)) return false;
    auto lm =
        g.loss(ownExo ? ownExo : doc.find("exoLoss"), ownExo ? "flowOverrides.exoLoss" : "exoLoss", dst->name(), err);
    if (!err.empty()) return false;
    dst->setLoss(std::move(lm));
    if (!g.tcpFlow(fv, starts[i], s, r, group, dst, "flows", err)) return false;
  }
  return addTraffic(doc, g, sim, net, "A", "B", err);
}

bool buildGraph(const Json& doc, const Json* topo, GraphBuilder& g, Simulation& sim, Network& net, std::string& err) {
  ParamValues t;
  if (!readParams(topo, graphSpecs(), "topology", t, err, {"kind"})) return false;
  const Json* nodes = t.raw("nodes");
  const Json* links = t.raw("links");
  const Json* flows = t.raw("flows");
  if (!nodes || nodes->items().empty()) {
    err = "topology.nodes: give at least two node names";
    return false;
  }
  if (nodes->items().size() > static_cast<size_t>(kMaxNodes)) {
    err = "topology.nodes: " + std::to_string(nodes->items().size()) + " nodes; at most " + std::to_string(kMaxNodes);
    return false;
  }
  for (size_t i = 0; i < nodes->items().size(); ++i) {
    const Json& nm = nodes->items()[i];
    if (!nm.isString()) {
      err = "topology.nodes[" + std::to_string(i) + "]: expected a name (string)";
      return false;
    }
    if (g.find(nm.asString()) >= 0) {
      err = "topology.nodes[" + std::to_string(i) + "]: duplicate node \"" + nm.asString() + "\"";
      return false;
    }
    g.node(nm.asString());
  }
  if (!links || links->items().empty()) {
    err = "topology.links: give at least one link";
    return false;
  }
  if (links->items().size() > static_cast<size_t>(kMaxLinks)) {
    err = "topology.links: " + std::to_string(links->items().size()) + " links; at most " + std::to_string(kMaxLinks);
    return false;
  }
  for (size_t i = 0; i < links->items().size(); ++i) {
    const std::string path = "topology.links[" + std::to_string(i) + "]";
    ParamValues v;
    if (!readParams(&links->items()[i], graphLinkSpecs(), path, v, err)) return false;
    const std::string name = v.text("name", "link" + std::to_string(i));
    if (net.link(name)) {
      err = path + ".name: duplicate link \"" + name + "\"";
      return false;
    }
    const int a = g.find(v.text("from")), b = g.find(v.text("to"));
    if (a < 0) {
      err = path + ".from: no node named \"" + v.text("from") + "\"";
      return false;
    }
    if (b < 0) {
      err = path + ".to: no node named \"" + v.text("to") + "\"";
      return false;
    }
    if (a == b) {
      err = path + ": a link needs two different nodes";
      return false;
    }
    auto q = g.queue(v.raw("queue"), path + ".queue", name, v.num("rate"), "droptail", err, 250);
    if (!q) return false;
    Link* l = g.duplex(name, a, b, v.num("rate"), fromSeconds(v.num("delay")), std::move(q));
    auto lm = g.loss(v.raw("loss"), path + ".loss", name, err);
    if (!err.empty()) return false;
    l->setLoss(std::move(lm));
    net.traced.push_back(l);
    if (!net.bottleneck) net.bottleneck = l;
  }
  if (!flows || flows->items().empty()) {
    err = "topology.flows: give at least one flow {src, dst}";
    return false;
  }
  if (flows->items().size() > static_cast<size_t>(kMaxFlows)) {
    err = "topology.flows: " + std::to_string(flows->items().size()) + " flows; at most " + std::to_string(kMaxFlows);
    return false;
  }
  // Scenario fields a graph has no place for are refused, not ignored: the queue and the
  // exogenous loss belong to its links, the flows to topology.flows.
  if (doc.find("queue")) {
    err = "queue: a graph topology sets each link's queue (topology.links[i].queue)";
    return false;
  }
  if (doc.find("exoLoss")) {
    err = "exoLoss: a graph topology has no per-flow access link; set a loss model on a link (topology.links[i].loss)";
    return false;
  }
  if (const Json* fd = doc.find("flows"); fd && fd->find("count")) {
    err = "flows.count: a graph topology's flows are the entries of topology.flows";
    return false;
  }
  const size_t n = flows->items().size();
  if (!checkOverrides(doc, n, err)) return false;
  Rng rng = sim.stream("flows.start");
  for (size_t i = 0; i < n; ++i) {
    std::string path = "topology.flows[" + std::to_string(i) + "]";
    const Json& f = flows->items()[i];
    if (!f.isObject()) {
      err = path + ": expected an object {src, dst, ...}";
      return false;
    }
    const Json* src = f.find("src");
    const Json* dst = f.find("dst");
    if (!src || !src->isString() || g.find(src->asString()) < 0) {
      err = path + ".src: give the name of a node";
      return false;
    }
    if (!dst || !dst->isString() || g.find(dst->asString()) < 0) {
      err = path + ".dst: give the name of a node";
      return false;
    }
    if (src->asString() == dst->asString()) {
      err = path + ".src/" + path + ".dst: both are \"" + src->asString() + "\"; a flow needs two different nodes";
      return false;
    }
    // Scenario flow defaults, then the flow's own entry, then its flowOverrides entry.
    Json m = merged(doc.find("flows"), &f, {"src", "dst", "count"});
    if (const Json* ovs = doc.find("flowOverrides")) {
      for (size_t k = 0; k < ovs->items().size(); ++k) {
        const Json& o = ovs->items()[k];
        if (o.find("flow")->asNumber() != static_cast<double>(i)) continue;
        if (o.find("exoLoss")) {
          err = "flowOverrides[" + std::to_string(k) +
                "].exoLoss: a graph topology has no per-flow access link; set a "
                "loss model on a link (topology.links[i].loss)";
          return false;
        }
        m = merged(&m, &o, {"flow"});
        path = "flowOverrides[" + std::to_string(k) + "]";
      }
    }
    ParamValues fv;
    if (!readParams(&m, flowSpecs(), path, fv, err)) return false;
    const double spread = fv.num("startSpread");
    const double start = fv.num("start") + (spread > 0 ? rng.uniform(0, spread) : 0);
    if (!g.tcpFlow(fv, start, g.find(src->asString()), g.find(dst->asString()), "", nullptr, path, err)) return false;
  }
  return addTraffic(doc, g, sim, net, "", "", err);
}

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

bool buildNetwork(const Json& doc, Simulation& sim, Network& net, std::string& err, bool earlyLinks) {
  if (!buildTopology(doc, sim, net, err) || !buildMpatAggregates(doc, sim, net, err)) return false;
  if (earlyLinks) markEarlyLinks(net);
  return true;
}

bool buildTopology(const Json& doc, Simulation& sim, Network& net, std::string& err) {
  const Json* topo = doc.find("topology");
  std::string kind = "dumbbell";
  if (topo && topo->isObject())
    if (const Json* k = topo->find("kind")) {
      if (!k->isString()) {
        err = "topology.kind: expected a string: dumbbell, chain or graph";
        return false;
      }
      kind = k->asString();
    }
  const Json* ps = doc.find("packetSize");
  GraphBuilder g(sim, net, ps ? static_cast<uint32_t>(ps->asNumber()) : 1000);
  if (kind == "dumbbell") return buildDumbbell(doc, topo, g, sim, net, err);
  if (kind == "chain") return buildChain(doc, topo, g, sim, net, err);
  if (kind == "graph") return buildGraph(doc, topo, g, sim, net, err);
  err = "topology.kind: \"" + kind + "\" is not a topology; known: dumbbell, chain, graph";
  return false;
}

}  // namespace bl
