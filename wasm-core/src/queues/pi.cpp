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

const SpecList kSpecs = {
    {"buffer", "Buffer", "packets", ParamType::Int, 250, 1, 100000, "Hard limit; arrivals beyond it overflow.", true},
    {"qRef", "Reference queue", "packets", ParamType::Number, 50, 0, 100000, "Queue length the controller holds.",
     true},
    {"a", "Coefficient a", "1/packet", ParamType::Number, 1.822e-5, 0, 1,
     "Weight of the current queue error (Hollot et al.: 1.822e-5).", true},
    {"b", "Coefficient b", "1/packet", ParamType::Number, 1.816e-5, 0, 1,
     "Weight of the previous sample's queue error, subtracted (1.816e-5).", true},
    {"frequency", "Sampling frequency", "Hz", ParamType::Number, 170, 0.1, 1e6, "Probability updates per second.",
     true},
};

class Pi final : public QueueDisc {
 public:
  Pi(const ParamValues& v, const LinkInfo& link, Simulation& sim)
      : buffer_(static_cast<uint32_t>(v.num("buffer"))),
        qRef_(v.num("qRef")),
        a_(v.num("a")),
        b_(v.num("b")),
        frequency_(v.num("frequency")),
        rng_(sim.stream("pi." + link.name)) {}
  const char* kind() const override { return "pi"; }
  const SpecList& specs() const override { return kSpecs; }

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
  double param(const std::string& k) const override {
    if (k == "buffer") return buffer_;
    if (k == "qRef") return qRef_;
    if (k == "a") return a_;
    if (k == "b") return b_;
    if (k == "frequency") return frequency_;
    return NAN;
  }

 protected:
  void apply(const std::string& k, double v) override {
    if (k == "buffer")
      buffer_ = static_cast<uint32_t>(v);
    else if (k == "qRef")
      qRef_ = v;
    else if (k == "a")
      a_ = v;
    else if (k == "b")
      b_ = v;
    else if (k == "frequency")
      frequency_ = v;
  }

 private:
  uint32_t buffer_;
  double qRef_, a_, b_, frequency_;
  Rng rng_;
  double p_ = 0, qOld_ = 0;
};

}  // namespace

QueueKind piKind() {
  return {"pi", "Proportional-integral AQM: drop probability driven by the queue error against a reference.", &kSpecs,
          [](const ParamValues& v, const LinkInfo& l, Simulation& s, std::string&) -> std::unique_ptr<QueueDisc> {
            return std::make_unique<Pi>(v, l, s);
          }};
}

}  // namespace bl
