// CoDel, "Controlled Delay" (RFC 8289; Nichols and Jacobson, ACM Queue 2012). It watches the
// sojourn time of each packet it dequeues. Once the sojourn has stayed above `target` (5 ms)
// for a whole `interval` (100 ms), it enters the dropping state: it drops the head packet and
// then one more at each time the control law gives, interval / sqrt(count) after the last,
// so the drop rate grows with the square root of the number of drops (a linear decrease of
// a Reno window per drop). It leaves the dropping state when a packet's sojourn falls below
// target or the queue holds at most one MTU. Re-entering soon after (within 16 intervals),
// count resumes from the drops of the last episode (count - lastCount) rather than 1.
// Drops are at the head (the oldest packet), so a sender learns of congestion a queue earlier
// than from a tail drop. With `ecn`, an ECN-capable packet is marked CE instead of dropped
// (and is the one sent).
// The queue is scheduled: the link calls dequeue() at each departure.
#include "queues/codel.h"

#include <cmath>

#include "core/simulation.h"

namespace bl {

BL_SPEC_TABLE const CodelSpecs& codelSpecs() {
  static const CodelSpecs s{Spec::number("target", "Target", "s")
                                .defaultsTo(0.005)
                                .range(0.0001, 1)
                                .help("Acceptable standing queueing delay (RFC 8289: 5 ms).")
                                .live(),
                            Spec::number("interval", "Interval", "s")
                                .defaultsTo(0.1)
                                .range(0.001, 10)
                                .help("How long the delay may stay above target before dropping starts; of the order "
                                      "of the worst RTT (100 ms).")
                                .live(),
                            Spec::flag("ecn", "ECN marking")
                                .defaultsTo(false)
                                .help("Mark ECN-capable packets CE instead of dropping them.")
                                .live()};
  return s;
}

CodelCore::CodelCore()
    : target(fromSeconds(codelSpecs().target.def)),
      interval(fromSeconds(codelSpecs().interval.def)),
      ecn(codelSpecs().ecn.def != 0) {}

SimTime CodelCore::controlLaw(SimTime t, uint32_t n) const {
  return t + static_cast<SimTime>(std::llround(static_cast<double>(interval) / std::sqrt(static_cast<double>(n))));
}

Packet* CodelCore::doDequeue(PacketFifo& q, SimTime now, bool& okToDrop) {
  okToDrop = false;
  Packet* p = q.pop();
  if (!p) {
    firstAboveTime = 0;
    return nullptr;
  }
  const SimTime sojourn = now - p->enqueuedAt;
  if (sojourn < target || q.bytes <= mtu) {  // bytes still queued behind it
    firstAboveTime = 0;
  } else if (firstAboveTime == 0) {
    firstAboveTime = now + interval;
  } else if (now >= firstAboveTime) {
    okToDrop = true;
  }
  return p;
}

bool CodelCore::markOrDrop(Packet* p, QueueOutput& out) {
  if (ecn && (p->flags & kFlagEct)) {
    p->flags |= kFlagCe;
    ++marks;
    return true;
  }
  ++drops;
  out.discard(p, DropReason::Early);
  return false;
}

Packet* CodelCore::dequeue(PacketFifo& q, SimTime now, QueueOutput& out) {
  bool ok;
  Packet* p = doDequeue(q, now, ok);
  if (!p) {
    dropping = false;
    return nullptr;
  }
  if (dropping) {
    if (!ok) {
      dropping = false;
    } else {
      while (now >= dropNext && dropping) {
        ++count;
        if (markOrDrop(p, out)) {
          dropNext = controlLaw(dropNext, count);
          return p;
        }
        p = doDequeue(q, now, ok);
        if (!p || !ok)
          dropping = false;
        else
          dropNext = controlLaw(dropNext, count);
      }
    }
  } else if (ok) {
    const bool marked = markOrDrop(p, out);
    if (!marked) p = doDequeue(q, now, ok);
    dropping = true;
    const uint32_t delta = count - lastCount;
    count = delta > 1 && now - dropNext < 16 * interval ? delta : 1;
    dropNext = controlLaw(now, count);
    lastCount = count;
  }
  return p;
}

namespace {

class Codel final : public BoundQueueDisc<Codel> {
 public:
  BL_SPEC_TABLE static const BoundSpecs<Codel>& params() {
    static const BoundSpecs<Codel> t{bind<&Codel::buffer_>(bufferSpec(1000)),
                                     bindSeconds<&Codel::core_, &CodelCore::target>(codelSpecs().target),
                                     bindSeconds<&Codel::core_, &CodelCore::interval>(codelSpecs().interval),
                                     bind<&Codel::core_, &CodelCore::ecn>(codelSpecs().ecn)};
    return t;
  }
  Codel(const ParamValues& v, const LinkInfo& link, Simulation&) {
    load(v);
    core_.mtu = link.packetSize;
  }
  const char* kind() const override { return "codel"; }
  DropReason onArrival(Packet&, const QueueState& q) override {
    return q.packets >= buffer_ ? DropReason::Overflow : DropReason::None;
  }
  bool scheduled() const override { return true; }
  void enqueue(Packet* p, SimTime) override { fifo_.push(p); }
  Packet* dequeue(SimTime now, QueueOutput& out) override {
    Packet* p = core_.dequeue(fifo_, now, out);
    marks = core_.marks;
    return p;
  }
  uint32_t length() const override { return fifo_.packets; }
  uint32_t buffer() const override { return buffer_; }
  const CodelCore& core() const { return core_; }

 private:
  uint32_t buffer_ = 0;
  PacketFifo fifo_;
  CodelCore core_;
};

}  // namespace

QueueKind codelKind() {
  return boundKind<Codel>(
      "codel",
      "CoDel (RFC 8289): drops from the head once the queueing delay has stayed above target for an interval, then "
      "at interval / sqrt(count).");
}

}  // namespace bl
