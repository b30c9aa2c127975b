#include "sim/instance.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/cold.h"
#include "core/params.h"
#include "net/loss_model.h"
#include "sim/scenario.h"
#include "sim/topologies.h"
#include "sim/work_budget.h"
#include "tcp/tcp_sender.h"

namespace bl {

// Reading, checking and building a run: once per run, built for size (core/cold.h).
BL_COLD_BEGIN

std::string scenarioSizeProblem(size_t bytes) {
  if (static_cast<double>(bytes) <= kMaxScenarioBytes) return "";
  return "the scenario is " + std::to_string(bytes) + " bytes; at most " + jsonNumber(kMaxScenarioBytes) +
         " (16 MB): shorten its lists (topology.links, loss schedule steps, flowOverrides)";
}

namespace {

// A scenario document past kMaxScenarioBytes is refused before it is read: reading takes a few
// times its size in memory, and a 44 MB one took the WASM module past its memory.
bool documentFits(const std::string& json, Problems& problems) {
  const std::string m = scenarioSizeProblem(json.size());
  if (m.empty()) return true;
  problems.add(problemAt("", m, "field"));
  return false;
}

// The sample rows of a whole run, rows x columns, within kMaxSeriesValues: 2,000 flows sampled
// every millisecond for 2,000 s would be 36 billion numbers (one bl_run_until call trapped WASM
// making a few GB of them).
void seriesFits(const Network& net, double duration, double period, Problems& problems) {
  const double cols = static_cast<double>(Tracer::columnsOf(net).size());
  const double rows = static_cast<double>(fromSeconds(duration) / fromSeconds(period));  // as the tracer samples
  if (rows * cols <= kMaxSeriesValues) return;
  const double minPeriod = duration * cols / kMaxSeriesValues;
  const double unit = std::pow(10.0, std::floor(std::log10(minPeriod)) - 2);  // rounded up to 3 digits
  char p[32];
  std::snprintf(p, sizeof p, "%.15g", std::ceil(minPeriod / unit * (1 - 1e-12)) * unit);
  problems.add("samplePeriod",
               jsonNumber(period) + " s over " + jsonNumber(duration) + " s gives " + jsonNumber(rows) +
                   " sample rows of " + jsonNumber(cols) + " columns (" + std::to_string(net.flows.size()) +
                   " flows), " + jsonNumber(rows * cols) + " numbers; at most " + jsonNumber(kMaxSeriesValues) +
                   ": use a sample period of at least " + p +
                   " s, or shorten duration, or lower flows.count (9 columns a flow)",
               minPeriod, ScenarioSettings::params().specOf<&ScenarioSettings::samplePeriod>().max, "s");
}

}  // namespace

std::unique_ptr<Instance> Instance::create(const std::string& json, std::string& err, bool earlyLinks) {
  Problems problems;
  auto in = create(json, problems, earlyLinks);
  if (!in) err = problems.empty() ? "scenario: refused" : problems.list().front().text();
  return in;
}

std::unique_ptr<Instance> Instance::create(const std::string& json, Problems& problems, bool earlyLinks) {
  Json doc;
  std::string err;
  if (!documentFits(json, problems)) return nullptr;
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
  ParamValues values;
  if (!readParams(&doc, scenarioSpecs(), "", values, err)) {
    problems.add(err);
    return nullptr;
  }
  using S = ScenarioSettings;
  S top;
  S::params().load(top, values);
  const size_t before = problems.reported();
  const double duration = top.duration, period = top.samplePeriod;
  if (duration / period > kMaxSampleRows)
    problems.add("samplePeriod",
                 jsonNumber(period) + " s gives more than " + jsonNumber(kMaxSampleRows) + " samples over " +
                     jsonNumber(duration) + " s; use a longer period",
                 duration / kMaxSampleRows, S::params().specOf<&S::samplePeriod>().max, "s");
  if (top.measureFrom >= duration)
    problems.add("measureFrom", jsonNumber(top.measureFrom) + " must be below duration (" + jsonNumber(duration) + ")",
                 0, duration, "s");
  if (top.headerSize >= top.packetSize)
    problems.add("headerSize",
                 jsonNumber(top.headerSize) + " bytes must be below packetSize (" + jsonNumber(top.packetSize) + ")", 0,
                 top.packetSize - 1, "bytes", true);
  std::unique_ptr<Instance> in(new Instance());
  in->payloadFraction_ = (top.packetSize - top.headerSize) / top.packetSize;
  in->sim_ = std::make_unique<Simulation>(static_cast<uint64_t>(top.seed));
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
  } else {
    const WorkEstimate w = estimateWork(*in->net_, duration, top.packetSize);
    in->estimate_ = w.events;
    if (!withinWorkBudget(w, duration, kMaxWork, err)) {
      const std::string field = "duration: ";  // the budget names duration, the one field every run has
      problems.add(problemAt("duration", err.rfind(field, 0) == 0 ? err.substr(field.size()) : err, "budget"));
    }
    seriesFits(*in->net_, duration, period, problems);
  }
  if (!built || problems.reported() != before) return nullptr;
  in->duration_ = duration;
  in->packetSize_ = top.packetSize;
  in->end_ = fromSeconds(duration);
  in->settings_ = Json::object();
  for (const BoundParam<S>& p : S::params().all())
    if (p.spec.type == ParamType::Number || p.spec.type == ParamType::Int)
      in->settings_.set(p.spec.key, specValueJson(p.spec, p.get(top)));
  {
    const Json* kind = top.topology && top.topology->isObject() ? top.topology->find("kind") : nullptr;
    in->topologyKind_ = kind && kind->isString() ? kind->asString() : "dumbbell";
  }
  in->measureFrom_ = fromSeconds(top.measureFrom);
  in->tracer_ = std::make_unique<Tracer>(*in->sim_, *in->net_, fromSeconds(period));
  in->sim_->setRecorder(in->tracer_.get());
  in->tracer_->start();
  if (in->measureFrom_ > 0)
    in->sim_->sched().at(in->measureFrom_, in.get(), 0);
  else
    in->takeSnapshot();
  return in;
}

BL_COLD_END

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
    for (size_t c = 0; c < l->queue().delayClasses(); ++c) l->queue().delayClass(c)->resetLongRun();
  }
}

int Instance::runUntil(double untilSeconds, uint32_t maxEvents) {
  if (!(untilSeconds >= 0)) return -1;   // NaN, -Infinity, a negative time: BL_RUN_ERROR
  if (!budgetNotice_.empty()) return 3;  // BL_RUN_BUDGET: stopped for good
  const auto t0 = std::chrono::steady_clock::now();
  // Compared in seconds first: fromSeconds of 9.3e9 s or more overflows int64 nanoseconds.
  const SimTime target = untilSeconds >= toSeconds(end_) ? end_ : std::min(fromSeconds(untilSeconds), end_);
  Scheduler& s = sim_->sched();
  uint64_t limit = maxEvents == 0 || maxEvents > kMaxEventsPerCall ? kMaxEventsPerCall : maxEvents;
  // The work budget: a run stops once it has processed as many events as the budget allows.
  const double left = workBudget_ - static_cast<double>(s.processed());
  const bool budgetBinds = left < static_cast<double>(limit);
  if (budgetBinds) limit = left > 0 ? static_cast<uint64_t>(left) : 0;
  const size_t recorded = tracer_->recordedBytes();
  uint64_t n = 0;
  bool full = false;  // this call recorded a block's worth of rows and events
  while (n < limit && s.runOne(target)) {
    ++n;
    if (static_cast<double>(tracer_->recordedBytes() - recorded) >= kMaxBlockBytes) {
      full = true;
      break;
    }
  }
  int status;
  if ((full || n >= limit) && s.nextTime() <= target) {
    status = 1;  // BL_RUN_EVENT_LIMIT
    if (!full && budgetBinds) {
      status = 3;  // BL_RUN_BUDGET
      budgetNotice_ = "work budget: the run stopped at " + jsonNumber(toSeconds(s.now())) + " s after " +
                      eventsInWords(static_cast<double>(s.processed())) +
                      " events, the work budget of one run (the estimate when it started was " +
                      eventsInWords(estimate_) +
                      "; live changes since may have raised it); lower the link rates, the number of flows and "
                      "sources, or the duration";
    }
  } else {
    s.advanceTo(target);
    status = target >= end_ ? 2 : 0;
  }
  wallSeconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return status;
}

// Live changes and the summary: once per action of the user, built for size (core/cold.h).
BL_COLD_BEGIN

Demand* Instance::demandOf(size_t flow) {
  if (demandOfFlow_.empty()) {  // built once: a change of every flow's `active` stays linear
    demandOfFlow_.assign(net_->flows.size(), SIZE_MAX);
    for (size_t k = 0; k < net_->demands.size(); ++k)
      if (const int f = net_->demands[k].flow; f >= 0 && static_cast<size_t>(f) < demandOfFlow_.size())
        demandOfFlow_[static_cast<size_t>(f)] = k;
  }
  const size_t k = flow < demandOfFlow_.size() ? demandOfFlow_[flow] : SIZE_MAX;
  return k == SIZE_MAX ? nullptr : &net_->demands[k];
}

// A flow started or stopped now: its window for the work budget from now on. Started, it sends
// from now until its stop (or the end, once its stop has passed); stopped, it sends again only
// if its scheduled start is still to come.
void Instance::activeFromNow(Demand& d, bool on, bool wasOn) const {
  const double now = toSeconds(sim_->now());
  if (on) {
    if (!wasOn && d.start > now) d.start = now;
    if (!wasOn && d.stop >= 0 && d.stop <= now) d.stop = -1;
  } else if (d.start <= now) {
    d.stop = now;
  }
}

// The work budget, re-checked for a live change that can raise it (a faster link, a queue timer
// that ticks faster, flows started): the events done so far and those estimated from now on.
bool Instance::budgetAllows(const std::string& where, Problem& refusal) const {
  std::string err;
  const double now = toSeconds(sim_->now());
  const WorkEstimate rest = estimateWork(*net_, duration_, packetSize_, now);
  if (liveChangeFits(rest, static_cast<double>(sim_->sched().processed()), now, workBudget_, err)) return true;
  refusal = problemAt(where, err, "budget");
  return false;
}

namespace {

template <class P>
const P* findLive(const std::vector<P>& table, const std::string& key) {
  for (const P& p : table)
    if (key == p.spec.key) return &p;
  return nullptr;
}

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
  if (sim_->now() >= end_) {
    refusal = problemAt(where, "the run has finished at " + jsonNumber(toSeconds(end_)) +
                                   " s; a change takes effect "
                                   "before the end (at a time below duration)");
    return false;
  }
  if (entity == "flows" || entity.rfind("flow.", 0) == 0) {
    const LiveFlowParam* p = findLive(liveFlowParams(), key);
    if (!p) {
      refusal = unknown(where, "unknown flow parameter; live flow parameters: " + specKeys(liveFlowSpecs()));
      return false;
    }
    if (!valueFits(p->spec, v, where, refusal)) return false;
    size_t first = 0, last = net_->flows.size();  // the flows changed: [first, last)
    if (entity != "flows") {
      // Only the canonical decimal index: "flow.+1", "flow. 1" and "flow.01" are not flow 1.
      const std::string n = entity.substr(5);
      const bool canonical = !n.empty() && n.size() <= 9 && n.find_first_not_of("0123456789") == std::string::npos &&
                             (n == "0" || n[0] != '0');
      const size_t i = canonical ? std::stoul(n) : net_->flows.size();
      if (i >= net_->flows.size()) {
        refusal = unknown(entity, "no such flow; flows are flow.0 .. flow." + std::to_string(net_->flows.size() - 1) +
                                      " (the index in decimal, without sign, spaces or leading zeros)");
        return false;
      }
      first = i;
      last = i + 1;
      flowIdx = static_cast<int>(i);
    }
    if (p->startsFlows && v != 0) {  // flows started: re-check the budget with them on
      const std::vector<Demand> before = net_->demands;
      for (size_t i = first; i < last; ++i)
        if (Demand* d = demandOf(i)) activeFromNow(*d, true, net_->flows[i].sender && net_->flows[i].sender->active());
      if (!budgetAllows(where, refusal)) {
        net_->demands = before;
        return false;
      }
      net_->demands = before;
    }
    for (size_t i = first; i < last; ++i)
      if (!p->apply(*this, i, v, refusal)) return false;
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
      const SimTime period = l->queue().updatePeriod();
      const double old = l->queue().param(key);
      if (!l->queue().setParam(key, v, err)) {
        // The queue words it "red.maxP: ..."; the path here is the live one.
        const std::string own = std::string(l->queue().kind()) + "." + key + ": ";
        refusal = problemAt(where, err.rfind(own, 0) == 0 ? err.substr(own.size()) : err,
                            !s || !s->live ? "unknown" : "rule");
        return false;
      }
      // A timer that now ticks faster (PI's frequency, REM's period...): the budget again, and
      // the old value back if it does not fit.
      const SimTime now = l->queue().updatePeriod();
      if (now > 0 && (period == 0 || now < period) && !budgetAllows(where, refusal)) {
        l->queue().setParam(key, old, err);
        return false;
      }
    } else {
      const LiveLinkParam* p = findLive(liveLinkParams(), key);
      if (!p) {
        refusal = unknown(where, "unknown link parameter; live link parameters: " + specKeys(liveLinkSpecs()));
        return false;
      }
      if (!valueFits(p->spec, v, where, refusal) || !p->apply(*this, *l, v, where, refusal)) return false;
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
    if (const size_t n = l->queue().delayClasses(); n > 0) {  // each class's sojourn times, seconds
      Json classes = Json::array();
      for (size_t c = 0; c < n; ++c) {
        const DelayStats* ds = l->queue().delayClass(c);
        Json o = Json::object();
        o.set("name", Json::string(l->queue().delayClassName(c)));
        o.set("packets", Json::number(static_cast<double>(ds->count())));
        o.set("meanDelay", Json::number(ds->mean()));
        o.set("p50Delay", Json::number(ds->quantile(0.5)));
        o.set("p99Delay", Json::number(ds->quantile(0.99)));
        classes.push(o);
      }
      q.set("classes", classes);
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

BL_COLD_END

}  // namespace bl
