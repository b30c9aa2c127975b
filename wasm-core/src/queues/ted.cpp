// Time-driven Early Discard (Baldi and Vesco): a deadline on the time packets spend queued;
// a packet not forwarded before its deadline is discarded (reason "deadline").
// A scheduled FIFO: the check is made when a packet reaches the head, at each departure.
//   LBD (local): a packet may wait at most D in this queue.
//   EBD (end to end): the packet carries the queueing time it has left (Packet::deadlineLeft),
//   set to D by the first TED queue it meets and charged by each TED queue with the time it
//   waited there; it is discarded by the first queue that finds the budget spent.
// D is the flow's deadline (flow key `deadline`, or `deadlineRtt` x its propagation RTT; live
// through flow.N deadline), else this queue's `deadline` for packets of no flow or of flows
// without one; packets with neither never expire. ACKs are not subject to deadlines.
// The buffer still overflows when full, but expired packets do not count against it.
// `countTransmission` (default off, the paper's "time spent in queues"): the packet's own
// transmission time on this link is charged to its deadline too, so it must *finish* leaving
// within the deadline rather than start.
// Q_max (Section II.B): the packets a TED queue can hold at most, = D_max x the summed
// capacity of the links feeding it (`inputs` links of `inputRate`, default this link's rate),
// D_max the largest deadline in force; param("qmax"), in packets, follows live deadlines.
#include "queues/ted.h"

#include <algorithm>
#include <cmath>
#include <deque>

#include "core/simulation.h"

namespace bl {

namespace {

class Ted final : public BoundQueueDisc<Ted> {
 public:
  enum class Scope { Local, EndToEnd };  // LBD, EBD
  // Whether the deadline bounds the wait summed over the path's TED queues (mode ebd).
  bool ebd() const { return scope_ == Scope::EndToEnd; }
  BL_SPEC_TABLE static const BoundSpecs<Ted>& params() {
    static const BoundSpecs<Ted> t{
        bind<&Ted::buffer_>(Spec::integer("buffer", "Buffer", "packets")
                                .defaultsTo(100000)
                                .range(1, 1000000)
                                .help("Hard limit (the paper sizes it to Q_max); expired packets do not count.")
                                .live()),
        bindChoice<&Ted::scope_>(
            "mode", "Deadline scope",
            {{"lbd", Scope::Local, "This queue (LBD)"}, {"ebd", Scope::EndToEnd, "End to end (EBD)"}}, "ebd",
            "lbd: the deadline bounds the wait in this queue; ebd: the wait summed over the TED queues of the path."),
        bind<&Ted::deadline_>(Spec::number("deadline", "Default deadline", "s")
                                  .range(0.000001, 10)
                                  .help("Deadline for packets whose flow has none (left empty: they never expire).")
                                  .live()
                                  .nullable()),
        bind<&Ted::inputs_>(Spec::integer("inputs", "Input links")
                                .defaultsTo(1)
                                .range(1, 1000)
                                .help("Links feeding this queue, for Q_max (J - 1 in the paper).")
                                .live()),
        bind<&Ted::inputRate_>(Spec::number("inputRate", "Input rate", "bit/s")
                                   .defaultsTo(0)
                                   .range(0, 1e11)
                                   .help("Capacity of each input link, for Q_max (0: this link's rate).")
                                   .live()),
        bind<&Ted::countTx_>(Spec::flag("countTransmission", "Count transmission")
                                 .defaultsTo(false)
                                 .help("Charge the packet's own transmission time on this link to its deadline (off: "
                                       "queueing time only, as the paper).")
                                 .live())};
    return t;
  }
  Ted(const ParamValues& v, const LinkInfo& link, Simulation& sim)
      : linkRate_(link.rateBps), packetSize_(link.packetSize), sim_(sim) {
    load(v);
  }
  const char* kind() const override { return "ted"; }

  DropReason onArrival(Packet&, const QueueState& q) override {
    if (q.packets < buffer_) return DropReason::None;
    // Full: only unexpired packets hold space (the expired ones leave at the head).
    uint32_t live = 0;
    for (const Packet* p : q_) live += expired(*p, q.now) ? 0 : 1;
    return live >= buffer_ ? DropReason::Overflow : DropReason::None;
  }

  bool scheduled() const override { return true; }
  void enqueue(Packet* p, SimTime) override {
    if (ebd() && p->deadlineLeft == kNever && p->kind != PacketKind::Ack) {
      const double d = deadlineOf(*p);
      if (!std::isnan(d)) p->deadlineLeft = fromSeconds(d);
    }
    q_.push_back(p);
  }

  Packet* dequeue(SimTime now, QueueOutput& out) override {
    while (!q_.empty()) {
      Packet* p = q_.front();
      q_.pop_front();
      if (expired(*p, now)) {
        out.discard(p, DropReason::Deadline);
        continue;
      }
      if (ebd() && p->deadlineLeft != kNever) p->deadlineLeft -= charged(*p, now);
      return p;
    }
    return nullptr;
  }
  uint32_t length() const override { return static_cast<uint32_t>(q_.size()); }
  uint32_t buffer() const override { return buffer_; }

 protected:
  // Q_max and the largest deadline in force (they follow live deadlines).
  double state(const std::string& k) const override {
    if (k == "dmax") return maxDeadline();
    if (k == "qmax") return qmax();
    return NAN;
  }

 private:
  double deadlineOf(const Packet& p) const {
    if (p.flow >= 0 && static_cast<size_t>(p.flow) < sim_.flowCount()) {
      const double d = sim_.attrs(p.flow).deadline;
      if (!std::isnan(d)) return d;
    }
    return deadline_;
  }
  // Time charged to the deadline if the packet starts leaving at `now`: its wait here, plus
  // with countTransmission its own transmission time.
  SimTime charged(const Packet& p, SimTime now) const {
    return now - p.enqueuedAt + (countTx_ ? txTime(p.size, linkRate_) : 0);
  }
  bool expired(const Packet& p, SimTime now) const {
    if (p.kind == PacketKind::Ack) return false;
    const SimTime waited = charged(p, now);
    if (ebd()) return p.deadlineLeft != kNever && waited > p.deadlineLeft;
    const double d = deadlineOf(p);
    return !std::isnan(d) && waited > fromSeconds(d);
  }
  // The largest deadline any packet here may have, in seconds (NaN: none).
  double maxDeadline() const {
    double m = deadline_;
    for (size_t i = 0; i < sim_.flowCount(); ++i) {
      const double d = sim_.attrs(static_cast<int>(i)).deadline;
      if (!std::isnan(d) && (std::isnan(m) || d > m)) m = d;
    }
    return m;
  }
  double qmax() const {
    const double d = maxDeadline();
    if (std::isnan(d)) return NAN;
    const double rate = inputRate_ > 0 ? inputRate_ : linkRate_;
    return d * inputs_ * rate / (8.0 * packetSize_);
  }

  uint32_t buffer_ = 0;
  Scope scope_ = Scope::EndToEnd;
  double deadline_ = NAN, inputs_ = 1, inputRate_ = 0;
  bool countTx_ = false;
  double linkRate_;
  uint32_t packetSize_;
  Simulation& sim_;
  std::deque<Packet*> q_;
};

}  // namespace

TedScope tedScope(const QueueDisc& q) {
  const Ted* t = dynamic_cast<const Ted*>(&q);
  return !t ? TedScope::None : t->ebd() ? TedScope::EndToEnd : TedScope::Local;
}

QueueKind tedKind() {
  return boundKind<Ted>(
      "ted", "Time-driven Early Discard: packets that wait past their deadline (local or end to end) are discarded.");
}

}  // namespace bl
