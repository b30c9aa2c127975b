// Recipe check (docs/extending.md): every Nth packet lost. Reverted in the next commit.
#include "net/loss_model.h"

namespace bl {

namespace {

class EveryNth final : public LossModel {
 public:
  static const BoundSpecs<EveryNth>& params() {
    static const BoundSpecs<EveryNth> t{bind<&EveryNth::every_>(Spec::integer("every", "Every")
                                                                    .defaultsTo(100)
                                                                    .range(2, 1000000)
                                                                    .help("One packet in this many is lost.")),
                                        lossPositionParam()};
    return t;
  }
  explicit EveryNth(const ParamValues& v) { params().load(*this, v); }
  bool lose(SimTime) override { return ++n_ % static_cast<uint64_t>(every_) == 0; }
  double rate(SimTime) const override { return 1.0 / every_; }

 private:
  double every_ = 100;
  uint64_t n_ = 0;
};

}  // namespace

LossKind everyNthKind() {
  return {"everynth", "One packet in N lost, deterministically (a recipe check).", &EveryNth::params().specs(),
          [](const ParamValues& v, Rng, const std::string&, std::string&) -> std::unique_ptr<LossModel> {
            return std::make_unique<EveryNth>(v);
          }};
}

}  // namespace bl
