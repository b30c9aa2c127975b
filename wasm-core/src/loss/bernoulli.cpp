// Bernoulli loss: each packet is lost independently with probability `rate`.
#include "net/loss_model.h"

namespace bl {

namespace {

const SpecList kSpecs = {
    {"rate", "Loss rate", "", ParamType::Number, 0, 0, 1, "Probability that each packet is lost.", true},
    lossPositionSpec(),
};

class Bernoulli final : public LossModel {
 public:
  Bernoulli(double rate, Rng rng) : rate_(rate), rng_(rng) {}
  bool lose(SimTime) override { return rate_ > 0 && rng_.uniform() < rate_; }
  double rate(SimTime) const override { return rate_; }

 private:
  double rate_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<LossModel> makeBernoulli(double rate, Rng rng) { return std::make_unique<Bernoulli>(rate, rng); }

LossKind bernoulliKind() {
  return {"bernoulli", "Each packet lost independently with a fixed probability.", &kSpecs,
          [](const ParamValues& v, Rng rng, const std::string&, std::string&) {
            return makeBernoulli(v.num("rate"), rng);
          }};
}

}  // namespace bl
