// The harness of the TCP sender/receiver tests (tcp_window_test, tcp_recovery_test,
// tcp_timer_test). It connects sender -> Wire -> receiver -> Wire -> sender; a Wire delays
// packets by a fixed time (optionally serialising them at a rate behind a bounded FIFO) and
// drops scripted packets. With pure delays every window leaves as one burst and every ACK burst
// arrives at one instant, so the expected numbers in the tests follow by hand from the RFC
// rules; each test says how.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "cc/congestion_control.h"
#include "core/simulation.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"

namespace bl {
namespace tcptest {

constexpr SimTime ms = kMillisecond;

class Wire : public PacketSink, public EventHandler {
 public:
  Wire(Simulation& sim, SimTime d) : delay(d), sim_(sim) {}
  void receive(Packet* p) override {
    if (p->kind == PacketKind::Data && scriptedDrop(*p)) {
      sim_.drop(p, DropReason::Exogenous, 0);
      return;
    }
    if (p->kind == PacketKind::Data) {
      if ((p->flags & kFlagEct) && markCe.count(p->seq)) p->flags |= kFlagCe;
      if (!(p->flags & kFlagRetransmit)) ++(p->flags & kFlagEct ? (p->ect1 ? ect1 : ect0) : notEct);
    } else {
      aces.push_back(p->ace);
      ackSeqs.push_back(p->seq);
    }
    const SimTime now = sim_.now();
    SimTime at = now + delay;
    if (rateBps > 0) {
      const SimTime tx = txTime(p->size, rateBps);
      if (busyUntil_ - now > queueLimit * tx) {
        sim_.drop(p, DropReason::Overflow, 0);
        return;
      }
      busyUntil_ = std::max(now, busyUntil_) + tx;
      at = busyUntil_ + delay;
    }
    q_.push_back(p);
    sim_.sched().at(at, this, 0);
  }
  void onEvent(uint32_t, uint64_t) override {
    Packet* p = q_.front();
    q_.pop_front();
    sim_.forward(p);
  }

  SimTime delay;
  std::map<int64_t, int> drops;  // seq -> how many of its transmissions to drop
  int64_t dropFrom = INT64_MAX;  // drop every transmission of seqs >= this
  double randomLoss = 0;
  Rng rng{7, "wire"};
  double rateBps = 0;      // 0: no serialisation
  int64_t queueLimit = 0;  // packets waiting behind the one on the wire
  // ECN (l4s_test): data packets marked CE (if ECN-capable), first transmissions counted by
  // codepoint, and each ACK's AccECN ACE field and cumulative ACK.
  std::set<int64_t> markCe;
  int ect0 = 0, ect1 = 0, notEct = 0;
  std::vector<uint8_t> aces;
  std::vector<int64_t> ackSeqs;

 private:
  bool scriptedDrop(const Packet& p) {
    if (p.seq >= dropFrom) return true;
    auto it = drops.find(p.seq);
    if (it != drops.end() && it->second > 0) {
      --it->second;
      return true;
    }
    return rng.bernoulli(randomLoss);
  }
  Simulation& sim_;
  std::deque<Packet*> q_;
  SimTime busyUntil_ = 0;
};

struct Harness {
  explicit Harness(const TcpConfig& cfg, SimTime oneWay = 50 * ms, bool delAck = false,
                   std::unique_ptr<CongestionControl> cc = nullptr)
      : fwd(sim, oneWay),
        rev(sim, oneWay),
        rcv(sim, 0, &ackRoute, delAck),
        snd(sim, 0, &dataRoute, cfg, cc ? std::move(cc) : makeAimd()) {
    sim.flowStats().resize(1);
    dataRoute.hops = {&fwd};
    dataRoute.endpoint = &rcv;
    ackRoute.hops = {&rev};
    ackRoute.endpoint = &snd;
  }
  void runUntil(SimTime t) {
    while (sim.sched().runOne(t)) {}
    sim.sched().advanceTo(t);
  }
  FlowStats& fs() { return sim.flow(0); }

  Simulation sim{1};
  Wire fwd, rev;
  Route dataRoute, ackRoute;
  TcpReceiver rcv;
  TcpSender snd;
};

// Limited transmit is off unless a test turns it on: the hand-derived numbers below count
// packets without its extra sends.
inline TcpConfig config(TcpConfig::Recovery r, double initialCwnd = 2, double rwnd = 10000, double ssthresh = 1e9) {
  TcpConfig c;
  c.recovery = r;
  c.limitedTransmit = false;
  c.initialCwnd = initialCwnd;
  c.rwnd = rwnd;
  c.initialSsthresh = ssthresh;
  return c;
}

// Shared scenario for the loss tests: RTT 60 ms (RTO stays 200 ms, over 3 RTTs), initial
// cwnd 10 in slow start. Round 1 (t=60): acks 1..10, cwnd 20, seqs 10..29 out. Round 2
// (t=120): acks 11..20 take cwnd to 30 and send 30..49, so FlightSize is 30 when the third
// duplicate ACK arrives: ssthresh = 15. ACK bursts arrive at multiples of 60 ms; the
// checkpoints are half an RTT later. No test may see a timeout.
constexpr SimTime kRtt = 60 * ms;

struct Checkpoint {
  int halfRtts;  // checked at halfRtts * 30 ms
  bool inRecovery;
  double cwnd, ssthresh;
  int64_t una, max;  // snd_una, snd_max
  uint64_t fastRetransmits, retransmits;
  int64_t sacked = -1, pipe = -1;  // -1: not checked
};

inline void expectRecovery(TcpConfig::Recovery mode, const std::map<int64_t, int>& drops,
                           const std::vector<Checkpoint>& cps) {
  Harness h(config(mode, 10), kRtt / 2);
  h.fwd.drops = drops;
  h.snd.start();
  for (const Checkpoint& c : cps) {
    h.runUntil(c.halfRtts * kRtt / 2);
    SCOPED_TRACE(testing::Message() << "mode " << mode << " at " << c.halfRtts * 30 << " ms");
    EXPECT_EQ(h.snd.inRecovery(), c.inRecovery);
    EXPECT_DOUBLE_EQ(h.snd.cwndPackets(), c.cwnd);
    EXPECT_EQ(h.snd.ssthresh(), c.ssthresh);
    EXPECT_EQ(h.snd.highestAcked(), c.una);
    EXPECT_EQ(h.snd.maxSeq(), c.max);
    EXPECT_EQ(h.fs().fastRetransmits, c.fastRetransmits);
    EXPECT_EQ(h.fs().retransmits, c.retransmits);
    EXPECT_EQ(h.fs().timeouts, 0u);
    if (c.sacked >= 0) { EXPECT_EQ(h.snd.sackedPackets(), c.sacked); }
    if (c.pipe >= 0) { EXPECT_EQ(h.snd.pipe(), c.pipe); }
  }
}

}  // namespace tcptest
}  // namespace bl
