// Congestion control is a module behind this interface, apart from the TCP sender's state
// machine (sequence numbers, loss recovery, timers). The sender calls these hooks; the module
// owns only the window rule. Vegas, weighted AIMD (TCP-SD), loss-adaptive AIMD (TCP-LASD) and
// mulTCP are further modules; none of them needs to touch the sender.
#pragma once
#include <cmath>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/bound_params.h"
#include "core/time.h"

namespace bl {

// What the sender shares with its congestion control module.
struct CcState {
  double cwnd = 2;        // packets (fractional while growing in congestion avoidance)
  double ssthresh = 1e9;  // packets
  SimTime srtt = 0;       // smoothed RTT, 0 before the first sample
  SimTime minRtt = 0;     // smallest RTT sample seen (Vegas's baseRTT)
  SimTime lastRtt = 0;    // latest RTT sample
  double inFlight = 0;    // packets sent and not yet acknowledged (FlightSize)
  SimTime now = 0;
  int64_t una = 0;          // snd_una: every packet below it is acknowledged
  int64_t nxt = 0;          // snd_max: one past the highest packet sent
  bool inRecovery = false;  // in fast recovery (loss detected by duplicate ACKs or SACK)
  double pacingRate = 0;    // bit/s the sender paces at when the module sets it (0: the default)
  // Packets in flight as Linux counts them (tcp_packets_in_flight): in SACK recovery RFC 6675's
  // pipe (SACKed and lost packets out, retransmissions in), otherwise FlightSize.
  double pipe = 0;
  // Linux's tp->app_limited, set by the module (BBR in ProbeRTT): while nonzero, packets sent are
  // marked app-limited and so are the rate samples they end; the sender clears it once C.delivered
  // has passed it (the packets then in flight are all delivered).
  int64_t appLimited = 0;
};

// A delivery-rate sample (draft-cheng-iccrg-delivery-rate-estimation), taken on every ACK
// that newly delivers (cumulatively or by SACK) at least one packet.
struct RateSample {
  int64_t delivered = 0;       // packets delivered over the interval
  SimTime interval = 0;        // max(send elapsed, ack elapsed); <= 0: no valid sample
  int64_t priorDelivered = 0;  // C.delivered when the most recently sent delivered packet left
  int64_t deliveredTotal = 0;  // C.delivered now
  uint32_t newlyAcked = 0;     // packets this ACK delivered
  int64_t priorInFlight = 0;   // packets in flight before this ACK
  bool lossSeen = false;       // this ACK started loss recovery
  SimTime rtt = -1;            // this ACK's RTT sample, -1 if none (Karn)
  int64_t losses = 0;          // packets this ACK newly marked lost (RFC 6675 IsLost), each once
  bool appLimited = false;     // the sample's packet was sent while the sender held back (tcp_rate's is_app_limited)
  double rate() const { return interval > 0 ? static_cast<double>(delivered) / toSecondsD(interval) : 0; }  // packets/s
  static double toSecondsD(SimTime t) { return static_cast<double>(t) / 1e9; }
};

class CongestionControl {
 public:
  virtual ~CongestionControl() = default;
  virtual const char* name() const = 0;
  // `acked` packets of new data were acknowledged outside loss recovery: grow the window.
  virtual void onAck(CcState& s, uint32_t acked) = 0;
  // Every valid RTT sample (Karn's rule already applied by the sender).
  virtual void onRttSample(CcState& /*s*/, SimTime /*rtt*/) {}
  // A loss detected by duplicate ACKs or SACK (once per window of data). Returns the new
  // ssthresh; the sender's recovery sets cwnd from it.
  virtual double onLossEvent(const CcState& s) = 0;
  // A retransmission timeout. Returns the new ssthresh; the sender sets cwnd to 1.
  virtual double onTimeout(const CcState& s) { return onLossEvent(s); }
  // ECN (flows with `ecn` on). Every ACK of new data, with how many of the packets it covers
  // were CE-marked: with an echo of the CE state (ECE) all or none of `acked`; with AccECN
  // (accEcn()) the CE packets counted since the last ACK of new data. Modules that estimate
  // the extent of congestion from marks (DCTCP, Prague) count here.
  virtual void onEcn(CcState& /*s*/, uint32_t /*acked*/, uint32_t /*marked*/) {}
  // An ECE outside recovery, at most once per window (RFC 3168 6.1.2). Returns the new
  // ssthresh; the sender sets cwnd to it. The classic response is that of a loss.
  virtual double onEcnEcho(const CcState& s) { return onLossEvent(s); }
  // True if the module needs each ACK to echo exactly the CE marks of the packets it covers
  // (DCTCP's receiver, RFC 8257 3.2) rather than RFC 3168's ECE held until CWR.
  virtual bool accurateEcn() const { return false; }
  // True if the module asks for AccECN feedback (draft-ietf-tcpm-accurate-ecn-28: the
  // receiver counts CE-marked packets, each ACK carries the count modulo 8 in its ACE field)
  // and for ECT(1), the L4S identifier (RFC 9331), on its packets unless the flow says otherwise.
  virtual bool accEcn() const { return false; }
  // Model-based modules (BBR) ask for delivery-rate samples and own the window: the sender
  // then leaves cwnd alone in recovery (no halving, inflation or deflation) and calls
  // onRateSample on every ACK, in recovery or not, instead of onAck.
  virtual bool ownsWindow() const { return false; }
  virtual void onRateSample(CcState& /*s*/, const RateSample& /*rs*/) {}
  // Extra per-flow trace columns (flow.N.<name>) and their current values.
  virtual const std::vector<const char*>& traceNames() const {
    static const std::vector<const char*> none;
    return none;
  }
  virtual double traceValue(size_t /*i*/) const { return 0; }
  // Live parameters such as a weight. Returns false if the key is not this module's (or the
  // value is outside its range).
  virtual bool setParam(std::string_view /*key*/, double /*value*/) { return false; }
  // A parameter's current value (Enum: its option's index), NaN if the key is not this module's.
  virtual double param(std::string_view /*key*/) const { return NAN; }
};

// A module whose parameters are bound to its members (T::params(), a BoundSpecs<T>; see
// core/bound_params.h): setParam() checks a value against its spec, stores it and calls
// onChange(key), where the module recomputes what derives from it; param() reads it back.
// Base is CongestionControl or a window rule modules share (ScaledAimd).
template <class T, class Base = CongestionControl>
class BoundCc : public Base {
 public:
  bool setParam(std::string_view key, double v) override {
    const BoundParam<T>* p = T::params().find(key);
    if (!p || !p->accepts(v)) return false;
    p->set(static_cast<T&>(*this), v);
    onChange(key);
    return true;
  }
  double param(std::string_view key) const override {
    const BoundParam<T>* p = T::params().find(key);
    return p ? p->get(static_cast<const T&>(*this)) : NAN;
  }

 protected:
  virtual void onChange(std::string_view /*key*/) {}
};

// Standard AIMD: slow start below ssthresh, then +alpha packets per RTT; on loss the window
// is multiplied by (1 - beta). alpha = 1, beta = 1/2 is Reno's rule.
std::unique_ptr<CongestionControl> makeAimd(double alpha = 1.0, double beta = 0.5);
// AIMD's parameters (cc.aimd): ackCounting.
const SpecList& aimdSpecs();

}  // namespace bl
