// Weighted AIMD, TCP-SD (Nandagopal, Lee, Li, Bharghavan, "Scalable service differentiation
// using purely end-to-end mechanisms", section II-III). A flow of weight w adds
// f_inc(w) * alpha packets per RTT in congestion avoidance and multiplies its window by
// 1 - beta / f_dec(w) on a loss event; alpha = 1, beta = 1/2. Slow start and the timeout are
// TCP's, unweighted, as in the paper.
#pragma once
#include <cmath>
#include <memory>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

// The paper's three pairs (f_inc, f_dec), the options of the "f" parameter:
//   equal: f_inc = f_dec = f with f (2f - 1/2) = 3/2 w^2 (the paper's choice for Figs. 4-5)
//   inc:   f_inc = w^2, f_dec = 1
//   dec:   f_inc = 1,   f_dec = w^2
enum class WeightFn { Equal, Inc, Dec };
struct WeightFns {
  double inc = 1;
  double dec = 1;
};
WeightFns weightFns(WeightFn choice, double w);

const SpecList& sdSpecs();
std::unique_ptr<CongestionControl> makeSd();

// The window rule TCP-SD, TCP-LASD and mulTCP share: TCP's slow start (RFC 3465 ABC, L = 2)
// below ssthresh, then +increase_ packets per RTT; a loss event multiplies FlightSize by
// 1 - decrease_, a timeout halves it (floor 2 packets). Subclasses set the two factors.
class ScaledAimd : public CongestionControl {
 public:
  void onAck(CcState& s, uint32_t acked) override;
  double onLossEvent(const CcState& s) override;
  double onTimeout(const CcState& s) override;

 protected:
  double increase_ = 1;
  double decrease_ = 0.5;
};

// What TCP-SD and TCP-LASD share: the flow's weight w (given by the flow) and the choice of
// weight functions, each bound once here for both modules' tables.
class WeightedAimdBase : public ScaledAimd {
 protected:
  static auto weightFnParam() {
    return bindChoice<&WeightedAimdBase::fn_>("f", "Weight functions",
                                              {{"equal", WeightFn::Equal, "Equal"},
                                               {"inc", WeightFn::Inc, "Increasing"},
                                               {"dec", WeightFn::Dec, "Decreasing"}},
                                              "equal",
                                              "(f_inc, f_dec): equal f with f(2f-0.5)=1.5w^2; w^2 and 1; 1 and w^2.");
  }
  static auto weightParam() { return bindHidden<&WeightedAimdBase::w_>("weight", std::nextafter(0.0, 1.0), INFINITY); }
  WeightFns fns() const { return weightFns(fn_, w_); }

 private:
  double w_ = 1;
  WeightFn fn_ = WeightFn::Equal;
};

}  // namespace bl
