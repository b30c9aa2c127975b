// PI controller AQM (Hollot, Misra, Towsley and Gong, "On Designing Improved Controllers for
// AQM Routers Supporting TCP Flows", INFOCOM 2001). At a sampling frequency the drop
// probability moves with the queue error against a reference queue:
//   p(kT) = p((k-1)T) + a (q(kT) - qRef) - b (q((k-1)T) - qRef),  clamped to [0, 1]
// (a > b: a discretised proportional-integral controller). Each arrival is dropped with p.
#include "queues/pi.h"

#include <algorithm>

#include "core/simulation.h"

namespace bl {

namespace {

class Pi final : public BoundQueueDisc<Pi> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Pi>& params() {
    static const BoundSpecs<Pi> t{
        bind<&Pi::buffer_>(bufferSpec(250)),
        bind<&Pi::qRef_>(Spec::number("qRef", "Reference queue", "packets")
                             .defaultsTo(50)
                             .range(0, 100000)
                             .help("Queue length the controller holds.")
                             .live()),
        bind<&Pi::a_>(Spec::number("a", "Coefficient a", "1/packet")
                          .defaultsTo(1.822e-5)
                          .range(0, 1)
                          .help("Weight of the current queue error (Hollot et al.: 1.822e-5).")
                          .live()),
        bind<&Pi::b_>(Spec::number("b", "Coefficient b", "1/packet")
                          .defaultsTo(1.816e-5)
                          .range(0, 1)
                          .help("Weight of the previous sample's queue error, subtracted (1.816e-5).")
                          .live()),
        bind<&Pi::frequency_>(Spec::number("frequency", "Sampling frequency", "Hz")
                                  .defaultsTo(170)
                                  .range(0.1, 1e6)
                                  .help("Probability updates per second.")
                                  .live())};
    return t;
  }
  Pi(const ParamValues& v, const LinkInfo& link, Simulation& sim) : rng_(sim.stream("pi." + link.name)) { load(v); }
  const char* kind() const override { return "pi"; }

  DropReason onArrival(Packet&, const QueueState& q) override {
    if (q.packets >= buffer_) return DropReason::Overflow;
    if (p_ > 0 && rng_.uniform() < p_) return DropReason::Early;
    return DropReason::None;
  }
  SimTime updatePeriod() const override { return std::max<SimTime>(1, fromSeconds(1.0 / frequency_)); }
  void update(const QueueState& q) override {
    const double now = q.packets;
    p_ = std::clamp(p_ + a_ * (now - qRef_) - b_ * (qOld_ - qRef_), 0.0, 1.0);
    qOld_ = now;
  }
  uint32_t buffer() const override { return buffer_; }

 private:
  uint32_t buffer_ = 0;
  double qRef_ = 0, a_ = 0, b_ = 0, frequency_ = 1;
  Rng rng_;
  double p_ = 0, qOld_ = 0;
};

}  // namespace

QueueKind piKind() {
  return boundKind<Pi>("pi",
                       "Proportional-integral AQM: drop probability driven by the queue error against a reference.");
}

}  // namespace bl
