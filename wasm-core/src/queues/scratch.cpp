// Recipe check (docs/extending.md): a queue discipline that drops every arrival over half the
// buffer. Reverted in the next commit.
#include "queues/scratch.h"

namespace bl {

namespace {

class HalfTail final : public BoundQueueDisc<HalfTail> {
 public:
  static const BoundSpecs<HalfTail>& params() {
    static const BoundSpecs<HalfTail> t{bind<&HalfTail::buffer_>(Spec::integer("buffer", "Buffer", "packets")
                                                                     .defaultsTo(250)
                                                                     .range(2, 100000)
                                                                     .help("Twice the packets that may wait.")
                                                                     .live())};
    return t;
  }
  HalfTail(const ParamValues& v, const LinkInfo&, Simulation&) { load(v); }
  const char* kind() const override { return "halftail"; }
  DropReason onArrival(Packet&, const QueueState& q) override {
    return q.packets >= buffer_ / 2 ? DropReason::Overflow : DropReason::None;
  }
  uint32_t buffer() const override { return buffer_; }

 private:
  uint32_t buffer_ = 0;
};

}  // namespace

QueueKind halfTailKind() {
  return boundKind<HalfTail>("halftail", "Drops arrivals once half the buffer waits (a recipe check).");
}

}  // namespace bl
