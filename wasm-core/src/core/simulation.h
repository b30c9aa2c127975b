// The simulation kernel. The Simulation owns everything of one run: scheduler, packet pool, random streams, links,
// agents and the tracer. No globals: two simulations side by side just work.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/flow_stats.h"
#include "core/packet.h"
#include "core/rng.h"
#include "core/scheduler.h"
#include "core/time.h"

namespace bl {

class Link;

// Discrete events reported to the tracer (the `kind` of metric-block events).
enum class TraceEvent : uint32_t { Drop = 1, Timeout = 2, FastRetransmit = 3, ParamChange = 4 };

// Where discrete events go (the tracer of sim/tracer.h implements it): the kernel reports, it
// does not know who listens.
class EventRecorder {
 public:
  virtual ~EventRecorder() = default;
  virtual void recordEvent(SimTime t, TraceEvent kind, int flow, int link, uint32_t reason) = 0;
};

class Simulation {
 public:
  explicit Simulation(uint64_t seed);
  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  Scheduler& sched() { return sched_; }
  SimTime now() const { return sched_.now(); }
  PacketPool& pool() { return pool_; }
  uint64_t seed() const { return seed_; }
  // A fresh stream for a named component; the same name always gives the same draws.
  Rng stream(std::string_view name) const { return Rng(seed_, name); }

  // Hands a packet to its next hop, or to its endpoint when the route is done.
  void forward(Packet* p) {
    const Route* r = p->route;
    if (p->hop < r->hops.size()) {
      PacketSink* s = r->hops[p->hop++];
      s->receive(p);
    } else {
      r->endpoint->receive(p);
    }
  }

  // Drops a packet: counts it for its flow, reports the event, returns it to the pool.
  void drop(Packet* p, DropReason why, int linkIndex);

  // Reports a discrete event (timeout, fast retransmit) to the tracer.
  void event(TraceEvent kind, int flow, int linkIndex, uint32_t reason = 0);

  std::vector<FlowStats>& flowStats() { return flowStats_; }
  std::vector<FlowAttrs>& flowAttrs() { return flowAttrs_; }
  const FlowAttrs& attrs(int i) const { return flowAttrs_[static_cast<size_t>(i)]; }
  size_t flowCount() const { return flowStats_.size(); }
  FlowStats& flow(int i) { return flowStats_[static_cast<size_t>(i)]; }

  void setRecorder(EventRecorder* r) { recorder_ = r; }

 private:
  Scheduler sched_;
  PacketPool pool_;
  uint64_t seed_;
  std::vector<FlowStats> flowStats_;
  std::vector<FlowAttrs> flowAttrs_;
  EventRecorder* recorder_ = nullptr;
};

}  // namespace bl
