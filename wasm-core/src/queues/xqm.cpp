// XQM PI-TB, exogenous-loss aware queue management with throughput and buffer matching
// (Guirguis, Bestavros and Matta, "Exogenous-loss aware traffic management in overlay
// networks: toward global fairness", Computer Networks 2006, Section 5.1).
//
// Per active flow i the agent keeps an imposed loss rate q_i. Eq. 15,
//   q_i(t + CP) = q_i(t) + delta (x_i(t, MP) - target_i) + phi (b(t) - targetBuffer),
// is applied as a rate: every control period q_i moves by CP x [delta (x_i - target_i) +
// phi (b - targetBuffer)], CP in seconds, x_i in packets/s (the packets the flow sent through
// this queue in the last MP, a sliding window, per second), b in packets. So delta and phi are
// per second and the controller does not depend on CP, which the paper gives both as about
// 10 ms and as 0.01 ms (docs/validation-xqm-chain.md). target_i = C w_i / sum of the weights
// of the flows seen in the last MP (C the link rate in packets/s unless `capacity` is set).
// q_i is clamped to [-1, 1].
// An arrival of flow i is dropped with p_i = q_i / (1 - k q_i), k its packets admitted since
// its last drop (Eq. 14), which spaces drops evenly as RED does; nothing is dropped at q_i <= 0.
// Loss hiding (Experiment 3): a negative q_i asks for less loss than the path already has.
// `onoff` marks every admitted packet of a flow with q_i <= 0 as protected (downstream
// exogenous loss spares it); `smooth` protects a fraction min(1, -q_i / hideSpan), so the
// hidden share grows gradually as q_i keeps falling and shrinks as it recovers.
#include "queues/xqm.h"

#include <algorithm>
#include <cmath>

#include "core/simulation.h"

namespace bl {

namespace {

class Xqm final : public BoundQueueDisc<Xqm> {
 public:
  enum class Hide { Off, OnOff, Smooth };
  BL_SPEC_TABLE static const BoundSpecs<Xqm>& params() {
    static const BoundSpecs<Xqm> t{
        bind<&Xqm::buffer_>(bufferSpec(250)),
        bind<&Xqm::cp_>(
            Spec::number("cp", "Control period", "s")
                .defaultsTo(0.01)
                .range(1e-5, 10)
                .help("CP: time between updates of every flow's imposed loss rate q_i (the paper: about 10 ms).")
                .live()),
        bind<&Xqm::mpSeconds_>(
            Spec::number("mp", "Measurement period", "s")
                .defaultsTo(10)
                .range(0.01, 1000)
                .help(
                    "MP: each flow's rate x_i is the packets it sent through this queue in the last MP, per second.")),
        bind<&Xqm::delta_>(Spec::number("delta", "Throughput gain", "1/packet")
                               .defaultsTo(1e-5)
                               .range(0, 1)
                               .help("delta, per second: q_i changes by delta x (x_i - target_i) x CP each control "
                                     "period, x_i and target_i in packets/s.")
                               .live()),
        bind<&Xqm::phi_>(Spec::number("phi", "Buffer gain", "1/(packet s)")
                             .defaultsTo(4e-5)
                             .range(0, 1)
                             .help("phi, per second: every q_i changes by phi x (b - targetBuffer) x CP each control "
                                   "period, b in packets.")
                             .live()),
        bind<&Xqm::targetBuffer_>(Spec::number("targetBuffer", "Target buffer", "packets")
                                      .defaultsTo(50)
                                      .range(0, 100000)
                                      .help("Queue length the buffer-matching term drives towards.")
                                      .live()),
        bind<&Xqm::capacityBps_>(Spec::number("capacity", "Capacity", "bit/s")
                                     .defaultsTo(0)
                                     .range(0, 1e11)
                                     .help("Rate shared out as targets (0: this link's rate). Targets are capacity x "
                                           "weight / sum of active weights.")
                                     .live()),
        bindChoice<&Xqm::hide_>(
            "hide", "Loss hiding",
            {{"off", Hide::Off, "Off"}, {"onoff", Hide::OnOff, "On/off"}, {"smooth", Hide::Smooth, "Smooth"}}, "off",
            "off; onoff: protect all packets of a flow while q_i <= 0; smooth: protect a fraction -q_i / hideSpan.",
            true),
        bind<&Xqm::hideSpan_>(
            Spec::number("hideSpan", "Hiding span")
                .defaultsTo(0.05)
                .range(1e-6, 1)
                .help("Smooth hiding: the value of -q_i at which every packet of the flow is protected.")
                .live())};
    return t;
  }
  Xqm(const ParamValues& v, const LinkInfo& link, Simulation& sim)
      : sim_(sim), linkBps_(link.rateBps), packetBits_(8.0 * link.packetSize), rng_(sim.stream("xqm." + link.name)) {
    load(v);
    mp_ = fromSeconds(mpSeconds_);
    nBuckets_ = static_cast<size_t>(std::clamp(std::llround(mpSeconds_ / cp_), 1LL, 200LL));
    bucketWidth_ = std::max<SimTime>(1, mp_ / static_cast<SimTime>(nBuckets_));
    bucketEnd_ = bucketWidth_;
  }
  const char* kind() const override { return "xqm"; }

  DropReason onArrival(Packet& p, const QueueState& q) override {
    if (q.packets >= buffer_) return DropReason::Overflow;
    if (p.flow < 0) return DropReason::None;  // not a flow: no state, no targets
    advance(q.now);
    Flow& f = flow(p.flow, q.now);
    f.lastSeen = q.now;
    if (f.q > 0) {
      const double denom = 1 - static_cast<double>(f.sinceDrop) * f.q;
      const double pa = denom <= 0 ? 1 : f.q / denom;
      if (rng_.uniform() < pa) {
        f.sinceDrop = 0;
        return DropReason::Early;
      }
    }
    ++f.sinceDrop;
    ++f.buckets[cur_];
    ++f.inWindow;
    if (protect(f)) p.flags |= kFlagProtected;
    return DropReason::None;
  }

  SimTime updatePeriod() const override { return std::max<SimTime>(1, fromSeconds(cp_)); }
  void update(const QueueState& q) override {
    advance(q.now);
    double weights = 0;
    for (size_t i = 0; i < flows_.size(); ++i)
      if (active(flows_[i], q.now)) weights += weight(i);
    if (weights <= 0) return;
    const double capacity = (capacityBps_ > 0 ? capacityBps_ : linkBps_) / packetBits_;  // packets/s
    const double buffer = phi_ * (static_cast<double>(q.packets) - targetBuffer_);
    for (size_t i = 0; i < flows_.size(); ++i) {
      Flow& f = flows_[i];
      if (!active(f, q.now)) {
        if (f.seen) f = Flow{};  // idle for a whole MP: forget the flow
        continue;
      }
      const double target = capacity * weight(i) / weights;
      f.q = std::clamp(f.q + cp_ * (delta_ * (rate(f, q.now) - target) + buffer), -1.0, 1.0);
    }
  }

  uint32_t buffer() const override { return buffer_; }

 private:
  struct Flow {
    bool seen = false;
    double q = 0;            // imposed loss rate; negative: less loss wanted than the path has
    uint64_t sinceDrop = 0;  // k of Eq. 14
    SimTime firstSeen = 0, lastSeen = 0;
    std::vector<uint32_t> buckets;  // admitted packets per bucket of the sliding window
    uint64_t inWindow = 0;
  };

  Flow& flow(int32_t id, SimTime now) {
    const size_t i = static_cast<size_t>(id);
    if (i >= flows_.size()) flows_.resize(i + 1);
    Flow& f = flows_[i];
    if (!f.seen) {
      f.seen = true;
      f.firstSeen = f.lastSeen = now;
      f.buckets.assign(nBuckets_, 0);
    }
    return f;
  }
  bool active(const Flow& f, SimTime now) const { return f.seen && now - f.lastSeen < mp_; }
  double weight(size_t i) const { return i < sim_.flowCount() ? sim_.attrs(static_cast<int>(i)).weight : 1.0; }

  // Moves the sliding window on to `now`, emptying the buckets that fall out of it.
  void advance(SimTime now) {
    while (now >= bucketEnd_) {
      cur_ = (cur_ + 1) % nBuckets_;
      for (Flow& f : flows_)
        if (f.seen) {
          f.inWindow -= f.buckets[cur_];
          f.buckets[cur_] = 0;
        }
      bucketEnd_ += bucketWidth_;
    }
  }
  // Packets/s over the window: the last MP, or since the flow was first seen if later.
  double rate(const Flow& f, SimTime now) const {
    const SimTime windowStart = std::max(f.firstSeen, bucketEnd_ - bucketWidth_ * static_cast<SimTime>(nBuckets_));
    const SimTime span = std::max<SimTime>(now - windowStart, bucketWidth_);
    return static_cast<double>(f.inWindow) / toSeconds(span);
  }
  bool protect(const Flow& f) {
    if (hide_ == Hide::OnOff) return f.q <= 0;
    if (hide_ == Hide::Smooth) return f.q < 0 && rng_.uniform() < -f.q / hideSpan_;
    return false;
  }

  Simulation& sim_;
  uint32_t buffer_ = 0;
  double cp_ = 1, mpSeconds_ = 1, delta_ = 0, phi_ = 0, targetBuffer_ = 0, capacityBps_ = 0, hideSpan_ = 1;
  Hide hide_ = Hide::Off;
  double linkBps_, packetBits_;
  Rng rng_;
  SimTime mp_;
  size_t nBuckets_;
  SimTime bucketWidth_, bucketEnd_;
  size_t cur_ = 0;
  std::vector<Flow> flows_;
};

}  // namespace

QueueKind xqmKind() {
  return boundKind<Xqm>(
      "xqm",
      "XQM PI-TB: per-flow loss rates from throughput and buffer matching; complements exogenous loss and "
      "can hide it.");
}

}  // namespace bl
