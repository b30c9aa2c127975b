// BBR version 1 (Cardwell et al., ACM Queue 2016; Linux's tcp_bbr.c; draft-cardwell-iccrg-
// bbr-congestion-control-00). See bbr.cpp.
#pragma once
#include <memory>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

class BbrCc : public BoundCc<BbrCc> {
 public:
  static const BoundSpecs<BbrCc>& params();
  enum Mode { Startup = 0, Drain = 1, ProbeBw = 2, ProbeRtt = 3 };
  explicit BbrCc(uint32_t packetSize = 1000) : packetSize_(packetSize) {}
  const char* name() const override { return "bbr"; }
  void onAck(CcState&, uint32_t) override {}
  double onLossEvent(const CcState& s) override;
  double onTimeout(const CcState& s) override { return onLossEvent(s); }
  bool ownsWindow() const override { return true; }
  void onRateSample(CcState& s, const RateSample& rs) override;
  const std::vector<const char*>& traceNames() const override;
  double traceValue(size_t i) const override;

  Mode mode() const { return mode_; }
  double btlBw() const;  // packets/s: the windowed maximum delivery rate
  SimTime minRtt() const { return minRtt_; }
  double pacingGain() const { return pacingGain_; }
  double cwndGain() const { return cwndGain_; }
  bool fullBwReached() const { return fullBw_; }
  int64_t rounds() const { return roundCount_; }
  int cycleIndex() const { return cycleIdx_; }
  // Packets added to the cwnd target for ACK aggregation (Linux's bbr_ack_aggregation_cwnd):
  // extraAckedGain x the windowed max of extra_acked, at most btlBw x 100 ms, 0 before the pipe
  // is full.
  double ackAggregationCwnd() const;

 private:
  double bdp(double gain) const;                    // packets: gain x btlBw x minRtt
  double quantizationBudget(double packets) const;  // + 3 (+ 2 in ProbeBW's 1.25 phase)
  double inflightTarget(double gain) const;         // bdp(gain) + the budget (Linux's bbr_inflight)
  // Packets in flight: FlightSize, or with linuxRecovery Linux's count (RFC 6675 pipe in recovery).
  double inFlight(const CcState& s) const { return linuxRecovery_ ? s.pipe : s.inFlight; }
  void updateBw(const CcState& s, const RateSample& rs);
  void updateCycle(const CcState& s, const RateSample& rs);
  void checkFullBw(const RateSample& rs);
  void checkDrain(const CcState& s);
  void updateMinRtt(CcState& s, const RateSample& rs);
  void setPacing(CcState& s);
  void setCwnd(CcState& s, const RateSample& rs);
  void updateAckAggregation(const CcState& s, const RateSample& rs);
  void enterProbeBw();
  void onChange(std::string_view key) override;

  uint32_t packetSize_;
  Mode mode_ = Startup;
  double pacingGain_ = 2.885, cwndGain_ = 2.885;
  // Round counting.
  int64_t nextRttDelivered_ = 0;
  int64_t roundCount_ = 0;
  bool roundStart_ = false;
  // Windowed max of the delivery rate over the last 10 rounds (one slot per round), as of the
  // round of its last update (filterRound_): rounds whose samples do not enter it (app-limited
  // ones, in ProbeRTT) do not age it, as Linux's minmax filter is aged only when updated.
  static constexpr int kBwRounds = 10;
  double bwSlot_[kBwRounds] = {};
  int64_t bwRound_[kBwRounds] = {};
  int64_t filterRound_ = 0;
  // Min RTT over the last 10 s.
  SimTime minRtt_ = 0, minRttStamp_ = 0;
  // Startup: full pipe detection.
  bool fullBw_ = false;
  double fullBwValue_ = 0;
  int fullBwCount_ = 0;
  // ProbeBW gain cycle.
  int cycleIdx_ = 0;
  SimTime cycleStamp_ = 0;
  double rngDraw_ = 0;
  // ProbeRTT.
  SimTime probeRttDone_ = 0;
  bool probeRttRoundDone_ = false;
  // Loss recovery: packet conservation for the first round, then restore.
  double priorCwnd_ = 0;
  bool conservation_ = false;
  bool wasInRecovery_ = false;
  int64_t conservationEnd_ = 0;
  // ACK aggregation (Linux's bbr_update_ack_aggregation): packets ACKed in the current epoch
  // beyond btlBw x its length; the max over two slots of 5 rounds each.
  SimTime ackEpochStamp_ = 0;
  int64_t ackEpochAcked_ = 0;
  double extraAcked_[2] = {};
  int extraAckedIdx_ = 0;
  int extraAckedRounds_ = 0;
  // Parameters.
  SimTime minRttWindow_ = 10 * kSecond;
  SimTime probeRttTime_ = 200 * kMillisecond;
  double highGain_ = 2.885;    // 2 / ln 2
  bool linuxRecovery_ = true;  // the spec's default
  double extraAckedGain_ = 1;  // the spec's default (Linux's bbr_extra_acked_gain, 256 = 1.0)
};

std::unique_ptr<CongestionControl> makeBbr();
const SpecList& bbrSpecs();

}  // namespace bl
