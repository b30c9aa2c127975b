// The TCP receiver of one flow, in packet-numbered sequence space. Every ACK carries the
// cumulative next-expected seq, echoes a timestamp (RFC 7323) and up to three SACK blocks
// (RFC 2018: the block holding the most recent out-of-order arrival first, then the most
// recently reported others, then the highest remaining ones).
// Delayed ACKs (RFC 1122 4.2.3.2, RFC 5681 4.2): one ACK for every second in-order packet or
// after delAckTimeout; out-of-order arrivals, duplicates and packets that fill a hole are
// acknowledged at once. A delayed ACK echoes the timestamp of the earliest packet it covers.
#pragma once
#include <cstdint>

#include "core/packet.h"
#include "core/scheduler.h"
#include "core/time.h"
#include "tcp/seq_ranges.h"

namespace bl {

class Simulation;

class TcpReceiver : public PacketSink, public EventHandler {
 public:
  TcpReceiver(Simulation& sim, int flow, const Route* ackRoute, bool delayedAck = false,
              SimTime delAckTimeout = 100 * kMillisecond, uint32_t ackSize = 40);

  void receive(Packet* p) override;                    // data packets; each becomes an ACK or is freed
  void onEvent(uint32_t kind, uint64_t arg) override;  // delayed-ACK timer

  int64_t nextExpected() const { return rcvNxt_; }
  uint64_t acksSent() const { return acksSent_; }
  uint32_t ceCount() const { return ceCount_; }
  size_t outOfOrderBlocks() const { return ooo_.size(); }
  bool delayedAck() const { return delayedAck_; }
  // ECN echo: Off; Classic (RFC 3168: ECE on every ACK from a CE arrival until a CWR
  // arrives); Accurate (RFC 8257 3.2: each ACK echoes the CE state of the packets it covers;
  // a change of state sends the held delayed ACK at once, with the old state); AccEcn
  // (draft-ietf-tcpm-accurate-ecn-28: every ACK carries the ACE field, the count of CE-marked
  // packets received modulo 8, and a change of CE state sends the held ACK at once, as the
  // draft's change-triggered ACKs; the AccECN TCP option's byte counters are not modelled).
  enum Ecn { Off, Classic, Accurate, AccEcn };
  void setEcn(Ecn m) { ecn_ = m; }

 private:
  void sendAck(Packet* p, SimTime tsEcr);
  void noteEcn(const Packet* p);
  void noteOutOfOrder(int64_t seq);
  uint8_t fillSack(Packet* p) const;

  Simulation& sim_;
  int flow_;
  const Route* route_;
  bool delayedAck_;
  SimTime delAckTimeout_;
  uint32_t ackSize_;

  int64_t rcvNxt_ = 0;
  SeqRanges ooo_;                        // data received above rcvNxt_
  int64_t recent_[kMaxSackBlocks] = {};  // most recent out-of-order arrivals, newest first
  uint8_t nRecent_ = 0;
  bool held_ = false;  // an in-order packet waits for a delayed ACK
  SimTime heldTs_ = 0;
  SimTime heldDeadline_ = 0;
  bool timerPending_ = false;
  uint64_t acksSent_ = 0;
  Ecn ecn_ = Off;
  bool ece_ = false;      // what the next ACK echoes
  uint32_t ceCount_ = 0;  // AccEcn: CE-marked data packets received (r.cep)
};

}  // namespace bl
