// DCTCP (RFC 8257). See dctcp.cpp.
#pragma once
#include <memory>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

class DctcpCc : public BoundCc<DctcpCc> {
 public:
  static const BoundSpecs<DctcpCc>& params();
  DctcpCc();
  const char* name() const override { return "dctcp"; }
  void onAck(CcState& s, uint32_t acked) override { reno_->onAck(s, acked); }
  double onLossEvent(const CcState& s) override { return reno_->onLossEvent(s); }
  void onEcn(CcState& s, uint32_t acked, bool ece) override;
  double onEcnEcho(const CcState& s) override;
  bool accurateEcn() const override { return true; }

  double alpha() const { return alpha_; }
  int windows() const { return windows_; }

 private:
  std::unique_ptr<CongestionControl> reno_;
  void onChange(std::string_view key) override {
    if (key == "alphaInit") alpha_ = alphaInit_;
  }

  double g_ = 1.0 / 16;
  double alphaInit_ = 1;
  double alpha_ = 1;
  int64_t windowEnd_ = -1;
  uint64_t acked_ = 0, marked_ = 0;
  int windows_ = 0;
};

std::unique_ptr<CongestionControl> makeDctcp();
const SpecList& dctcpSpecs();

}  // namespace bl
