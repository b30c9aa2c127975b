#include "cc/multcp.h"

#include <cmath>

#include "cc/tcp_sd.h"

namespace bl {

namespace {

class MulTcp final : public BoundCc<MulTcp, ScaledAimd> {
 public:
  enum class Set { Linear, Sqrt };
  BL_SPEC_TABLE static const BoundSpecs<MulTcp>& params() {
    static const BoundSpecs<MulTcp> t{
        bind<&MulTcp::n_>(Spec::number("N", "N", "flows")
                              .defaultsTo(1)
                              .range(1, 1000)
                              .help("How many TCP flows the one flow acts as.")),
        bindChoice<&MulTcp::set_>("set", "Parameter set",
                                  {{"linear", Set::Linear, "Linear"}, {"sqrt", Set::Sqrt, "Square root"}}, "linear",
                                  "linear: alpha = N, beta = 1/N; sqrt: alpha = sqrt(N), beta = N^-1.5.")};
    return t;
  }
  const char* name() const override { return "multcp"; }

 private:
  void onChange(std::string_view) override {
    const bool sqrtSet = set_ == Set::Sqrt;
    increase_ = sqrtSet ? std::sqrt(n_) : n_;                 // alpha
    decrease_ = (sqrtSet ? std::pow(n_, -1.5) : 1 / n_) / 2;  // beta of TCP's 1/2
  }

  double n_ = 1;
  Set set_ = Set::Linear;
};

}  // namespace

std::unique_ptr<CongestionControl> makeMulTcp() { return std::make_unique<MulTcp>(); }
const SpecList& mulTcpSpecs() { return MulTcp::params().specs(); }

}  // namespace bl
