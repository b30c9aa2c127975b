// Loss-adaptive weighted AIMD, TCP-LASD (same paper, section IV): TCP-SD whose additive
// increase is f_inc(w) * alpha with alpha = min(1, zeta / p), p the loss-event rate
// estimated over the last N loss intervals, and alpha boosted by mu when a loss interval
// outlasts what the estimate predicts (the paper's num_thresh rule, mu = 2).
#pragma once
#include <deque>
#include <memory>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

// The paper's estimator and boosting rule (section IV-C, lines 1-11), apart from the window
// so it can be tested on its own. Before the first loss event p is unknown and alpha = 1.
class LasdEstimator {
 public:
  void configure(double zeta, int n, double mu) {
    zeta_ = zeta;
    n_ = n;
    mu_ = mu;
    trim();
  }
  // `k` more packets sent since the last loss event (lines 1-5).
  void sent(double k);
  // A loss event (lines 6-11). The interval just closed is counted in p, and num_thresh is
  // 1/p of the updated estimate.
  void lossEvent();

  double p() const { return p_; }  // 0 until the first loss event
  double alpha() const { return alpha_; }
  double numSent() const { return numSent_; }
  double numThresh() const { return numThresh_; }
  const std::deque<double>& intervals() const { return n_i_; }

 private:
  void trim() {
    while (static_cast<int>(n_i_.size()) > n_) n_i_.pop_front();
  }
  double zeta_ = 0.001;
  int n_ = 8;
  double mu_ = 2;
  std::deque<double> n_i_;  // the last N loss intervals, oldest first
  double p_ = 0;
  double alpha_ = 1;
  double numSent_ = 0;
  double numThresh_ = 0;
};

const SpecList& lasdSpecs();
std::unique_ptr<CongestionControl> makeLasd();

}  // namespace bl
