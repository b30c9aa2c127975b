// Exogenous loss: packets lost on a link for reasons that have nothing to do with its queue
// (a noisy wireless hop, congestion on an underlay link). Counted apart from congestion drops.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/bound_params.h"
#include "core/params.h"
#include "core/rng.h"
#include "core/time.h"

namespace bl {

class LossModel {
 public:
  virtual ~LossModel() = default;
  // Whether the packet sent at `now` is lost. Called once per packet on the wire.
  virtual bool lose(SimTime now) = 0;
  // The long-run loss rate at `now` (for display).
  virtual double rate(SimTime now) const = 0;
  // Where on its link the model acts (the `position` field of every loss kind): false,
  // "afterLink" (default): the packet is serialised, then lost on the wire; true,
  // "beforeQueue": lost on arrival, before the queue, as ns-2's `$ns lossmodel` (an
  // ErrorModel inserted ahead of the link's queue), so it takes neither buffer nor link time.
  bool beforeQueue = false;
  // The next time after `now` at which the model's rate changes by itself (a schedule's next
  // step), kNever if it does not (the manifest is sent again when that time passes).
  virtual SimTime nextChange(SimTime /*now*/) const { return kNever; }
  // What the run was built with, for the manifest (sim/manifest.cpp): the kind's name, its
  // parameters as resolved (defaults filled in) and where the scenario set it ("exoLoss",
  // "flowOverrides[2].exoLoss", "topology.links[1].loss"; "live" for a live change).
  std::string kind;
  Json params;
  std::string source;
};

// The `position` parameter every loss kind lists last, bound to beforeQueue.
inline auto lossPositionParam() {
  return bindChoice<&LossModel::beforeQueue>(
      "position", "Position", {{"afterLink", false, "After the link"}, {"beforeQueue", true, "Before the queue"}},
      "afterLink",
      "afterLink: lost on the wire after serialisation (takes link time); beforeQueue: lost on arrival, before the "
      "queue, as ns-2's $ns lossmodel.");
}

struct LossKind {
  const char* name;
  const char* help;
  const SpecList* specs;
  // Returns nullptr and sets err if the values are inconsistent.
  std::function<std::unique_ptr<LossModel>(const ParamValues&, Rng, const std::string& path, std::string& err)> make;
  // The name people read ("Bernoulli", "Schedule"), set where the kind is registered.
  const char* label = nullptr;
};

const std::vector<LossKind>& lossKinds();
const LossKind* findLossKind(const std::string& name);
std::unique_ptr<LossModel> makeBernoulli(double rate, Rng rng);

}  // namespace bl
