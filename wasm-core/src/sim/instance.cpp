#include "sim/instance.h"

#include <chrono>
#include <cmath>
#include <cstdlib>

#include "core/params.h"
#include "net/loss_model.h"
#include "sim/scenario.h"
#include "sim/topologies.h"
#include "sim/work_budget.h"
#include "tcp/tcp_sender.h"

namespace bl {

std::unique_ptr<Instance> Instance::create(const std::string& json, std::string& err, bool earlyLinks) {
  Problems problems;
  auto in = create(json, problems, earlyLinks);
  if (!in) err = problems.empty() ? "scenario: refused" : problems.list().front().text();
  return in;
}

std::unique_ptr<Instance> Instance::create(const std::string& json, Problems& problems, bool earlyLinks) {
  Json doc;
  std::string err;
  if (!Json::parse(json, doc, err)) {
    problems.add("", "scenario is not valid JSON: " + err);
    return nullptr;
  }
  if (!doc.isObject()) {
    problems.add("scenario: expected a JSON object");
    return nullptr;
  }
  if (!doc.find("version")) {
    problems.add("version", "missing; this core reads scenario version " + std::to_string(kScenarioVersion));
    return nullptr;
  }
  ParamValues top;
  if (!readParams(&doc, scenarioSpecs(), "", top, err)) {
    problems.add(err);
    return nullptr;
  }
  const size_t before = problems.reported();
  const double duration = top.num("duration"), period = top.num("samplePeriod");
  if (duration / period > kMaxSampleRows)
    problems.add("samplePeriod",
                 jsonNumber(period) + " s gives more than " + jsonNumber(kMaxSampleRows) + " samples over " +
                     jsonNumber(duration) + " s; use a longer period",
                 duration / kMaxSampleRows, findSpec(scenarioSpecs(), "samplePeriod")->max, "s");
  if (top.num("measureFrom") >= duration)
    problems.add("measureFrom",
                 jsonNumber(top.num("measureFrom")) + " must be below duration (" + jsonNumber(duration) + ")", 0,
                 duration, "s");
  if (top.num("headerSize") >= top.num("packetSize"))
    problems.add("headerSize",
                 jsonNumber(top.num("headerSize")) + " bytes must be below packetSize (" +
                     jsonNumber(top.num("packetSize")) + ")",
                 0, top.num("packetSize") - 1, "bytes", true);
  std::unique_ptr<Instance> in(new Instance());
  in->payloadFraction_ = (top.num("packetSize") - top.num("headerSize")) / top.num("packetSize");
  in->sim_ = std::make_unique<Simulation>(static_cast<uint64_t>(top.num("seed")));
  in->net_ = std::make_unique<Network>(*in->sim_);
  // The network is built even after a problem above, so that its own are listed too.
  bool complete = false;
  const bool built = buildNetwork(doc, *in->sim_, *in->net_, problems, earlyLinks, &complete);
  // The work budget is listed with the other problems: the estimate needs only the network's
  // flows and sources, and duration and packetSize, which are fine on their own by now. With a
  // flow or source missing it would be too low, so the list says it was not made.
  if (!complete) {
    if (problems.reported() != before) {
      problems.add(problemAt("", "the work budget is estimated once every flow and traffic source above can be built",
                             "unchecked"));
    }
  } else if (!withinWorkBudget(estimateWork(*in->net_, duration, top.num("packetSize")), duration, kMaxWork, err)) {
    const std::string field = "duration: ";  // the budget names duration, the one field every run has
    problems.add(problemAt("duration", err.rfind(field, 0) == 0 ? err.substr(field.size()) : err, "budget"));
  }
  if (!built || problems.reported() != before) return nullptr;
  in->end_ = fromSeconds(duration);
  in->settings_ = Json::object();
  for (const ParamSpec& sp : scenarioSpecs())
    if (sp.type == ParamType::Number || sp.type == ParamType::Int)
      in->settings_.set(sp.key, specValueJson(sp, top.num(sp.key)));
  {
    const Json* topo = doc.find("topology");
    const Json* kind = topo && topo->isObject() ? topo->find("kind") : nullptr;
    in->topologyKind_ = kind && kind->isString() ? kind->asString() : "dumbbell";
  }
  in->measureFrom_ = fromSeconds(top.num("measureFrom"));
  in->tracer_ = std::make_unique<Tracer>(*in->sim_, *in->net_, fromSeconds(period));
  in->sim_->setRecorder(in->tracer_.get());
  in->tracer_->start();
  if (in->measureFrom_ > 0)
    in->sim_->sched().at(in->measureFrom_, in.get(), 0);
  else
    in->takeSnapshot();
  return in;
}

Instance::~Instance() {
  // Agents and links go before the Simulation (they hold references to it); packets still
  // in flight belong to the pool's slabs and go with it.
  if (sim_) sim_->setRecorder(nullptr);
  net_.reset();
}

void Instance::onEvent(uint32_t, uint64_t) { takeSnapshot(); }

void Instance::takeSnapshot() {
  snap_.taken = true;
  snap_.t = sim_->now();
  snap_.arrivedBytes.clear();
  snap_.goodBytes.clear();
  for (const FlowStats& f : sim_->flowStats()) {
    snap_.arrivedBytes.push_back(f.arrivedBytes);
    snap_.goodBytes.push_back(f.goodputBytes);
  }
  snap_.busy.clear();
  snap_.wait.clear();
  for (Link* l : net_->traced) {
    snap_.busy.push_back(l->busyUpTo(sim_->now()));
    snap_.wait.push_back(l->waitIntegral());
    if (DelayStats* d = l->delayStats()) d->resetLongRun();
  }
}

int Instance::runUntil(double untilSeconds, uint32_t maxEvents) {
  const auto t0 = std::chrono::steady_clock::now();
  SimTime target = std::isfinite(untilSeconds) ? fromSeconds(untilSeconds) : end_;
  if (target > end_) target = end_;
  const uint64_t limit = maxEvents == 0 || maxEvents > kMaxEventsPerCall ? kMaxEventsPerCall : maxEvents;
  Scheduler& s = sim_->sched();
  uint64_t n = 0;
  while (n < limit && s.runOne(target)) ++n;
  int status;
  if (n >= limit && s.nextTime() <= target) {
    status = 1;  // BL_RUN_EVENT_LIMIT
  } else {
    s.advanceTo(target);
    status = target >= end_ ? 2 : 0;
  }
  wallSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return status;
}

// A live loss rate replaces the link's model by a Bernoulli one acting where the old one did.
void Instance::replaceLoss(Link& l, double rate) {
  auto m = makeBernoulli(rate, sim_->stream("live." + l.name() + "." + std::to_string(liveChanges_)));
  m->beforeQueue = l.loss() && l.loss()->beforeQueue;
  m->kind = "bernoulli";
  m->params = Json::object();
  m->params.set("rate", Json::number(rate));
  m->params.set("position", Json::string(m->beforeQueue ? "beforeQueue" : "afterLink"));
  m->source = "live";
  l.setLoss(std::move(m));
}

bool Instance::setFlowParam(size_t i, const std::string& key, double v, Problem& refusal) {
  FlowEntry& f = net_->flows[i];
  if (key == "exoLoss") {
    if (!f.exoLink) {
      refusal = problemAt("flow." + std::to_string(i) + ".exoLoss",
                          "this flow has no loss link of its own; use link.NAME lossRate");
      return false;
    }
    replaceLoss(*f.exoLink, v);
  } else if (key == "weight") {
    sim_->flowAttrs()[i].weight = v;
    if (f.sender) f.sender->setParam("weight", v);
  } else if (key == "deadline") {
    sim_->flowAttrs()[i].deadline = v;
  } else if (key == "active") {
    if (f.sender) {
      if (v != 0)
        f.sender->start();
      else
        f.sender->stop();
    }
  }
  return true;
}

namespace {

// A value its spec refuses, as a problem at `path` with the spec's range (checkValue's words,
// less the path it starts with).
bool valueFits(const ParamSpec& s, double v, const std::string& path, Problem& refusal) {
  std::string err;
  if (checkValue(s, v, path, err)) return true;
  refusal = problemAt(path, err.substr(path.size() + 2), "field");
  refusal.spec = &s;
  return false;
}

Problem unknown(std::string path, std::string message) {
  return problemAt(std::move(path), std::move(message), "unknown");
}

}  // namespace

bool Instance::setParam(const std::string& entity, const std::string& key, double v, std::string& err) {
  Problem refusal;
  if (setParam(entity, key, v, refusal)) return true;
  err = refusal.text();
  return false;
}

bool Instance::setParam(const std::string& entity, const std::string& key, double v, Problem& refusal) {
  const std::string where = entity + "." + key;
  int flowIdx = -1, linkIdx = -1;
  if (entity == "flows" || entity.rfind("flow.", 0) == 0) {
    const ParamSpec* s = findSpec(liveFlowSpecs(), key);
    if (!s) {
      refusal = unknown(where, "unknown flow parameter; live flow parameters: " + specKeys(liveFlowSpecs()));
      return false;
    }
    if (!valueFits(*s, v, where, refusal)) return false;
    if (entity == "flows") {
      for (size_t i = 0; i < net_->flows.size(); ++i)
        if (!setFlowParam(i, key, v, refusal)) return false;
    } else {
      char* endp = nullptr;
      const long i = std::strtol(entity.c_str() + 5, &endp, 10);
      if (*endp || endp == entity.c_str() + 5 || i < 0 || static_cast<size_t>(i) >= net_->flows.size()) {
        refusal = unknown(entity, "no such flow; flows are 0.." + std::to_string(net_->flows.size() - 1));
        return false;
      }
      if (!setFlowParam(static_cast<size_t>(i), key, v, refusal)) return false;
      flowIdx = static_cast<int>(i);
    }
  } else if (entity.rfind("queue.", 0) == 0 || entity.rfind("link.", 0) == 0) {
    const bool isQueue = entity[0] == 'q';
    Link* l = net_->link(entity.substr(isQueue ? 6 : 5));
    if (!l) {
      refusal = unknown(entity, "no such link");
      return false;
    }
    linkIdx = l->index();
    if (isQueue) {
      // The value against its spec first (a problem with the range), then the queue's own
      // rules between its parameters (minTh below maxTh: a problem without one).
      const ParamSpec* s = findSpec(l->queue().specs(), key);
      if (s && s->live && !valueFits(*s, v, where, refusal)) return false;
      std::string err;
      if (!l->queue().setParam(key, v, err)) {
        // The queue words it "red.maxP: ..."; the path here is the live one.
        const std::string own = std::string(l->queue().kind()) + "." + key + ": ";
        refusal = problemAt(where, err.rfind(own, 0) == 0 ? err.substr(own.size()) : err,
                            !s || !s->live ? "unknown" : "rule");
        return false;
      }
    } else {
      const ParamSpec* s = findSpec(liveLinkSpecs(), key);
      if (!s) {
        refusal = unknown(where, "unknown link parameter; live link parameters: " + specKeys(liveLinkSpecs()));
        return false;
      }
      if (!valueFits(*s, v, where, refusal)) return false;
      if (key == "rate")
        l->setRate(v);
      else
        replaceLoss(*l, v);
    }
  } else {
    refusal = unknown(entity, "unknown entity; use flows, flow.N, queue.LINK or link.LINK");
    return false;
  }
  ++liveChanges_;
  changes_.push_back({sim_->now(), entity, key, v});
  sim_->event(TraceEvent::ParamChange, flowIdx, linkIdx, 0);
  return true;
}

Json Instance::summary() const {
  const SimTime now = sim_->now();
  // Before measureFrom is reached there is no snapshot yet: the measured window is empty, every
  // rate and utilisation is 0 and measureFrom says where the window will start.
  const double window = snap_.taken ? toSeconds(now - snap_.t) : 0;
  Json s = Json::object();
  s.set("simSeconds", Json::number(toSeconds(now)));
  s.set("wallSeconds", Json::number(wallSeconds_));
  s.set("events", Json::number(static_cast<double>(sim_->sched().processed())));
  s.set("measureFrom", Json::number(toSeconds(snap_.taken ? snap_.t : measureFrom_)));
  Json flows = Json::array();
  std::vector<double> thr, wthr, good;
  double goodThroughBottleneck = 0;
  for (size_t i = 0; i < net_->flows.size(); ++i) {
    const FlowEntry& fe = net_->flows[i];
    const FlowStats& f = sim_->flowStats()[i];
    const bool measured = window > 0 && i < snap_.arrivedBytes.size();
    const double t = measured ? static_cast<double>(f.arrivedBytes - snap_.arrivedBytes[i]) * 8 / window : 0;
    const double g =
        measured ? static_cast<double>(f.goodputBytes - snap_.goodBytes[i]) * 8 * payloadFraction_ / window : 0;
    thr.push_back(t);
    good.push_back(g);
    if (fe.crossesBottleneck) goodThroughBottleneck += g;
    const double weight = sim_->attrs(static_cast<int>(i)).weight;
    wthr.push_back(t / weight);
    Json o = Json::object();
    o.set("id", Json::number(fe.id));
    if (!fe.group.empty()) o.set("group", Json::string(fe.group));
    o.set("deliveredPackets", Json::number(static_cast<double>(f.goodputPackets)));
    o.set("throughputBps", Json::number(t));
    o.set("goodputBps", Json::number(g));
    o.set("sentPackets", Json::number(static_cast<double>(f.sentPackets)));
    o.set("congestionLosses", Json::number(static_cast<double>(f.congestionLosses)));
    o.set("exogenousLosses", Json::number(static_cast<double>(f.exogenousLosses)));
    o.set("retransmits", Json::number(static_cast<double>(f.retransmits)));
    o.set("timeouts", Json::number(static_cast<double>(f.timeouts)));
    o.set("fastRetransmits", Json::number(static_cast<double>(f.fastRetransmits)));
    o.set("markedPackets", Json::number(static_cast<double>(f.markedPackets)));
    o.set("ecnReductions", Json::number(static_cast<double>(f.ecnReductions)));
    o.set("weight", Json::number(weight));
    o.set("rtt", Json::number(toSeconds(fe.propRtt)));
    flows.push(o);
  }
  s.set("flows", flows);
  Json queues = Json::array(), links = Json::array();
  for (size_t j = 0; j < net_->traced.size(); ++j) {
    Link* l = net_->traced[j];
    Json q = Json::object();
    q.set("id", Json::string(l->name()));
    q.set("kind", Json::string(l->queue().kind()));
    const double waitNs = l->waitIntegral() - (j < snap_.wait.size() ? snap_.wait[j] : 0);
    q.set("meanLength", Json::number(window > 0 ? waitNs / static_cast<double>(now - snap_.t) : 0));
    Json d = Json::object();
    for (int r = 1; r < kDropReasons; ++r)
      if (r != static_cast<int>(DropReason::Exogenous))
        d.set(dropReasonName(static_cast<DropReason>(r)), Json::number(static_cast<double>(l->queue().drops[r])));
    q.set("drops", d);
    q.set("marks", Json::number(static_cast<double>(l->queue().marks)));
    if (const DelayStats* ds = l->delayStats()) {  // sojourn times since measureFrom, seconds
      q.set("meanDelay", Json::number(ds->mean()));
      q.set("p95Delay", Json::number(ds->quantile(0.95)));
    }
    if (const double qmax = l->queue().param("qmax"); !std::isnan(qmax))
      q.set("qmax", Json::number(qmax));  // TED's bound
    queues.push(q);
    Json lk = Json::object();
    lk.set("id", Json::string(l->name()));
    const SimTime busy = l->busyUpTo(now) - (j < snap_.busy.size() ? snap_.busy[j] : 0);
    lk.set("utilization",
           Json::number(window > 0 ? static_cast<double>(busy) / static_cast<double>(now - snap_.t) : 0));
    links.push(lk);
  }
  s.set("queues", queues);
  s.set("links", links);
  Json names = Json::array();
  for (const auto& l : net_->links) names.push(Json::string(l->name()));
  s.set("linkNames", names);
  const double jain = jainIndex(thr), wjain = jainIndex(wthr), jgood = jainIndex(good);
  s.set("jain", std::isnan(jain) ? Json() : Json::number(jain));
  s.set("jainGoodput", std::isnan(jgood) ? Json() : Json::number(jgood));
  s.set("weightedJain", std::isnan(wjain) ? Json() : Json::number(wjain));
  double util = 0;
  for (size_t j = 0; j < net_->traced.size(); ++j)
    if (net_->traced[j] == net_->bottleneck)
      util = window > 0 && j < snap_.busy.size()
                 ? static_cast<double>(net_->bottleneck->busyUpTo(now) - snap_.busy[j]) /
                       static_cast<double>(now - snap_.t)
                 : 0;
  s.set("utilization", Json::number(util));
  const double cap = net_->bottleneck ? net_->bottleneck->rate() * window : 0;
  s.set("goodputUtilization", Json::number(cap > 0 ? goodThroughBottleneck / net_->bottleneck->rate() : 0));
  if (const DelayStats* ds = net_->bottleneck ? net_->bottleneck->delayStats() : nullptr) {
    s.set("meanDelay", Json::number(ds->mean()));
    s.set("p95Delay", Json::number(ds->quantile(0.95)));
  }
  s.set("eventsDropped", Json::number(static_cast<double>(tracer_->eventsDropped())));
  return s;
}

}  // namespace bl
