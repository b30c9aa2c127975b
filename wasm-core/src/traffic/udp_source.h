// Non-TCP traffic sharing the network: constant bit rate, or on/off with exponential periods
// (rate during "on"). Packets go to a UdpSink, which counts and frees them.
#pragma once
#include <cstdint>

#include "core/bound_params.h"
#include "core/packet.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/scheduler.h"

namespace bl {

class Simulation;

class UdpSink final : public PacketSink {
 public:
  explicit UdpSink(Simulation& sim) : sim_(sim) {}
  void receive(Packet* p) override;
  uint64_t bytes = 0;

 private:
  Simulation& sim_;
};

class UdpSource final : public EventHandler {
 public:
  // onMean <= 0 means constant bit rate. stop < 0 means never.
  UdpSource(Simulation& sim, const Route* route, double rateBps, uint32_t packetSize, SimTime start, SimTime stop,
            double onMean, double offMean, Rng rng);
  void onEvent(uint32_t kind, uint64_t arg) override;
  uint64_t sent = 0;

 private:
  void sendOne();
  Simulation& sim_;
  const Route* route_;
  SimTime gap_;
  uint32_t size_;
  SimTime stop_;
  double onMean_, offMean_;
  SimTime periodEnd_ = 0;
  Rng rng_;
};

// A traffic entry of a scenario ("traffic": [...]): its specs bound to the fields the scenario
// builder reads (stop NaN: never; from and to null: the topology's default nodes).
struct TrafficFields {
  enum class Kind { Cbr, OnOff };
  Kind kind = Kind::Cbr;
  double rate = 0, start = 0, stop = 0, onMean = 0, offMean = 0;
  const Json *from = nullptr, *to = nullptr;
  static const BoundSpecs<TrafficFields>& params();
};
const SpecList& trafficSpecs();

}  // namespace bl
