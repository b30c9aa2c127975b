// TCP Prague, the scalable congestion control of L4S. See prague.cpp.
#pragma once
#include <memory>

#include "cc/congestion_control.h"
#include "cc/dctcp.h"
#include "core/params.h"

namespace bl {

class PragueCc : public BoundCc<PragueCc> {
 public:
  static const BoundSpecs<PragueCc>& params();
  PragueCc();
  const char* name() const override { return "prague"; }
  void onAck(CcState& s, uint32_t acked) override;
  void onRttSample(CcState& s, SimTime rtt) override;
  double onLossEvent(const CcState& s) override { return reno_->onLossEvent(s); }
  void onEcn(CcState& s, uint32_t acked, uint32_t marked) override;
  double onEcnEcho(const CcState& s) override;
  bool accEcn() const override { return true; }
  const std::vector<const char*>& traceNames() const override;
  double traceValue(size_t i) const override { return i == 0 ? est_.alpha : 0; }

  double alpha() const { return est_.alpha; }
  int updates() const { return updates_; }
  // Packets added to cwnd per RTT in congestion avoidance at smoothed RTT `srtt`.
  double increasePerRtt(SimTime srtt) const;
  // tcp_prague's pacing rate (bit/s): cwnd x MTU / srtt, twice that while cwnd < ssthresh / 2.
  double pacingRate(const CcState& s) const;

  // Classic ECN AQM detection (tcp_prague's prague_classic_ecn_detection, prague_ecn_fallback=1).
  // Per alpha update: score += 0.5 log2(mdev / 750 us) + 0.5 max(log2(depth / 2 ms), 0), depth =
  // srtt - min RTT (srtt, mdev: tcp_prague's slow "pace" estimators), score kept in [0, 17].
  static double classicEcnStep(SimTime mdev, SimTime depth);
  void detectClassicEcn(SimTime srtt, SimTime mdev, SimTime minRtt);
  double classicEcnScore() const { return classicEcn_; }
  // The alpha a cut uses: with the fallback on and score > 8, max(alpha, 0.625 (min(score, 9) - 8)).
  double cutAlpha() const;

 private:
  std::unique_ptr<CongestionControl> reno_;
  void onChange(std::string_view key) override {
    if (key == "alphaInit") est_.alpha = alphaInit_;
  }

  double g_ = 1.0 / 16;
  double alphaInit_ = 1;
  double refRtt_ = 0.025;
  bool rttIndependence_ = true;
  bool pacing_ = true;
  bool classicEcnFallback_ = false;
  double classicEcn_ = 0;
  bool sawCe_ = false;
  double srttPace_ = 0, mdevPace_ = 0;  // seconds
  double packetSize_ = 1000;
  MarkedFraction est_;
  SimTime lastUpdate_ = -1;
  int updates_ = 0;
};

std::unique_ptr<CongestionControl> makePrague();
const SpecList& pragueSpecs();

}  // namespace bl
