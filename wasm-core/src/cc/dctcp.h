// DCTCP (RFC 8257). See dctcp.cpp.
#pragma once
#include <algorithm>
#include <memory>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

// DCTCP's estimate of the extent of congestion (RFC 8257 3.3), shared with TCP Prague: over a
// round (until snd_una passes the snd_nxt of the round's start) the packets acknowledged and
// those marked; at an update, alpha = (1 - g) alpha + g F, F = marked / acked.
struct MarkedFraction {
  double alpha = 1;
  int64_t roundEnd = -1;
  uint64_t acked = 0, marked = 0;
  // Counts an ACK; true when it ends the round (a new one starts at snd_nxt).
  bool count(const CcState& s, uint32_t a, uint32_t m) {
    if (roundEnd < 0) roundEnd = s.nxt;
    acked += a;
    marked += m;
    if (s.una < roundEnd) return false;  // Linux: !before(snd_una, next_seq)
    roundEnd = s.nxt;
    return true;
  }
  // Folds the rounds counted since the last update into alpha.
  void update(double g) {
    const double f = acked ? std::min(1.0, static_cast<double>(marked) / static_cast<double>(acked)) : 0;
    alpha = (1 - g) * alpha + g * f;
    acked = marked = 0;
  }
};

class DctcpCc : public BoundCc<DctcpCc> {
 public:
  static const BoundSpecs<DctcpCc>& params();
  DctcpCc();
  const char* name() const override { return "dctcp"; }
  void onAck(CcState& s, uint32_t acked) override { reno_->onAck(s, acked); }
  double onLossEvent(const CcState& s) override { return reno_->onLossEvent(s); }
  void onEcn(CcState& s, uint32_t acked, uint32_t marked) override;
  double onEcnEcho(const CcState& s) override;
  bool accurateEcn() const override { return true; }

  double alpha() const { return est_.alpha; }
  int windows() const { return windows_; }

 private:
  std::unique_ptr<CongestionControl> reno_;
  void onChange(std::string_view key) override {
    if (key == "alphaInit") est_.alpha = alphaInit_;
  }

  double g_ = 1.0 / 16;
  double alphaInit_ = 1;
  MarkedFraction est_;
  int windows_ = 0;
};

std::unique_ptr<CongestionControl> makeDctcp();
const SpecList& dctcpSpecs();

}  // namespace bl
