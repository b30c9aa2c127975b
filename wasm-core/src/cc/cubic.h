// CUBIC (RFC 9438) with HyStart++ (RFC 9406) as an option. See cubic.cpp.
#pragma once
#include <memory>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

struct CubicParams {
  double c = 0.4;     // packets / s^3
  double beta = 0.7;  // multiplicative decrease
  bool fastConvergence = true;
  bool hystart = false;  // HyStart++ (RFC 9406)
  // RFC 9438 4.3's Reno-friendly region (W_est). A research switch: off gives CUBIC without it,
  // as ns-3.37's TcpCubic and Linux with tcp_friendliness=0 (docs/validation-ns3.md).
  bool renoFriendly = true;
  // Slow start adds at most 2 packets per ACK (RFC 3465's L) and stops at ssthresh (RFC 5681,
  // Linux's tcp_slow_start). A research switch: off adds the whole cumulative ACK with no cap,
  // as ns-3.37's TcpCubic::IncreaseWindow (docs/validation-ns3.md).
  bool slowStartCap = true;
};

// Exposed for tests: the state of the current congestion-avoidance epoch.
class CubicCc : public BoundCc<CubicCc> {
 public:
  static const BoundSpecs<CubicCc>& params();
  explicit CubicCc(const CubicParams& p) : p_(p) {}
  const char* name() const override { return "cubic"; }
  void onAck(CcState& s, uint32_t acked) override;
  void onRttSample(CcState& s, SimTime rtt) override;
  double onLossEvent(const CcState& s) override;
  double onTimeout(const CcState& s) override;

  // W_cubic(t) = C (t - K)^3 + W_max (RFC 9438 eq. 1), t in seconds since the epoch start.
  double wCubic(double t) const { return p_.c * (t - k_) * (t - k_) * (t - k_) + origin_; }
  double k() const { return k_; }
  double wMax() const { return wMax_; }
  double wEst() const { return wEst_; }
  SimTime epochStart() const { return epochStart_; }
  bool inCss() const { return css_; }  // HyStart++ conservative slow start

 private:
  void slowStart(CcState& s, uint32_t acked);
  double reduce(const CcState& s);

  CubicParams p_;
  SimTime epochStart_ = -1;  // -1: a new epoch starts at the next ACK in congestion avoidance
  double wMax_ = 0;          // window just before the last reduction (fast convergence applied)
  double origin_ = 0;        // the plateau of the current curve (W_max, or cwnd if above it)
  double k_ = 0;
  double wEst_ = 0;       // the Reno-friendly estimate
  double cwndPrior_ = 0;  // cwnd just before the last reduction (4.3: alpha_cubic 1 from there)
  double cwndEpoch_ = 0;
  // HyStart++ round state.
  int64_t windowEnd_ = -1;
  SimTime lastRoundMin_ = 0, curRoundMin_ = 0, cssBaseline_ = 0;
  int rttSamples_ = 0;
  bool css_ = false;
  int cssRounds_ = 0;
  bool hystartDone_ = false;
};

std::unique_ptr<CongestionControl> makeCubic(const CubicParams& p = {});
const SpecList& cubicSpecs();

}  // namespace bl
