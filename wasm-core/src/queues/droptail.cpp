// DropTail: admit while fewer than `buffer` packets wait; drop arrivals to a full buffer.
#include "queues/droptail.h"

namespace bl {

namespace {

class DropTail final : public BoundQueueDisc<DropTail> {
 public:
  static const BoundSpecs<DropTail>& params() {
    static const BoundSpecs<DropTail> t{
        bind<&DropTail::buffer_>({"buffer", "Buffer", "packets", ParamType::Int, 250, 1, 100000,
                                  "Packets that may wait for the link; arrivals to a full buffer are dropped.", true})};
    return t;
  }
  explicit DropTail(const ParamValues& v) { load(v); }
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
  return {
      "droptail", "First in, first out; drops only when the buffer is full.", &DropTail::params().specs(),
      [](const ParamValues& v, const LinkInfo&, Simulation&, std::string&) { return std::make_unique<DropTail>(v); }};
}

}  // namespace bl
