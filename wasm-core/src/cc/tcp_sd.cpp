#include "cc/tcp_sd.h"

#include <algorithm>
#include <cmath>

namespace bl {

WeightFns weightFns(int choice, double w) {
  switch (choice) {
    case 1: return {w * w, 1};
    case 2: return {1, w * w};
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

const SpecList& sdSpecs() {
  static const SpecList s = {
      {"f",
       "Weight functions",
       "",
       ParamType::Enum,
       0,
       0,
       0,
       "(f_inc, f_dec): equal f with f(2f-0.5)=1.5w^2; w^2 and 1; 1 and w^2.",
       false,
       {"equal", "inc", "dec"}},
  };
  return s;
}

namespace {

class WeightedAimd final : public ScaledAimd {
 public:
  const char* name() const override { return "sd"; }

  bool setParam(std::string_view key, double v) override {
    if (key == "weight" && v > 0)
      w_ = v;
    else if (key == "f" && (v == 0 || v == 1 || v == 2))
      f_ = static_cast<int>(v);
    else
      return false;
    const WeightFns fns = weightFns(f_, w_);
    increase_ = fns.inc;
    decrease_ = 0.5 / fns.dec;
    return true;
  }

 private:
  double w_ = 1;
  int f_ = 0;
};

}  // namespace

std::unique_ptr<CongestionControl> makeSd() { return std::make_unique<WeightedAimd>(); }

}  // namespace bl
