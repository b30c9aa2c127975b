// Adaptive Head-to-Tail (Dimitriou and Tsaoussidis): instead of dropping early, delay.
// A scheduled discipline: at each departure, while the queue is between minFill and maxFill
// of the buffer (the pulse rearrange-probability function), the head is, with probability
// p_htt, moved to the tail together with every other packet of its flow, in their order (so
// the flow sees no reordering), and the new head is considered in turn. A packet is moved at
// most once in this router: moving marks it (kFlagRearranged), a marked head is sent, and the
// mark is cleared when it leaves. Every `interval` p_htt adapts to the ratio of overflow drops
// to admitted packets over that interval: x factor if it rose, / factor otherwise (equal
// ratios, almost always 0 = 0, count as not rising), capped at pMax. There are no early
// drops: only arrivals to a full buffer are lost.
// A flow here is (flow index, packet kind): data of flow i and ACKs of flow i travel in
// opposite directions and are different connections at a router. Packets of no flow (UDP
// cross traffic) are never moved.
#include "queues/htt.h"

#include <algorithm>
#include <deque>

#include "core/simulation.h"

namespace bl {

namespace {

// A scenario's minFill <= maxFill (the builder adds the field path).
bool fillsValid(const ParamValues& v, std::string& err) {
  if (v.num("minFill") <= v.num("maxFill")) return true;
  err = "minFill (" + jsonNumber(v.num("minFill")) + ") must not exceed maxFill (" + jsonNumber(v.num("maxFill")) + ")";
  return false;
}

class HeadToTail final : public BoundQueueDisc<HeadToTail> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<HeadToTail>& params() {
    static const BoundSpecs<HeadToTail> t{
        bind<&HeadToTail::buffer_>(Spec::integer("buffer", "Buffer", "packets")
                                       .defaultsTo(100)
                                       .range(1, 100000)
                                       .help("Arrivals to a full buffer overflow (HtT's only drops).")
                                       .live()),
        bind<&HeadToTail::p_>(Spec::number("pInit", "Initial p_htt")
                                  .defaultsTo(0.1)
                                  .range(0, 1)
                                  .help("Rearrange probability at the start.")),
        bind<&HeadToTail::pMax_>(Spec::number("pMax", "Max p_htt")
                                     .defaultsTo(0.2)
                                     .range(0, 1)
                                     .help("Cap on the adapted rearrange probability.")
                                     .live()),
        bind<&HeadToTail::minFill_>(Spec::number("minFill", "Lower fill")
                                        .defaultsTo(0.1)
                                        .range(0, 1)
                                        .help("Rearrange only when the queue is at least this full.")
                                        .live()),
        bind<&HeadToTail::maxFill_>(Spec::number("maxFill", "Upper fill")
                                        .defaultsTo(0.9)
                                        .range(0, 1)
                                        .help("... and at most this full (the pulse function).")
                                        .live()),
        bind<&HeadToTail::factor_>(
            Spec::number("factor", "Adaptation factor")
                .defaultsTo(1.1)
                .range(1, 10)
                .help("p_htt is multiplied (drop ratio rose) or divided (it did not) by this each interval.")
                .live()),
        bindSeconds<&HeadToTail::interval_>(Spec::number("interval", "Adaptation interval", "s")
                                                .defaultsTo(1)
                                                .range(0.01, 60)
                                                .help("How often p_htt adapts."))};
    return t;
  }
  HeadToTail(const ParamValues& v, const LinkInfo& link, Simulation& sim) : rng_(sim.stream("htt." + link.name)) {
    load(v);
    p_ = std::min(p_, pMax_);
  }
  const char* kind() const override { return "htt"; }

  DropReason onArrival(Packet&, const QueueState& q) override {
    if (q.packets >= buffer_) {
      ++dropped_;
      return DropReason::Overflow;
    }
    ++enqueued_;
    return DropReason::None;
  }

  bool scheduled() const override { return true; }
  void enqueue(Packet* p, SimTime) override { q_.push_back(p); }

  Packet* dequeue(SimTime, QueueOutput&) override {
    while (!q_.empty()) {
      Packet* head = q_.front();
      const double fill = static_cast<double>(q_.size()) / buffer_;
      const bool eligible = head->flow >= 0 && !(head->flags & kFlagRearranged) && fill >= minFill_ && fill <= maxFill_;
      if (!eligible || !rng_.bernoulli(p_)) break;
      rearrange();
    }
    if (q_.empty()) return nullptr;
    Packet* p = q_.front();
    q_.pop_front();
    p->flags &= static_cast<uint8_t>(~kFlagRearranged);
    return p;
  }
  uint32_t length() const override { return static_cast<uint32_t>(q_.size()); }
  uint32_t buffer() const override { return buffer_; }

  SimTime updatePeriod() const override { return interval_; }
  void update(const QueueState&) override {
    const double ratio = enqueued_ > 0 ? static_cast<double>(dropped_) / static_cast<double>(enqueued_) : 0;
    p_ = ratio > oldRatio_ ? std::min(p_ * factor_, pMax_) : p_ / factor_;
    oldRatio_ = ratio;
    enqueued_ = dropped_ = 0;
    ++adaptations_;
  }

 protected:
  // The adapted probability (p, pHtt; pInit reads the same member) and the rearrangement counts.
  double state(const std::string& k) const override {
    if (k == "p" || k == "pHtt") return p_;
    if (k == "rearrangements") return static_cast<double>(rearrangements_);
    if (k == "moved") return static_cast<double>(moved_);
    return NAN;
  }
  bool consistent(const std::string& k, double v, std::string& err) const override {
    const double lo = k == "minFill" ? v : minFill_, hi = k == "maxFill" ? v : maxFill_;
    if (lo > hi) {
      err = "htt." + k + ": minFill (" + jsonNumber(lo) + ") must not exceed maxFill (" + jsonNumber(hi) + ")";
      return false;
    }
    return true;
  }
  void onChange(const std::string& k) override {
    if (k == "pMax") p_ = std::min(p_, pMax_);
  }

 private:
  // The head and every packet of its flow go to the tail, in their order, marked.
  void rearrange() {
    const int32_t flow = q_.front()->flow;
    const PacketKind kind = q_.front()->kind;
    auto same = [&](const Packet* p) { return p->flow == flow && p->kind == kind; };
    auto mid = std::stable_partition(q_.begin(), q_.end(), [&](const Packet* p) { return !same(p); });
    for (auto it = mid; it != q_.end(); ++it) {
      (*it)->flags |= kFlagRearranged;
      ++moved_;
    }
    ++rearrangements_;
  }

  uint32_t buffer_ = 0;
  double p_ = 0, pMax_ = 0, minFill_ = 0, maxFill_ = 1, factor_ = 1;
  SimTime interval_ = kSecond;
  Rng rng_;
  std::deque<Packet*> q_;
  uint64_t enqueued_ = 0, dropped_ = 0;
  double oldRatio_ = 0;
  uint64_t rearrangements_ = 0, moved_ = 0, adaptations_ = 0;
};

}  // namespace

QueueKind httKind() {
  return boundKind<HeadToTail>(
      "htt",
      "Head-to-Tail: at each departure, with adaptive probability p_htt, moves the head's whole flow to the tail "
      "(delay, not drops).",
      fillsValid);
}

}  // namespace bl
