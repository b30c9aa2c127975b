// PIE, "Proportional Integral controller Enhanced" (RFC 8033; Pan et al., HPSR 2013). Every
// tUpdate (15 ms) the drop probability moves with the queueing delay:
//   p = alpha (qdelay - target) + beta (qdelay - qdelay_old)     alpha = 0.125, beta = 1.25 /s
// scaled down while drop_prob is small (RFC 8033 4.2: / 2048 below 1e-6, / 512 below 1e-5,
// / 128 below 1e-4, / 32 below 1e-3, / 8 below 1e-2, / 2 below 0.1), capped at +0.02 per
// update once drop_prob >= 0.1, then drop_prob += p, decayed by 0.98 when the queue has been
// empty for two updates, clamped to [0, 1]. qdelay is the queue's current delay: on a FIFO
// link, the time an arrival now would wait (the queue's bytes over the link rate, exact where
// RFC 8033 estimates the departure rate).
// Each arrival is dropped with drop_prob unless the burst allowance (max_burst, 150 ms, reset
// when the queue is quiet: drop_prob = 0 and both delays below target / 2) is left, or the
// delay is small (qdelay_old < target / 2 and drop_prob < 0.2), or at most two packets wait
// (RFC 8033 4.1). De-randomisation (optional, 5.4) accumulates drop_prob per arrival and
// drops only between 0.85 and 8.5 of it. ECN (optional, 5.1): while drop_prob <= 10 %, an
// ECN-capable packet is marked CE instead of dropped.
#include "queues/pie.h"

#include <algorithm>

#include "core/simulation.h"

namespace bl {

namespace {

class Pie final : public BoundQueueDisc<Pie> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Pie>& params() {
    static const BoundSpecs<Pie> t{
        bind<&Pie::buffer_>(bufferSpec(1000)),
        bind<&Pie::target_>(Spec::number("target", "Target", "s")
                                .defaultsTo(0.015)
                                .range(0.0001, 1)
                                .help("Queueing delay the controller holds (RFC 8033: 15 ms).")
                                .live()),
        bindSeconds<&Pie::tUpdate_>(Spec::number("tUpdate", "Update interval", "s")
                                        .defaultsTo(0.015)
                                        .range(0.001, 1)
                                        .help("How often drop_prob is recomputed (15 ms).")
                                        .live()),
        bind<&Pie::alpha_>(Spec::number("alpha", "Alpha", "1/s")
                               .defaultsTo(0.125)
                               .range(0, 100)
                               .help("Weight of the delay error (qdelay - target).")
                               .live()),
        bind<&Pie::beta_>(Spec::number("beta", "Beta", "1/s")
                              .defaultsTo(1.25)
                              .range(0, 100)
                              .help("Weight of the delay's change since the last update.")
                              .live()),
        bindSeconds<&Pie::maxBurst_>(Spec::number("maxBurst", "Burst allowance", "s")
                                         .defaultsTo(0.15)
                                         .range(0, 10)
                                         .help("Time a quiet queue lets bursts through undropped.")
                                         .live()),
        bind<&Pie::derandomize_>(Spec::flag("derandomize", "De-randomise")
                                     .defaultsTo(false)
                                     .help("Space drops evenly: drop only when the accumulated probability is between "
                                           "0.85 and 8.5 (RFC 8033 5.4).")
                                     .live()),
        bind<&Pie::ecn_>(Spec::flag("ecn", "ECN marking")
                             .defaultsTo(false)
                             .help("Mark ECN-capable packets CE instead of dropping while drop_prob <= 10 %.")
                             .live())};
    return t;
  }
  Pie(const ParamValues& v, const LinkInfo& link, Simulation& sim) : rng_(sim.stream("pie." + link.name)) {
    load(v);
    burst_ = maxBurst_;
  }
  const char* kind() const override { return "pie"; }

  DropReason onArrival(Packet& p, const QueueState& q) override {
    if (q.packets >= buffer_) return DropReason::Overflow;
    if (!dropEarly(q)) return DropReason::None;
    if (ecn_ && prob_ <= 0.1 && mark(p)) return DropReason::None;
    return DropReason::Early;
  }
  SimTime updatePeriod() const override { return std::max<SimTime>(1, tUpdate_); }
  void update(const QueueState& q) override {
    const double qdelay = toSeconds(q.wait);
    double p = alpha_ * (qdelay - target_) + beta_ * (qdelay - qdelayOld_);
    if (prob_ < 1e-6)
      p /= 2048;
    else if (prob_ < 1e-5)
      p /= 512;
    else if (prob_ < 1e-4)
      p /= 128;
    else if (prob_ < 1e-3)
      p /= 32;
    else if (prob_ < 1e-2)
      p /= 8;
    else if (prob_ < 0.1)
      p /= 2;
    else if (p > 0.02)
      p = 0.02;  // no big jumps once dropping heavily
    prob_ += p;
    if (qdelay == 0 && qdelayOld_ == 0) prob_ *= 0.98;
    prob_ = std::clamp(prob_, 0.0, 1.0);
    burst_ = std::max<SimTime>(0, burst_ - tUpdate_);
    if (prob_ == 0 && qdelay < target_ / 2 && qdelayOld_ < target_ / 2) burst_ = maxBurst_;
    qdelayOld_ = qdelay;
  }
  uint32_t buffer() const override { return buffer_; }

 protected:
  // The drop probability and the burst allowance left (tests and the UI).
  double state(const std::string& k) const override {
    if (k == "prob") return prob_;
    if (k == "burstLeft") return toSeconds(burst_);
    return NAN;
  }

 private:
  bool dropEarly(const QueueState& q) {
    if (burst_ > 0) return false;
    if (qdelayOld_ < target_ / 2 && prob_ < 0.2) return false;
    if (q.packets <= 2) return false;
    if (!derandomize_) return prob_ > 0 && rng_.uniform() < prob_;
    if (prob_ == 0) accu_ = 0;
    accu_ += prob_;
    bool drop;
    if (accu_ < 0.85)
      drop = false;
    else if (accu_ >= 8.5)
      drop = true;
    else
      drop = rng_.uniform() < prob_;
    if (drop) accu_ = 0;
    return drop;
  }

  uint32_t buffer_ = 0;
  double target_ = 0.015, alpha_ = 0.125, beta_ = 1.25;
  SimTime tUpdate_ = 15 * kMillisecond, maxBurst_ = 150 * kMillisecond;
  bool derandomize_ = false, ecn_ = false;
  Rng rng_;
  double prob_ = 0, qdelayOld_ = 0, accu_ = 0;
  SimTime burst_ = 0;
};

}  // namespace

QueueKind pieKind() {
  return boundKind<Pie>("pie",
                        "PIE (RFC 8033): a drop probability driven by the queueing delay against its target, with a "
                        "burst allowance.");
}

}  // namespace bl
