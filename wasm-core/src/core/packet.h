// Packets are plain structs from a pool. Whoever holds the pointer owns the packet; whoever
// drops it records a typed reason and gives it back to the pool.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/time.h"

namespace bl {

class PacketSink;

enum class PacketKind : uint8_t { Data = 0, Ack = 1, Udp = 2 };

// Why a packet was dropped. Values are the `reason` codes of the metric blocks.
enum class DropReason : uint8_t { None = 0, Overflow = 1, Early = 2, Deadline = 3, Exogenous = 4 };
constexpr int kDropReasons = 5;
const char* dropReasonName(DropReason r);

// A route is the list of hops a packet takes and the endpoint that receives it at the end.
class Link;
struct Route {
  std::vector<PacketSink*> hops;   // links, in order
  PacketSink* endpoint = nullptr;  // sender or receiver at the far end
  // early[k]: hop k as a Link when it may take packets at their arrival time straight from
  // hop k-1 (see Link), else nullptr. Filled in once the network is built.
  std::vector<Link*> early;
};

constexpr uint32_t kMaxSackBlocks = 3;

struct Packet {
  // Where it goes.
  const Route* route = nullptr;
  uint16_t hop = 0;  // index of the next hop in route->hops
  PacketKind kind = PacketKind::Data;
  uint8_t flags = 0;  // kFlag* below
  uint32_t size = 0;  // bytes on the wire
  int32_t flow = -1;  // flow index, -1 for non-flow traffic
  // TCP data: the packet number (seq). TCP ACK: the cumulative ACK (next expected seq).
  int64_t seq = 0;
  // Sender timestamp echoed by the receiver (RFC 7323 style), for RTT samples.
  SimTime tsVal = 0;
  SimTime tsEcr = 0;
  // Time the packet entered the queue it is in (set by Link).
  SimTime enqueuedAt = 0;
  // Time the packet left its source (end-to-end deadline accounting, later issues).
  SimTime bornAt = 0;
  // TED end-to-end (EBD): queueing time left before the packet's deadline, charged by each
  // TED queue it crosses; kNever until the first such queue sets it.
  SimTime deadlineLeft = kNever;
  // SACK blocks carried by an ACK: [start, end) packet numbers, most recent first.
  uint8_t nSack = 0;
  // ECN-capable data (kFlagEct) carries ECT(1), the L4S identifier (RFC 9331), rather than
  // ECT(0); a CE mark (kFlagCe) replaces either on the wire.
  bool ect1 = false;
  // AccECN ACKs: the ACE field, the receiver's count of CE-marked data packets modulo 8.
  uint8_t ace = 0;
  int64_t sackStart[kMaxSackBlocks] = {0, 0, 0};
  int64_t sackEnd[kMaxSackBlocks] = {0, 0, 0};
  // Intrusive link for queues and the pool's free list.
  Packet* next = nullptr;
};

constexpr uint8_t kFlagRetransmit = 1;  // a retransmission (Karn's rule)
constexpr uint8_t kFlagProtected = 2;   // exogenous loss models spare it (XQM loss hiding)
constexpr uint8_t kFlagDupAckHint = 4;  // receiver saw a gap (ACK is a duplicate)
constexpr uint8_t kFlagRearranged = 8;  // moved to the tail by this router's Head-to-Tail (cleared on leaving)
// ECN (RFC 3168): the IP codepoints ECT and CE on data packets, and the TCP flags ECE (on
// ACKs, receiver to sender) and CWR (on data, sender to receiver).
constexpr uint8_t kFlagEct = 16;
constexpr uint8_t kFlagCe = 32;
constexpr uint8_t kFlagEce = 64;
constexpr uint8_t kFlagCwr = 128;

// A pool of packets with a free list; memory is allocated in slabs and never returned until
// the pool dies, so a steady-state run allocates nothing.
class PacketPool {
 public:
  Packet* get() {
    if (!free_) grow();
    Packet* p = free_;
    free_ = p->next;
    *p = Packet{};
    ++live_;
    return p;
  }
  void put(Packet* p) {
    p->next = free_;
    free_ = p;
    --live_;
  }
  size_t live() const { return live_; }
  size_t capacity() const { return slabs_.size() * kSlab; }

 private:
  static constexpr size_t kSlab = 1024;
  void grow() {
    slabs_.emplace_back(new Packet[kSlab]);
    Packet* s = slabs_.back().get();
    for (size_t i = 0; i < kSlab; ++i) {
      s[i].next = free_;
      free_ = &s[i];
    }
  }
  std::vector<std::unique_ptr<Packet[]>> slabs_;
  Packet* free_ = nullptr;
  size_t live_ = 0;
};

// Anything a packet can be handed to: a link (which forwards it) or an endpoint.
class PacketSink {
 public:
  virtual ~PacketSink() = default;
  virtual void receive(Packet* p) = 0;
};

}  // namespace bl
