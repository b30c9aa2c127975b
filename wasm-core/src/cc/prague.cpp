// TCP Prague (draft-briscoe-iccrg-prague-congestion-control-04; Linux's tcp_prague from the L4S
// team's tree as the reference for its defaults), the scalable congestion control of L4S.
// - ECN: its packets carry ECT(1) (RFC 9331) and its receiver gives AccECN feedback (the
//   sender learns how many packets were CE-marked; see TcpReceiver::AccEcn). The flow's `ecn`
//   and `pacing` are switched on for it.
// - DCTCP's response (RFC 8257): over each round (until snd_una passes the snd_nxt of the
//   round's start) it counts the packets acknowledged and those marked, then
//     alpha = (1 - g) alpha + g F,   F = marked / acked,   g = 1/16,   alpha starting at 1;
//   with RTT independence on, alpha is updated only once at least the reference RTT has passed
//   since its last update (tcp_prague's rounds of max(RTT, 25 ms)), so flows below 25 ms
//   average over the same time. On a mark the window is cut at most once per round (the
//   sender's rule for ECN-Echo) in proportion: cwnd = ssthresh = max(cwnd (1 - alpha / 2), 2).
// - Additive increase with RTT independence (tcp_prague's default "rate" scaling): below its
//   reference RTT (25 ms) a flow adds (srtt / refRtt)^2 packets per RTT instead of 1, so its
//   rate grows by 1 packet per refRtt per refRtt whatever its RTT, as a 25 ms Reno flow's does;
//   at or above 25 ms, 1 per RTT (Reno). Slow start is Reno's (RFC 3465, L = 2).
// - Loss: Reno's response (ssthresh = max(FlightSize / 2, 2)), the fallback RFC 9331 asks of a
//   scalable control (it must respond to loss as Classic TCP does).
// - Not modelled: tcp_prague's detection of a Classic ECN AQM (an RFC 3168 queue that marks
//   ECT(1) packets as it would ECT(0) ones, such as RED, PIE or CoDel with ECN on) and its
//   switch to a Reno-like response there; on such a queue this Prague behaves like DCTCP and
//   takes more than a Classic flow's share (docs/validation-l4s.md says so).
#include "cc/prague.h"

#include <algorithm>

namespace bl {

PragueCc::PragueCc() : reno_(makeAimd(1.0, 0.5)) {}

double PragueCc::increasePerRtt(SimTime srtt) const {
  const double r = toSeconds(srtt);
  if (!rttIndependence_ || r <= 0 || r >= refRtt_) return 1;
  return (r / refRtt_) * (r / refRtt_);
}

void PragueCc::onAck(CcState& s, uint32_t acked) {
  double n = acked;
  if (s.cwnd < s.ssthresh) {  // slow start, RFC 3465 with L = 2
    const double grow = std::min({n, 2.0, s.ssthresh - s.cwnd});
    s.cwnd += grow;
    n = s.cwnd < s.ssthresh ? 0 : n - grow;
  }
  if (n > 0) s.cwnd += increasePerRtt(s.srtt) * n / s.cwnd;
}

void PragueCc::onEcn(CcState& s, uint32_t acked, uint32_t marked) {
  if (lastUpdate_ < 0) lastUpdate_ = s.now;  // the first ACK starts the clock
  if (!est_.count(s, acked, marked)) return;
  if (rttIndependence_ && s.now - lastUpdate_ < fromSeconds(refRtt_)) return;  // keep counting
  est_.update(g_);
  lastUpdate_ = s.now;
  ++updates_;
}

double PragueCc::onEcnEcho(const CcState& s) { return std::max(s.cwnd * (1 - est_.alpha / 2), 2.0); }

const std::vector<const char*>& PragueCc::traceNames() const {
  static const std::vector<const char*> names = {"alpha"};
  return names;
}

std::unique_ptr<CongestionControl> makePrague() { return std::make_unique<PragueCc>(); }

const BoundSpecs<PragueCc>& PragueCc::params() {
  static const BoundSpecs<PragueCc> t{
      bind<&PragueCc::g_>(Spec::number("g", "Prague g")
                              .defaultsTo(1.0 / 16)
                              .range(0.001, 1)
                              .help("Weight of each round's marked fraction in alpha (1/16, as DCTCP).")),
      bind<&PragueCc::alphaInit_>(Spec::number("alphaInit", "Initial alpha")
                                      .defaultsTo(1)
                                      .range(0, 1)
                                      .help("alpha before the first round (1: the first mark halves the window).")),
      bind<&PragueCc::refRtt_>(Spec::number("refRtt", "Reference RTT", "s")
                                   .defaultsTo(0.025)
                                   .range(0.001, 1)
                                   .help("Below this RTT the flow grows and averages alpha as if its RTT were this "
                                         "(tcp_prague: 25 ms).")),
      bind<&PragueCc::rttIndependence_>(Spec::flag("rttIndependence", "RTT independence")
                                            .defaultsTo(true)
                                            .help("Scale the additive increase by (RTT / reference RTT)^2 below the "
                                                  "reference RTT; off: 1 packet per RTT, as DCTCP."))};
  return t;
}

const SpecList& pragueSpecs() { return PragueCc::params().specs(); }

}  // namespace bl
