#include "cc/tcp_sd.h"

#include <algorithm>
#include <cmath>

namespace bl {

WeightFns weightFns(WeightFn choice, double w) {
  switch (choice) {
    case WeightFn::Inc: return {w * w, 1};
    case WeightFn::Dec: return {1, w * w};
    case WeightFn::Equal:
    default: {
      const double f = (0.5 + std::sqrt(0.25 + 12 * w * w)) / 4;  // root of 2f^2 - f/2 - 3/2 w^2
      return {f, f};
    }
  }
}

void ScaledAimd::onAck(CcState& s, uint32_t acked) {
  double n = acked;
  if (s.cwnd < s.ssthresh) {
    const double grow = std::min({n, 2.0, s.ssthresh - s.cwnd});
    s.cwnd += grow;
    n = s.cwnd < s.ssthresh ? 0 : n - grow;  // what crosses ssthresh counts in CA
  }
  if (n > 0) s.cwnd += increase_ * n / s.cwnd;
}

double ScaledAimd::onLossEvent(const CcState& s) { return std::max(s.inFlight * (1.0 - decrease_), 2.0); }
double ScaledAimd::onTimeout(const CcState& s) { return std::max(s.inFlight * 0.5, 2.0); }

namespace {

class WeightedAimd final : public BoundCc<WeightedAimd, WeightedAimdBase> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<WeightedAimd>& params() {
    static const BoundSpecs<WeightedAimd> t{weightFnParam(), weightParam()};
    return t;
  }
  const char* name() const override { return "sd"; }

 private:
  void onChange(std::string_view) override {
    const WeightFns f = fns();
    increase_ = f.inc;
    decrease_ = 0.5 / f.dec;
  }
};

}  // namespace

std::unique_ptr<CongestionControl> makeSd() { return std::make_unique<WeightedAimd>(); }
const SpecList& sdSpecs() { return WeightedAimd::params().specs(); }

}  // namespace bl
