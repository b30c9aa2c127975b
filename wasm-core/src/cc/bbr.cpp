// BBR v1: a model-based congestion control (Cardwell, Cheng, Gunn, Hassas Yeganeh and
// Jacobson, "BBR: Congestion-Based Congestion Control", ACM Queue 2016), following Linux's
// tcp_bbr.c. It estimates the bottleneck bandwidth btlBw (the windowed maximum of the
// delivery rate over the last 10 round trips) and the propagation RTT minRtt (the windowed
// minimum RTT over the last 10 s), paces at pacing_gain x btlBw (less a 1 % margin) and caps
// the data in flight at cwnd_gain x btlBw x minRtt (+ 3 packets), plus, once the pipe is full,
// Linux's ack-aggregation term (extraAckedGain x the most packets recently ACKed beyond what
// btlBw explains, updateAckAggregation).
// States:
//   Startup   pacing and cwnd gain 2/ln 2 = 2.885 (doubling the rate each round) until btlBw
//             grew less than 25 % in three rounds (the pipe is full);
//   Drain     pacing gain 1/2.885 until the data in flight is down to one BDP + 3 packets
//             (Linux's bbr_check_drain and the draft's BBRCheckDrain: bbr_inflight(bw, 1), the
//             BDP plus the quantization budget);
//   ProbeBW   pacing gain cycling 1.25, 0.75, 1, 1, 1, 1, 1, 1 (one phase per minRtt; the
//             1.25 phase lasts until in flight reaches 1.25 BDP + 5 or a loss, the 0.75 phase
//             ends early once in flight is down to one BDP + 3), cwnd gain 2, starting at a random
//             phase other than 0.75;
//   ProbeRTT  when minRtt was not refreshed for 10 s: cwnd 4 packets for 200 ms and a round,
//             so the queue empties and a fresh minRtt is measured; then back to ProbeBW (or
//             Startup if the pipe was never full).
// Delivery rates come from the sender's rate sampler (one sample per ACK). On loss recovery
// BBR keeps its estimates; the window is cut to the packets in flight plus those just
// delivered for one round (packet conservation), then grows back, and the window from
// before recovery is restored at its end. As Linux (tcp_packets_in_flight,
// bbr_set_cwnd_to_recover_or_restore) and the BBR draft (BBRModulateCwndForRecovery), packets
// in flight are RFC 6675's pipe, newly lost packets are subtracted from the window and an ACK
// that delivers nothing leaves it alone (linuxRecovery, on by default; off is a research
// switch: FlightSize, no subtraction, as this model did before 2026-11-25). A timeout leaves
// cwnd at 1 (the sender's rule), from which it grows by the packets delivered up to its
// target. RTT samples are the latest ACK's (not the smoothed RTT).
#include "cc/bbr.h"

#include <algorithm>
#include <cmath>

namespace bl {

namespace {
constexpr double kGains[8] = {1.25, 0.75, 1, 1, 1, 1, 1, 1};
constexpr double kCwndGain = 2;
constexpr double kFullBwThresh = 1.25;
constexpr int kFullBwCount = 3;
constexpr double kMinCwnd = 4;
constexpr double kPacingMargin = 0.01;
constexpr double kInitCwnd = 10;
// ACK aggregation, Linux's values: the extra_acked max filter's slots last 5 rounds, the term is
// at most btlBw x 100 ms, and an epoch that has ACKed 2^20 packets starts again.
constexpr int kExtraAckedWinRounds = 5;
constexpr double kExtraAckedMaxSeconds = 0.1;
constexpr int64_t kAckEpochResetPackets = int64_t{1} << 20;
}  // namespace

double BbrCc::btlBw() const {
  double m = 0;
  for (int i = 0; i < kBwRounds; ++i)
    if (bwRound_[i] > filterRound_ - kBwRounds) m = std::max(m, bwSlot_[i]);
  return m;
}

double BbrCc::bdp(double gain) const {
  if (minRtt_ <= 0) return kInitCwnd;
  return gain * btlBw() * toSeconds(minRtt_);
}

// Linux's bbr_quantization_budget without TSO (one packet per segment): 3 packets for the
// sender's queue, its offload and the receiver's delayed ACK, and 2 more in ProbeBW's 1.25
// phase so that probing raises the data in flight even when the BDP is small. Linux also rounds
// up to an even count (for delayed ACKs); this model does not, as before.
double BbrCc::quantizationBudget(double packets) const {
  return packets + 3 + (mode_ == ProbeBw && cycleIdx_ == 0 ? 2 : 0);
}

// Linux's bbr_inflight (the BBR draft's BBRInflight): the BDP at `gain` plus the budget. The
// ProbeBW phase ends and Drain's exit compare the data in flight with this, not the bare BDP.
double BbrCc::inflightTarget(double gain) const { return quantizationBudget(bdp(gain)); }

double BbrCc::onLossEvent(const CcState& s) {
  priorCwnd_ = mode_ == ProbeRtt ? std::max(priorCwnd_, s.cwnd) : s.cwnd;  // bbr_save_cwnd
  return s.ssthresh;                                                       // BBR keeps ssthresh
}

// Linux's bbr_update_bw, in its order: a sample that is not a valid observation (no interval:
// nothing newly delivered, or an interval shorter than the min RTT) neither counts a round nor
// enters the filter. Counting rounds on such ACKs (as this model did before 2026-11-28) aged the
// filter out on the invalid samples after a timeout and took btlBw to 0 (issue 27).
void BbrCc::updateBw(const CcState& s, const RateSample& rs) {
  roundStart_ = false;
  if (rs.delivered < 0 || rs.interval <= 0) return;  // not a valid observation
  if (rs.priorDelivered >= nextRttDelivered_) {      // a packet sent after the round began: new round
    nextRttDelivered_ = rs.deliveredTotal;
    ++roundCount_;
    roundStart_ = true;
  }
  const double bw = rs.rate();
  // An app-limited sample (sent in ProbeRTT) tells of the sender, not the path: it enters only
  // if it is at least the current estimate (bbr_update_bw).
  if (rs.appLimited && bw < btlBw()) return;
  filterRound_ = roundCount_;
  const int slot = static_cast<int>(roundCount_ % kBwRounds);
  if (bwRound_[slot] != roundCount_) {
    bwRound_[slot] = roundCount_;
    bwSlot_[slot] = 0;
  }
  bwSlot_[slot] = std::max(bwSlot_[slot], bw);
  (void)s;
}

// Linux's bbr_update_ack_aggregation. An ACK epoch starts whenever the packets ACKed since
// the last start fall to (or below) what btlBw would have delivered in that time; extra_acked is
// the excess, at most cwnd, and its max is kept over the last 5-10 rounds (two slots of 5
// rounds). The cwnd target gets that max (ackAggregationCwnd), so the sender keeps sending
// through the silences between aggregated ACKs. Counts are whole packets, as Linux's.
void BbrCc::updateAckAggregation(const CcState& s, const RateSample& rs) {
  if (extraAckedGain_ <= 0 || rs.newlyAcked == 0 || rs.delivered < 0 || rs.interval <= 0) return;
  if (roundStart_) {
    extraAckedRounds_ = std::min(31, extraAckedRounds_ + 1);
    if (extraAckedRounds_ >= kExtraAckedWinRounds) {
      extraAckedRounds_ = 0;
      extraAckedIdx_ = 1 - extraAckedIdx_;
      extraAcked_[extraAckedIdx_] = 0;
    }
  }
  const double epochNs = static_cast<double>(s.now - ackEpochStamp_);
  int64_t expected = static_cast<int64_t>(std::floor(btlBw() * epochNs / static_cast<double>(kSecond)));
  if (ackEpochAcked_ <= expected || ackEpochAcked_ + rs.newlyAcked >= kAckEpochResetPackets) {
    ackEpochAcked_ = 0;
    ackEpochStamp_ = s.now;
    expected = 0;
  }
  ackEpochAcked_ = std::min(ackEpochAcked_ + static_cast<int64_t>(rs.newlyAcked), kAckEpochResetPackets - 1);
  const double extra = std::min(static_cast<double>(ackEpochAcked_ - expected), std::floor(s.cwnd));
  extraAcked_[extraAckedIdx_] = std::max(extraAcked_[extraAckedIdx_], extra);
}

double BbrCc::ackAggregationCwnd() const {
  if (extraAckedGain_ <= 0 || !fullBw_) return 0;
  const double aggr = std::floor(extraAckedGain_ * std::max(extraAcked_[0], extraAcked_[1]));
  return std::min(aggr, std::floor(btlBw() * kExtraAckedMaxSeconds));
}

void BbrCc::updateCycle(const CcState& s, const RateSample& rs) {
  if (mode_ != ProbeBw) return;
  const bool full = s.now - cycleStamp_ > minRtt_;
  const double g = kGains[cycleIdx_];
  bool next;
  if (g == 1)
    next = full;
  else if (g > 1)
    next = full && (rs.lossSeen || static_cast<double>(rs.priorInFlight) >= inflightTarget(g));
  else
    next = full || static_cast<double>(rs.priorInFlight) <= inflightTarget(1);
  if (next) {
    cycleIdx_ = (cycleIdx_ + 1) % 8;
    cycleStamp_ = s.now;
    pacingGain_ = kGains[cycleIdx_];
  }
}

void BbrCc::checkFullBw(const RateSample& rs) {
  if (fullBw_ || !roundStart_) return;
  const double bw = btlBw();
  if (bw >= fullBwValue_ * kFullBwThresh) {
    fullBwValue_ = bw;
    fullBwCount_ = 0;
    return;
  }
  fullBw_ = ++fullBwCount_ >= kFullBwCount;
  (void)rs;
}

void BbrCc::enterProbeBw() {
  mode_ = ProbeBw;
  cwndGain_ = kCwndGain;
  // A random phase other than the 0.75 one (Linux: CYCLE_LEN - 1 - rand(7), then advanced).
  cycleIdx_ = 7 - std::min(6, static_cast<int>(rngDraw_ * 7));
  cycleIdx_ = (cycleIdx_ + 1) % 8;
  pacingGain_ = kGains[cycleIdx_];
}

void BbrCc::checkDrain(const CcState& s) {
  if (mode_ == Startup && fullBw_) {
    mode_ = Drain;
    pacingGain_ = 1 / highGain_;
    cwndGain_ = highGain_;
  }
  if (mode_ == Drain && inFlight(s) <= inflightTarget(1)) {  // Linux's bbr_check_drain
    enterProbeBw();
    cycleStamp_ = s.now;
  }
}

void BbrCc::updateMinRtt(CcState& s, const RateSample& rs) {
  const bool expired = s.now > minRttStamp_ + minRttWindow_;
  if (rs.rtt > 0 && (minRtt_ == 0 || rs.rtt < minRtt_ || expired)) {
    minRtt_ = rs.rtt;
    minRttStamp_ = s.now;
  }
  if (expired && mode_ != ProbeRtt && minRtt_ > 0) {
    mode_ = ProbeRtt;
    pacingGain_ = 1;
    cwndGain_ = 1;
    priorCwnd_ = s.inRecovery ? std::max(priorCwnd_, s.cwnd) : s.cwnd;
    probeRttDone_ = 0;
  }
  if (mode_ == ProbeRtt) {
    // Linux marks the connection app-limited until what is now in flight is delivered, so the
    // samples of ProbeRTT's 4 packets in flight neither lower nor age the bandwidth filter.
    s.appLimited = std::max<int64_t>(1, rs.deliveredTotal + static_cast<int64_t>(inFlight(s)));
    if (probeRttDone_ == 0 && inFlight(s) <= kMinCwnd) {
      probeRttDone_ = s.now + probeRttTime_;
      probeRttRoundDone_ = false;
      nextRttDelivered_ = rs.deliveredTotal;
    } else if (probeRttDone_ != 0) {
      if (roundStart_) probeRttRoundDone_ = true;
      if (probeRttRoundDone_ && s.now > probeRttDone_) {
        minRttStamp_ = s.now;
        s.cwnd = std::max(s.cwnd, priorCwnd_);
        if (fullBw_) {
          enterProbeBw();
          cycleStamp_ = s.now;
        } else {
          mode_ = Startup;
          pacingGain_ = cwndGain_ = highGain_;
        }
      }
    }
  }
}

void BbrCc::setPacing(CcState& s) {
  const double bw = btlBw();
  double rate;  // packets/s
  if (bw <= 0) {
    const double rtt = s.srtt > 0 ? toSeconds(s.srtt) : 0.001;
    rate = highGain_ * std::max(s.cwnd, kInitCwnd) / rtt;
  } else {
    rate = pacingGain_ * bw * (1 - kPacingMargin);
  }
  const double bps = rate * packetSize_ * 8;
  if (fullBw_ || bps > s.pacingRate) s.pacingRate = bps;
}

void BbrCc::setCwnd(CcState& s, const RateSample& rs) {
  const double acked = rs.newlyAcked;
  if (linuxRecovery_) {
    // Linux's bbr_set_cwnd: an ACK that delivers nothing leaves the window alone (but for
    // ProbeRTT's cap); newly lost packets come off it (bbr_set_cwnd_to_recover_or_restore).
    if (acked == 0) {
      if (mode_ == ProbeRtt) s.cwnd = std::min(s.cwnd, kMinCwnd);
      return;
    }
    if (rs.losses > 0) s.cwnd = std::max(s.cwnd - static_cast<double>(rs.losses), 1.0);
  }
  // Loss recovery: packet conservation for a round, then restore on exit.
  if (s.inRecovery && !wasInRecovery_) {
    conservation_ = true;
    conservationEnd_ = rs.deliveredTotal + static_cast<int64_t>(std::max(1.0, s.inFlight));
    s.cwnd = std::max(inFlight(s) + acked, 1.0);
  } else if (!s.inRecovery && wasInRecovery_) {
    s.cwnd = std::max(s.cwnd, priorCwnd_);
    conservation_ = false;
  }
  wasInRecovery_ = s.inRecovery;
  if (conservation_ && rs.deliveredTotal >= conservationEnd_) conservation_ = false;
  const double target = quantizationBudget(bdp(cwndGain_) + ackAggregationCwnd());
  if (conservation_) {
    s.cwnd = std::max(s.cwnd, inFlight(s) + acked);
  } else if (fullBw_) {
    s.cwnd = std::min(s.cwnd + acked, target);
  } else if (s.cwnd < target || rs.deliveredTotal < kInitCwnd) {
    s.cwnd += acked;
  }
  s.cwnd = std::max(s.cwnd, kMinCwnd);
  if (mode_ == ProbeRtt) s.cwnd = std::min(s.cwnd, kMinCwnd);
}

void BbrCc::onRateSample(CcState& s, const RateSample& rs) {
  updateBw(s, rs);
  updateAckAggregation(s, rs);
  updateCycle(s, rs);
  checkFullBw(rs);
  checkDrain(s);
  updateMinRtt(s, rs);
  setPacing(s);
  setCwnd(s, rs);
}

// A new Startup gain applies at once while in Startup.
void BbrCc::onChange(std::string_view key) {
  if (key == "highGain" && mode_ == Startup) pacingGain_ = cwndGain_ = highGain_;
}

const std::vector<const char*>& BbrCc::traceNames() const {
  static const std::vector<const char*> n = {"bbrState", "btlBw", "minRtt", "pacingGain", "pacingRate"};
  return n;
}

double BbrCc::traceValue(size_t i) const {
  switch (i) {
    case 0: return mode_;
    case 1: return btlBw() * packetSize_ * 8;  // bit/s
    case 2: return toSeconds(minRtt_);
    case 3: return pacingGain_;
    case 4: return (btlBw() > 0 ? pacingGain_ * btlBw() * (1 - kPacingMargin) : 0) * packetSize_ * 8;
    default: return 0;
  }
}

std::unique_ptr<CongestionControl> makeBbr() { return std::make_unique<BbrCc>(); }

BL_SPEC_TABLE const BoundSpecs<BbrCc>& BbrCc::params() {
  static const BoundSpecs<BbrCc> t{
      bind<&BbrCc::highGain_>(Spec::number("highGain", "Startup gain")
                                  .defaultsTo(2.885)
                                  .range(1.01, 10)
                                  .help("Pacing and cwnd gain in Startup (2/ln 2).")),
      bindSeconds<&BbrCc::minRttWindow_>(Spec::number("minRttWindow", "Min-RTT window", "s")
                                             .defaultsTo(10)
                                             .range(0.1, 600)
                                             .help("How long a min RTT sample stays valid before ProbeRTT.")),
      bindSeconds<&BbrCc::probeRttTime_>(Spec::number("probeRttTime", "ProbeRTT time", "s")
                                             .defaultsTo(0.2)
                                             .range(0.01, 10)
                                             .help("Time spent at 4 packets in ProbeRTT.")),
      bind<&BbrCc::linuxRecovery_>(
          Spec::flag("linuxRecovery", "Linux loss recovery")
              .defaultsTo(true)
              .help("The window in loss recovery as Linux's tcp_bbr.c and the BBR draft set it (default): packets in "
                    "flight counted as Linux does (SACKed and lost packets not in flight), newly lost packets "
                    "subtracted from cwnd, and an ACK that delivers nothing leaves cwnd alone. Off, a research switch: "
                    "packets in flight are FlightSize and losses are not subtracted.")),
      bind<&BbrCc::extraAckedGain_>(
          Spec::number("extraAckedGain", "ACK aggregation gain")
              .defaultsTo(1)
              .range(0, 4)
              .help("Linux's ack-aggregation term (bbr_extra_acked_gain, 1 in Linux): the cwnd target grows by this "
                    "gain x the most packets recently ACKed beyond btlBw x the time since their epoch began (max over "
                    "5-10 rounds, at most btlBw x 100 ms), so BBR keeps sending through gaps between aggregated ACKs. "
                    "0: no term, as this model before 2026-11-26.")),
      // Given by the flow: its packet size (for the pacing rate in bit/s) and a uniform draw
      // from its stream (the starting ProbeBW phase).
      bindHidden<&BbrCc::packetSize_>("packetSize", 1, 1e9), bindHidden<&BbrCc::rngDraw_>("rngSeed", 0, 1)};
  return t;
}

const SpecList& bbrSpecs() { return BbrCc::params().specs(); }

}  // namespace bl
