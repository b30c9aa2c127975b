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
// - Pacing (tcp_prague's prague_update_pacing_rate): cwnd x MTU / srtt (100 %) in congestion
//   avoidance, twice that while cwnd < ssthresh / 2, recomputed on every ACK; `pacing` off
//   leaves the flow ACK-clocked (an experiment: real senders' bursts, docs/validation-l4s.md).
// - Loss: Reno's response (ssthresh = max(FlightSize / 2, 2)), the fallback RFC 9331 asks of a
//   scalable control (it must respond to loss as Classic TCP does).
// - Classic ECN AQM detection and fallback (`classicEcnFallback`, off by default as tcp_prague's
//   prague_ecn_fallback = 0). An RFC 3168 queue (RED, PIE, CoDel with ECN) marks ECT(1) as it
//   marks ECT(0), with a deep standing queue; there this Prague would act as DCTCP and take more
//   than a Classic flow's share. tcp_prague's detector, modelled here: RTT samples feed a slow
//   smoothed RTT and mean deviation (gain 1/2^shift per sample, shift = 1.5 log2(ssthresh) + 1,
//   at most 18, the deviation's one more; before the first reduction 18 and 19); once a CE mark
//   has been seen, at every alpha update
//     score += 0.5 log2(mdev / 750 us) + 0.5 max(log2((srtt - minRtt) / 2 ms), 0),
//   kept in [0, 17]. Above 8 the cut uses max(alpha, 0.625 (min(score, 9) - 8)) for alpha, so on
//   a Classic queue (deep, jittery: the score climbs) each cut is at least 31 %, near CUBIC's
//   30 %, while on an L4S queue (about 1 ms, little jitter) the score stays 0.
#include "cc/prague.h"

#include <algorithm>
#include <cmath>

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
  s.pacingRate = pacingRate(s);
}

double PragueCc::pacingRate(const CcState& s) const {
  if (s.srtt <= 0) return 0;  // the sender's default until the first RTT sample
  const double ratio = s.cwnd < s.ssthresh / 2 ? 2 : 1;
  return ratio * s.cwnd * packetSize_ * 8 / toSeconds(s.srtt);
}

void PragueCc::onEcn(CcState& s, uint32_t acked, uint32_t marked) {
  s.pacingRate = pacingRate(s);
  if (lastUpdate_ < 0) lastUpdate_ = s.now;  // the first ACK starts the clock
  sawCe_ = sawCe_ || marked > 0;
  if (!est_.count(s, acked, marked)) return;
  if (rttIndependence_ && s.now - lastUpdate_ < fromSeconds(refRtt_)) return;  // keep counting
  if (classicEcnFallback_ && sawCe_) detectClassicEcn(fromSeconds(srttPace_), fromSeconds(mdevPace_), s.minRtt);
  est_.update(g_);
  lastUpdate_ = s.now;
  ++updates_;
}

double PragueCc::onEcnEcho(const CcState& s) { return std::max(s.cwnd * (1 - cutAlpha() / 2), 2.0); }

double PragueCc::cutAlpha() const {
  if (!classicEcnFallback_ || classicEcn_ <= 8) return est_.alpha;
  return std::max(est_.alpha, 0.625 * (std::min(classicEcn_, 9.0) - 8));
}

double PragueCc::classicEcnStep(SimTime mdev, SimTime depth) {
  const double us = 1e-6;
  const double v = 0.5 * std::log2(std::max(toSeconds(mdev), us) / (750 * us));
  const double d = depth > 0 ? 0.5 * std::max(std::log2(toSeconds(depth) / (2000 * us)), 0.0) : 0;
  return v + d;
}

void PragueCc::detectClassicEcn(SimTime srtt, SimTime mdev, SimTime minRtt) {
  classicEcn_ = std::clamp(classicEcn_ + classicEcnStep(mdev, srtt - minRtt), 0.0, 17.0);
}

// tcp_prague's prague_rtt_estimator with the gain shift of prague_update_rtt_scaling.
void PragueCc::onRttSample(CcState& s, SimTime rtt) {
  const double shift =
      s.ssthresh < 1e8 ? std::min(std::floor(std::log2(std::max(s.ssthresh, 1.0))) * 1.5 + 1, 18.0) : 18;
  const double r = toSeconds(rtt);
  if (srttPace_ <= 0) {
    srttPace_ = r;
    mdevPace_ = 0;
    return;
  }
  const double err = r - srttPace_;
  srttPace_ += err / std::exp2(shift);
  mdevPace_ += (std::abs(err) - mdevPace_) / std::exp2(shift + 1);
}

const std::vector<const char*>& PragueCc::traceNames() const {
  static const std::vector<const char*> names = {"alpha"};
  return names;
}

std::unique_ptr<CongestionControl> makePrague() { return std::make_unique<PragueCc>(); }

BL_SPEC_TABLE const BoundSpecs<PragueCc>& PragueCc::params() {
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
                                                  "reference RTT; off: 1 packet per RTT, as DCTCP.")),
      bind<&PragueCc::pacing_>(Spec::flag("pacing", "Prague pacing")
                                   .defaultsTo(true)
                                   .help("Pace at cwnd / RTT (twice that early in slow start), as tcp_prague; off: "
                                         "packets leave as ACKs allow, in bursts.")),
      bind<&PragueCc::classicEcnFallback_>(
          Spec::flag("classicEcnFallback", "Classic ECN fallback")
              .defaultsTo(false)
              .help("Detect a Classic ECN queue from the RTT's depth and jitter and then cut by at least "
                    "31 % per mark, as tcp_prague with prague_ecn_fallback=1 (off by default, as in Linux).")),
      bindHidden<&PragueCc::packetSize_>("packetSize", 1, 1e9)};
  return t;
}

const SpecList& pragueSpecs() { return PragueCc::params().specs(); }

}  // namespace bl
