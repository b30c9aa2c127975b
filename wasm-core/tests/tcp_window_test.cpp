// TCP windows: slow start, congestion avoidance, ACK counting, the receiver window, the
// receiver's ACKs (delayed, SACK blocks) and a whole lossy run twice for determinism. Harness and shared scenario:
// tcp_fixture.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "tcp_fixture.h"

namespace bl {
namespace tcp_window_test {

using namespace tcptest;

// Slow start: every ACK adds one packet, so cwnd doubles each RTT: after round r it is
// 2 * 2^r, 2^(r+1) - 2 packets are acked and a full window is out.
TEST(TcpWindow, SlowStartDoublesPerRtt) {
  Harness h(config(TcpConfig::NewReno, 2));
  h.snd.start();
  for (int r = 1; r <= 6; ++r) {
    h.runUntil(r * 100 * ms + 10 * ms);
    EXPECT_EQ(h.snd.cwndPackets(), 2 << r) << "round " << r;
    EXPECT_EQ(h.snd.highestAcked(), (2 << r) - 2);
    EXPECT_EQ(h.snd.maxSeq(), (4 << r) - 2);
  }
}

// Congestion avoidance (cwnd >= ssthresh): each ACK adds 1/cwnd (RFC 5681 eq. 3). The model
// replays the rule: an ACK that moves cwnd from a to b releases floor(b) - floor(a) + 1
// packets, which are acked one RTT later.
TEST(TcpWindow, CongestionAvoidanceAddsAboutOnePerRtt) {
  Harness h(config(TcpConfig::NewReno, 10, 10000, 10));
  h.snd.start();
  double cwnd = 10;
  int64_t acksNext = 10;
  for (int r = 1; r <= 10; ++r) {
    const double before = cwnd;
    int64_t sent = 0;
    for (int64_t i = 0; i < acksNext; ++i) {
      const double a = cwnd;
      cwnd += 1.0 / cwnd;
      sent += static_cast<int64_t>(cwnd) - static_cast<int64_t>(a) + 1;
    }
    acksNext = sent;
    h.runUntil(r * 100 * ms + 10 * ms);
    EXPECT_DOUBLE_EQ(h.snd.cwndPackets(), cwnd) << "round " << r;
    EXPECT_GT(cwnd - before, 0.85);
    EXPECT_LE(cwnd - before, 1.0);
  }
  EXPECT_EQ(h.snd.ssthresh(), 10);
  EXPECT_GE(h.snd.cwndPackets(), 19.0);
  EXPECT_LT(h.snd.cwndPackets(), 20.0);
}

// ackCounting, on the module alone. Slow start, cwnd 2 (ssthresh 100), one ACK for 3
// packets: RFC 3465 adds min(3, L = 2) = 2 (cwnd 4), per-ACK counting 1 (cwnd 3). Congestion
// avoidance, cwnd 4 (ssthresh 2), one ACK for 2 packets: 2/4 (4.5) against 1/4 (4.25).
// Crossing ssthresh, cwnd 1.5 (ssthresh 2), one ACK for 1 packet: RFC 3465 stops slow start
// at 2 and counts the other half packet as congestion avoidance (2 + 0.5/2 = 2.25); per ACK,
// as ns-2's opencwnd, the ACK adds a whole packet (2.5).
TEST(TcpWindow, AimdAckCountingAbcOrPerAck) {
  struct Case {
    double cwnd, ssthresh;
    uint32_t acked;
    double abc, perAck;
  };
  for (const Case& c : {Case{2, 100, 3, 4, 3}, Case{4, 2, 2, 4.5, 4.25}, Case{1.5, 2, 1, 2.25, 2.5}}) {
    for (int perAck : {0, 1}) {
      SCOPED_TRACE(testing::Message() << "cwnd " << c.cwnd << " perAck " << perAck);
      auto cc = makeAimd();
      ASSERT_TRUE(cc->setParam("ackCounting", perAck));
      CcState s;
      s.cwnd = c.cwnd;
      s.ssthresh = c.ssthresh;
      cc->onAck(s, c.acked);
      EXPECT_DOUBLE_EQ(s.cwnd, perAck ? c.perAck : c.abc);
    }
  }
}

// (g) rwnd 10 keeps 10 packets per RTT; each burst of 10 in-order packets gets 5 ACKs with
// delayed ACKs and 10 without. After 10 bursts: 100 packets, 50 vs 100 ACKs.
TEST(TcpReceiver, DelayedAckHalvesAcks) {
  for (bool delAck : {false, true}) {
    Harness h(config(TcpConfig::NewReno, 10, 10), 50 * ms, delAck);
    h.snd.start();
    h.runUntil(1000 * ms);
    EXPECT_EQ(h.fs().arrivedPackets, 100u);
    EXPECT_EQ(h.fs().goodputPackets, 100u);
    EXPECT_EQ(h.rcv.acksSent(), delAck ? 50u : 100u);
    EXPECT_EQ(h.snd.srttTime(), 100 * ms);  // the echo is the earliest packet's timestamp
  }
}

// A lone in-order packet is acknowledged when the 100 ms delayed-ACK timer fires: RTT 200 ms.
TEST(TcpReceiver, DelayedAckTimerFires) {
  Harness h(config(TcpConfig::NewReno, 1, 1), 50 * ms, true);
  h.snd.start();
  h.runUntil(410 * ms);
  EXPECT_EQ(h.rcv.acksSent(), 2u);
  EXPECT_EQ(h.snd.highestAcked(), 2);
  EXPECT_EQ(h.snd.srttTime(), 200 * ms);
}

// SACK blocks: the block with the newest out-of-order packet first, then the most recently
// reported ones (RFC 2018 section 4).
TEST(TcpReceiver, SackBlocksNewestFirst) {
  struct Capture : PacketSink {
    std::vector<Packet> acks;
    Simulation* sim = nullptr;
    void receive(Packet* p) override {
      acks.push_back(*p);
      sim->pool().put(p);
    }
  } cap;
  Simulation sim(1);
  sim.flowStats().resize(1);
  cap.sim = &sim;
  Route ackRoute;
  ackRoute.endpoint = &cap;
  TcpReceiver rcv(sim, 0, &ackRoute);
  using Blocks = std::vector<std::pair<int64_t, int64_t>>;
  auto feed = [&](int64_t seq) -> std::pair<int64_t, Blocks> {
    Packet* p = sim.pool().get();
    p->kind = PacketKind::Data;
    p->seq = seq;
    p->size = 1000;
    rcv.receive(p);
    const Packet& a = cap.acks.back();
    Blocks b;
    for (int i = 0; i < a.nSack; ++i) b.push_back({a.sackStart[i], a.sackEnd[i]});
    return {a.seq, b};
  };
  EXPECT_EQ(feed(0), std::make_pair(int64_t{1}, Blocks{}));
  EXPECT_EQ(feed(2), std::make_pair(int64_t{1}, Blocks{{2, 3}}));
  EXPECT_EQ(feed(3), std::make_pair(int64_t{1}, Blocks{{2, 4}}));
  EXPECT_EQ(feed(5), std::make_pair(int64_t{1}, Blocks{{5, 6}, {2, 4}}));
  EXPECT_EQ(feed(9), std::make_pair(int64_t{1}, Blocks{{9, 10}, {5, 6}, {2, 4}}));
  EXPECT_EQ(feed(7), std::make_pair(int64_t{1}, Blocks{{7, 8}, {9, 10}, {5, 6}}));
  EXPECT_EQ(feed(6), std::make_pair(int64_t{1}, Blocks{{5, 8}, {9, 10}, {2, 4}}));
  EXPECT_EQ(feed(1), std::make_pair(int64_t{4}, Blocks{{5, 8}, {9, 10}}));
  EXPECT_EQ(feed(4), std::make_pair(int64_t{8}, Blocks{{9, 10}}));
  EXPECT_EQ(feed(8), std::make_pair(int64_t{10}, Blocks{}));
  EXPECT_EQ(sim.flow(0).goodputPackets, 10u);
  EXPECT_EQ(sim.pool().live(), 0u);
}

// (h) rwnd 5: slow start would allow more, but never more than 5 packets are outstanding.
// Bursts arrive with 2, 4, then 5 packets per RTT: 2 + 4 + 8 * 5 = 46 by t=1000 ms.
TEST(TcpWindow, ReceiverWindowCapsInFlight) {
  Harness h(config(TcpConfig::Sack, 2, 5));
  h.snd.start();
  int64_t maxFlight = 0;
  while (h.sim.sched().runOne(1000 * ms)) maxFlight = std::max(maxFlight, h.snd.inFlight());
  EXPECT_EQ(maxFlight, 5);
  EXPECT_GT(h.snd.cwndPackets(), 5);
  EXPECT_EQ(h.fs().arrivedPackets, 46u);
}

struct RunSummary {
  FlowStats fs;
  double cwnd;
  SimTime srtt;
  uint64_t events;
  bool operator==(const RunSummary& o) const {
    return fs.sentPackets == o.fs.sentPackets && fs.arrivedPackets == o.fs.arrivedPackets &&
           fs.goodputPackets == o.fs.goodputPackets && fs.congestionLosses == o.fs.congestionLosses &&
           fs.exogenousLosses == o.fs.exogenousLosses && fs.retransmits == o.fs.retransmits &&
           fs.timeouts == o.fs.timeouts && fs.fastRetransmits == o.fs.fastRetransmits && cwnd == o.cwnd &&
           srtt == o.srtt && events == o.events;
  }
};

// A 10 Mb/s bottleneck with a 20-packet FIFO and 1% random loss, delayed ACKs, 20 s of data.
RunSummary lossyRun(TcpConfig::Recovery mode) {
  Harness h(config(mode, 2), 20 * ms, true);
  h.fwd.rateBps = 10e6;
  h.fwd.queueLimit = 20;
  h.fwd.randomLoss = 0.01;
  h.snd.scheduleStart(0);
  h.snd.scheduleStop(20 * kSecond);
  h.runUntil(20 * kSecond);
  RunSummary s{h.fs(), h.snd.cwndPackets(), h.snd.srttTime(), h.sim.sched().processed()};
  // Drain: the sender stops sending new data but recovers what is outstanding; nothing leaks.
  h.runUntil(400 * kSecond);
  EXPECT_EQ(h.snd.highestAcked(), h.snd.maxSeq());
  EXPECT_EQ(h.fs().goodputPackets, static_cast<uint64_t>(h.snd.maxSeq()));
  EXPECT_EQ(h.fs().sentPackets - h.fs().retransmits, static_cast<uint64_t>(h.snd.maxSeq()));
  EXPECT_EQ(h.sim.pool().live(), 0u);
  EXPECT_FALSE(h.snd.active());
  return s;
}

// (i) Determinism: the same scenario twice gives identical counters, for each recovery.
TEST(TcpDeterminism, SameRunTwiceIdenticalCounters) {
  for (auto mode : {TcpConfig::Reno, TcpConfig::NewReno, TcpConfig::Sack}) {
    const RunSummary a = lossyRun(mode), b = lossyRun(mode);
    EXPECT_TRUE(a == b) << "mode " << mode;
    EXPECT_GT(a.fs.fastRetransmits, 10u);
    EXPECT_GT(a.fs.goodputPackets, 3000u);
    EXPECT_GT(a.fs.congestionLosses + a.fs.exogenousLosses, 0u);
  }
}

}  // namespace tcp_window_test
}  // namespace bl
