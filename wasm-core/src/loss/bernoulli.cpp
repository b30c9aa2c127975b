// Bernoulli loss: each packet is lost independently with probability `rate`.
#include "net/loss_model.h"

namespace bl {

namespace {

class Bernoulli final : public LossModel {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Bernoulli>& params() {
    static const BoundSpecs<Bernoulli> t{bind<&Bernoulli::rate_>(Spec::number("rate", "Loss rate")
                                                                     .defaultsTo(0)
                                                                     .range(0, 1)
                                                                     .help("Probability that each packet is lost.")
                                                                     .live()),
                                         lossPositionParam()};
    return t;
  }
  Bernoulli(double rate, Rng rng) : rate_(rate), rng_(rng) {}
  Bernoulli(const ParamValues& v, Rng rng) : rng_(rng) { params().load(*this, v); }
  bool lose(SimTime) override { return rate_ > 0 && rng_.uniform() < rate_; }
  double rate(SimTime) const override { return rate_; }

 private:
  double rate_ = 0;
  Rng rng_;
};

}  // namespace

std::unique_ptr<LossModel> makeBernoulli(double rate, Rng rng) { return std::make_unique<Bernoulli>(rate, rng); }

LossKind bernoulliKind() {
  return {"bernoulli", "Each packet lost independently with a fixed probability.", &Bernoulli::params().specs(),
          [](const ParamValues& v, Rng rng, const std::string&, std::string&) -> std::unique_ptr<LossModel> {
            return std::make_unique<Bernoulli>(v, rng);
          }};
}

}  // namespace bl
