#include "tcp/tcp_receiver.h"

#include "core/simulation.h"

namespace bl {

TcpReceiver::TcpReceiver(Simulation& sim, int flow, const Route* ackRoute, bool delayedAck, SimTime delAckTimeout,
                         uint32_t ackSize)
    : sim_(sim),
      flow_(flow),
      route_(ackRoute),
      delayedAck_(delayedAck),
      delAckTimeout_(delAckTimeout),
      ackSize_(ackSize) {}

void TcpReceiver::receive(Packet* p) {
  if (p->kind != PacketKind::Data) {
    sim_.pool().put(p);
    return;
  }
  FlowStats& fs = sim_.flow(flow_);
  ++fs.arrivedPackets;
  fs.arrivedBytes += p->size;
  if (p->flags & kFlagCe) ++fs.markedPackets;
  if (ecn_ != Off) noteEcn(p);
  const int64_t seq = p->seq;
  bool now = true;  // acknowledge at once?
  if (seq == rcvNxt_) {
    const bool hadGap = !ooo_.empty();
    int64_t delivered = 1;
    ++rcvNxt_;
    if (hadGap && ooo_.front().start == rcvNxt_) {
      const int64_t end = ooo_.front().end;
      delivered += ooo_.removeBelow(end);
      rcvNxt_ = end;
    }
    fs.goodputPackets += static_cast<uint64_t>(delivered);
    fs.goodputBytes += static_cast<uint64_t>(delivered) * p->size;
    now = hadGap || !delayedAck_ || held_;
  } else if (seq > rcvNxt_) {
    if (ooo_.add(seq, seq + 1) > 0) noteOutOfOrder(seq);
  }
  if (!now) {  // first of a pair of in-order packets: hold the ACK
    held_ = true;
    heldTs_ = p->tsVal;
    heldDeadline_ = sim_.now() + delAckTimeout_;
    if (!timerPending_) {
      timerPending_ = true;
      sim_.sched().atTimer(heldDeadline_, this, 0);
    }
    sim_.pool().put(p);
    return;
  }
  const SimTime ecr = held_ ? heldTs_ : p->tsVal;
  held_ = false;
  sendAck(p, ecr);
}

void TcpReceiver::noteEcn(const Packet* p) {
  const bool ce = (p->flags & kFlagCe) != 0;
  if (ecn_ == Classic) {
    if (p->flags & kFlagCwr) ece_ = false;
    if (ce) ece_ = true;
    return;
  }
  if (ce != ece_ && held_) {  // the held ACK covers packets of the other state: send it now
    held_ = false;
    sendAck(sim_.pool().get(), heldTs_);
  }
  ece_ = ce;
  if (ecn_ == AccEcn && ce) ++ceCount_;
}

// One timer event at a time: an event that finds a later deadline (the ACK it was armed for
// went out with the next packet, and a new one is held) re-arms itself instead of firing.
void TcpReceiver::onEvent(uint32_t /*kind*/, uint64_t /*arg*/) {
  timerPending_ = false;
  if (!held_) return;
  if (sim_.now() < heldDeadline_) {
    timerPending_ = true;
    sim_.sched().atTimer(heldDeadline_, this, 0);
    return;
  }
  held_ = false;
  sendAck(sim_.pool().get(), heldTs_);
}

// Remembers seq as the newest out-of-order arrival, dropping older anchors of its block.
void TcpReceiver::noteOutOfOrder(int64_t seq) {
  const SeqRange* r = ooo_.find(seq);
  int64_t keep[kMaxSackBlocks];
  uint8_t n = 0;
  keep[n++] = seq;
  for (uint8_t i = 0; i < nRecent_ && n < kMaxSackBlocks; ++i) {
    const int64_t a = recent_[i];
    if (a >= rcvNxt_ && !(a >= r->start && a < r->end)) keep[n++] = a;
  }
  for (uint8_t i = 0; i < n; ++i) recent_[i] = keep[i];
  nRecent_ = n;
}

uint8_t TcpReceiver::fillSack(Packet* p) const {
  uint8_t n = 0;
  auto put = [&](const SeqRange& r) {
    for (uint8_t i = 0; i < n; ++i)
      if (p->sackStart[i] == r.start) return;
    p->sackStart[n] = r.start;
    p->sackEnd[n] = r.end;
    ++n;
  };
  for (uint8_t i = 0; i < nRecent_ && n < kMaxSackBlocks; ++i) {
    if (recent_[i] < rcvNxt_) continue;
    if (const SeqRange* r = ooo_.find(recent_[i])) put(*r);
  }
  for (size_t i = ooo_.size(); i-- > 0 && n < kMaxSackBlocks;) put(ooo_[i]);
  return n;
}

void TcpReceiver::sendAck(Packet* p, SimTime tsEcr) {
  const SimTime t = sim_.now();
  p->route = route_;
  p->hop = 0;
  p->kind = PacketKind::Ack;
  // AccEcn: the counter, not ECE, carries the marks (ECE is then part of the ACE field).
  p->flags = static_cast<uint8_t>((ooo_.empty() ? 0 : kFlagDupAckHint) | (ece_ && ecn_ != AccEcn ? kFlagEce : 0));
  p->ace = static_cast<uint8_t>(ceCount_ & 7);
  p->size = ackSize_;
  p->flow = flow_;
  p->seq = rcvNxt_;
  p->tsVal = t;
  p->tsEcr = tsEcr;
  p->bornAt = t;
  p->enqueuedAt = 0;
  p->next = nullptr;
  p->nSack = fillSack(p);
  ++acksSent_;
  sim_.forward(p);
}

}  // namespace bl
