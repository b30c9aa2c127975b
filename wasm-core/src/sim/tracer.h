// Everything observable leaves the core through the tracer: a sample row every sample period
// (per-flow, per-queue, per-link and fairness columns) and discrete events (drops, timeouts,
// fast retransmits, parameter changes). bl_drain() hands both over as one binary block.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/scheduler.h"
#include "core/simulation.h"
#include "core/time.h"

namespace bl {

class Network;

// Jain's fairness index (sum x)^2 / (n sum x^2) over the given values; NaN when empty or all 0.
double jainIndex(const std::vector<double>& x);

class Tracer : public EventHandler, public EventRecorder {
 public:
  static constexpr uint32_t kMagic = 0x314B4C42;  // "BLK1"
  static constexpr size_t kMaxEventsPerPeriod = 4096;

  Tracer(Simulation& sim, Network& net, SimTime period);
  void start();  // schedules the first sample at t = period
  void onEvent(uint32_t kind, uint64_t arg) override;
  void recordEvent(SimTime t, TraceEvent kind, int flow, int link, uint32_t reason) override;

  const std::vector<std::string>& columns() const { return columns_; }
  // The columns a network's sample rows have (the check bounds rows x columns before a run).
  static std::vector<std::string> columnsOf(const Network& net);
  // Bytes of rows and events recorded since the last drain (bl_run_until bounds one call's).
  size_t recordedBytes() const { return rows_.size() * 8 + events_.size() * 24; }
  // Encodes the rows and events recorded since the last call, then forgets them.
  const std::vector<uint8_t>& drain();
  // The block the last drain() produced.
  const std::vector<uint8_t>& drainedBlock() const { return block_; }
  uint64_t eventsDropped() const { return eventsDropped_; }
  // Latest per-flow throughput (bit/s) of the last interval, for tests and the UI.
  const std::vector<double>& lastThroughput() const { return lastThr_; }

 private:
  struct EventRec {
    double t;
    uint32_t kind;
    int32_t flow;
    int32_t link;
    uint32_t reason;
  };
  void sample();

  Simulation& sim_;
  Network& net_;
  SimTime period_;
  std::vector<std::string> columns_;
  std::vector<double> rows_;
  std::vector<EventRec> events_;
  size_t eventsThisPeriod_ = 0;
  uint64_t eventsDropped_ = 0;
  std::vector<uint8_t> block_;
  // Counters at the previous sample, to difference.
  std::vector<uint64_t> prevArrivedBytes_, prevGoodBytes_, prevArrived_, prevCong_, prevExo_, prevDrops_;
  std::vector<SimTime> prevBusy_;
  std::vector<double> lastThr_;
};

}  // namespace bl
