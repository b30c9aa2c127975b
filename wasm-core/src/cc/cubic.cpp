// CUBIC (RFC 9438; Ha, Rhee and Xu 2008), the default congestion control of Linux, Windows and
// macOS. In congestion avoidance the window follows a cubic function of the time t since the
// last reduction (the epoch start),
//   W_cubic(t) = C (t - K)^3 + W_max,   K = cbrt((W_max - cwnd_epoch) / C),
// concave up to W_max (fast at first, flat near the old maximum), convex beyond it (probing).
// Each ACK moves cwnd by (target - cwnd) / cwnd per acked packet towards target =
// W_cubic(t + RTT), clamped to [cwnd, 1.5 cwnd] (RFC 9438 4.2, RTT the smoothed RTT, so
// cwnd reaches W(t) as t arrives; Linux's tcp_cubic adds its minimum RTT instead, which
// lets the window lag the curve by the queueing delay times its slope). The Reno-friendly estimate W_est starts at
// cwnd_epoch and grows by alpha_cubic = 3 (1 - beta) / (1 + beta) packets per RTT (1 once it passes W_max); while
// W_cubic(t) < W_est, cwnd follows W_est (RFC 9438 4.3), so at short RTTs CUBIC is no less
// aggressive than Reno.
// On a loss or an ECN echo: W_max = cwnd, or cwnd (1 + beta) / 2 when cwnd is below the
// previous W_max (fast convergence, 4.7: a flow losing ground releases bandwidth sooner);
// ssthresh = max(cwnd x beta, 2) with beta = 0.7 (4.6; cwnd rather than FlightSize, as Linux);
// the next ACK in congestion avoidance starts a new epoch. On a timeout (4.8) ssthresh is set
// the same way but W_max is forgotten: the first epoch after it has K = 0 and W_max = W_est =
// the window at its start (Linux: the reset on entering TCP_CA_Loss, last_max_cwnd = 0).
// alpha_cubic becomes 1 once W_est reaches cwnd_prior, the window before the last reduction
// (4.3). The Reno-friendly region can be switched off (renoFriendly, a research switch).
// Slow start is standard (RFC 5681 with ABC L = 2, as the aimd module). HyStart++ (RFC 9406),
// as an option: per round (a window of data), take the minimum of the first N_RTT_SAMPLE = 8
// RTT samples; if it exceeds the previous round's by eta = clamp(lastRoundMinRTT / 8, 4 ms,
// 16 ms), enter Conservative Slow Start (growth divided by CSS_GROWTH_DIVISOR = 4); back to
// slow start if the RTT falls below the baseline again, to congestion avoidance (ssthresh =
// cwnd) after CSS_ROUNDS = 5 rounds.
#include "cc/cubic.h"

#include <algorithm>
#include <cmath>

namespace bl {

namespace {
constexpr double kAbcLimit = 2;    // RFC 3465 L
constexpr int kNRttSample = 8;     // RFC 9406 N_RTT_SAMPLE
constexpr double kCssDivisor = 4;  // CSS_GROWTH_DIVISOR
constexpr int kCssRounds = 5;      // CSS_ROUNDS
constexpr SimTime kMinEta = 4 * kMillisecond, kMaxEta = 16 * kMillisecond;
}  // namespace

void CubicCc::slowStart(CcState& s, uint32_t acked) {
  if (!p_.slowStartCap) {  // ns-3.37: m_cWnd += segmentsAcked * m_segmentSize
    s.cwnd += static_cast<double>(acked);
    return;
  }
  double grow = std::min(static_cast<double>(acked), kAbcLimit);
  if (css_) grow /= kCssDivisor;
  s.cwnd += std::min(grow, s.ssthresh - s.cwnd);
}

void CubicCc::onAck(CcState& s, uint32_t acked) {
  if (s.cwnd < s.ssthresh) {
    slowStart(s, acked);
    return;
  }
  const double now = toSeconds(s.now);
  if (epochStart_ < 0) {  // a new epoch (RFC 9438 4.2 and 4.3)
    epochStart_ = s.now;
    cwndEpoch_ = s.cwnd;
    if (s.cwnd < wMax_) {
      k_ = std::cbrt((wMax_ - s.cwnd) / p_.c);
      origin_ = wMax_;
    } else {
      k_ = 0;
      origin_ = s.cwnd;
    }
    wEst_ = s.cwnd;
  }
  const double t = now - toSeconds(epochStart_);
  const double rtt = toSeconds(s.srtt);
  const double target = std::clamp(wCubic(t + rtt), s.cwnd, 1.5 * s.cwnd);
  // Reno-friendly estimate: alpha_cubic per RTT while below cwnd_prior, then Reno's 1.
  const double alpha = wEst_ < cwndPrior_ ? 3 * (1 - p_.beta) / (1 + p_.beta) : 1.0;
  wEst_ += alpha * acked / s.cwnd;
  if (p_.renoFriendly && wCubic(t) < wEst_) {
    s.cwnd = std::max(s.cwnd, wEst_);
  } else {
    s.cwnd += (target - s.cwnd) / s.cwnd * acked;
  }
}

// HyStart++ round tracking (RFC 9406 4.2-4.3): runs in slow start only.
void CubicCc::onRttSample(CcState& s, SimTime rtt) {
  if (!p_.hystart || hystartDone_ || s.cwnd >= s.ssthresh || rtt <= 0) return;
  if (windowEnd_ < 0 || s.una > windowEnd_) {  // a new round
    if (windowEnd_ >= 0 && css_ && ++cssRounds_ >= kCssRounds) {
      s.ssthresh = s.cwnd;  // leave for congestion avoidance
      hystartDone_ = true;
      css_ = false;
      return;
    }
    windowEnd_ = s.nxt;
    lastRoundMin_ = curRoundMin_;
    curRoundMin_ = 0;
    rttSamples_ = 0;
  }
  curRoundMin_ = curRoundMin_ == 0 ? rtt : std::min(curRoundMin_, rtt);
  ++rttSamples_;
  if (!css_) {
    if (rttSamples_ >= kNRttSample && lastRoundMin_ > 0 && curRoundMin_ > 0) {
      const SimTime eta = std::clamp(lastRoundMin_ / 8, kMinEta, kMaxEta);
      if (curRoundMin_ >= lastRoundMin_ + eta) {
        css_ = true;
        cssRounds_ = 0;
        cssBaseline_ = curRoundMin_;
      }
    }
  } else if (rttSamples_ >= kNRttSample && curRoundMin_ < cssBaseline_) {
    css_ = false;  // the delay increase was spurious: back to slow start
  }
}

double CubicCc::reduce(const CcState& s) {
  const double w = s.cwnd;
  cwndPrior_ = w;
  wMax_ = p_.fastConvergence && w < wMax_ ? w * (1 + p_.beta) / 2 : w;
  epochStart_ = -1;
  css_ = false;
  hystartDone_ = true;  // HyStart++ applies to the first slow start only
  return std::max(w * p_.beta, 2.0);
}

double CubicCc::onLossEvent(const CcState& s) { return reduce(s); }
double CubicCc::onTimeout(const CcState& s) {
  const double ssthresh = reduce(s);
  wMax_ = 0;  // 4.8: the next epoch takes K = 0 and W_max = its starting window
  return ssthresh;
}

std::unique_ptr<CongestionControl> makeCubic(const CubicParams& p) { return std::make_unique<CubicCc>(p); }

BL_SPEC_TABLE const BoundSpecs<CubicCc>& CubicCc::params() {
  static const BoundSpecs<CubicCc> t{
      bind<&CubicCc::p_, &CubicParams::c>(
          Spec::number("C", "CUBIC C", "packets/s^3")
              .defaultsTo(0.4)
              .range(0.01, 10)
              .help("Scale of the cubic window function W(t) = C (t - K)^3 + W_max (RFC 9438: 0.4).")),
      bind<&CubicCc::p_, &CubicParams::beta>(
          Spec::number("beta", "CUBIC beta")
              .defaultsTo(0.7)
              .range(0.1, 0.95)
              .help("The window is multiplied by beta on a loss or ECN echo (RFC 9438: 0.7).")),
      bind<&CubicCc::p_, &CubicParams::fastConvergence>(Spec::flag("fastConvergence", "Fast convergence")
                                                            .defaultsTo(true)
                                                            .help("A flow reduced below its previous W_max remembers a "
                                                                  "lower W_max, releasing bandwidth to newer flows.")),
      bind<&CubicCc::p_, &CubicParams::hystart>(
          Spec::flag("hystart", "HyStart++")
              .defaultsTo(false)
              .help("RFC 9406: leave slow start for conservative slow start when the round's minimum RTT rises.")),
      bind<&CubicCc::p_, &CubicParams::renoFriendly>(
          Spec::flag("renoFriendly", "Reno-friendly region")
              .defaultsTo(true)
              .help("RFC 9438 4.3: never grow slower than Reno (W_est). A research switch: off is CUBIC without it, as "
                    "ns-3.37's TcpCubic.")),
      bind<&CubicCc::p_, &CubicParams::slowStartCap>(
          Spec::flag("slowStartCap", "Slow start capped")
              .defaultsTo(true)
              .help("Slow start adds at most 2 packets per ACK (RFC 3465) and stops at ssthresh (RFC 5681, Linux). A "
                    "research switch: off adds the whole cumulative ACK with no cap, as ns-3.37's TcpCubic."))};
  return t;
}

const SpecList& cubicSpecs() { return CubicCc::params().specs(); }

}  // namespace bl
