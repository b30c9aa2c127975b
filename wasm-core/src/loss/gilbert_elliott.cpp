// Gilbert-Elliott bursty loss: a two-state Markov chain stepped once per packet. In the good
// state packets are lost with lossGood, in the bad state with lossBad. The long-run loss rate
// is (pBG lossGood + pGB lossBad) / (pGB + pBG), pGB = P(good -> bad), pBG = P(bad -> good).
#include "net/loss_model.h"

namespace bl {

namespace {

class GilbertElliott final : public LossModel {
 public:
  BL_SPEC_TABLE static const BoundSpecs<GilbertElliott>& params() {
    static const BoundSpecs<GilbertElliott> t{
        bind<&GilbertElliott::pGB_>(Spec::number("pGoodToBad", "P(good to bad)")
                                        .defaultsTo(0.01)
                                        .range(0, 1)
                                        .help("Per-packet chance of entering the bad state.")),
        bind<&GilbertElliott::pBG_>(Spec::number("pBadToGood", "P(bad to good)")
                                        .defaultsTo(0.3)
                                        .range(0, 1)
                                        .help("Per-packet chance of leaving the bad state.")),
        bind<&GilbertElliott::lossG_>(Spec::number("lossGood", "Loss in good state")
                                          .defaultsTo(0)
                                          .range(0, 1)
                                          .help("Loss probability in the good state.")),
        bind<&GilbertElliott::lossB_>(Spec::number("lossBad", "Loss in bad state")
                                          .defaultsTo(0.5)
                                          .range(0, 1)
                                          .help("Loss probability in the bad state.")),
        lossPositionParam()};
    return t;
  }
  GilbertElliott(const ParamValues& v, Rng rng) : rng_(rng) { params().load(*this, v); }
  bool lose(SimTime) override {
    bad_ = bad_ ? !(rng_.uniform() < pBG_) : rng_.uniform() < pGB_;
    const double p = bad_ ? lossB_ : lossG_;
    return p > 0 && rng_.uniform() < p;
  }
  double rate(SimTime) const override {
    const double s = pGB_ + pBG_;
    return s > 0 ? (pBG_ * lossG_ + pGB_ * lossB_) / s : lossG_;
  }

 private:
  double pGB_ = 0, pBG_ = 0, lossG_ = 0, lossB_ = 0;
  bool bad_ = false;
  Rng rng_;
};

}  // namespace

LossKind gilbertKind() {
  return {"gilbert", "Bursty loss: a good and a bad state with their own loss rates (Gilbert-Elliott).",
          &GilbertElliott::params().specs(), [](const ParamValues& v, Rng rng, const std::string&, std::string&) {
            return std::make_unique<GilbertElliott>(v, rng);
          }};
}

}  // namespace bl
