// Bottleneck Lab's issue-13 scenarios in ns-3.37 (Debian's libns3-dev), for docs/validation-
// modern.md: a dumbbell of N TCP flows (two groups with their own congestion control) through
// one bottleneck queue disc (FIFO, CoDel, PIE or FQ-CoDel). Prints one JSON line: utilisation,
// Jain's index, per-group mean throughput, mean and 95th-percentile queueing delay (the root
// queue disc's SojournTime trace), from --measureFrom to the end. See README.md.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

using namespace ns3;

static std::vector<double> g_sojourn;
static double g_measureFrom = 10;
static uint64_t g_txBytes = 0;

static void OnSojourn(Time t) {
  if (Simulator::Now().GetSeconds() >= g_measureFrom) g_sojourn.push_back(t.GetSeconds());
}
static void OnTx(Ptr<const Packet> p) {
  if (Simulator::Now().GetSeconds() >= g_measureFrom) g_txBytes += p->GetSize();
}

static TypeId CcType(const std::string& cc) {
  if (cc == "cubic") return TcpCubic::GetTypeId();
  if (cc == "bbr") return TcpBbr::GetTypeId();
  if (cc == "dctcp") return TcpDctcp::GetTypeId();
  return TcpNewReno::GetTypeId();
}

int main(int argc, char* argv[]) {
  uint32_t flows = 20, flows2 = 0, buffer = 1000, seed = 1;
  std::string cc = "cubic", cc2 = "newreno", aqm = "fifo";
  double rate = 10e6, delay = 0.01, accessRate = 100e6, dmin = 0.002, dmax = 0.008, duration = 60;
  bool ecn = false;
  CommandLine cmd;
  cmd.AddValue("flows", "TCP flows in all", flows);
  cmd.AddValue("flows2", "of which the last flows2 run cc2", flows2);
  cmd.AddValue("cc", "cubic | newreno | bbr | dctcp", cc);
  cmd.AddValue("cc2", "congestion control of the second group", cc2);
  cmd.AddValue("aqm", "fifo | codel | pie | fq_codel", aqm);
  cmd.AddValue("buffer", "bottleneck queue limit, packets", buffer);
  cmd.AddValue("rate", "bottleneck rate, bit/s", rate);
  cmd.AddValue("delay", "bottleneck one-way delay, s", delay);
  cmd.AddValue("accessRate", "access link rate, bit/s", accessRate);
  cmd.AddValue("accessDelayMin", "access delay lower end, s", dmin);
  cmd.AddValue("accessDelayMax", "access delay upper end, s", dmax);
  cmd.AddValue("duration", "simulated seconds", duration);
  cmd.AddValue("measureFrom", "start of the measurement, s", g_measureFrom);
  cmd.AddValue("ecn", "ECN on at the TCPs and the queue", ecn);
  cmd.AddValue("seed", "run number", seed);
  cmd.Parse(argc, argv);
  RngSeedManager::SetSeed(1);
  RngSeedManager::SetRun(seed);

  // Match Bottleneck Lab's flows: 1000 bytes on the wire (948 + 52 of TCP/IP with timestamps),
  // an ACK per packet, classic fast recovery (not PRR), large buffers.
  Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(948));
  Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
  Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 24));
  Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 24));
  Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(2));
  Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", TypeIdValue(TcpClassicRecovery::GetTypeId()));
  Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(0.2)));
  if (ecn) Config::SetDefault("ns3::TcpSocketBase::UseEcn", StringValue("On"));

  NodeContainer routers, senders, receivers;
  routers.Create(2);
  senders.Create(flows);
  receivers.Create(flows);
  InternetStackHelper stack;
  stack.InstallAll();

  PointToPointHelper bottle;
  bottle.SetDeviceAttribute("DataRate", DataRateValue(DataRate(static_cast<uint64_t>(rate))));
  bottle.SetChannelAttribute("Delay", TimeValue(Seconds(delay)));
  bottle.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));  // the queue disc holds the queue
  NetDeviceContainer bdev = bottle.Install(routers.Get(0), routers.Get(1));

  TrafficControlHelper tch;
  const std::string limit = std::to_string(buffer) + "p";
  if (aqm == "codel") tch.SetRootQueueDisc("ns3::CoDelQueueDisc", "MaxSize", StringValue(limit), "UseEcn", BooleanValue(ecn));
  else if (aqm == "pie") tch.SetRootQueueDisc("ns3::PieQueueDisc", "MaxSize", StringValue(limit), "UseEcn", BooleanValue(ecn));
  else if (aqm == "fq_codel") tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc", "MaxSize", StringValue(limit), "UseEcn", BooleanValue(ecn));
  else tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue(limit));
  QueueDiscContainer qd = tch.Install(bdev.Get(0));
  qd.Get(0)->TraceConnectWithoutContext("SojournTime", MakeCallback(&OnSojourn));
  bdev.Get(0)->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&OnTx));
  TrafficControlHelper big;  // every other device: a plain FIFO (not ns-3's default FQ-CoDel)
  big.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", StringValue("10000p"));
  big.Install(bdev.Get(1));

  Ipv4AddressHelper addr;
  addr.SetBase("10.0.0.0", "255.255.255.0");
  addr.Assign(bdev);
  Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
  std::vector<Ipv4Address> dst;
  for (uint32_t i = 0; i < flows; ++i) {
    PointToPointHelper acc;
    acc.SetDeviceAttribute("DataRate", DataRateValue(DataRate(static_cast<uint64_t>(accessRate))));
    acc.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1p"));
    acc.SetChannelAttribute("Delay", TimeValue(Seconds(u->GetValue(dmin, dmax))));
    NetDeviceContainer a = acc.Install(senders.Get(i), routers.Get(0));
    acc.SetChannelAttribute("Delay", TimeValue(Seconds(u->GetValue(dmin, dmax))));
    NetDeviceContainer b = acc.Install(routers.Get(1), receivers.Get(i));
    big.Install(a);
    big.Install(b);
    char base[32];
    std::snprintf(base, sizeof base, "10.%u.%u.0", 1 + i / 200, i % 200);
    addr.SetBase(base, "255.255.255.0");
    addr.Assign(a);
    std::snprintf(base, sizeof base, "10.%u.%u.0", 101 + i / 200, i % 200);
    addr.SetBase(base, "255.255.255.0");
    dst.push_back(addr.Assign(b).GetAddress(1));
    Config::Set("/NodeList/" + std::to_string(senders.Get(i)->GetId()) + "/$ns3::TcpL4Protocol/SocketType",
                TypeIdValue(CcType(i >= flows - flows2 ? cc2 : cc)));
  }
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  std::vector<Ptr<PacketSink>> sinks;
  for (uint32_t i = 0; i < flows; ++i) {
    BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(dst[i], 5000));
    src.SetAttribute("MaxBytes", UintegerValue(0));
    ApplicationContainer s = src.Install(senders.Get(i));
    s.Start(Seconds(u->GetValue(0, 1)));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 5000));
    ApplicationContainer r = sink.Install(receivers.Get(i));
    r.Start(Seconds(0));
    sinks.push_back(DynamicCast<PacketSink>(r.Get(0)));
  }
  std::vector<uint64_t> at0(flows, 0);
  Simulator::Schedule(Seconds(g_measureFrom), [&]() { for (uint32_t i = 0; i < flows; ++i) at0[i] = sinks[i]->GetTotalRx(); });
  Simulator::Stop(Seconds(duration));
  Simulator::Run();

  const double window = duration - g_measureFrom;
  std::vector<double> thr;
  double s = 0, s2 = 0, g1 = 0, g2 = 0;
  for (uint32_t i = 0; i < flows; ++i) {
    const double t = (sinks[i]->GetTotalRx() - at0[i]) * 8.0 * 1000.0 / 948.0 / window;  // on-wire bit/s
    thr.push_back(t);
    s += t;
    s2 += t * t;
    (i >= flows - flows2 ? g2 : g1) += t;
  }
  std::sort(g_sojourn.begin(), g_sojourn.end());
  double mean = 0;
  for (double x : g_sojourn) mean += x;
  mean = g_sojourn.empty() ? 0 : mean / g_sojourn.size();
  const double p95 = g_sojourn.empty() ? 0 : g_sojourn[static_cast<size_t>(0.95 * (g_sojourn.size() - 1))];
  std::printf("{\"aqm\": \"%s\", \"cc\": \"%s\", \"cc2\": \"%s\", \"flows\": %u, \"flows2\": %u, \"buffer\": %u, "
              "\"utilization\": %.4f, \"jain\": %.4f, \"group1Bps\": %.0f, \"group2Bps\": %.0f, \"meanDelay\": %.5f, \"p95Delay\": %.5f}\n",
              aqm.c_str(), cc.c_str(), cc2.c_str(), flows, flows2, buffer, g_txBytes * 8.0 / window / rate,
              s * s / (flows * s2), flows - flows2 ? g1 / (flows - flows2) : 0, flows2 ? g2 / flows2 : 0, mean, p95);
  Simulator::Destroy();
  return 0;
}
