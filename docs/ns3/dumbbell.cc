// Bottleneck Lab: the ns-3.37 side of the issue-13 validation (docs/validation-ns3.md).
//
// A dumbbell: N senders -> access links -> router L -> bottleneck -> router R -> access links
// -> N receivers, one bulk TCP flow per sender/receiver pair. Each access link's one-way delay
// is drawn uniformly from [accessDelayMin, accessDelayMax] (sender and receiver side drawn
// separately, as the core's dumbbell without sameAccessDelay). The bottleneck L->R carries the
// chosen queue disc (fifo = DropTail with `buffer` packets, codel, pie, fqcodel); its device
// queue is one packet, so every packet waits in the queue disc. Everything else is set
// explicitly rather than left to ns-3's defaults (TcpCubic with PRR, an FqCoDel root queue
// disc on every device, delayed ACKs, 1 s minimum RTO, 10-packet initial window, timestamps).
//
// Prints one JSON line: bottleneck utilisation (busy fraction of the link after measureFrom),
// per-flow goodput (application bytes received after measureFrom), Jain's index of the
// goodputs, and the mean and 95th percentile of the queueing delay (sojourn time from the
// queue disc's enqueue to the start of the packet's transmission on the bottleneck, for
// packets whose transmission starts after measureFrom).
//
// Build (Debian's libns3-dev; its pkg-config files are broken, see docs/ns3/README.md):
//   g++ -O2 -std=c++17 docs/ns3/dumbbell.cc -o build/ns3-dumbbell -Wl,--no-as-needed \
//     -lns3-core -lns3-network -lns3-internet -lns3-point-to-point -lns3-applications \
//     -lns3-traffic-control -lns3-nix-vector-routing -lns3-bridge -lns3-stats
// Run: ./build/ns3-dumbbell --flows=20 --queue=codel --tcp=NewReno --duration=40

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

using namespace ns3;

namespace {

struct Sojourn {
  std::unordered_map<uint64_t, Time> enqueuedAt;  // packet uid -> time the queue disc took it
  std::vector<double> samples;                    // seconds, packets sent after measureFrom
  double measureFrom = 0;
  uint64_t busyBytes = 0;                          // bytes (with PPP header) sent after measureFrom
  uint64_t drops = 0;
};
Sojourn g_sojourn;

void OnEnqueue(Ptr<const QueueDiscItem> item) {
  g_sojourn.enqueuedAt[item->GetPacket()->GetUid()] = Simulator::Now();
}

void OnDrop(Ptr<const QueueDiscItem> item) {
  g_sojourn.enqueuedAt.erase(item->GetPacket()->GetUid());
  if (Simulator::Now().GetSeconds() >= g_sojourn.measureFrom) ++g_sojourn.drops;
}

void OnTxBegin(Ptr<const Packet> p) {
  auto it = g_sojourn.enqueuedAt.find(p->GetUid());
  const double now = Simulator::Now().GetSeconds();
  if (it != g_sojourn.enqueuedAt.end()) {
    if (now >= g_sojourn.measureFrom) g_sojourn.samples.push_back(now - it->second.GetSeconds());
    g_sojourn.enqueuedAt.erase(it);
  }
  if (now >= g_sojourn.measureFrom) g_sojourn.busyBytes += p->GetSize();
}

TypeId TcpType(const std::string& name) {
  if (name == "NewReno") return TcpNewReno::GetTypeId();
  if (name == "Cubic") return TcpCubic::GetTypeId();
  NS_FATAL_ERROR("--tcp must be NewReno or Cubic, not " << name);
}

}  // namespace

int main(int argc, char* argv[]) {
  uint32_t flows = 20;
  uint32_t cubicFlows = 0;  // with --tcp=NewReno: the first cubicFlows flows run TcpCubic
  double rateMbps = 20, delayMs = 1, accessRateMbps = 100;
  double accessDelayMinMs = 10, accessDelayMaxMs = 20;
  std::string queue = "fifo", tcp = "NewReno";
  uint32_t buffer = 1000, accessBuffer = 10000, packetSize = 1000, initialCwnd = 2;
  bool sack = true, delayedAck = false, hystart = false;
  double duration = 40, measureFrom = 10, startSpread = 1, minRto = 0.2;
  uint32_t seed = 1;

  CommandLine cmd(__FILE__);
  cmd.AddValue("flows", "number of TCP flows", flows);
  cmd.AddValue("cubicFlows", "how many of the flows (the first ones) run TcpCubic", cubicFlows);
  cmd.AddValue("tcp", "TCP variant of the other flows: NewReno or Cubic", tcp);
  cmd.AddValue("rate", "bottleneck rate (Mb/s)", rateMbps);
  cmd.AddValue("delay", "bottleneck one-way delay (ms)", delayMs);
  cmd.AddValue("accessRate", "access link rate (Mb/s)", accessRateMbps);
  cmd.AddValue("accessDelayMin", "smallest access one-way delay (ms)", accessDelayMinMs);
  cmd.AddValue("accessDelayMax", "largest access one-way delay (ms)", accessDelayMaxMs);
  cmd.AddValue("queue", "bottleneck queue disc: fifo, codel, pie, fqcodel", queue);
  cmd.AddValue("buffer", "bottleneck queue disc limit (packets)", buffer);
  cmd.AddValue("accessBuffer", "access link DropTail buffer (packets)", accessBuffer);
  cmd.AddValue("packetSize", "IP packet size on the wire (bytes, TCP/IP headers included)", packetSize);
  cmd.AddValue("initialCwnd", "initial congestion window (segments)", initialCwnd);
  cmd.AddValue("sack", "SACK on (1) or off (0)", sack);
  cmd.AddValue("delayedAck", "receivers ACK every second segment", delayedAck);
  cmd.AddValue("hystart", "TcpCubic HyStart", hystart);
  cmd.AddValue("minRto", "minimum retransmission timeout (s)", minRto);
  cmd.AddValue("duration", "simulated seconds", duration);
  cmd.AddValue("measureFrom", "metrics cover [measureFrom, duration] (s)", measureFrom);
  cmd.AddValue("startSpread", "flow i starts at a uniform draw in [0, startSpread) s", startSpread);
  cmd.AddValue("seed", "run number of the random streams", seed);
  cmd.Parse(argc, argv);
  if (measureFrom >= duration) NS_FATAL_ERROR("--measureFrom must be below --duration");
  if (cubicFlows > flows) NS_FATAL_ERROR("--cubicFlows must be at most --flows");

  RngSeedManager::SetSeed(1);
  RngSeedManager::SetRun(seed);
  g_sojourn.measureFrom = measureFrom;

  // TCP, set explicitly (no timestamps: the segment is packetSize - 40 bytes of payload).
  Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpType(tcp)));
  Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", TypeIdValue(TcpClassicRecovery::GetTypeId()));
  Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(packetSize - 40));
  Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(initialCwnd));
  Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delayedAck ? 2 : 1));
  Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 27));
  Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 27));
  Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(sack));
  Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));
  Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(true));
  Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(minRto)));
  Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(hystart));

  NodeContainer senders, receivers, routers;
  senders.Create(flows);
  receivers.Create(flows);
  routers.Create(2);
  InternetStackHelper stack;
  stack.InstallAll();
  // Per-node variant for the mixed runs: the first cubicFlows senders run TcpCubic.
  for (uint32_t i = 0; i < cubicFlows; ++i) {
    Ptr<TcpL4Protocol> l4 = senders.Get(i)->GetObject<TcpL4Protocol>();
    l4->SetAttribute("SocketType", TypeIdValue(TcpCubic::GetTypeId()));
  }

  // Bottleneck: a one-packet device queue under the chosen queue disc.
  PointToPointHelper bottleneck;
  bottleneck.SetDeviceAttribute("DataRate", DataRateValue(DataRate(rateMbps * 1e6)));
  bottleneck.SetChannelAttribute("Delay", TimeValue(MilliSeconds(delayMs)));
  bottleneck.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", QueueSizeValue(QueueSize("1p")));
  NetDeviceContainer core = bottleneck.Install(routers.Get(0), routers.Get(1));

  TrafficControlHelper tch;
  const QueueSizeValue limit(QueueSize(QueueSizeUnit::PACKETS, buffer));
  if (queue == "fifo") {
    tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", limit);
  } else if (queue == "codel") {
    tch.SetRootQueueDisc("ns3::CoDelQueueDisc", "MaxSize", limit);
  } else if (queue == "pie") {
    tch.SetRootQueueDisc("ns3::PieQueueDisc", "MaxSize", limit);
  } else if (queue == "fqcodel") {
    tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc", "MaxSize", limit);
  } else {
    NS_FATAL_ERROR("--queue must be fifo, codel, pie or fqcodel, not " << queue);
  }
  QueueDiscContainer qd = tch.Install(core.Get(0));
  // The reverse (ACK) direction: a large FIFO, never the bottleneck.
  TrafficControlHelper ackTch;
  ackTch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", QueueSizeValue(QueueSize("10000p")));
  ackTch.Install(core.Get(1));

  // Access links: DropTail device queues, no queue disc.
  PointToPointHelper access;
  access.SetDeviceAttribute("DataRate", DataRateValue(DataRate(accessRateMbps * 1e6)));
  access.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, accessBuffer)));
  Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
  Ipv4AddressHelper addr;
  addr.SetBase("10.0.0.0", "255.255.255.0");
  addr.Assign(core);
  std::vector<Ipv4Address> sinkAddr(flows);
  std::vector<double> rttMs(flows);
  TrafficControlHelper none;
  for (uint32_t i = 0; i < flows; ++i) {
    const double ds = u->GetValue(accessDelayMinMs, accessDelayMaxMs);
    const double dr = u->GetValue(accessDelayMinMs, accessDelayMaxMs);
    rttMs[i] = 2 * (ds + dr + delayMs);
    access.SetChannelAttribute("Delay", TimeValue(MicroSeconds(static_cast<int64_t>(ds * 1000))));
    NetDeviceContainer a = access.Install(senders.Get(i), routers.Get(0));
    access.SetChannelAttribute("Delay", TimeValue(MicroSeconds(static_cast<int64_t>(dr * 1000))));
    NetDeviceContainer b = access.Install(routers.Get(1), receivers.Get(i));
    addr.NewNetwork();
    addr.Assign(a);
    addr.NewNetwork();
    sinkAddr[i] = addr.Assign(b).GetAddress(1);
    none.Uninstall(a);  // Ipv4AddressHelper installed FqCoDel: remove it
    none.Uninstall(b);
  }
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  std::vector<Ptr<PacketSink>> sinks(flows);
  for (uint32_t i = 0; i < flows; ++i) {
    const uint16_t port = 5000 + i;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer s = sinkHelper.Install(receivers.Get(i));
    s.Start(Seconds(0));
    sinks[i] = DynamicCast<PacketSink>(s.Get(0));
    BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(sinkAddr[i], port));
    src.SetAttribute("MaxBytes", UintegerValue(0));
    src.SetAttribute("SendSize", UintegerValue(packetSize - 40));
    ApplicationContainer c = src.Install(senders.Get(i));
    c.Start(Seconds(u->GetValue(0, startSpread)));
  }

  Ptr<QueueDisc> q = qd.Get(0);
  q->TraceConnectWithoutContext("Enqueue", MakeCallback(&OnEnqueue));
  q->TraceConnectWithoutContext("Drop", MakeCallback(&OnDrop));
  core.Get(0)->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&OnTxBegin));

  std::vector<uint64_t> rxAtStart(flows);
  Simulator::Schedule(Seconds(measureFrom), [&]() {
    for (uint32_t i = 0; i < flows; ++i) rxAtStart[i] = sinks[i]->GetTotalRx();
  });
  Simulator::Stop(Seconds(duration));
  Simulator::Run();

  const double span = duration - measureFrom;
  std::vector<double> goodput(flows);
  double sum = 0, sumSq = 0;
  for (uint32_t i = 0; i < flows; ++i) {
    goodput[i] = 8.0 * static_cast<double>(sinks[i]->GetTotalRx() - rxAtStart[i]) / span;
    sum += goodput[i];
    sumSq += goodput[i] * goodput[i];
  }
  const double jain = sumSq > 0 ? sum * sum / (flows * sumSq) : 0;
  std::vector<double>& s = g_sojourn.samples;
  double mean = 0, p95 = 0;
  if (!s.empty()) {
    for (double x : s) mean += x;
    mean /= static_cast<double>(s.size());
    std::sort(s.begin(), s.end());
    p95 = s[std::min(s.size() - 1, static_cast<size_t>(0.95 * static_cast<double>(s.size())))];
  }
  const double util = 8.0 * static_cast<double>(g_sojourn.busyBytes) / (rateMbps * 1e6 * span);
  std::printf("{\"util\":%.6f,\"jain\":%.6f,\"delayMean\":%.6f,\"delayP95\":%.6f,\"drops\":%llu,"
              "\"sent\":%zu,\"flows\":[",
              util, jain, mean, p95, static_cast<unsigned long long>(g_sojourn.drops), s.size());
  for (uint32_t i = 0; i < flows; ++i) {
    std::printf("%s{\"tcp\":\"%s\",\"rttMs\":%.3f,\"goodputBps\":%.1f}", i ? "," : "",
                i < cubicFlows ? "Cubic" : tcp.c_str(), rttMs[i], goodput[i]);
  }
  std::printf("]}\n");
  Simulator::Destroy();
  return 0;
}
