// One simulation behind one ABI handle: the validated scenario, the Simulation context, the
// built network and the tracer; running, live parameter changes and the summary.
#pragma once
#include <memory>
#include <string>

#include "core/json.h"
#include "core/limits.h"
#include "core/scheduler.h"
#include "core/simulation.h"
#include "sim/network.h"
#include "sim/problems.h"
#include "sim/scenario.h"
#include "sim/tracer.h"

namespace bl {

// "" when a scenario document of `bytes` may be read, else why not (kMaxScenarioBytes): bl_create
// and bl_check refuse a larger one before parsing it.
std::string scenarioSizeProblem(size_t bytes);

class Instance;

// The live parameters of a run, one table per entity of bl_set_param: each entry is the spec
// (bl_describe's live groups and the check of a value), the value the run has now (the
// manifest's live values) and how a change is applied, so describe, set and the manifest read
// one declaration of each key.
struct LiveFlowParam {  // entity "flows" (every flow) or "flow.N"
  ParamSpec spec;
  Json (*value)(const Instance&, size_t flow, SimTime now);
  bool (*apply)(Instance&, size_t flow, double v, Problem& refusal);
  bool startsFlows = false;  // a value other than 0 may start flows: the work budget is checked first
};
struct LiveLinkParam {  // entity "link.NAME"
  ParamSpec spec;
  Json (*value)(const Link&, SimTime now);
  bool (*apply)(Instance&, Link&, double v, const std::string& where, Problem& refusal);
};

// The loss rate in force on a link now (0 without a loss model).
double linkLossRate(const Link* l, SimTime now);

class Instance : public EventHandler {
 public:
  static const std::vector<LiveFlowParam>& liveFlowParams();
  static const std::vector<LiveLinkParam>& liveLinkParams();
  // Parses, validates and builds a scenario; nullptr with `err` naming the field on failure.
  // earlyLinks = false turns off ahead-of-time arrivals (tests check it changes nothing).
  static std::unique_ptr<Instance> create(const std::string& json, std::string& err, bool earlyLinks = true);
  // Every rule between fields the scenario breaks, each with its path (bl_check's second
  // pass, when each field is fine on its own); nullptr unless there is none.
  static std::unique_ptr<Instance> create(const std::string& json, Problems& problems, bool earlyLinks = true);
  ~Instance() override;

  // bl_run_until: a BL_RUN status (-1 for a time that is NaN or below 0; 3 once the run has
  // outgrown the work budget, worded by budgetNotice()).
  int runUntil(double untilSeconds, uint32_t maxEvents);
  const std::string& budgetNotice() const { return budgetNotice_; }
  // The events this run may take (kMaxWork): tests and the fuzzer lower it to reach the limit.
  void setWorkBudget(double events) { workBudget_ = events; }
  // A live change (bl_set_param); on refusal, the problem at its live path ("flow.2.exoLoss",
  // "queue.bottleneck.maxP") with the spec it broke, or `err` as "path: message".
  bool setParam(const std::string& entity, const std::string& key, double value, Problem& refusal);
  bool setParam(const std::string& entity, const std::string& key, double value, std::string& err);
  Json summary() const;
  // What the built run has, now (bl_manifest; sim/manifest.cpp): flows, links, queues, loss
  // models as resolved, the bottleneck, the traced hops, nodes, the current value of every live
  // parameter and the live changes so far.
  Json manifest() const;
  // The next time a loss schedule changes a live value by itself (kNever: none).
  SimTime nextScheduledChange() const;
  Tracer& tracer() { return *tracer_; }
  Simulation& sim() { return *sim_; }
  Network& net() { return *net_; }
  SimTime end() const { return end_; }
  void onEvent(uint32_t kind, uint64_t arg) override;  // the measureFrom snapshot

 private:
  Instance() = default;
  struct Snapshot {
    bool taken = false;  // false until measureFrom is reached
    SimTime t = 0;
    std::vector<uint64_t> arrivedBytes, goodBytes;
    std::vector<SimTime> busy;
    std::vector<double> wait;
  };
  void takeSnapshot();
  Demand* demandOf(size_t flow);
  void activeFromNow(Demand& d, bool on, bool wasOn) const;
  bool budgetAllows(const std::string& where, Problem& refusal) const;
  void replaceLoss(Link& l, double rate);

  std::unique_ptr<Simulation> sim_;
  std::unique_ptr<Network> net_;
  std::unique_ptr<Tracer> tracer_;
  SimTime end_ = 0;
  SimTime measureFrom_ = 0;
  double payloadFraction_ = 1;  // (packetSize - headerSize) / packetSize: goodput counts payload
  Snapshot snap_;
  double wallSeconds_ = 0;
  uint32_t liveChanges_ = 0;
  double duration_ = 0, packetSize_ = 1000;  // s, bytes: the work budget's re-check
  double estimate_ = 0;                      // the work estimated at create, events
  double workBudget_ = kMaxWork;             // events the run may take (runUntil, live changes)
  std::string budgetNotice_;                 // why the run stopped, once it outgrew the budget
  std::vector<size_t> demandOfFlow_;         // Network::demands index of each flow (demandOf)
  struct LiveChange {
    SimTime t;
    std::string entity, key;
    double value;
  };
  std::vector<LiveChange> changes_;  // every live change applied, in order (the manifest's)
  Json settings_;                    // the scenario's top-level numbers as resolved
  std::string topologyKind_;
};

}  // namespace bl
