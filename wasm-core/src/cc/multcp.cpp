#include "cc/multcp.h"

#include <cmath>

#include "cc/tcp_sd.h"

namespace bl {

const SpecList& mulTcpSpecs() {
  static const SpecList s = {
      {"N", "N", "flows", ParamType::Number, 1, 1, 1000, "How many TCP flows the one flow acts as."},
      {"set",
       "Parameter set",
       "",
       ParamType::Enum,
       0,
       0,
       0,
       "linear: alpha = N, beta = 1/N; sqrt: alpha = sqrt(N), beta = N^-1.5.",
       false,
       {"linear", "sqrt"}},
  };
  return s;
}

namespace {

class MulTcp final : public ScaledAimd {
 public:
  const char* name() const override { return "multcp"; }

  bool setParam(std::string_view key, double v) override {
    if (key == "N" && v >= 1)
      n_ = v;
    else if (key == "set" && (v == 0 || v == 1))
      sqrtSet_ = v == 1;
    else
      return false;
    increase_ = sqrtSet_ ? std::sqrt(n_) : n_;                 // alpha
    decrease_ = (sqrtSet_ ? std::pow(n_, -1.5) : 1 / n_) / 2;  // beta of TCP's 1/2
    return true;
  }

 private:
  double n_ = 1;
  bool sqrtSet_ = false;
};

}  // namespace

std::unique_ptr<CongestionControl> makeMulTcp() { return std::make_unique<MulTcp>(); }

}  // namespace bl
