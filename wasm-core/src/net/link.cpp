#include "net/link.h"

#include "core/simulation.h"

namespace bl {

namespace {
enum : uint32_t { kArrive = 1, kQueueUpdate = 2, kTxDone = 3, kDropBase = 16 };  // kDropBase + DropReason
}

Link::Link(Simulation& sim, int index, std::string name, double rateBps, SimTime delay, std::unique_ptr<QueueDisc> q)
    : sim_(sim), index_(index), name_(std::move(name)), rate_(rateBps), delay_(delay), queue_(std::move(q)) {
  // Powers of two, doubled when full: small at first, as most links of a big graph stay idle.
  ring_.resize(4);
  wire_.resize(4);
  tracksDepartures_ = queue_->tracksDepartures();
  scheduled_ = queue_->scheduled();
  scheduleUpdate();
}

Link::~Link() = default;

void Link::scheduleUpdate() {
  if (SimTime p = queue_->updatePeriod(); p > 0) sim_.sched().after(p, this, kQueueUpdate);
}

void Link::popStarted(SimTime now) {
  while (count_ > 0 && ring_[head_].start <= now) {
    if (tracksDepartures_) queue_->onDeparture(ring_[head_].flow, ring_[head_].start);
    head_ = (head_ + 1) & (ring_.size() - 1);
    --count_;
  }
}

uint32_t Link::queueLength() {
  if (scheduled_) return queue_->length();
  popStarted(sim_.now());
  return static_cast<uint32_t>(count_);
}

double Link::waitIntegral() const {
  if (!scheduled_) return waitIntegral_;
  return waitIntegral_ + static_cast<double>(queue_->length()) * static_cast<double>(sim_.now() - lastChange_);
}

QueueState Link::state(SimTime now) {
  QueueState q;
  if (scheduled_) {
    q.packets = queue_->length();
  } else {
    popStarted(now);
    q.packets = static_cast<uint32_t>(count_);
  }
  q.idle = q.packets == 0 && busyUntil_ <= now;
  q.idleSince = busyUntil_;
  q.now = now;
  q.wait = busyUntil_ > now ? busyUntil_ - now : 0;
  return q;
}

void Link::setTrace(std::shared_ptr<const DeliveryTrace> t) {
  trace_ = std::move(t);
  rate_ = trace_->meanRate();
  traceNext_ = 0;
  traceLeft_ = kTraceMtu;
}

SimTime Link::traceStart(SimTime now) {
  if (const uint64_t j = trace_->firstAtOrAfter(now); j > traceNext_) {  // opportunities before now were lost
    traceNext_ = j;
    traceLeft_ = kTraceMtu;
  }
  return trace_->timeOf(traceNext_);
}

SimTime Link::traceBusyUpTo(SimTime t) const {
  while (!traceOut_.empty() && traceOut_.front().first <= t) {
    traceBusy_ += txTime(traceOut_.front().second, rate_);
    traceOut_.pop_front();
  }
  return traceBusy_;
}

void Link::traceServe(uint32_t size) {
  uint32_t bytes = size;
  while (bytes > traceLeft_) {  // fill this opportunity, go on in the next
    bytes -= traceLeft_;
    ++traceNext_;
    traceLeft_ = kTraceMtu;
  }
  traceLeft_ -= bytes;
  traceDepart_ = trace_->timeOf(traceNext_);
  traceOut_.emplace_back(traceDepart_, size);
  if (traceLeft_ == 0) {
    ++traceNext_;
    traceLeft_ = kTraceMtu;
  }
}

void Link::receive(Packet* p) { arrive(p, sim_.now()); }

// A packet crossing a run of early-ok links is handed from link to link in this loop, not by
// recursion: a chain of 65535 hops must not need 65535 stack frames.
void Link::arrive(Packet* p, SimTime at) {
  Handoff h{this, at};
  while (h.next) h = h.next->admit(p, h.at);
}

Link::Handoff Link::admit(Packet* p, SimTime now) {
  if (loss_ && loss_->beforeQueue && !(p->flags & kFlagProtected) && loss_->lose(now)) {
    dropAt(p, DropReason::Exogenous, now);
    return {nullptr, 0};
  }
  const QueueState q = state(now);
  const DropReason why = queue_->onArrival(*p, q);
  if (why != DropReason::None) {
    ++queue_->drops[static_cast<int>(why)];
    dropAt(p, why, now);
    return {nullptr, 0};
  }
  p->enqueuedAt = now;
  ++admitted_;
  if (scheduled_) return admitScheduled(p, now);
  const SimTime start = trace_ ? traceStart(now) : busyUntil_ > now ? busyUntil_ : now;
  if (sojourn_) sojourn_->add(start - now);
  if (start > now || tracksDepartures_) {
    if (count_ == ring_.size()) {  // grow the ring, keeping order
      std::vector<Waiting> bigger(ring_.size() * 2);
      for (size_t i = 0; i < count_; ++i) bigger[i] = ring_[(head_ + i) & (ring_.size() - 1)];
      ring_.swap(bigger);
      head_ = 0;
    }
    ring_[(head_ + count_) & (ring_.size() - 1)] = Waiting{start, p->flow};
    ++count_;
    waitIntegral_ += static_cast<double>(start - now);
    if (start == now) popStarted(now);  // not waiting at all: leaves the queue at once
  }
  return transmit(p, start, now);
}

Link::Handoff Link::transmit(Packet* p, SimTime start, SimTime now) {
  if (p->size != lastSize_ || rate_ != lastRate_) {
    lastSize_ = p->size;
    lastRate_ = rate_;
    lastTx_ = txTime(p->size, rate_);
  }
  if (trace_) traceServe(p->size);
  busyUntil_ = trace_ ? traceDepart_ : start + lastTx_;
  cumBusy_ += lastTx_;
  if (loss_ && !loss_->beforeQueue && !(p->flags & kFlagProtected) && loss_->lose(start)) {
    dropAt(p, DropReason::Exogenous, now);
    return {nullptr, 0};
  }
  const SimTime there = busyUntil_ + delay_;
  const Route* r = p->route;
  if (p->hop < r->early.size() && r->early[p->hop]) return {r->early[p->hop++], there};
  pushWire(there, p);
  return {nullptr, 0};
}

void Link::accumulate(SimTime now) {
  waitIntegral_ += static_cast<double>(queue_->length()) * static_cast<double>(now - lastChange_);
  lastChange_ = now;
}

Link::Handoff Link::admitScheduled(Packet* p, SimTime now) {
  if (!trace_ && !txPending_ && busyUntil_ <= now && queue_->length() == 0) {
    if (sojourn_) sojourn_->add(0);
    return transmit(p, now, now);  // idle link, empty queue: straight onto the wire
  }
  accumulate(now);
  queue_->enqueue(p, now, *this);
  if (!txPending_) {
    txPending_ = true;
    sim_.sched().at(trace_ ? traceStart(now) : busyUntil_ > now ? busyUntil_ : now, this, kTxDone);
  }
  return {nullptr, 0};
}

void Link::sendNextScheduled() {
  const SimTime now = sim_.now();
  txPending_ = false;
  accumulate(now);
  Packet* p = queue_->dequeue(now, *this);
  if (!p) return;
  accumulate(now);
  if (sojourn_) sojourn_->add(now - p->enqueuedAt);
  if (const Handoff h = transmit(p, now, now); h.next) h.next->arrive(p, h.at);
  if (queue_->length() > 0) {
    txPending_ = true;
    sim_.sched().at(trace_ ? traceStart(now) : busyUntil_, this, kTxDone);
  }
}

void Link::discard(Packet* p, DropReason why) {
  ++queue_->drops[static_cast<int>(why)];
  sim_.drop(p, why, index_);
}

void Link::dropAt(Packet* p, DropReason why, SimTime at) {
  // A link taking packets ahead of time reports the drop when it really happens, so
  // counters and samples see it in the right interval (and not at all past the run's end).
  if (at > sim_.now())
    sim_.sched().at(at, this, kDropBase + static_cast<uint32_t>(why), reinterpret_cast<uint64_t>(p));
  else
    sim_.drop(p, why, index_);
}

void Link::pushWire(SimTime at, Packet* p) {
  if (wireCount_ == wire_.size()) {
    std::vector<InFlight> bigger(wire_.size() * 2);
    for (size_t i = 0; i < wireCount_; ++i) bigger[i] = wire_[(wireHead_ + i) & (wire_.size() - 1)];
    wire_.swap(bigger);
    wireHead_ = 0;
  }
  wire_[(wireHead_ + wireCount_) & (wire_.size() - 1)] = InFlight{at, p};
  if (wireCount_++ == 0) sim_.sched().at(at, this, kArrive);
}

void Link::onEvent(uint32_t kind, uint64_t arg) {
  if (kind == kArrive) {
    Packet* p = wire_[wireHead_].p;
    wireHead_ = (wireHead_ + 1) & (wire_.size() - 1);
    if (--wireCount_ > 0) sim_.sched().at(wire_[wireHead_].at, this, kArrive);
    sim_.forward(p);
  } else if (kind == kTxDone) {
    sendNextScheduled();
  } else if (kind >= kDropBase) {
    sim_.drop(reinterpret_cast<Packet*>(arg), static_cast<DropReason>(kind - kDropBase), index_);
  } else if (kind == kQueueUpdate) {
    queue_->update(state(sim_.now()));
    scheduleUpdate();
  }
}

}  // namespace bl
