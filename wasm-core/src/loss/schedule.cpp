// A time schedule of Bernoulli loss rates: `steps` = [[t0, r0], [t1, r1], ...], rate r_k from
// time t_k on (0 before t0), e.g. 0 % on [0, 20), 1 % on [20, 40), 5 % from 40 s.
#include <cmath>
#include <utility>
#include <vector>

#include "net/loss_model.h"

namespace bl {

namespace {

class Schedule final : public LossModel {
 public:
  static const BoundSpecs<Schedule>& params() {
    static const BoundSpecs<Schedule> t{
        declare({"steps", "Steps", "[s, rate]", ParamType::Array, NAN, 0, 0,
                 "Pairs [time, rate] in increasing time; the rate holds from its time until the next step."}),
        lossPositionParam()};
    return t;
  }
  Schedule(const ParamValues& v, std::vector<std::pair<SimTime, double>> steps, Rng rng)
      : steps_(std::move(steps)), rng_(rng) {
    params().load(*this, v);
  }
  bool lose(SimTime now) override {
    while (next_ < steps_.size() && steps_[next_].first <= now) current_ = steps_[next_++].second;
    return current_ > 0 && rng_.uniform() < current_;
  }
  double rate(SimTime now) const override {
    double r = 0;
    for (const auto& s : steps_)
      if (s.first <= now) r = s.second;
    return r;
  }
  SimTime nextChange(SimTime now) const override {
    for (const auto& s : steps_)
      if (s.first > now) return s.first;
    return kNever;
  }

 private:
  std::vector<std::pair<SimTime, double>> steps_;
  size_t next_ = 0;
  double current_ = 0;
  Rng rng_;
};

}  // namespace

LossKind scheduleKind() {
  return {"schedule", "Bernoulli loss whose rate changes at given times.", &Schedule::params().specs(),
          [](const ParamValues& v, Rng rng, const std::string& path, std::string& err) -> std::unique_ptr<LossModel> {
            const Json* a = v.raw("steps");
            std::vector<std::pair<SimTime, double>> steps;
            double last = -1;
            if (!a || a->items().empty()) {
              err = path + ".steps: give at least one [time, rate] pair";
              return nullptr;
            }
            for (size_t i = 0; i < a->items().size(); ++i) {
              const Json& s = a->items()[i];
              const std::string where = path + ".steps[" + std::to_string(i) + "]";
              if (!s.isArray() || s.items().size() != 2 || !s.items()[0].isNumber() || !s.items()[1].isNumber()) {
                err = where + ": expected [time, rate] (two numbers)";
                return nullptr;
              }
              double t = s.items()[0].asNumber(), r = s.items()[1].asNumber();
              if (t < 0 || t <= last) {
                err = where + ": time " + jsonNumber(t) + " must be >= 0 and increasing";
                return nullptr;
              }
              if (!(r >= 0 && r <= 1)) {
                err = where + ": rate " + jsonNumber(r) + " is out of range; allowed [0, 1]";
                return nullptr;
              }
              last = t;
              steps.emplace_back(fromSeconds(t), r);
            }
            return std::make_unique<Schedule>(v, std::move(steps), rng);
          }};
}

}  // namespace bl
