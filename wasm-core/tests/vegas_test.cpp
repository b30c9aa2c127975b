// TCP Vegas: the window decisions from scripted RTT samples (the module alone), and Vegas's
// retransmission on one duplicate ACK when the segment's fine-grained timer has expired (the
// sender option, over a scripted wire).
#include <gtest/gtest.h>

#include <deque>
#include <map>

#include "cc/vegas.h"
#include "core/simulation.h"
#include "tcp/tcp_receiver.h"
#include "tcp/tcp_sender.h"

namespace bl {
namespace vegas_test {

constexpr SimTime ms = kMillisecond;

// Feeds one RTT sample taken at `now`, then the ACK of `acked` packets (the sender's order).
void ackWith(VegasCc& v, CcState& s, SimTime now, SimTime rtt, uint32_t acked = 1) {
  s.now = now;
  v.onRttSample(s, rtt);
  v.onAck(s, acked);
}

// Slow start holds every other RTT, doubles in between while diff <= gamma, and ends with a
// 1/8 cut on the first growing RTT whose diff exceeds gamma.
TEST(Vegas, SlowStartGrowsEveryOtherRttAndExitsOnGamma) {
  VegasCc v({1, 3, 1});
  CcState s;
  s.cwnd = 4;
  s.inFlight = 4;
  ackWith(v, s, 100 * ms, 100 * ms);  // opens the first epoch; nothing decided yet
  EXPECT_EQ(v.epochs(), 0);
  EXPECT_EQ(s.cwnd, 4);
  ackWith(v, s, 150 * ms, 100 * ms);  // sent at 50 ms, before the epoch began: same epoch
  EXPECT_EQ(v.epochs(), 0);
  // Epoch 1 ends (sent at 100 ms): diff = 0, grow: +1 per acked packet.
  ackWith(v, s, 200 * ms, 100 * ms, 2);
  EXPECT_EQ(v.epochs(), 1);
  EXPECT_DOUBLE_EQ(v.lastDiff(), 0);
  EXPECT_EQ(v.increment(), 1);
  EXPECT_EQ(s.cwnd, 6);
  // Epoch 2 (sent at 200 ms): hold.
  ackWith(v, s, 300 * ms, 100 * ms, 2);
  EXPECT_EQ(v.epochs(), 2);
  EXPECT_EQ(v.increment(), 0);
  EXPECT_EQ(s.cwnd, 6);
  // Epoch 3 ends with RTT 150 ms: diff = 6 (1 - 100/150) = 2 > gamma: out of slow start,
  // cwnd - cwnd/8.
  ackWith(v, s, 450 * ms, 150 * ms);
  EXPECT_NEAR(v.lastDiff(), 2.0, 1e-9);
  EXPECT_FALSE(v.slowStart());
  EXPECT_DOUBLE_EQ(s.cwnd, 6 - 6.0 / 8);
  EXPECT_EQ(v.baseRtt(), 100 * ms);
}

// Congestion avoidance, once per RTT: diff < alpha grows by one packet over the RTT, alpha <=
// diff <= beta holds, diff > beta takes one packet off at once.
TEST(Vegas, CongestionAvoidanceFollowsAlphaAndBeta) {
  VegasCc v({1, 3, 1, VegasParams::Exact});  // the real diff; the rules are compared below
  CcState s;
  s.cwnd = 20;
  s.inFlight = 20;
  v.onLossEvent(s);  // leave slow start (the window is the test's to set)
  s.cwnd = 20;
  ackWith(v, s, 100 * ms, 100 * ms);  // baseRTT 100 ms, first epoch opens
  // RTT 104 ms: diff = 20 (1 - 100/104) = 0.77 < alpha -> +1/cwnd per packet.
  ackWith(v, s, 204 * ms, 104 * ms, 0);
  EXPECT_NEAR(v.lastDiff(), 20 * (1 - 100.0 / 104), 1e-9);
  EXPECT_DOUBLE_EQ(v.increment(), 1.0 / 20);
  for (int i = 0; i < 20; ++i) v.onAck(s, 1);  // a window of ACKs: about one packet
  EXPECT_NEAR(s.cwnd, 21, 1e-9);
  // Samples of packets sent before the decision do not decide again.
  ackWith(v, s, 250 * ms, 104 * ms, 0);
  EXPECT_EQ(v.epochs(), 1);
  // RTT 110 ms: diff = 21 (1 - 100/110) = 1.9, between alpha and beta -> hold.
  ackWith(v, s, 320 * ms, 110 * ms, 0);
  EXPECT_EQ(v.epochs(), 2);
  EXPECT_EQ(v.increment(), 0);
  v.onAck(s, 5);
  EXPECT_NEAR(s.cwnd, 21, 1e-9);
  // The epoch mean counts every sample of the RTT: 130 and 140 ms average 135 ms; diff =
  // 21 (1 - 100/135) = 5.4 > beta -> cwnd - 1 at once.
  s.now = 400 * ms;
  v.onRttSample(s, 130 * ms);  // sent at 270 ms: before the epoch began at 320 ms
  EXPECT_EQ(v.epochs(), 2);
  s.now = 470 * ms;
  v.onRttSample(s, 140 * ms);  // sent at 330 ms: closes it
  EXPECT_EQ(v.epochs(), 3);
  EXPECT_NEAR(v.lastDiff(), 21 * (1 - 100.0 / 135), 1e-9);
  EXPECT_NEAR(s.cwnd, 20, 1e-9);
  EXPECT_EQ(v.increment(), 0);
}

// `compare`, by hand, in congestion avoidance with cwnd 20, baseRTT 100 ms and one epoch's RTT
// (alpha 1, beta 3). diff = 20 (1 - 100/RTT); ns2: int(diff + 0.5); linux: floor(20 x (RTT -
// 100 ms) / 100 ms) in whole microseconds; exact: diff.
//   RTT 104 ms: diff 0.769; ns2 int(1.269) = 1 (hold); linux floor(0.8) = 0 (grow); exact grows.
//   RTT 118 ms: diff 3.051; ns2 int(3.551) = 3 (hold); linux floor(3.6) = 3 (hold); exact shrinks.
//   RTT 120 ms: diff 3.333; ns2 int(3.833) = 3 (hold); linux floor(4.0) = 4 (shrinks); exact shrinks.
TEST(Vegas, CompareRulesRoundTruncateOrTakeTheRealDiff) {
  EXPECT_EQ(VegasCc(VegasParams{}).param("compare"), 0);  // ns2: the simulator the HtT paper ran
  enum Act { Grow, Hold, Shrink };
  struct Case {
    double rttMs;
    VegasParams::Compare rule;
    double delta;
    Act act;
  };
  const Case cases[] = {
      {104, VegasParams::Ns2, 1, Hold},
      {104, VegasParams::Linux, 0, Grow},
      {104, VegasParams::Exact, 20 * 4.0 / 104, Grow},
      {118, VegasParams::Ns2, 3, Hold},
      {118, VegasParams::Linux, 3, Hold},
      {118, VegasParams::Exact, 20 * 18.0 / 118, Shrink},
      {120, VegasParams::Ns2, 3, Hold},
      {120, VegasParams::Linux, 4, Shrink},
      {120, VegasParams::Exact, 20 * 20.0 / 120, Shrink},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::Message() << c.rttMs << " ms, rule " << c.rule);
    VegasParams p{1, 3, 1, c.rule};
    VegasCc v(p);
    CcState s;
    s.cwnd = s.inFlight = 20;
    v.onLossEvent(s);  // leave slow start
    s.now = 100 * ms;
    v.onRttSample(s, 100 * ms);  // baseRTT, opens the first epoch
    const SimTime rtt = static_cast<SimTime>(c.rttMs * 1e6);
    s.now = 200 * ms + rtt;  // sent at 200 ms, after the epoch began: decides
    v.onRttSample(s, rtt);
    ASSERT_EQ(v.epochs(), 1);
    EXPECT_NEAR(v.lastDelta(), c.delta, 1e-9);
    EXPECT_DOUBLE_EQ(v.increment(), c.act == Grow ? 1.0 / 20 : 0);
    EXPECT_DOUBLE_EQ(s.cwnd, c.act == Shrink ? 19 : 20);
  }
}

TEST(Vegas, LossesCutByAQuarterTimeoutsRestartSlowStart) {
  VegasCc v({1, 3, 1});
  CcState s;
  s.inFlight = 40;
  EXPECT_DOUBLE_EQ(v.onLossEvent(s), 30);
  EXPECT_FALSE(v.slowStart());
  EXPECT_DOUBLE_EQ(v.onTimeout(s), 20);
  EXPECT_TRUE(v.slowStart());
}

// A wire with a settable delay, serialising at 8 Mb/s (1 ms per packet), dropping scripted
// data packets once.
class Wire : public PacketSink, public EventHandler {
 public:
  Wire(Simulation& sim, SimTime d, double rate) : delay(d), rate_(rate), sim_(sim) {}
  void receive(Packet* p) override {
    if (p->kind == PacketKind::Data && drops.count(p->seq) && drops[p->seq]-- > 0) {
      sim_.drop(p, DropReason::Exogenous, 0);
      return;
    }
    const SimTime now = sim_.now();
    busy_ = std::max(now, busy_) + (rate_ > 0 ? txTime(p->size, rate_) : 0);
    q_.push_back(p);
    sim_.sched().at(busy_ + delay, this, 0);
  }
  void onEvent(uint32_t, uint64_t) override {
    Packet* p = q_.front();
    q_.pop_front();
    if (p->kind == PacketKind::Ack) ++acks[p->seq];
    sim_.forward(p);
  }
  SimTime delay;
  std::map<int64_t, int> drops;
  std::map<int64_t, int> acks;  // ACKs delivered, by cumulative ACK number

 private:
  double rate_;
  Simulation& sim_;
  std::deque<Packet*> q_;
  SimTime busy_ = 0;
};

struct VegasRun {
  explicit VegasRun(bool vegasRetx)
      : fwd(sim, 50 * ms, 8e6),
        rev(sim, 50 * ms, 0),
        rcv(sim, 0, &ackRoute, false),
        snd(sim, 0, &dataRoute, cfg(vegasRetx), makeAimd()) {
    sim.flowStats().resize(1);
    sim.flowAttrs().resize(1);
    dataRoute.hops = {&fwd};
    dataRoute.endpoint = &rcv;
    ackRoute.hops = {&rev};
    ackRoute.endpoint = &snd;
  }
  static TcpConfig cfg(bool vegasRetx) {
    TcpConfig c;
    c.recovery = TcpConfig::NewReno;
    c.initialCwnd = 10;
    c.initialSsthresh = 10;
    c.rwnd = 10;  // ten packets per RTT, one per ms: seq s leaves at about (s / 10) RTT + (s % 10) ms
    c.vegasRetx = vegasRetx;
    return c;
  }
  void runUntil(SimTime t) {
    while (sim.sched().runOne(t)) {}
    sim.sched().advanceTo(t);
  }
  Simulation sim{1};
  Wire fwd, rev;
  Route dataRoute, ackRoute;
  TcpReceiver rcv;
  TcpSender snd;
};

// Seq 55 is lost just as the forward path gets 10 ms slower. Every RTT so far was the same,
// so the fine-grained timeout (srtt + 4 rttvar) is barely above it; the first duplicate ACK
// (from seq 56, 10 ms later than usual) finds seq 55 out for longer, and Vegas retransmits at
// once. The standard sender waits for the third duplicate ACK.
TEST(Vegas, RetransmitsOnOneDuplicateAckWhenTheTimerSaysSo) {
  for (bool vegas : {true, false}) {
    VegasRun r(vegas);
    r.fwd.drops[55] = 1;
    r.snd.start();
    while (r.snd.maxSeq() < 55) r.sim.sched().runOne(kNever);
    r.fwd.delay = 60 * ms;  // from seq 55 on
    while (r.sim.flow(0).retransmits == 0) ASSERT_TRUE(r.sim.sched().runOne(5000 * ms));
    // ACKs "next expected 55" seen by then: the one for seq 54, then the duplicates.
    EXPECT_EQ(r.rev.acks[55] - 1, vegas ? 1 : 3) << (vegas ? "vegas" : "standard");
    EXPECT_EQ(r.sim.flow(0).fastRetransmits, 1u);
    r.runUntil(5000 * ms);
    EXPECT_EQ(r.sim.flow(0).timeouts, 0u);
    EXPECT_EQ(r.sim.flow(0).retransmits, 1u);
  }
}

// Without a late duplicate ACK nothing changes: with steady RTTs the timer has not expired at
// the first duplicate ACK, and the third one triggers the ordinary fast retransmit.
TEST(Vegas, SteadyRttsLeaveFastRetransmitAsItWas) {
  VegasRun r(true);
  r.fwd.drops[55] = 1;
  r.snd.start();
  r.runUntil(3000 * ms);
  EXPECT_EQ(r.sim.flow(0).fastRetransmits, 1u);
  EXPECT_EQ(r.sim.flow(0).retransmits, 1u);
  EXPECT_EQ(r.sim.flow(0).timeouts, 0u);
}

}  // namespace vegas_test
}  // namespace bl
