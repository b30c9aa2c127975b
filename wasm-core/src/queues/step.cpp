// Step marking, the switch behaviour DCTCP asks for (RFC 8257 section 3.1; Alizadeh et al.,
// "Data Center TCP", SIGCOMM 2010): an arrival that finds K or more packets waiting (the
// instantaneous queue, no average) is marked CE if it is ECN-capable and dropped early if it
// is not, as a RED queue with minTh = maxTh = K and ECN on would do. Below K, and for every
// arrival to a full buffer, it is DropTail.
#include "queues/step.h"

namespace bl {

namespace {

class Step final : public BoundQueueDisc<Step> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Step>& params() {
    static const BoundSpecs<Step> t{
        bind<&Step::buffer_>(bufferSpec(250)),
        bind<&Step::k_>(
            Spec::integer("K", "Marking threshold K", "packets")
                .defaultsTo(20)
                .range(0, 100000)
                .help("Arrivals that find at least K packets waiting are marked CE (ECN-capable) or dropped (not).")
                .live())};
    return t;
  }
  Step(const ParamValues& v, const LinkInfo&, Simulation&) { load(v); }
  const char* kind() const override { return "step"; }
  DropReason onArrival(Packet& p, const QueueState& q) override {
    if (q.packets >= buffer_) return DropReason::Overflow;
    if (q.packets >= k_ && !mark(p)) return DropReason::Early;
    return DropReason::None;
  }
  uint32_t buffer() const override { return buffer_; }

 private:
  uint32_t buffer_ = 0, k_ = 0;
};

}  // namespace

QueueKind stepKind() {
  return boundKind<Step>("step",
                         "Step marking (DCTCP's switch): CE-mark ECN-capable arrivals when K or more packets wait.");
}

}  // namespace bl
