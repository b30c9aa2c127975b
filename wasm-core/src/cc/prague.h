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

 private:
  std::unique_ptr<CongestionControl> reno_;
  void onChange(std::string_view key) override {
    if (key == "alphaInit") est_.alpha = alphaInit_;
  }

  double g_ = 1.0 / 16;
  double alphaInit_ = 1;
  double refRtt_ = 0.025;
  bool rttIndependence_ = true;
  MarkedFraction est_;
  SimTime lastUpdate_ = -1;
  int updates_ = 0;
};

std::unique_ptr<CongestionControl> makePrague();
const SpecList& pragueSpecs();

}  // namespace bl
