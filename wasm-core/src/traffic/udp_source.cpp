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

BL_SPEC_TABLE const BoundSpecs<TrafficFields>& TrafficFields::params() {
  using T = TrafficFields;
  static const BoundSpecs<T> t{
      bindChoice<&T::kind>("kind", "Kind", {{"cbr", Kind::Cbr, "Constant bit rate"}, {"onoff", Kind::OnOff, "On/off"}},
                           "cbr", "cbr: constant bit rate; onoff: exponential on/off periods."),
      bind<&T::rate>(
          Spec::number("rate", "Rate", "bit/s").defaultsTo(1e6).range(1e3, 1e11).help("Sending rate (while on).")),
      bind<&T::start>(Spec::number("start", "Start", "s").defaultsTo(0).range(0, 3600).help("When the source starts.")),
      bind<&T::stop>(
          Spec::number("stop", "Stop", "s").range(0, 3600).help("When it stops (left empty: never).").nullable()),
      bind<&T::onMean>(Spec::number("onMean", "Mean on time", "s")
                           .defaultsTo(1)
                           .range(0.001, 3600)
                           .help("onoff: mean of the exponential on period.")),
      bind<&T::offMean>(Spec::number("offMean", "Mean off time", "s")
                            .defaultsTo(1)
                            .range(0.001, 3600)
                            .help("onoff: mean of the exponential off period.")),
      bindJson<&T::from>(
          Spec::string("from", "From node").help("Node where it enters (default: the bottleneck's input).")),
      bindJson<&T::to>(Spec::string("to", "To node").help("Node where it leaves (default: the bottleneck's output).")),
  };
  return t;
}

const SpecList& trafficSpecs() { return TrafficFields::params().specs(); }

}  // namespace bl
