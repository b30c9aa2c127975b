// The module sees ACKs, not transmissions, so "packets sent since the last loss event" is
// counted as (packets newly acknowledged since then) + (FlightSize now - FlightSize then):
// exact except that packets acknowledged during loss recovery (about one window per event)
// are not reported to the module, so intervals come out slightly short.
#include "cc/tcp_lasd.h"

#include <algorithm>
#include <numeric>

#include "cc/tcp_sd.h"

namespace bl {

void LasdEstimator::sent(double k) {
  numSent_ += k;
  if (p_ <= 0) return;
  while (numSent_ > numThresh_) {
    alpha_ = std::min(1.0, mu_ * alpha_);
    numThresh_ *= mu_;
  }
}

void LasdEstimator::lossEvent() {
  n_i_.push_back(numSent_);
  trim();
  numSent_ = 0;
  const double sum = std::accumulate(n_i_.begin(), n_i_.end(), 0.0);
  p_ = sum > static_cast<double>(n_i_.size()) ? static_cast<double>(n_i_.size()) / sum : 1.0;
  numThresh_ = 1 / p_;
  alpha_ = std::min(1.0, zeta_ / p_);
}

namespace {

class Lasd final : public BoundCc<Lasd, WeightedAimdBase> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Lasd>& params() {
    static const BoundSpecs<Lasd> t{
        weightFnParam(),
        bind<&Lasd::zeta_>(Spec::number("zeta", "Zeta")
                               .defaultsTo(0.001)
                               .range(1e-6, 1)
                               .help("Loss-event rate at which LASD equals weighted AIMD; alpha = min(1, zeta/p).")),
        bind<&Lasd::n_>(
            Spec::integer("N", "Loss intervals").defaultsTo(8).range(1, 1000).help("Loss events averaged for p.")),
        bind<&Lasd::mu_>(Spec::number("mu", "Boost factor")
                             .defaultsTo(2)
                             .range(1.01, 100)
                             .help("alpha and num_thresh grow by mu when an interval outlasts 1/p.")),
        weightParam()};
    return t;
  }
  Lasd() { est_.configure(zeta_, n_, mu_); }
  const char* name() const override { return "lasd"; }

  void onAck(CcState& s, uint32_t acked) override {
    ackedSince_ += acked;
    report(s);
    increase_ = fns_.inc * est_.alpha();
    ScaledAimd::onAck(s, acked);
  }
  double onLossEvent(const CcState& s) override {
    loss(s);
    return ScaledAimd::onLossEvent(s);
  }
  double onTimeout(const CcState& s) override {
    loss(s);
    return ScaledAimd::onTimeout(s);
  }

  void onChange(std::string_view) override {
    fns_ = fns();
    decrease_ = 0.5 / fns_.dec;
    est_.configure(zeta_, n_, mu_);
  }

 private:
  void report(const CcState& s) {
    const double sent = std::max(0.0, ackedSince_ + s.inFlight - flightAtLoss_);
    if (sent > reported_) est_.sent(sent - reported_);
    reported_ = std::max(reported_, sent);
  }
  void loss(const CcState& s) {
    report(s);
    est_.lossEvent();
    ackedSince_ = 0;
    reported_ = 0;
    flightAtLoss_ = s.inFlight;
  }

  double zeta_ = 0.001;
  int n_ = 8;
  double mu_ = 2;
  WeightFns fns_;
  LasdEstimator est_;
  double ackedSince_ = 0, flightAtLoss_ = 0, reported_ = 0;
};

}  // namespace

std::unique_ptr<CongestionControl> makeLasd() { return std::make_unique<Lasd>(); }
const SpecList& lasdSpecs() { return Lasd::params().specs(); }

}  // namespace bl
