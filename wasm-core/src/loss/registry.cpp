// The exogenous loss models the core knows. A new model is one file plus one line here.
#include "net/loss_model.h"

namespace bl {

LossKind bernoulliKind();
LossKind gilbertKind();
LossKind scheduleKind();

namespace {
const SpecList kNoSpecs = {};

LossKind labeled(LossKind k, const char* label) {
  k.label = label;
  return k;
}

}  // namespace

const std::vector<LossKind>& lossKinds() {
  static const std::vector<LossKind> kinds = {
      {"none", "No exogenous loss.", &kNoSpecs,
       [](const ParamValues&, Rng, const std::string&, std::string&) { return std::unique_ptr<LossModel>(); }, "None"},
      labeled(bernoulliKind(), "Random (Bernoulli)"),
      labeled(gilbertKind(), "Bursty (Gilbert-Elliott)"),
      labeled(scheduleKind(), "Schedule")};
  return kinds;
}

const LossKind* findLossKind(const std::string& name) {
  for (const LossKind& k : lossKinds())
    if (name == k.name) return &k;
  return nullptr;
}

}  // namespace bl
