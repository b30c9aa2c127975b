// DropTail: admit while fewer than `buffer` packets wait; drop arrivals to a full buffer.
#include "queues/droptail.h"

namespace bl {

namespace {

const SpecList kSpecs = {
    {"buffer", "Buffer", "packets", ParamType::Int, 250, 1, 100000,
     "Packets that may wait for the link; arrivals to a full buffer are dropped.", true},
};

class DropTail final : public QueueDisc {
 public:
  explicit DropTail(const ParamValues& v) : buffer_(static_cast<uint32_t>(v.num("buffer"))) {}
  const char* kind() const override { return "droptail"; }
  const SpecList& specs() const override { return kSpecs; }
  DropReason onArrival(Packet&, const QueueState& q) override {
    return q.packets >= buffer_ ? DropReason::Overflow : DropReason::None;
  }
  uint32_t buffer() const override { return buffer_; }
  double param(const std::string& key) const override { return key == "buffer" ? buffer_ : NAN; }

 protected:
  void apply(const std::string& key, double v) override {
    if (key == "buffer") buffer_ = static_cast<uint32_t>(v);
  }

 private:
  uint32_t buffer_;
};

}  // namespace

QueueKind dropTailKind() {
  return {
      "droptail", "First in, first out; drops only when the buffer is full.", &kSpecs,
      [](const ParamValues& v, const LinkInfo&, Simulation&, std::string&) { return std::make_unique<DropTail>(v); }};
}

}  // namespace bl
