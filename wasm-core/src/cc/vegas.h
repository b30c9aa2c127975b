// TCP Vegas (Brakmo and Peterson, "TCP Vegas: End to End Congestion Avoidance on a Global
// Internet", JSAC 1995): the window rule. See vegas.cpp.
#pragma once
#include <memory>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

struct VegasParams {
  double alpha = 1;  // packets queued below which the window grows by one per RTT
  double beta = 3;   // packets queued above which it shrinks by one per RTT
  double gamma = 1;  // packets queued at which slow start ends
  // How diff is compared with alpha, beta and gamma (see vegas.cpp): Ns2 rounds it to the
  // nearest integer first (ns-2 2.35's Agent/TCP/Vegas), Linux computes it in Linux's
  // tcp_vegas.c integer arithmetic (truncated), Exact compares the real value (the paper).
  enum Compare { Ns2, Linux, Exact };
  Compare compare = Ns2;
};

// Exposed for tests: what the module decided at the end of its last RTT epoch.
class VegasCc : public BoundCc<VegasCc> {
 public:
  static const BoundSpecs<VegasCc>& params();
  explicit VegasCc(const VegasParams& p) : p_(p) {}
  const char* name() const override { return "vegas"; }
  void onAck(CcState& s, uint32_t acked) override;
  void onRttSample(CcState& s, SimTime rtt) override;
  double onLossEvent(const CcState& s) override;
  double onTimeout(const CcState& s) override;

  SimTime baseRtt() const { return baseRtt_; }
  double lastDiff() const { return diff_; }    // (Expected - Actual) x baseRTT, packets (exact)
  double lastDelta() const { return delta_; }  // diff as compared under `compare`
  double increment() const { return incr_; }   // window growth per acked packet until the next epoch
  bool slowStart() const { return slowStart_; }
  int epochs() const { return epochs_; }

 private:
  void endEpoch(CcState& s, SimTime rtt);
  double compared(double cwnd, double base, double rtt) const;

  VegasParams p_;
  SimTime baseRtt_ = 0;      // smallest RTT sample seen
  SimTime epochStart_ = -1;  // send time of the packet that closes the current epoch (-1: none yet)
  SimTime sumRtt_ = 0;
  int cntRtt_ = 0;
  double diff_ = 0;
  double delta_ = 0;
  double incr_ = 0;
  bool slowStart_ = true;
  bool growThisRtt_ = false;  // slow start grows every other RTT
  int epochs_ = 0;
};

std::unique_ptr<CongestionControl> makeVegas(const VegasParams& p = {});
const SpecList& vegasSpecs();

}  // namespace bl
