// Step marking, the switch behaviour DCTCP asks for (RFC 8257 section 3.1; Alizadeh et al.,
// "Data Center TCP", SIGCOMM 2010): an arrival that finds K or more packets waiting (the
// instantaneous queue, no average) is marked CE if it is ECN-capable and dropped early if it
// is not, as a RED queue with minTh = maxTh = K and ECN on would do. Below K, and for every
// arrival to a full buffer, it is DropTail.
#include "queues/step.h"

namespace bl {

namespace {

const SpecList kSpecs = {
    {"buffer", "Buffer", "packets", ParamType::Int, 250, 1, 100000, "Hard limit; arrivals beyond it overflow.", true},
    {"K", "Marking threshold K", "packets", ParamType::Int, 20, 0, 100000,
     "Arrivals that find at least K packets waiting are marked CE (ECN-capable) or dropped (not).", true},
};

class Step final : public QueueDisc {
 public:
  explicit Step(const ParamValues& v)
      : buffer_(static_cast<uint32_t>(v.num("buffer"))), k_(static_cast<uint32_t>(v.num("K"))) {}
  const char* kind() const override { return "step"; }
  const SpecList& specs() const override { return kSpecs; }
  DropReason onArrival(Packet& p, const QueueState& q) override {
    if (q.packets >= buffer_) return DropReason::Overflow;
    if (q.packets >= k_ && !mark(p)) return DropReason::Early;
    return DropReason::None;
  }
  uint32_t buffer() const override { return buffer_; }
  double param(const std::string& key) const override {
    return key == "buffer" ? buffer_ : key == "K" ? static_cast<double>(k_) : NAN;
  }

 protected:
  void apply(const std::string& key, double v) override {
    if (key == "buffer")
      buffer_ = static_cast<uint32_t>(v);
    else if (key == "K")
      k_ = static_cast<uint32_t>(v);
  }

 private:
  uint32_t buffer_, k_;
};

}  // namespace

QueueKind stepKind() {
  return {"step", "Step marking (DCTCP's switch): CE-mark ECN-capable arrivals when K or more packets wait.", &kSpecs,
          [](const ParamValues& v, const LinkInfo&, Simulation&, std::string&) { return std::make_unique<Step>(v); }};
}

}  // namespace bl
