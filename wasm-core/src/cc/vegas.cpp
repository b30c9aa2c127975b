// TCP Vegas window rule (Brakmo and Peterson 1995; the decisions follow ns-2's Agent/TCP/Vegas,
// the implementation the Head-to-Tail paper ran).
//
// Once per RTT ("epoch"), when the ACK of the first packet sent after the previous decision
// arrives (its RTT sample was taken at send time now - rtt >= the epoch start), Vegas compares
//   Expected = cwnd / baseRTT          (baseRTT: the smallest RTT seen)
//   Actual   = cwnd / RTT              (RTT: the mean of the samples of this epoch)
//   diff     = (Expected - Actual) x baseRTT   packets this flow keeps queued in the network.
// How diff meets the thresholds is the option `compare`, named after where each rule comes from:
//   ns2    delta = int(diff + 0.5), ns-2 2.35's Agent/TCP/Vegas (the simulator the Head-to-Tail
//          paper ran; the default): it grows below 0.5 queued packets and shrinks from 3.5 on;
//   linux  delta = floor(floor(cwnd) x (RTT - baseRTT) / baseRTT) with RTTs in whole
//          microseconds, Linux's tcp_vegas.c integer arithmetic (its RTT is the epoch's smallest
//          sample, here the same epoch mean as the others; its divisor is baseRTT, not RTT);
//   exact  delta = diff, the paper's comparison of the real value (this model before 2026-11-28).
// Congestion avoidance: delta < alpha -> grow by one packet over the next RTT; delta > beta ->
// shrink by one packet now; otherwise hold. Slow start doubles only every other RTT (the
// window holds in between so the comparison is valid) and ends, with cwnd cut by 1/8, when
// delta exceeds gamma. Growth is applied per acknowledged packet, and only while the window is
// being used (cwnd - FlightSize <= 2, as ns-2 does).
// Losses: a fast retransmit cuts the window by 1/4 (Vegas's gentler decrease); a timeout
// halves ssthresh and restarts slow start. Vegas's other half, retransmitting on the first
// duplicate ACK when the segment's fine-grained timer has expired, is loss recovery and so
// lives in the sender (TcpConfig::vegasRetx, flow key `vegasRetx`).
#include "cc/vegas.h"

#include <algorithm>
#include <cmath>

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
  delta_ = compared(s.cwnd, base, meanRtt);
  if (slowStart_) {
    growThisRtt_ = !growThisRtt_;
    if (!growThisRtt_) {
      incr_ = 0;
    } else if (delta_ > p_.gamma) {
      slowStart_ = false;
      s.cwnd = std::max(2.0, s.cwnd - s.cwnd / 8);
      incr_ = 0;
    } else {
      incr_ = 1;
    }
    return;
  }
  if (delta_ > p_.beta) {
    s.cwnd = std::max(2.0, s.cwnd - 1);
    incr_ = 0;
  } else if (delta_ < p_.alpha) {
    incr_ = 1 / s.cwnd;  // per acked packet: about one packet over the RTT
  } else {
    incr_ = 0;
  }
}

// diff_ as `compare` has it meet the thresholds (see the top of this file). base and rtt in ns.
double VegasCc::compared(double cwnd, double base, double rtt) const {
  switch (p_.compare) {
    case VegasParams::Ns2: return std::trunc(diff_ + 0.5);  // C's int(): towards zero
    case VegasParams::Linux: {
      const double baseUs = std::floor(base / 1000), rttUs = std::floor(rtt / 1000);
      if (baseUs <= 0) return 0;
      return std::floor(std::floor(cwnd) * (rttUs - baseUs) / baseUs);
    }
    case VegasParams::Exact: break;
  }
  return diff_;
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

BL_SPEC_TABLE const BoundSpecs<VegasCc>& VegasCc::params() {
  static const BoundSpecs<VegasCc> t{
      bind<&VegasCc::p_, &VegasParams::alpha>(
          Spec::number("alpha", "Vegas alpha", "packets")
              .defaultsTo(1)
              .range(0, 1000)
              .help("Below this many packets queued (diff), grow by one packet per RTT.")),
      bind<&VegasCc::p_, &VegasParams::beta>(
          Spec::number("beta", "Vegas beta", "packets")
              .defaultsTo(3)
              .range(0, 1000)
              .help("Above this many packets queued, shrink by one packet per RTT.")),
      bind<&VegasCc::p_, &VegasParams::gamma>(Spec::number("gamma", "Vegas gamma", "packets")
                                                  .defaultsTo(1)
                                                  .range(0, 1000)
                                                  .help("Slow start ends when diff exceeds this.")),
      bindChoice<&VegasCc::p_, &VegasParams::compare>(
          "compare", "Vegas comparison",
          {{"ns2", VegasParams::Ns2, "ns-2 (rounded)"},
           {"linux", VegasParams::Linux, "Linux (integer)"},
           {"exact", VegasParams::Exact, "Exact"}},
          "ns2",
          "How diff meets alpha, beta and gamma: ns2 rounds it to the nearest whole packet first (ns-2 2.35's "
          "Agent/TCP/Vegas, which the Head-to-Tail paper ran), linux takes Linux's tcp_vegas.c integer arithmetic "
          "(cwnd x (RTT - baseRTT) / baseRTT in whole packets and microseconds, truncated), exact compares the real "
          "value (the paper's rule). See docs/validation-delay.md.")};
  return t;
}

const SpecList& vegasSpecs() { return VegasCc::params().specs(); }

}  // namespace bl
