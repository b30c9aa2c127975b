// DropTail: admit while fewer than `buffer` packets wait; drop arrivals to a full buffer.
#include "queues/droptail.h"

namespace bl {

namespace {

class DropTail final : public BoundQueueDisc<DropTail> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<DropTail>& params() {
    static const BoundSpecs<DropTail> t{
        bind<&DropTail::buffer_>(Spec::integer("buffer", "Buffer", "packets")
                                     .defaultsTo(250)
                                     .range(1, 100000)
                                     .help("Packets that may wait for the link; arrivals to a full buffer are dropped.")
                                     .live())};
    return t;
  }
  DropTail(const ParamValues& v, const LinkInfo&, Simulation&) { load(v); }
  const char* kind() const override { return "droptail"; }
  DropReason onArrival(Packet&, const QueueState& q) override {
    return q.packets >= buffer_ ? DropReason::Overflow : DropReason::None;
  }
  uint32_t buffer() const override { return buffer_; }

 private:
  uint32_t buffer_ = 0;
};

}  // namespace

QueueKind dropTailKind() {
  return boundKind<DropTail>("droptail", "First in, first out; drops only when the buffer is full.");
}

}  // namespace bl
