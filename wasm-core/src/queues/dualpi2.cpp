// DualPI2, the DualQ Coupled AQM of L4S (RFC 9332, its Appendix A example, with Linux's
// sch_dualpi2 defaults). Two FIFOs share one buffer: the classifier (RFC 9331) sends ECT(1)
// and CE packets to the L4S queue and everything else (not-ECT, ECT(0)) to the Classic queue.
//
// Base probability p', a PI controller (PI2) updated every tUpdate (16 ms):
//   p' += alpha (qdelay - target) + beta (qdelay - qdelay_old),   clamped to [0, 1],
// alpha = 0.16 /s, beta = 3.2 /s, target = 15 ms (Linux's defaults, 41/256 and 819/256 Hz with
// Tupdate 16 ms; RFC 9332 A.1's example derives Tupdate = min(target, RTT_max / 3) = 15 ms,
// alpha = 0.1 Tupdate / RTT_max^2 = 0.15 /s and beta = 0.3 / RTT_max = 3 /s from RTT_max =
// 100 ms), qdelay the larger of the two queues' head sojourn times (Linux; 0 when empty).
// From p' come the Classic drop/mark probability p_C = p'^2 (the square that makes Reno-like
// flows, whose rate goes as 1/sqrt(p), equal scalable ones, whose rate goes as 1/p) and the
// coupled L4S marking probability p_CL = k p' (k = 2).
//
// At dequeue (RFC 9332 A.1, whose scheduler() is left abstract), the scheduler is a time-shifted
// FIFO (as ns-3's model from the draft's earlier pseudocode): the L4S head leaves first unless
// the Classic head has waited more than tshift (30 ms here, 2 x target) longer. Linux uses a
// credit-based weighted round robin instead (c_protection, Classic weight 10 %), here the option
// `wrr`: a credit in bytes starts at MTU x (wc - wl); the L4S head leaves while the credit is
// <= 0 (or the Classic queue is empty) and adds wc x its size, a Classic packet subtracts wl x
// its size, each only while the other queue waits; both queues empty reset it. An L4S packet
// is marked CE with p_L = max(p_native, p_CL), p_native the L4S queue's own marking: 1 once its
// sojourn exceeds stepThresh (1 ms; Linux's do_step_aqm marks when sojourn > step_thresh), or a
// ramp above stepThresh over stepRange (RFC 9332 A.1's example: 800 us + 400 us); Linux's
// min_qlen_step (stepMinPackets) lets the step apply only to a packet that found at least that
// many L4S packets queued when it arrived (skb_apply_step at enqueue). A Classic packet is hit
// with p_C (two draws both below p', as Linux): an ECT(0) packet is marked CE, a not-ECT packet
// dropped.
// Overload (RFC 9332 4.2.3, Linux's drop_on_overload): once k p' > 1 the coupled probability
// has saturated, so the L4S queue is no longer controlled by marks: L4S packets are dropped
// with p_C like Classic ones (the rest are marked), and Classic ECT packets are dropped instead
// of marked. With dropOnOverload off, p' stops at 1/k (Linux caps it there) and nothing drops.
// As Linux's must_drop, no packet is dropped or coupled-marked while less than 2 MTUs remain
// queued behind the one leaving (the step still applies). A packet that finds both queues empty and the link idle is
// sent at once and sees no AQM (its sojourn is 0). Drops at dequeue count as early drops; a full buffer (both queues,
// in packets) refuses the arrival as overflow.
#include "queues/dualpi2.h"

#include <algorithm>
#include <deque>

#include "core/simulation.h"
#include "queues/codel.h"

namespace bl {

namespace {

bool isL4s(const Packet& p) { return (p.flags & kFlagCe) || ((p.flags & kFlagEct) && p.ect1); }

class DualPi2 final : public BoundQueueDisc<DualPi2> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<DualPi2>& params() {
    static const BoundSpecs<DualPi2> t{
        bind<&DualPi2::buffer_>(
            Spec::integer("buffer", "Limit", "packets")
                .defaultsTo(10000)
                .range(1, 100000)
                .help("Packets both queues hold together (Linux: 10000); arrivals beyond it overflow.")
                .live()),
        bind<&DualPi2::target_>(Spec::number("target", "Classic target", "s")
                                    .defaultsTo(0.015)
                                    .range(0.0001, 1)
                                    .help("Queueing delay the PI2 controller holds the Classic queue at (15 ms).")
                                    .live()),
        bindSeconds<&DualPi2::tUpdate_>(Spec::number("tUpdate", "Update interval", "s")
                                            .defaultsTo(0.016)
                                            .range(0.001, 1)
                                            .help("How often the base probability p' is recomputed (Linux: 16 ms).")),
        bind<&DualPi2::alpha_>(Spec::number("alpha", "Alpha", "1/s")
                                   .defaultsTo(0.16)
                                   .range(0, 100)
                                   .help("Integral gain: weight of the delay error (qdelay - target) per update.")
                                   .live()),
        bind<&DualPi2::beta_>(Spec::number("beta", "Beta", "1/s")
                                  .defaultsTo(3.2)
                                  .range(0, 100)
                                  .help("Proportional gain: weight of the delay's change since the last update.")
                                  .live()),
        bind<&DualPi2::k_>(Spec::number("k", "Coupling factor")
                               .defaultsTo(2)
                               .range(0.1, 100)
                               .help("L4S queue's coupled marking probability = k x p' (RFC 9332: 2).")
                               .live()),
        bindSeconds<&DualPi2::stepThresh_>(
            Spec::number("stepThresh", "L4S marking threshold", "s")
                .defaultsTo(0.001)
                .range(0, 1)
                .help("L4S packets that waited longer than this are marked CE (Linux: 1 ms).")
                .live()),
        bindSeconds<&DualPi2::stepRange_>(Spec::number("stepRange", "L4S ramp width", "s")
                                              .defaultsTo(0)
                                              .range(0, 1)
                                              .help("0: a step at the threshold (Linux); else marking rises from 0 at "
                                                    "the threshold to 1 this much later "
                                                    "(RFC 9332's example: 0.4 ms above 0.8 ms).")
                                              .live()),
        bind<&DualPi2::stepMinPackets_>(Spec::integer("stepMinPackets", "L4S marking minimum queue", "packets")
                                            .defaultsTo(0)
                                            .range(0, 100000)
                                            .help("Threshold marking applies only to an L4S packet that found at least "
                                                  "this many L4S packets queued on arrival (Linux's min_qlen_step: 0).")
                                            .live()),
        bindSeconds<&DualPi2::tshift_>(
            Spec::number("tshift", "Scheduler time shift", "s")
                .defaultsTo(0.03)
                .range(0, 10)
                .help("The Classic head leaves first only if it waited this much longer than the "
                      "L4S head (here 2 x the Classic target; Linux schedules by weighted round robin instead).")
                .live()),
        bind<&DualPi2::wrr_>(Spec::flag("wrr", "Credit scheduler")
                                 .defaultsTo(false)
                                 .help("Schedule as Linux does: a weighted round robin on credit in bytes that gives "
                                       "the Classic queue its weight when both queues wait (off: time-shifted FIFO).")
                                 .live()),
        bind<&DualPi2::classicWeight_>(Spec::integer("classicWeight", "Classic protection", "%")
                                           .defaultsTo(10)
                                           .range(0, 100)
                                           .help("With the credit scheduler, the Classic queue's share of the link "
                                                 "while both queues wait (Linux's classic_protection: 10 %).")
                                           .live()),
        bind<&DualPi2::dropOnOverload_>(
            Spec::flag("dropOnOverload", "Drop on overload")
                .defaultsTo(true)
                .help("When k x p' exceeds 1, drop L4S packets with p'^2 as Classic ones and "
                      "drop instead of mark (Linux's drop_on_overload); off: p' stops at 1/k.")
                .live())};
    return t;
  }
  DualPi2(const ParamValues& v, const LinkInfo& link, Simulation& sim)
      : mtu_(link.packetSize), rng_(sim.stream("dualpi2." + link.name)) {
    load(v);
    credit_ = resetCredit();
  }
  const char* kind() const override { return "dualpi2"; }
  bool scheduled() const override { return true; }

  DropReason onArrival(Packet& p, const QueueState& q) override {
    if (q.packets >= buffer_) return DropReason::Overflow;
    if (q.idle) (isL4s(p) ? lDelay_ : cDelay_).add(0);  // straight onto the wire (Link::admitScheduled)
    return DropReason::None;
  }
  void enqueue(Packet* p, SimTime) override {
    if (!isL4s(*p)) return c_.push(p);
    stepApplies_.push_back(l_.packets >= stepMinPackets_);  // Linux: decided at enqueue
    l_.push(p);
  }

  Packet* dequeue(SimTime now, QueueOutput& out) override {
    while (l_.packets + c_.packets > 0) {
      const bool fromL = wrr_ ? l_.head && (!c_.head || credit_ <= 0)
                              : l_.head && (!c_.head || l_.head->enqueuedAt - tshift_ <= c_.head->enqueuedAt);
      // Linux's dequeue_packet: the credit moves only while the other queue waits, and only for a
      // packet that is sent (a dropped one leaves it as it was).
      const bool otherWaits = fromL ? c_.head != nullptr : l_.head != nullptr;
      Packet* p = (fromL ? l_ : c_).pop();
      const SimTime sojourn = now - p->enqueuedAt;
      const bool aqm = l_.bytes + c_.bytes >= 2 * uint64_t{mtu_};  // Linux: no AQM below 2 MTUs left
      if (fromL) {
        const bool step = stepApplies_.front();
        stepApplies_.pop_front();
        if (overloaded()) {
          if (dropOnOverload_ && aqm && squaredRoll()) {
            out.discard(p, DropReason::Early);
            continue;
          }
          mark(*p);  // p_L saturated at 1
        } else {
          const double pl = std::max(step ? nativeProb(sojourn) : 0.0, aqm ? couplingProb() : 0.0);
          if (pl >= 1 || (pl > 0 && rng_.uniform() < pl)) mark(*p);
        }
        lDelay_.add(sojourn);
      } else {
        if (aqm && squaredRoll() && (overloaded() || !mark(*p))) {
          out.discard(p, DropReason::Early);
          continue;
        }
        cDelay_.add(sojourn);
      }
      if (otherWaits) credit_ += fromL ? int64_t{classicWeight_} * p->size : -int64_t{100 - classicWeight_} * p->size;
      return p;
    }
    credit_ = resetCredit();  // both queues empty: Linux's dualpi2_reset_c_protection
    return nullptr;
  }
  uint32_t length() const override { return l_.packets + c_.packets; }
  uint32_t buffer() const override { return buffer_; }
  SimTime updatePeriod() const override { return std::max<SimTime>(1, tUpdate_); }
  void update(const QueueState& q) override {
    const SimTime l = l_.head ? q.now - l_.head->enqueuedAt : 0, c = c_.head ? q.now - c_.head->enqueuedAt : 0;
    const double qdelay = toSeconds(std::max(l, c));
    prob_ += alpha_ * (qdelay - target_) + beta_ * (qdelay - qdelayOld_);
    prob_ = std::clamp(prob_, 0.0, dropOnOverload_ ? 1.0 : std::min(1.0, 1 / k_));
    qdelayOld_ = qdelay;
  }
  // Sojourn times of each queue's packets (0 for those sent at once), for the summary.
  size_t delayClasses() const override { return 2; }
  const char* delayClassName(size_t i) const override { return i == 0 ? "l4s" : "classic"; }
  DelayStats* delayClass(size_t i) override { return i == 0 ? &lDelay_ : &cDelay_; }

 protected:
  // p' and what derives from it, each queue's length (tests and the UI).
  double state(const std::string& key) const override {
    if (key == "prob") return prob_;
    if (key == "probC") return prob_ * prob_;
    if (key == "probCL") return couplingProb();
    if (key == "overload") return overloaded() ? 1 : 0;
    if (key == "l4sPackets") return l_.packets;
    if (key == "classicPackets") return c_.packets;
    return NAN;
  }

 private:
  bool overloaded() const { return k_ * prob_ > 1; }
  // Linux's c_protection_init: MTU x (wc - wl), negative (L4S first) while wl > wc.
  int64_t resetCredit() const { return int64_t{mtu_} * (int64_t{classicWeight_} - (100 - int64_t{classicWeight_})); }
  double couplingProb() const { return std::min(1.0, k_ * prob_); }
  double nativeProb(SimTime sojourn) const {
    if (sojourn <= stepThresh_) return 0;
    if (stepRange_ <= 0 || sojourn >= stepThresh_ + stepRange_) return 1;
    return static_cast<double>(sojourn - stepThresh_) / static_cast<double>(stepRange_);
  }
  // True with probability p'^2: two draws both below p' (Linux's squared roll).
  bool squaredRoll() {
    if (prob_ <= 0) return false;
    const bool a = rng_.uniform() < prob_;
    const bool b = rng_.uniform() < prob_;
    return a && b;
  }

  uint32_t buffer_ = 0, stepMinPackets_ = 0, mtu_ = 1000;
  double target_ = 0.015, alpha_ = 0.16, beta_ = 3.2, k_ = 2;
  SimTime tUpdate_ = 16 * kMillisecond, stepThresh_ = kMillisecond, stepRange_ = 0, tshift_ = 30 * kMillisecond;
  bool dropOnOverload_ = true, wrr_ = false;
  uint32_t classicWeight_ = 10;
  int64_t credit_ = -80000;  // resetCredit() at the defaults (1000 B, 10 %)
  Rng rng_;
  PacketFifo l_, c_;
  std::deque<bool> stepApplies_;  // per L4S packet, in queue order: did it find stepMinPackets ahead?
  double prob_ = 0, qdelayOld_ = 0;
  DelayStats lDelay_, cDelay_;
};

}  // namespace

QueueKind dualPi2Kind() {
  return boundKind<DualPi2>("dualpi2",
                            "DualPI2 (RFC 9332, L4S): ECT(1) packets in a shallow queue marked once they wait past its "
                            "step threshold, the rest in a Classic queue held near its target by PI2, coupled so both "
                            "kinds of flow share the link.");
}

}  // namespace bl
