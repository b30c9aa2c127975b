// TCP Vegas window rule (Brakmo and Peterson 1995; the decisions follow ns-2's Agent/TCP/Vegas,
// the implementation the Head-to-Tail paper ran).
//
// Once per RTT ("epoch"), when the ACK of the first packet sent after the previous decision
// arrives (its RTT sample was taken at send time now - rtt >= the epoch start), Vegas compares
//   Expected = cwnd / baseRTT          (baseRTT: the smallest RTT seen)
//   Actual   = cwnd / RTT              (RTT: the mean of the samples of this epoch)
//   diff     = (Expected - Actual) x baseRTT   packets this flow keeps queued in the network.
// Congestion avoidance: diff < alpha -> grow by one packet over the next RTT; diff > beta ->
// shrink by one packet now; otherwise hold. Slow start doubles only every other RTT (the
// window holds in between so the comparison is valid) and ends, with cwnd cut by 1/8, when
// diff exceeds gamma. Growth is applied per acknowledged packet, and only while the window is
// being used (cwnd - FlightSize <= 2, as ns-2 does).
// Losses: a fast retransmit cuts the window by 1/4 (Vegas's gentler decrease); a timeout
// halves ssthresh and restarts slow start. Vegas's other half, retransmitting on the first
// duplicate ACK when the segment's fine-grained timer has expired, is loss recovery and so
// lives in the sender (TcpConfig::vegasRetx, flow key `vegasRetx`).
#include "cc/vegas.h"

#include <algorithm>

namespace bl {

void VegasCc::onRttSample(CcState& s, SimTime rtt) {
  if (rtt <= 0) return;
  baseRtt_ = baseRtt_ == 0 ? rtt : std::min(baseRtt_, rtt);
  sumRtt_ += rtt;
  ++cntRtt_;
  if (epochStart_ < 0) {  // the first sample opens the first epoch
    epochStart_ = s.now;
    sumRtt_ = 0;
    cntRtt_ = 0;
    return;
  }
  if (s.now - rtt >= epochStart_) endEpoch(s, rtt);
}

void VegasCc::endEpoch(CcState& s, SimTime rtt) {
  const double meanRtt = cntRtt_ > 0 ? static_cast<double>(sumRtt_) / cntRtt_ : static_cast<double>(rtt);
  sumRtt_ = 0;
  cntRtt_ = 0;
  epochStart_ = s.now;
  ++epochs_;
  const double base = static_cast<double>(baseRtt_);
  const double expected = s.cwnd / base, actual = s.cwnd / meanRtt;  // packets per ns
  diff_ = (expected - actual) * base;
  if (slowStart_) {
    growThisRtt_ = !growThisRtt_;
    if (!growThisRtt_) {
      incr_ = 0;
    } else if (diff_ > p_.gamma) {
      slowStart_ = false;
      s.cwnd = std::max(2.0, s.cwnd - s.cwnd / 8);
      incr_ = 0;
    } else {
      incr_ = 1;
    }
    return;
  }
  if (diff_ > p_.beta) {
    s.cwnd = std::max(2.0, s.cwnd - 1);
    incr_ = 0;
  } else if (diff_ < p_.alpha) {
    incr_ = 1 / s.cwnd;  // per acked packet: about one packet over the RTT
  } else {
    incr_ = 0;
  }
}

void VegasCc::onAck(CcState& s, uint32_t acked) {
  if (slowStart_ && s.cwnd >= s.ssthresh) {  // reached the ssthresh left by a timeout
    slowStart_ = false;
    incr_ = 0;
  }
  if (incr_ <= 0 || s.cwnd - s.inFlight > 2) return;
  s.cwnd += incr_ * acked;
  if (slowStart_ && s.cwnd > s.ssthresh) s.cwnd = s.ssthresh;
}

double VegasCc::onLossEvent(const CcState& s) {
  slowStart_ = false;
  incr_ = 0;
  return std::max(2.0, s.inFlight - s.inFlight / 4);
}

double VegasCc::onTimeout(const CcState& s) {
  slowStart_ = true;
  growThisRtt_ = true;
  incr_ = 1;
  epochStart_ = -1;
  sumRtt_ = 0;
  cntRtt_ = 0;
  return std::max(2.0, s.inFlight / 2);
}

std::unique_ptr<CongestionControl> makeVegas(const VegasParams& p) { return std::make_unique<VegasCc>(p); }

const BoundSpecs<VegasCc>& VegasCc::params() {
  static const BoundSpecs<VegasCc> t{
      bind<&VegasCc::p_, &VegasParams::alpha>({"alpha", "Vegas alpha", "packets", ParamType::Number, 1, 0, 1000,
                                               "Below this many packets queued (diff), grow by one packet per RTT."}),
      bind<&VegasCc::p_, &VegasParams::beta>({"beta", "Vegas beta", "packets", ParamType::Number, 3, 0, 1000,
                                              "Above this many packets queued, shrink by one packet per RTT."}),
      bind<&VegasCc::p_, &VegasParams::gamma>({"gamma", "Vegas gamma", "packets", ParamType::Number, 1, 0, 1000,
                                               "Slow start ends when diff exceeds this."})};
  return t;
}

const SpecList& vegasSpecs() { return VegasCc::params().specs(); }

}  // namespace bl
