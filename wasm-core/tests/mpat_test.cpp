// MPAT aggregate: apportioning (A_i = x_i C, work-conserving choice, live shares), charging
// of ACKs and SACKs to the window that sent each packet, and whole runs: a 1:3 split, the
// windows' loss events staying equal while the flows' losses follow the split, and a live
// change of share.
#include <gtest/gtest.h>

#include "sim/instance.h"
#include "tcp/mpat.h"
#include "tcp/tcp_sender.h"

namespace bl {
namespace mpat_test {

const char* kTwoFlows = R"({"version": 1, "duration": 10, "flows": {"count": 2, "tcp": "sack"}})";

Packet data(int64_t seq, bool retx = false) {
  Packet p;
  p.kind = PacketKind::Data;
  p.seq = seq;
  p.size = 1000;
  p.flags = retx ? kFlagRetransmit : 0;
  return p;
}

TEST(Mpat, ApportionsTheAggregateWindowByShare) {
  std::string err;
  auto in = Instance::create(kTwoFlows, err);
  ASSERT_TRUE(in) << err;
  Network& net = in->net();
  in->sim().flowAttrs()[1].weight = 3;
  net.senders[0]->start();
  net.senders[1]->start();  // cwnd 2 each: C = 4
  MpatAggregate agg(in->sim(), {0, 1}, {net.flows[0].sender, net.flows[1].sender},
                    {net.flows[0].receiver, net.flows[1].receiver});
  EXPECT_DOUBLE_EQ(agg.aggregateWindow(), 4);
  EXPECT_DOUBLE_EQ(agg.share(0), 0.25);
  EXPECT_DOUBLE_EQ(agg.allowance(0), 1);
  EXPECT_DOUBLE_EQ(agg.allowance(1), 3);

  // New packets of either window go to flows below their allowance, by smooth weighted
  // round robin (credits 1/4, 3/4 per pick).
  Packet p = data(0);
  agg.onData(0, &p);
  EXPECT_EQ(p.flow, 1);
  EXPECT_EQ(agg.label(0, 0), 1);
  p = data(0);
  agg.onData(1, &p);
  EXPECT_EQ(p.flow, 0);
  p = data(1);
  agg.onData(0, &p);  // flow 0 has its 1 outstanding: flow 1
  EXPECT_EQ(p.flow, 1);
  p = data(1);
  agg.onData(1, &p);
  EXPECT_EQ(p.flow, 1);
  EXPECT_EQ(agg.outstanding(0), 1);
  EXPECT_EQ(agg.outstanding(1), 3);
  p = data(2);
  agg.onData(0, &p);  // both at their allowance: still sent (work-conserving)
  EXPECT_EQ(agg.outstanding(0) + agg.outstanding(1), 5);

  // A retransmission keeps its label and is not counted again.
  p = data(1, true);
  agg.onData(0, &p);
  EXPECT_EQ(p.flow, 1);
  EXPECT_EQ(agg.outstanding(0) + agg.outstanding(1), 5);

  // Live share change: weights 3:3.
  in->sim().flowAttrs()[0].weight = 3;
  EXPECT_DOUBLE_EQ(agg.allowance(0), 2);
}

TEST(Mpat, AcksAreChargedToTheWindowThatSentThePacket) {
  std::string err;
  auto in = Instance::create(kTwoFlows, err);
  ASSERT_TRUE(in) << err;
  Network& net = in->net();
  net.senders[0]->start();
  net.senders[1]->start();
  in->sim().flowAttrs()[1].weight = 1000;  // nearly everything for flow 1
  MpatAggregate agg(in->sim(), {0, 1}, {net.flows[0].sender, net.flows[1].sender},
                    {net.flows[0].receiver, net.flows[1].receiver});
  for (int64_t s = 0; s < 3; ++s) {
    Packet p = data(s);
    agg.onData(0, &p);  // window 0 carries seqs 0..2
    p = data(s);
    agg.onData(1, &p);  // window 1 carries seqs 0..2
  }
  const int64_t out0 = agg.outstanding(0), out1 = agg.outstanding(1);
  ASSERT_EQ(out0 + out1, 6);
  Packet ack;
  ack.kind = PacketKind::Ack;
  ack.seq = 2;  // window 0: seqs 0 and 1 acknowledged
  const int l0 = agg.label(0, 0), l1 = agg.label(0, 1);
  agg.onAck(0, &ack);
  EXPECT_EQ(agg.outstanding(0) + agg.outstanding(1), 4);
  EXPECT_EQ(agg.outstanding(0), out0 - (l0 == 0) - (l1 == 0));
  agg.onAck(0, &ack);  // a duplicate changes nothing
  EXPECT_EQ(agg.outstanding(0) + agg.outstanding(1), 4);
  ack.seq = 0;  // window 1: nothing cumulative, seq 2 SACKed
  ack.nSack = 1;
  ack.sackStart[0] = 2;
  ack.sackEnd[0] = 3;
  agg.onAck(1, &ack);
  EXPECT_EQ(agg.outstanding(0) + agg.outstanding(1), 3);
  ack.seq = 3;  // then cumulative over the SACKed one: counted once
  ack.nSack = 0;
  agg.onAck(1, &ack);
  EXPECT_EQ(agg.outstanding(0) + agg.outstanding(1), 1);
}

const char* kSplit = R"({"version": 1, "seed": 3, "duration": 130, "measureFrom": 10, "packetSize": 1000,
  "topology": {"kind": "dumbbell", "bottleneckRate": 10e6, "bottleneckDelay": 0.03,
               "accessDelayMin": 0.005, "accessDelayMax": 0.01},
  "queue": {"kind": "red", "buffer": 200, "minTh": 20, "maxTh": 80, "gentle": true},
  "flows": {"count": 4, "tcp": "sack"},
  "aggregates": [{"flows": [0, 1], "shares": [1, 3]}]})";

TEST(Mpat, WholeRunSplitsOneToThreeAndHoldsTwoFairShares) {
  std::string err;
  auto in = Instance::create(kSplit, err);
  ASSERT_TRUE(in) << err;
  in->runUntil(1e9, 0);
  while (in->runUntil(1e9, 0) == 1) {}
  const Json s = in->summary();
  const auto& f = s.find("flows")->items();
  auto thr = [&](size_t i) { return f[i].find("throughputBps")->asNumber(); };
  auto num = [&](size_t i, const char* k) { return f[i].find(k)->asNumber(); };
  EXPECT_NEAR(thr(1) / thr(0), 3, 0.3);
  EXPECT_NEAR((thr(0) + thr(1)) / (thr(2) + thr(3)), 1, 0.25);  // two flows' worth against two
  // Windows are equal AIMD loops: similar loss events; the flows' packet losses follow the split.
  const double ev0 = num(0, "fastRetransmits") + num(0, "timeouts"),
               ev1 = num(1, "fastRetransmits") + num(1, "timeouts");
  EXPECT_NEAR(ev1 / ev0, 1, 0.35);
  EXPECT_GT(num(1, "congestionLosses") / num(0, "congestionLosses"), 2);
  EXPECT_DOUBLE_EQ(num(1, "weight"), 3);
}

TEST(Mpat, SharesChangeLive) {
  std::string err;
  auto in = Instance::create(kSplit, err);
  ASSERT_TRUE(in) << err;
  while (in->runUntil(40, 0) == 1) {}
  ASSERT_TRUE(in->setParam("flow.0", "weight", 3, err)) << err;
  while (in->runUntil(60, 0) == 1) {}
  const uint64_t a0 = in->sim().flow(0).arrivedBytes, a1 = in->sim().flow(1).arrivedBytes;
  while (in->runUntil(120, 0) == 1) {}
  const double r = static_cast<double>(in->sim().flow(1).arrivedBytes - a1) /
                   static_cast<double>(in->sim().flow(0).arrivedBytes - a0);
  EXPECT_NEAR(r, 1, 0.1);
}

TEST(Mpat, ScenarioErrorsNameTheField) {
  auto error = [](const char* json) {
    std::string err;  // fresh: the builders treat a non-empty err as a failure
    return Instance::create(json, err) ? std::string() : err;
  };
  EXPECT_NE(error(R"({"version": 1, "flows": {"count": 2}, "aggregates": [{"flows": [0, 2]}]})")
                .find("aggregates[0].flows[1]"),
            std::string::npos);
  EXPECT_NE(error(R"({"version": 1, "flows": {"count": 2}, "aggregates": [{"flows": [0, 1], "shares": [1]}]})")
                .find("aggregates[0].shares"),
            std::string::npos);
  EXPECT_NE(error(R"({"version": 1, "flows": {"count": 3}, "aggregates": [{"flows": [0, 1]}, {"flows": [1, 2]}]})")
                .find("already in aggregate 0"),
            std::string::npos);
  EXPECT_NE(error(R"({"version": 1, "flows": {"count": 2, "cc": "sd", "ccParams": {"zeta": 1}}})")
                .find("flows.ccParams.zeta"),
            std::string::npos);
  EXPECT_EQ(error(R"({"version": 1, "flows": {"count": 2, "cc": "lasd", "ccParams": {"zeta": 0.01, "N": 4}}})"), "");
}

}  // namespace mpat_test
}  // namespace bl
