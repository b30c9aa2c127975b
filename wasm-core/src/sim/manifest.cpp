// The manifest (bl_manifest): one account of the run as it was built and as it stands now, read
// from the built network itself rather than from the scenario document, so the page, the CLI
// and the tests describe what the simulator actually does (docs/scenario.md, "The manifest").
#include <algorithm>
#include <cmath>

#include "cc/registry.h"
#include "core/params.h"
#include "sim/flow_options.h"
#include "sim/instance.h"
#include "sim/scenario.h"
#include "tcp/tcp_sender.h"

namespace bl {

namespace {

constexpr int kManifestVersion = 1;

// A queue's parameters as they stand (defaults filled in, live changes applied); `liveOnly`
// keeps only those bl_set_param may change.
Json queueParams(const QueueDisc& q, bool liveOnly) {
  Json o = Json::object();
  for (const ParamSpec& s : q.specs()) {
    if (liveOnly && !s.live) continue;
    if (s.type == ParamType::Array || s.type == ParamType::Object || s.type == ParamType::String) continue;
    o.set(s.key, s.type == ParamType::Enum ? Json::string(q.option(s.key)) : specValueJson(s, q.param(s.key)));
  }
  return o;
}

Json lossJson(const LossModel* m, SimTime now) {
  if (!m) return Json();
  Json o = Json::object();
  o.set("kind", Json::string(m->kind));
  o.set("params", m->params);
  o.set("source", Json::string(m->source));
  o.set("rate", Json::number(m->rate(now)));  // the rate in force now (a schedule's current step)
  return o;
}

// A flow's live values (bl_set_param's "flow.N" keys), as the run has them now.
Json flowLive(const Instance& in, size_t i, SimTime now) {
  Json o = Json::object();
  for (const LiveFlowParam& p : Instance::liveFlowParams()) o.set(p.spec.key, p.value(in, i, now));
  return o;
}

// The values all flows share ("flows" entity): a key whose flows differ is null.
Json sharedLive(const std::vector<Json>& per) {
  Json o = Json::object();
  if (per.empty()) return o;
  for (const auto& [k, v] : per.front().members()) {
    bool same = true;
    const std::string text = v.dump();
    for (const Json& p : per)
      if (const Json* x = p.find(k); !x || x->dump() != text) {
        same = false;
        break;
      }
    o.set(k, same ? v : Json());
  }
  return o;
}

}  // namespace

SimTime Instance::nextScheduledChange() const {
  const SimTime now = sim_->now();
  SimTime next = kNever;
  for (const auto& l : net_->links)
    if (const LossModel* m = l->loss()) next = std::min(next, m->nextChange(now));
  return next;
}

Json Instance::manifest() const {
  const SimTime now = sim_->now();
  const Network& net = *net_;
  Json m = Json::object();
  m.set("version", Json::number(kManifestVersion));
  m.set("now", Json::number(toSeconds(now)));
  const SimTime next = nextScheduledChange();
  m.set("nextChange", next == kNever || next > end_ ? Json() : Json::number(toSeconds(next)));
  m.set("run", settings_);
  m.set("topology", Json::string(topologyKind_));
  Json nodes = Json::array();
  for (const std::string& n : net.nodes) nodes.push(Json::string(n));
  m.set("nodes", nodes);
  m.set("bottleneck", net.bottleneck ? Json::string(net.bottleneck->name()) : Json());
  Json traced = Json::array();
  for (const Link* l : net.traced) traced.push(Json::string(l->name()));
  m.set("traced", traced);

  Json links = Json::array();
  for (const auto& lp : net.links) {
    const Link& l = *lp;
    Json o = Json::object();
    o.set("name", Json::string(l.name()));
    const size_t li = static_cast<size_t>(l.index());
    if (li < net.ends.size() && li < net.links.size()) {
      o.set("from", Json::string(net.nodes[static_cast<size_t>(net.ends[li].first)]));
      o.set("to", Json::string(net.nodes[static_cast<size_t>(net.ends[li].second)]));
    }
    o.set("rate", Json::number(l.rate()));
    if (const DeliveryTrace* tr = l.trace()) {  // the rate above is the trace's mean
      Json t = Json::object();
      t.set("name", Json::string(tr->name()));
      t.set("opportunities", Json::number(static_cast<double>(tr->size())));
      t.set("period", Json::number(static_cast<double>(tr->periodMs()) / 1000));
      o.set("trace", t);
    }
    o.set("delay", Json::number(toSeconds(l.delay())));
    o.set("buffer", Json::number(l.queue().buffer()));
    Json q = Json::object();
    q.set("kind", Json::string(l.queue().kind()));
    q.set("params", queueParams(l.queue(), false));
    o.set("queue", q);
    o.set("loss", lossJson(l.loss(), now));
    links.push(o);
  }
  m.set("links", links);

  const ParamSpec* recovery = &FlowOptions::params().specOf<&FlowOptions::tcp, &TcpConfig::recovery>();
  Json flows = Json::array();
  std::vector<Json> per;
  for (size_t i = 0; i < net.flows.size(); ++i) {
    const FlowEntry& f = net.flows[i];
    Json o = Json::object();
    o.set("index", Json::number(static_cast<double>(i)));
    o.set("id", Json::number(f.id));
    o.set("group", Json::string(f.group));
    if (const TcpSender* s = f.sender) {
      const CongestionControl& cc = s->cc();
      o.set("cc", Json::string(cc.name()));
      Json cp = Json::object();
      if (const CcKind* k = findCcKind(cc.name()))
        for (const ParamSpec& sp : *k->specs) cp.set(sp.key, specValueJson(sp, cc.param(sp.key)));
      o.set("ccParams", cp);
      // Loss recovery (which packets are resent, when): every window rule runs under one; a
      // model-based rule (BBR) keeps its own window through it.
      o.set("recovery", specValueJson(*recovery, static_cast<double>(s->config().recovery)));
      o.set("ownsWindow", Json::boolean(cc.ownsWindow()));
      o.set("ecn", Json::boolean(s->config().ecn));
      o.set("pacing", Json::boolean(s->config().pacing));
      o.set("rwnd", Json::number(s->config().rwnd));
      o.set("initialCwnd", Json::number(s->config().initialCwnd));
      o.set("minRto", Json::number(toSeconds(s->config().minRto)));
    }
    o.set("start", Json::number(f.start));
    o.set("stop", f.stop < 0 ? Json() : Json::number(f.stop));
    o.set("rtt", Json::number(toSeconds(f.propRtt)));
    Json path = Json::array();
    if (f.route)
      for (const PacketSink* h : f.route->hops) path.push(Json::string(static_cast<const Link*>(h)->name()));
    o.set("path", path);
    o.set("lossLink", f.exoLink ? Json::string(f.exoLink->name()) : Json());
    o.set("crossesBottleneck", Json::boolean(f.crossesBottleneck));
    // MPAT: the aggregate (its index in the scenario's `aggregates`) that pools its window.
    o.set("aggregate", f.aggregate < 0 ? Json() : Json::number(f.aggregate));
    per.push_back(flowLive(*this, i, now));
    o.set("live", per.back());
    flows.push(o);
  }
  m.set("flows", flows);
  m.set("sources", Json::number(static_cast<double>(net.sources.size())));

  // The live parameters the page offers, by bl_set_param entity, with their values now.
  Json live = Json::object();
  live.set("flows", sharedLive(per));
  for (const Link* l : net.traced) {
    live.set("queue." + l->name(), queueParams(l->queue(), true));
    Json lk = Json::object();
    for (const LiveLinkParam& p : Instance::liveLinkParams()) lk.set(p.spec.key, p.value(*l, now));
    live.set("link." + l->name(), lk);
  }
  m.set("live", live);

  Json changes = Json::array();
  for (const LiveChange& c : changes_) {
    Json o = Json::object();
    o.set("t", Json::number(toSeconds(c.t)));
    o.set("entity", Json::string(c.entity));
    o.set("key", Json::string(c.key));
    o.set("value", Json::number(c.value));
    changes.push(o);
  }
  m.set("changes", changes);
  return m;
}

}  // namespace bl
