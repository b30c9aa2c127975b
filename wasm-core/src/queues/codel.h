// CoDel (RFC 8289) and the controller FQ-CoDel runs on each of its queues. See codel.cpp.
#pragma once
#include <cstdint>

#include "net/queue_disc.h"

namespace bl {

QueueKind codelKind();

// A FIFO of packets linked through Packet::next, with its byte count.
struct PacketFifo {
  Packet* head = nullptr;
  Packet* tail = nullptr;
  uint32_t packets = 0;
  uint64_t bytes = 0;
  void push(Packet* p) {
    p->next = nullptr;
    if (tail)
      tail->next = p;
    else
      head = p;
    tail = p;
    ++packets;
    bytes += p->size;
  }
  Packet* pop() {
    Packet* p = head;
    if (!p) return nullptr;
    head = p->next;
    if (!head) tail = nullptr;
    p->next = nullptr;
    --packets;
    bytes -= p->size;
    return p;
  }
};

// The spec fragment of CodelCore's parameters: the one declaration of target and interval
// (RFC 8289: 5 ms and 100 ms) and of CoDel's ecn (off). CoDel binds all three to its core;
// FQ-CoDel binds target and interval to the core every queue copies (with its own help) and
// declares an ecn of its own (on, as Linux); a CodelCore built directly starts from these
// defaults.
struct CodelSpecs {
  ParamSpec target, interval, ecn;
};
const CodelSpecs& codelSpecs();

// CoDel's state machine over one FIFO (RFC 8289 section 5 pseudocode): dequeue() returns the
// next packet to send, dropping (or CE-marking, with ecn) from the head on the control law.
struct CodelCore {
  CodelCore();  // target, interval and ecn at their codelSpecs() defaults
  SimTime target;
  SimTime interval;
  bool ecn;
  uint32_t mtu = 1500;  // a queue holding at most this many bytes is never dropped from

  SimTime firstAboveTime = 0;
  SimTime dropNext = 0;
  uint32_t count = 0;
  uint32_t lastCount = 0;
  bool dropping = false;
  uint64_t drops = 0, marks = 0;

  // interval / sqrt(count) after t: the next drop time.
  SimTime controlLaw(SimTime t, uint32_t n) const;
  Packet* dequeue(PacketFifo& q, SimTime now, QueueOutput& out);

 private:
  Packet* doDequeue(PacketFifo& q, SimTime now, bool& okToDrop);
  bool markOrDrop(Packet* p, QueueOutput& out);  // true if marked (keep sending it)
};

}  // namespace bl
