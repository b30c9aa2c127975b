// Parameters and result documents of the fluid model (docs/fluid-model.md). One parameter
// document serves both calls: each accepts, and ignores, the keys only the other one reads.
#include "fluid/fluid_json.h"

#include <tuple>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/bound_params.h"
#include "core/limits.h"
#include "core/params.h"
#include "core/rng.h"

namespace bl {

namespace {

// Each parameter is declared once, bound to the field of the request it fills
// (core/bound_params.h): the spec lists bl_describe shows and the reading are one table.

// Keys both calls read.
struct FlowsInput {
  double seed = 1;
  int flows = 20;
  double capacity = 2000;
  double propDelay = 0.08, propDelayMax = 0.12;
};

struct RunInput : FlowsInput {
  double alpha = 0.25, alphaMax = 0.5;
  double duration = 60, dt = 0.001, samplePeriod = 0.1, minWindow = 1, initialWindow = 1;
};

struct SteadyInput : FlowsInput {
  double backlog = 0;
};

// The per-flow lists: declared in the tables below, and read where the draws are made.
const ParamSpec& propDelaysSpec() {
  static const ParamSpec s = Spec::array("propDelays", "Propagation RTTs", "s")
                                 .help("One D_i per flow (overrides propDelay and propDelayMax).");
  return s;
}
const ParamSpec& alphasSpec() {
  static const ParamSpec s =
      Spec::array("alphas", "Sender shares").help("One alpha_i per flow (overrides alpha, alphaMax).");
  return s;
}

// The common keys, then a call's own.
template <class T, class... Own>
BoundSpecs<T> withFlowsSpecs(Own... own) {
  using F = FlowsInput;
  return BoundSpecs<T>(
      bind<&F::seed>(Spec::integer("seed", "Seed")
                         .defaultsTo(1)
                         .range(0, 4294967295.0)
                         .help("Seed of the draws of D_i and alpha_i (stream \"fluid\").")),
      bind<&F::flows>(Spec::integer("flows", "Flows").defaultsTo(20).range(1, 1000).help("Number of TCP flows m.")),
      bind<&F::capacity>(Spec::number("capacity", "Capacity", "packets/s")
                             .defaultsTo(2000)
                             .range(1, 1e7)
                             .help("Bottleneck capacity C.")),
      bind<&F::propDelay>(
          Spec::number("propDelay", "Propagation RTT", "s")
              .defaultsTo(0.08)
              .range(1e-4, 10)
              .help("Round-trip propagation delay D_i; with propDelayMax, the low end of a uniform draw.")),
      bind<&F::propDelayMax>(
          Spec::number("propDelayMax", "Propagation RTT max", "s")
              .defaultsTo(0.12)
              .range(1e-4, 10)
              .help("Each D_i uniform in [propDelay, propDelayMax]; left empty: every D_i = propDelay.")
              .nullable()),
      declare(propDelaysSpec()),
      declare(Spec::object("queue", "Queue").help("Bottleneck queue: kind droptail or red.")), std::move(own)...);
}

BL_SPEC_TABLE const BoundSpecs<RunInput>& runParams() {
  using R = RunInput;
  static const BoundSpecs<R> t = withFlowsSpecs<R>(
      bind<&R::alpha>(
          Spec::number("alpha", "Sender share of D")
              .defaultsTo(0.25)
              .range(0, 1)
              .help("alpha_i: D_{s_i,b} = alpha_i D_i (Eq. 2); with alphaMax, the low end of a uniform draw.")),
      bind<&R::alphaMax>(Spec::number("alphaMax", "Sender share max")
                             .defaultsTo(0.5)
                             .range(0, 1)
                             .help("Each alpha_i uniform in [alpha, alphaMax]; left empty: every alpha_i = alpha.")
                             .nullable()),
      declare(alphasSpec()),
      declare(Spec::array("exoLoss", "Exogenous loss", "[s, rate]")
                  .help("Steps [time, p_e], times increasing; p_e holds until the next step (0 before the first). "
                        "Default [[0,0],[20,0.01],[40,0.05]].")),
      bind<&R::duration>(
          Spec::number("duration", "Duration", "s").defaultsTo(60).range(0.01, 3600).help("Time to solve for.")),
      bind<&R::dt>(Spec::number("dt", "Step", "s").defaultsTo(0.001).range(1e-5, 0.01).help("Fixed integration step.")),
      bind<&R::samplePeriod>(Spec::number("samplePeriod", "Sample period", "s")
                                 .defaultsTo(0.1)
                                 .range(1e-5, 60)
                                 .help("Interval between rows (rounded to whole steps).")),
      bind<&R::minWindow>(Spec::number("minWindow", "Window floor", "packets")
                              .defaultsTo(1)
                              .range(1e-6, 1000)
                              .help("x_i is kept >= minWindow / r_i(t): a window below one packet is not TCP.")),
      bind<&R::initialWindow>(Spec::number("initialWindow", "Initial window", "packets")
                                  .defaultsTo(1)
                                  .range(1e-6, 1e6)
                                  .help("x_i(t <= 0) = initialWindow / D_i.")),
      declare(Spec::array("windows", "Summary windows", "[s, s]")
                  .help("Intervals [from, to) for the summary means; default: the second half of each phase of "
                        "constant p_e.")));
  return t;
}

BL_SPEC_TABLE const BoundSpecs<SteadyInput>& steadyParams() {
  using S = SteadyInput;
  static const BoundSpecs<S> t = withFlowsSpecs<S>(
      declare(Spec::array("pe", "Exogenous loss rates")
                  .help("The p_e values to solve for; default 0.005, 0.01, ..., 0.05.")),
      bind<&S::backlog>(
          Spec::number("backlog", "Backlog for q-hat", "packets")
              .defaultsTo(0)
              .range(0, 1e6)
              .help("b in r_i = D_i + b/C for the quiescent fair-share loss (0: the open-loop boundary).")));
  return t;
}

const SpecList& runSpecs() { return runParams().specs(); }
const SpecList& steadySpecs() { return steadyParams().specs(); }

// The queue's keys, bound to FluidQueue: DropTail's, then RED's besides.
template <class... Own>
BoundSpecs<FluidQueue> queueSpecs(Own... own) {
  using Q = FluidQueue;
  return BoundSpecs<Q>(
      bindChoice<&Q::kind>("kind", "Kind", {{"droptail", Q::Kind::DropTail, "DropTail"}, {"red", Q::Kind::Red, "RED"}},
                           "droptail", "Queue discipline."),
      bind<&Q::buffer>(
          Spec::number("buffer", "Buffer", "packets").defaultsTo(250).range(1, 1e6).help("B: b(t) stays in [0, B].")),
      bindChoice<&Q::fullLoss>(
          "fullLoss", "Loss when full",
          {{"eq5", Q::FullLoss::Full, "All (Eq. 5)"}, {"overflow", Q::FullLoss::Overflow, "The excess"}}, "eq5",
          "p_c while b = B: eq5 = 1 (the paper's Eq. 5); overflow = the excess fraction (in - C)/in."),
      std::move(own)...);
}

BL_SPEC_TABLE const BoundSpecs<FluidQueue>& dropTailParams() {
  static const BoundSpecs<FluidQueue> t = queueSpecs();
  return t;
}

BL_SPEC_TABLE const BoundSpecs<FluidQueue>& redParams() {
  using Q = FluidQueue;
  static const BoundSpecs<Q> t = queueSpecs(
      bind<&Q::minTh>(
          Spec::number("minTh", "Min threshold", "packets").defaultsTo(50).range(0, 1e6).help("B_min of Eq. 6.")),
      bind<&Q::maxTh>(
          Spec::number("maxTh", "Max threshold", "packets").defaultsTo(120).range(0, 1e6).help("B_max of Eq. 6.")),
      bind<&Q::maxP>(Spec::number("maxP", "Max drop probability").defaultsTo(0.1).range(0, 1).help("P_max of Eq. 6.")),
      bind<&Q::weight>(Spec::number("weight", "Averaging weight")
                           .defaultsTo(1e-5)
                           .range(1e-9, 1)
                           .help("beta of Eq. 7 (per packet).")));
  return t;
}

const SpecList& dropTailSpecs() { return dropTailParams().specs(); }
const SpecList& redSpecs() { return redParams().specs(); }

bool readQueue(const ParamValues& v, FluidQueue& q, std::string& err) {
  const Json* obj = v.raw("queue");
  const Json* kind = obj ? obj->find("kind") : nullptr;
  const bool red = kind && kind->isString() && kind->asString() == "red";
  const BoundSpecs<FluidQueue>& table = red ? redParams() : dropTailParams();
  ParamValues qv;
  if (!readParams(obj, table.specs(), "queue", qv, err)) return false;
  table.load(q, qv);
  if (red && q.minTh >= q.maxTh) {
    err = "queue.minTh: " + jsonNumber(q.minTh) + " must be below queue.maxTh (" + jsonNumber(q.maxTh) + ")";
    return false;
  }
  return true;
}

// A per-flow value: the list `list`, or the member Lo (with Hi not null: uniform draws in
// [Lo, Hi]), checked against Lo's range. The keys and ranges come from the table's entries for
// the two members, the values from the members as the table loaded them.
template <auto Lo, auto Hi, class T>
bool perFlow(const BoundSpecs<T>& table, const T& in, const ParamValues& v, const ParamSpec& list, int m, Rng& rng,
             std::vector<double>& out, std::string& err) {
  const ParamSpec& spec = table.template specOf<Lo>();
  const ParamSpec& maxSpec = table.template specOf<Hi>();
  const char* listKey = list.key;
  out.clear();
  if (const Json* values = v.raw(listKey)) {
    if (static_cast<int>(values->items().size()) != m) {
      err = std::string(listKey) + ": has " + std::to_string(values->items().size()) + " values; give one per flow (" +
            std::to_string(m) + ")";
      return false;
    }
    for (size_t i = 0; i < values->items().size(); ++i) {
      const Json& e = values->items()[i];
      const std::string where = std::string(listKey) + "[" + std::to_string(i) + "]";
      if (!e.isNumber()) {
        err = where + ": expected a number, got " + Json::typeName(e.type());
        return false;
      }
      if (!checkValue(spec, e.asNumber(), where, err)) return false;
      out.push_back(e.asNumber());
    }
    return true;
  }
  const double lo = in.*Lo, hi = in.*Hi;
  if (!std::isnan(hi) && hi < lo) {
    err = std::string(maxSpec.key) + ": " + jsonNumber(hi) + " must not be below " + spec.key + " (" + jsonNumber(lo) +
          ")";
    return false;
  }
  for (int i = 0; i < m; ++i) out.push_back(std::isnan(hi) ? lo : rng.uniform(lo, hi));
  return true;
}

// [[a, b], ...] with numbers; `check` validates each pair (index, a, b) and sets err.
template <class Check>
bool readPairs(const Json& a, const char* key, std::vector<std::pair<double, double>>& out, std::string& err,
               Check check) {
  out.clear();
  for (size_t i = 0; i < a.items().size(); ++i) {
    const Json& s = a.items()[i];
    const std::string where = std::string(key) + "[" + std::to_string(i) + "]";
    if (!s.isArray() || s.items().size() != 2 || !s.items()[0].isNumber() || !s.items()[1].isNumber()) {
      err = where + ": expected a pair of numbers";
      return false;
    }
    const double x = s.items()[0].asNumber(), y = s.items()[1].asNumber();
    if (!check(where, x, y)) return false;
    out.emplace_back(x, y);
  }
  return true;
}

// Rounds to 6 significant digits so the rows stay short.
double r6(double v) {
  if (!std::isfinite(v) || v == 0) return v;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return std::strtod(buf, nullptr);
}

Json num(double v) { return Json::number(r6(v)); }

Json numbers(const std::vector<double>& v) {
  Json a = Json::array();
  for (double x : v) a.push(num(x));
  return a;
}

Json errorDoc(const std::string& err) {
  Json e = Json::object();
  e.set("error", Json::string(err));
  return e;
}

bool parseDoc(const char* text, Json& doc, std::string& err) {
  if (!text) {
    err = "parameters are null";
    return false;
  }
  if (!Json::parse(text, doc, err)) return false;
  if (!doc.isObject()) {
    err = "parameters: expected an object, got " + std::string(Json::typeName(doc.type()));
    return false;
  }
  return true;
}

}  // namespace

bool readFluidParams(const Json& doc, FluidParams& p, std::string& err) {
  ParamValues v;
  RunInput in;
  if (!readParams(&doc, runSpecs(), "", v, err, {"pe", "backlog"})) return false;
  runParams().load(in, v);
  if (!readQueue(v, p.queue, err)) return false;
  p.m = in.flows;
  p.C = in.capacity;
  Rng rng(static_cast<uint64_t>(in.seed), "fluid");
  using F = FlowsInput;
  if (!perFlow<&F::propDelay, &F::propDelayMax>(runParams(), in, v, propDelaysSpec(), p.m, rng, p.D, err)) return false;
  if (!perFlow<&RunInput::alpha, &RunInput::alphaMax>(runParams(), in, v, alphasSpec(), p.m, rng, p.alpha, err))
    return false;
  p.duration = in.duration;
  p.dt = in.dt;
  p.samplePeriod = in.samplePeriod;
  p.minWindow = in.minWindow;
  p.initialWindow = in.initialWindow;
  if (p.samplePeriod < p.dt) {
    err = "samplePeriod: " + jsonNumber(p.samplePeriod) + " is below dt (" + jsonNumber(p.dt) + ")";
    return false;
  }

  if (const Json* steps = v.raw("exoLoss")) {
    double last = -1;
    if (!readPairs(*steps, "exoLoss", p.lossSteps, err, [&](const std::string& where, double t, double pe) {
          if (t < 0 || t <= last) {
            err = where + ": time " + jsonNumber(t) + " must be >= 0 and after the previous step";
            return false;
          }
          if (pe < 0 || pe > 1) {
            err = where + ": rate " + jsonNumber(pe) + " is out of range; allowed [0, 1]";
            return false;
          }
          last = t;
          return true;
        }))
      return false;
  } else {
    p.lossSteps = {{0, 0}, {20, 0.01}, {40, 0.05}};
  }

  if (const Json* w = v.raw("windows")) {
    if (!readPairs(*w, "windows", p.windows, err, [&](const std::string& where, double from, double to) {
          if (from < 0 || to <= from) {
            err = where + ": need 0 <= from < to, got [" + jsonNumber(from) + ", " + jsonNumber(to) + "]";
            return false;
          }
          return true;
        }))
      return false;
  } else {
    // The second half of each phase of constant p_e (the first phase starts at 0).
    std::vector<double> starts = {0};
    for (const auto& step : p.lossSteps)
      if (step.first > 0 && step.first < p.duration) starts.push_back(step.first);
    for (size_t k = 0; k < starts.size(); ++k) {
      const double to = k + 1 < starts.size() ? starts[k + 1] : p.duration;
      p.windows.emplace_back(0.5 * (starts[k] + to), to);
    }
  }

  // Work and memory bounds, so a browser tab never stalls or runs out of memory.
  double maxDelay = 0;
  for (double d : p.D) maxDelay = std::max(maxDelay, d + p.queue.buffer / p.C);
  const double history = p.m * (maxDelay / p.dt + 3);
  if (history > kMaxFluidHistory) {
    err = "dt: the delay history would hold " + jsonNumber(std::ceil(history)) +
          " values (flows x (max D_i + B/C) / dt); at most " + jsonNumber(kMaxFluidHistory) +
          ": raise dt, or lower flows, propDelay or queue.buffer";
    return false;
  }
  const double work = p.m * (p.duration / p.dt);
  if (work > kMaxFluidWork) {
    err = "dt: flows x duration / dt = " + jsonNumber(work) + " flow-steps; at most " + jsonNumber(kMaxFluidWork) +
          ": raise dt, or lower duration or flows";
    return false;
  }
  const double values = (p.m + 7) * (p.duration / p.samplePeriod + 1);
  if (values > kMaxFluidValues) {
    err = "samplePeriod: (flows + 7) x duration / samplePeriod = " + jsonNumber(std::ceil(values)) +
          " numbers in the rows; at most " + jsonNumber(kMaxFluidValues) + ": raise samplePeriod";
    return false;
  }
  return true;
}

bool readSteadyParams(const Json& doc, SteadyRequest& r, std::string& err) {
  ParamValues v;
  SteadyInput in;
  std::vector<std::string> solverOnly;
  for (const ParamSpec& s : runSpecs())
    if (!findSpec(steadySpecs(), s.key)) solverOnly.push_back(s.key);
  if (!readParams(&doc, steadySpecs(), "", v, err, solverOnly)) return false;
  steadyParams().load(in, v);
  if (!readQueue(v, r.queue, err)) return false;
  r.C = in.capacity;
  r.backlog = in.backlog;
  Rng rng(static_cast<uint64_t>(in.seed), "fluid");
  if (!perFlow<&FlowsInput::propDelay, &FlowsInput::propDelayMax>(steadyParams(), in, v, propDelaysSpec(), in.flows,
                                                                  rng, r.D, err))
    return false;
  r.pe.clear();
  if (const Json* pe = v.raw("pe")) {
    if (pe->items().empty() || pe->items().size() > 1000) {
      err = "pe: give 1 to 1000 loss rates";
      return false;
    }
    for (size_t i = 0; i < pe->items().size(); ++i) {
      const Json& e = pe->items()[i];
      const std::string where = "pe[" + std::to_string(i) + "]";
      if (!e.isNumber() || !(e.asNumber() >= 0 && e.asNumber() <= 1)) {
        err = where + ": expected a loss rate in [0, 1]";
        return false;
      }
      r.pe.push_back(e.asNumber());
    }
  } else {
    for (int k = 1; k <= 10; ++k) r.pe.push_back(0.005 * k);
  }
  return true;
}

std::string fluidResultText(const FluidParams& p, const FluidResult& r) {
  // The rows are most of the document: written straight to text (six significant digits)
  // rather than through Json values, which would cost more than solving.
  Json cols = Json::array();
  for (const auto& c : r.columns) cols.push(Json::string(c));
  std::string text = "{\"columns\":" + cols.dump() + ",\"rows\":[";
  text.reserve(text.size() + r.rows.size() * r.columns.size() * 9 + 4096);
  char buf[32];
  for (size_t k = 0; k < r.rows.size(); ++k) {
    text += k ? ",[" : "[";
    for (size_t c = 0; c < r.rows[k].size(); ++c) {
      const int n = std::snprintf(buf, sizeof buf, c ? ",%.6g" : "%.6g", r.rows[k][c]);
      text.append(buf, static_cast<size_t>(n));
    }
    text += "]";
  }
  text += "],\"summary\":";

  Json s = Json::object();
  s.set("fairShare", num(p.C / p.m));
  s.set("peOpen", num(openLoopLoss(p.C, p.D)));
  s.set("steps", Json::number(static_cast<double>(r.steps)));
  s.set("dt", Json::number(p.dt));
  s.set("samplePeriod", Json::number(std::max(1.0, std::round(p.samplePeriod / p.dt)) * p.dt));
  Json flows = Json::object();
  flows.set("propDelay", numbers(p.D));
  flows.set("alpha", numbers(p.alpha));
  s.set("flows", flows);
  Json ws = Json::array();
  for (const FluidWindow& w : r.windows) {
    Json o = Json::object();
    o.set("from", num(w.from));
    o.set("to", num(w.to));
    o.set("pe", num(w.pe));
    o.set("steps", Json::number(static_cast<double>(w.steps)));
    const std::pair<const char*, double> fields[] = {{"meanX", w.meanX},
                                                     {"minX", w.minX},
                                                     {"maxX", w.maxX},
                                                     {"xStd", w.xStd},
                                                     {"jain", w.jain},
                                                     {"meanB", w.meanB},
                                                     {"minB", w.minB},
                                                     {"maxB", w.maxB},
                                                     {"bStd", w.bStd},
                                                     {"meanV", w.meanV},
                                                     {"meanPc", w.meanPc},
                                                     {"meanQ", w.meanQ},
                                                     {"utilization", w.utilization}};
    for (const auto& [k, x] : fields) o.set(k, w.steps ? num(x) : Json());
    o.set("x", numbers(w.x));
    const SteadyPoint sp = steadyPoint(p.C, p.D, p.queue, w.pe);
    Json pred = Json::object();
    pred.set("regime", Json::string(regimeName(sp.regime)));
    pred.set("xMean", num(sp.xMean));
    pred.set("backlog", num(sp.backlog));
    o.set("steady", pred);
    ws.push(o);
  }
  s.set("windows", ws);
  return text + s.dump() + "}";
}

Json steadyJson(const SteadyRequest& req) {
  Json doc = Json::object();
  const double m = static_cast<double>(req.D.size());
  const double fair = req.C / m;
  double meanD = 0;
  std::vector<double> qFair;
  for (double d : req.D) {
    meanD += d / m;
    qFair.push_back(quiescentLoss(fair, d + req.backlog / req.C));
  }
  doc.set("fairShare", num(fair));
  doc.set("backlog", num(req.backlog));
  doc.set("qFair", numbers(qFair));
  doc.set("peOpen", num(openLoopLoss(req.C, req.D)));
  doc.set("peOpenFormula", num(quiescentLoss(fair, meanD)));
  doc.set("propDelay", numbers(req.D));
  Json pts = Json::array();
  for (double pe : req.pe) {
    const SteadyPoint s = steadyPoint(req.C, req.D, req.queue, pe);
    Json o = Json::object();
    o.set("pe", num(pe));
    o.set("regime", Json::string(regimeName(s.regime)));
    o.set("backlog", num(s.backlog));
    o.set("pc", num(s.pc));
    o.set("q", num(s.q));
    o.set("xMean", num(s.xMean));
    o.set("utilization", num(s.utilization));
    o.set("x", numbers(s.x));
    pts.push(o);
  }
  doc.set("points", pts);
  return doc;
}

std::string fluidRun(const char* text, std::string& err) {
  Json doc;
  FluidParams p;
  err.clear();
  if (!parseDoc(text, doc, err) || !readFluidParams(doc, p, err)) return errorDoc(err).dump();
  return fluidResultText(p, solveFluid(p));
}

std::string fluidSteady(const char* text, std::string& err) {
  Json doc;
  SteadyRequest r;
  err.clear();
  if (!parseDoc(text, doc, err) || !readSteadyParams(doc, r, err)) return errorDoc(err).dump();
  return steadyJson(r).dump();
}

Json fluidDescribe() {
  // Each call's groups by their path in its document, as bl_describe's scenario groups.
  auto call = [](const SpecList& top) {
    Json g = Json::object(), root = Json::object(), queue = Json::object(), queues = Json::object();
    root.set("specs", specsToJson(top));
    g.set("", root);
    queue.set("selector", Json::string("queue.kind"));
    queue.set("default", Json::string("droptail"));
    queue.set("kinds", Json::string("queue"));
    g.set("queue", queue);
    for (const auto& [name, specs, help] : {std::tuple<const char*, const SpecList*, const char*>{
                                                "droptail", &dropTailSpecs(), "Drop arrivals at a full buffer."},
                                            {"red", &redSpecs(), "RED on the average queue (Eqs. 5-7)."}}) {
      Json k = Json::object();
      k.set("help", Json::string(help));
      k.set("specs", specsToJson(*specs));
      queues.set(name, k);
    }
    Json kinds = Json::object();
    kinds.set("queue", queues);
    Json o = Json::object();
    o.set("groups", g);
    o.set("kinds", kinds);
    return o;
  };
  Json d = Json::object();
  d.set("bl_fluid", call(runSpecs()));
  d.set("bl_fluid_steady", call(steadySpecs()));
  return d;
}

}  // namespace bl
