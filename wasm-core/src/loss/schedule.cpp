// A time schedule of Bernoulli loss rates: `steps` = [[t0, r0], [t1, r1], ...], rate r_k from
// time t_k on (0 before t0), e.g. 0 % on [0, 20), 1 % on [20, 40), 5 % from 40 s.
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "core/limits.h"
#include "net/loss_model.h"

namespace bl {

namespace {

using Steps = std::vector<std::pair<SimTime, double>>;

// Every flow of a dumbbell gets its own loss model from the scenario's exoLoss; the steps of equal
// schedules are kept once (2,000 flows x 10,000 steps would be 320 MB), the rest of the model
// (its random stream, where it is) per flow.
std::shared_ptr<const Steps> shared(Steps steps) {
  thread_local std::vector<std::weak_ptr<const Steps>> kept;
  std::shared_ptr<const Steps> found;
  for (size_t i = 0; i < kept.size();) {
    std::shared_ptr<const Steps> s = kept[i].lock();
    if (!s) {
      kept[i] = kept.back();
      kept.pop_back();
      continue;
    }
    if (!found && *s == steps) found = s;
    ++i;
  }
  if (found) return found;
  auto s = std::make_shared<const Steps>(std::move(steps));
  kept.push_back(s);
  return s;
}

class Schedule final : public LossModel {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Schedule>& params() {
    static const BoundSpecs<Schedule> t{
        declare(Spec::array("steps", "Steps", "[s, rate]")
                    .help("Pairs [time, rate] in increasing time; the rate holds from its time until the next step.")),
        lossPositionParam()};
    return t;
  }
  Schedule(const ParamValues& v, std::shared_ptr<const Steps> steps, Rng rng) : steps_(std::move(steps)), rng_(rng) {
    params().load(*this, v);
  }
  bool lose(SimTime now) override {
    const Steps& steps = *steps_;
    while (next_ < steps.size() && steps[next_].first <= now) current_ = steps[next_++].second;
    return current_ > 0 && rng_.uniform() < current_;
  }
  double rate(SimTime now) const override {
    double r = 0;
    for (const auto& s : *steps_)
      if (s.first <= now) r = s.second;
    return r;
  }
  SimTime nextChange(SimTime now) const override {
    for (const auto& s : *steps_)
      if (s.first > now) return s.first;
    return kNever;
  }

 private:
  std::shared_ptr<const Steps> steps_;
  size_t next_ = 0;
  double current_ = 0;
  Rng rng_;
};

}  // namespace

LossKind scheduleKind() {
  return {"schedule", "Bernoulli loss whose rate changes at given times.", &Schedule::params().specs(),
          [](const ParamValues& v, Rng rng, const std::string& path, std::string& err) -> std::unique_ptr<LossModel> {
            const Json* a = v.raw("steps");
            Steps steps;
            double last = -1;
            if (!a || a->items().empty()) {
              err = path + ".steps: give at least one [time, rate] pair";
              return nullptr;
            }
            if (a->items().size() > static_cast<size_t>(kMaxScheduleSteps)) {
              err = path + ".steps: " + std::to_string(a->items().size()) + " steps; at most " +
                    std::to_string(kMaxScheduleSteps) + " (join steps of equal rate, or use fewer)";
              return nullptr;
            }
            steps.reserve(a->items().size());
            for (size_t i = 0; i < a->items().size(); ++i) {
              const Json& s = a->items()[i];
              const std::string where = path + ".steps[" + std::to_string(i) + "]";
              if (!s.isArray() || s.items().size() != 2 || !s.items()[0].isNumber() || !s.items()[1].isNumber()) {
                err = where + ": expected [time, rate] (two numbers)";
                return nullptr;
              }
              double t = s.items()[0].asNumber(), r = s.items()[1].asNumber();
              if (t < 0 || t <= last || t > kMaxDuration) {
                err = where + ": time " + jsonNumber(t) + " must be increasing, in [0, " + jsonNumber(kMaxDuration) +
                      "] s";
                return nullptr;
              }
              if (!(r >= 0 && r <= 1)) {
                err = where + ": rate " + jsonNumber(r) + " is out of range; allowed [0, 1]";
                return nullptr;
              }
              last = t;
              steps.emplace_back(fromSeconds(t), r);
            }
            return std::make_unique<Schedule>(v, shared(std::move(steps)), rng);
          }};
}

}  // namespace bl
