// The exogenous loss models the core knows. A new model is one file plus one line here.
#include "net/loss_model.h"

namespace bl {

LossKind bernoulliKind();
LossKind gilbertKind();
LossKind scheduleKind();

namespace {
const SpecList kNoSpecs = {};
}

const std::vector<LossKind>& lossKinds() {
  static const std::vector<LossKind> kinds = {
      {"none", "No exogenous loss.", &kNoSpecs,
       [](const ParamValues&, Rng, const std::string&, std::string&) { return std::unique_ptr<LossModel>(); }},
      bernoulliKind(),
      gilbertKind(),
      scheduleKind()};
  return kinds;
}

const LossKind* findLossKind(const std::string& name) {
  for (const LossKind& k : lossKinds())
    if (name == k.name) return &k;
  return nullptr;
}

}  // namespace bl
