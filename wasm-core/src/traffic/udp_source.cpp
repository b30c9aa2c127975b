#include "traffic/udp_source.h"

#include "core/simulation.h"

namespace bl {

namespace {
enum : uint32_t { kSend = 1, kToggleOn = 2 };
}

void UdpSink::receive(Packet* p) {
  bytes += p->size;
  sim_.pool().put(p);
}

UdpSource::UdpSource(Simulation& sim, const Route* route, double rateBps, uint32_t packetSize, SimTime start,
                     SimTime stop, double onMean, double offMean, Rng rng)
    : sim_(sim),
      route_(route),
      gap_(txTime(packetSize, rateBps)),
      size_(packetSize),
      stop_(stop),
      onMean_(onMean),
      offMean_(offMean),
      rng_(rng) {
  if (gap_ < 1) gap_ = 1;
  sim_.sched().at(start, this, kToggleOn);
}

void UdpSource::sendOne() {
  Packet* p = sim_.pool().get();
  p->route = route_;
  p->kind = PacketKind::Udp;
  p->size = size_;
  p->bornAt = sim_.now();
  ++sent;
  sim_.forward(p);
}

void UdpSource::onEvent(uint32_t kind, uint64_t) {
  const SimTime now = sim_.now();
  if (stop_ >= 0 && now >= stop_) return;
  if (kind == kToggleOn) {
    periodEnd_ = onMean_ > 0 ? now + fromSeconds(rng_.exponential(onMean_)) : kNever;
    kind = kSend;
  }
  if (now >= periodEnd_) {  // on period over: sleep through an off period
    sim_.sched().after(fromSeconds(rng_.exponential(offMean_)), this, kToggleOn);
    return;
  }
  sendOne();
  sim_.sched().after(gap_, this, kSend);
}

const SpecList& trafficSpecs() {
  static const SpecList specs = {
      {"kind",
       "Kind",
       "",
       ParamType::Enum,
       0,
       0,
       0,
       "cbr: constant bit rate; onoff: exponential on/off periods.",
       false,
       {"cbr", "onoff"}},
      {"rate", "Rate", "bit/s", ParamType::Number, 1e6, 1e3, 1e11, "Sending rate (while on)."},
      {"start", "Start", "s", ParamType::Number, 0, 0, 3600, "When the source starts."},
      {"stop", "Stop", "s", ParamType::Number, NAN, 0, 3600, "When it stops (null: never).", false, {}, true},
      {"onMean", "Mean on time", "s", ParamType::Number, 1, 0.001, 3600, "onoff: mean of the exponential on period."},
      {"offMean", "Mean off time", "s", ParamType::Number, 1, 0.001, 3600,
       "onoff: mean of the exponential off period."},
      {"from", "From node", "", ParamType::String, NAN, 0, 0,
       "Node where it enters (default: the bottleneck's input)."},
      {"to", "To node", "", ParamType::String, NAN, 0, 0, "Node where it leaves (default: the bottleneck's output)."},
  };
  return specs;
}

}  // namespace bl
