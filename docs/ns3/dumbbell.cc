// Bottleneck Lab: the ns-3.37 side of the issue-13 validation (docs/validation-ns3.md), and the
// ns-3 timing of `npm run bench` row (d). One program for every side-by-side run with ns-3;
// scripts/lib/ns3.mjs maps a core scenario (docs/scenario.md) onto its options.
//
// A dumbbell: N senders -> access links -> router L -> bottleneck -> router R -> access links
// -> N receivers, one bulk TCP flow per sender/receiver pair. Each access link's one-way delay
// is drawn uniformly from [accessDelayMin, accessDelayMax] (sender and receiver side drawn
// separately, as the core's dumbbell without sameAccessDelay). Congestion control per flow:
// NewReno, CUBIC, BBR or DCTCP (--cc; the flows listed in --cc2Flows run --cc2). The bottleneck
// L->R carries the chosen queue disc (fifo = DropTail, codel, pie, fqcodel, red, step = RED with
// minTh = maxTh = K on the instantaneous queue, DCTCP's marking switch); its device queue is one
// packet, so every packet waits in the queue disc. Everything else is set explicitly rather
// than left to ns-3's defaults (TcpCubic with PRR and HyStart, an FqCoDel root queue disc on
// every device, delayed ACKs, 1 s minimum RTO, 10-packet initial window, timestamps).
//
// Prints one JSON line: bottleneck utilisation (busy fraction of the link after measureFrom),
// per-flow goodput (application bytes received after measureFrom), timeouts and fast
// recoveries (entries into CA_LOSS and CA_RECOVERY over the whole run), Jain's index of the
// goodputs, the mean and 95th percentile of the queueing delay (sojourn time from the queue
// disc's enqueue to the start of the packet's transmission on the bottleneck, for packets whose
// transmission starts after measureFrom; each copy of a segment timed on its own, keyed by packet
// uid and the copy's send-time tag, sent-at-tag.h), and the queue's drops and CE marks after
// measureFrom.
// With --traceFlow=i --traceFile=F it also writes flow i's congestion window, ssthresh and
// congestion state changes to F ("t cwnd ssthresh state", segments, seconds), and with
// --timerFile=G its retransmission timer to G: "t rto R" (each new RTO, s), "t srtt S" (the
// smoothed RTT after each valid sample), "t ack A" (each ACK that advances snd_una, segments)
// and "t timeout R" (an expiry; R the doubled RTO). Per flow it also counts every expiry of
// the retransmission timer ("rtoExpiries": the RTO doubling in ReTxTimeout, which re-enters
// CA_LOSS without a state change when already there) and the spurious ones ("spurious": the
// receiver got the segment at snd_una, the one the expiry retransmits, in a copy sent before
// the expiry; each copy carries its send time in a packet tag added at the sender socket's Tx
// trace and read at the receiver's device: ns-3 retransmits a segment with the packet uid of
// its first copy). "ssOvershoots" and "ssExcess" count, after measureFrom, the ACKs that took
// the window from below ssthresh to above it and the segments above ssthresh they left
// (TcpCubic's slow start adds a whole cumulative ACK with no cap at ssthresh).
// With --seriesFile=F it writes, every --seriesStep seconds, a CSV with the column names of
// the core's --series: the bottleneck queue, each flow's window, smoothed RTT, goodput and
// timeouts, and for BBR flows the state, btlBw, min RTT (RTprop), pacing gain and pacing rate.
// BBR flows run TracedBbr (traced-bbr.h): TcpBbr observed, and four experiments on it:
// --bbrRateFix=1 feeds TcpBbr its rate samples as ns-3.41 computes them (the fault ns-3 fixed
// in 3.41 after 3.37, issue #1026), --bbrRawRtt=1 feeds its RTprop filter raw RTT samples
// instead of the smoothed RTT, --bbrAckAggr=0 removes its ack-aggregation cwnd term, and
// --bbrRestoreCwnd=1 restores its window from before fast recovery when recovery ends (Linux).
//
// Build (Debian's libns3-dev; its pkg-config files are broken, see docs/ns3/README.md; the
// headers traced-bbr.h and sent-at-tag.h are found next to this file):
//   g++ -O2 -std=c++17 docs/ns3/dumbbell.cc -o build/ns3-dumbbell -Wl,--no-as-needed \
//     -lns3-core -lns3-network -lns3-internet -lns3-point-to-point -lns3-applications \
//     -lns3-traffic-control -lns3-nix-vector-routing -lns3-bridge -lns3-stats
// Run: ./build/ns3-dumbbell --flows=20 --queue=codel --cc=newreno --duration=40

// First: it opens TcpBbr's private members before any other ns-3 header declares TcpBbr.
#include "traced-bbr.h"
#include "sent-at-tag.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

using namespace ns3;
using bl::SentAt;
using bl::SentAtTag;
using bl::TracedBbr;

namespace {

struct Stats {
  // (packet uid, the copy's send time from its SentAtTag) -> time the queue disc took it. The
  // uid alone is shared by a segment's copies (ns-3 retransmits with the first copy's uid).
  std::map<std::pair<uint64_t, double>, Time> enqueuedAt;
  std::unordered_map<uint64_t, uint32_t> queuedUids;  // uid -> copies of it in the queue
  std::vector<double> samples;                        // seconds, packets sent after measureFrom
  // The measurement keyed by uid alone (this program before 2026-11-26), kept alongside to show
  // what the per-copy key changes: JSON delayMeanByUid, delayP95ByUid.
  std::unordered_map<uint64_t, Time> enqueuedAtByUid;
  std::vector<double> samplesByUid;
  double measureFrom = 0;
  uint64_t busyBytes = 0;  // bytes (with PPP header) sent after measureFrom
  uint64_t drops = 0, marks = 0;
  // Enqueues (after measureFrom) that found a packet with the same uid still waiting: a
  // retransmission queued behind its original (ns-3 reuses the uid). Keyed by uid alone, as
  // this program was before 2026-11-26, their delay samples were mixed up (the first copy to
  // leave timed from the second's enqueue, the second not timed); keyed by uid and send time
  // each copy is timed on its own. keyReuse: enqueues whose uid and send time were both still
  // queued (none expected: a copy is one transmission).
  uint64_t uidReuse = 0, keyReuse = 0;
  std::vector<uint32_t> timeouts, recoveries;  // per flow, whole run
  FILE* trace = nullptr;
  uint32_t segmentSize = 1;
  double cwnd = 0, ssthresh = 0;
  int state = 0;
  bool bbrRateFix = false, bbrRawRtt = false, bbrAckAggr = true, bbrRestoreCwnd = false;
  std::vector<Ptr<TracedBbr>> bbrs;  // per flow, null for other congestion controls
  FILE* timer = nullptr;
  struct Timer {
    uint32_t una = 0;                                  // snd_una (bytes)
    std::vector<std::pair<double, uint32_t>> expiries;  // time, snd_una then
    std::unordered_map<uint32_t, double> firstRxSentAt;  // segment -> send time of its first copy received
    uint32_t cwnd = 0, ssthresh = UINT32_MAX;           // bytes
    uint32_t overshoots = 0;
    double excess = 0;  // segments
  };
  std::vector<Timer> timers;  // per flow
};
Stats g;

// --seriesFile: each flow's latest values, kept by trace sinks and by TracedBbr.
struct FlowSeries {
  double cwnd = 0, srtt = 0;  // segments, seconds
  bool bbr = false;
  bl::BbrObservation bbrSeen;  // written by TracedBbr
};
std::vector<FlowSeries> g_series;

std::pair<uint64_t, double> CopyKey(Ptr<const Packet> p) { return {p->GetUid(), SentAt(p)}; }

// A copy leaving the queue disc (dropped or sent): forgotten.
void Forget(std::map<std::pair<uint64_t, double>, Time>::iterator it) {
  auto u = g.queuedUids.find(it->first.first);
  if (u != g.queuedUids.end() && --u->second == 0) g.queuedUids.erase(u);
  g.enqueuedAt.erase(it);
}

void OnEnqueue(Ptr<const QueueDiscItem> item) {
  const bool measured = Simulator::Now().GetSeconds() >= g.measureFrom;
  const auto key = CopyKey(item->GetPacket());
  if (g.queuedUids[key.first]++ > 0 && measured) ++g.uidReuse;
  auto [it, fresh] = g.enqueuedAt.insert_or_assign(key, Simulator::Now());
  if (!fresh && measured) ++g.keyReuse;
  g.enqueuedAtByUid.insert_or_assign(key.first, Simulator::Now());
}

void OnDrop(Ptr<const QueueDiscItem> item) {
  auto it = g.enqueuedAt.find(CopyKey(item->GetPacket()));
  if (it != g.enqueuedAt.end()) Forget(it);
  g.enqueuedAtByUid.erase(item->GetPacket()->GetUid());
  if (Simulator::Now().GetSeconds() >= g.measureFrom) ++g.drops;
}

void OnMark(Ptr<const QueueDiscItem>, const char*) {
  if (Simulator::Now().GetSeconds() >= g.measureFrom) ++g.marks;
}

void OnTxBegin(Ptr<const Packet> p) {
  auto it = g.enqueuedAt.find(CopyKey(p));
  const double now = Simulator::Now().GetSeconds();
  if (it != g.enqueuedAt.end()) {
    if (now >= g.measureFrom) g.samples.push_back(now - it->second.GetSeconds());
    Forget(it);
  }
  auto u = g.enqueuedAtByUid.find(p->GetUid());
  if (u != g.enqueuedAtByUid.end()) {
    if (now >= g.measureFrom) g.samplesByUid.push_back(now - u->second.GetSeconds());
    g.enqueuedAtByUid.erase(u);
  }
  if (now >= g.measureFrom) g.busyBytes += p->GetSize();
}

void OnCongState(uint32_t flow, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t now) {
  if (now == TcpSocketState::CA_LOSS) ++g.timeouts[flow];
  if (now == TcpSocketState::CA_RECOVERY) ++g.recoveries[flow];
}

void TraceLine() {
  std::fprintf(g.trace, "%.6f %.3f %.3f %d\n", Simulator::Now().GetSeconds(), g.cwnd, g.ssthresh, g.state);
}
void OnTraceCwnd(uint32_t, uint32_t now) {
  g.cwnd = static_cast<double>(now) / g.segmentSize;
  TraceLine();
}
void OnTraceSsthresh(uint32_t, uint32_t now) {
  g.ssthresh = static_cast<double>(now) / g.segmentSize;
  TraceLine();
}
void OnTraceState(TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t now) {
  g.state = static_cast<int>(now);
  TraceLine();
}

void OnSeriesCwnd(uint32_t flow, uint32_t, uint32_t now) {
  g_series[flow].cwnd = static_cast<double>(now) / g.segmentSize;
}
void OnSeriesRtt(uint32_t flow, Time, Time now) { g_series[flow].srtt = now.GetSeconds(); }
// The retransmission timer: ReTxTimeout doubles m_rto (an exact doubling; NewAck and EstimateRtt
// recompute it from the estimator instead).
void OnRto(uint32_t flow, bool traced, Time before, Time now) {
  const double t = Simulator::Now().GetSeconds();
  const bool expiry = now.GetInteger() == 2 * before.GetInteger();
  if (expiry) g.timers[flow].expiries.emplace_back(t, g.timers[flow].una);
  if (traced) std::fprintf(g.timer, "%.6f %s %.6f\n", t, expiry ? "timeout" : "rto", now.GetSeconds());
}
void OnHighestRxAck(uint32_t flow, bool traced, SequenceNumber32 before, SequenceNumber32 now) {
  if (now <= before) return;
  g.timers[flow].una = now.GetValue();
  if (traced)
    std::fprintf(g.timer, "%.6f ack %.3f\n", Simulator::Now().GetSeconds(),
                 static_cast<double>(now.GetValue()) / g.segmentSize);
}
void OnSocketTx(Ptr<const Packet> p, const TcpHeader&, Ptr<const TcpSocketBase>) {
  if (p->GetSize() == 0) return;
  SentAtTag tag;
  tag.at = Simulator::Now().GetSeconds();
  p->AddPacketTag(tag);  // the packet handed to IP: this copy only, not the send buffer's
}
// A packet reaching receiver `flow`'s device: the first copy of each data segment is noted.
void OnReceiverRx(uint32_t flow, Ptr<const Packet> p) {
  SentAtTag tag;
  if (!p->PeekPacketTag(tag)) return;
  Ptr<Packet> c = p->Copy();  // MacRx gives the frame with its PPP header
  PppHeader ppp;
  c->RemoveHeader(ppp);
  Ipv4Header ip;
  c->RemoveHeader(ip);
  TcpHeader tcp;
  c->PeekHeader(tcp);
  g.timers[flow].firstRxSentAt.emplace(tcp.GetSequenceNumber().GetValue(), tag.at);
}
/** Expiries of flow's timer whose segment had already been received in a copy sent before them. */
uint32_t SpuriousExpiries(uint32_t flow) {
  const Stats::Timer& tm = g.timers[flow];
  uint32_t n = 0;
  for (const auto& [t, una] : tm.expiries) {
    auto it = tm.firstRxSentAt.find(una);
    if (it != tm.firstRxSentAt.end() && it->second < t) ++n;
  }
  return n;
}
void OnRtt(Time, Time now) {
  std::fprintf(g.timer, "%.6f srtt %.6f\n", Simulator::Now().GetSeconds(), now.GetSeconds());
}

// Slow start ending above ssthresh.
void OnFlowCwnd(uint32_t flow, uint32_t before, uint32_t now) {
  Stats::Timer& tm = g.timers[flow];
  tm.cwnd = now;
  if (before < tm.ssthresh && now > tm.ssthresh && Simulator::Now().GetSeconds() >= g.measureFrom) {
    ++tm.overshoots;
    tm.excess += static_cast<double>(now - tm.ssthresh) / g.segmentSize;
  }
}
void OnFlowSsthresh(uint32_t flow, uint32_t, uint32_t now) { g.timers[flow].ssthresh = now; }

// Hooks one sender's socket (its node's only TCP socket) once the application has opened it.
void ConnectSocketTraces(uint32_t flow, uint32_t nodeId, bool traced) {
  const std::string base = "/NodeList/" + std::to_string(nodeId) + "/$ns3::TcpL4Protocol/SocketList/0/";
  Config::ConnectWithoutContext(base + "CongState", MakeBoundCallback(&OnCongState, flow));
  PointerValue ops;
  Config::LookupMatches(base).Get(0)->GetAttribute("CongestionOps", ops);
  Ptr<TracedBbr> bbr = DynamicCast<TracedBbr>(ops.GetObject());
  if (bbr) {
    bbr->rateFix = g.bbrRateFix;
    bbr->rawRtt = g.bbrRawRtt;
    bbr->ackAggr = g.bbrAckAggr;
    bbr->restoreCwnd = g.bbrRestoreCwnd;
    bbr->measureFrom = g.measureFrom;
    g.bbrs[flow] = bbr;
    if (g.bbrRawRtt) Config::ConnectWithoutContext(base + "RTT", MakeCallback(&TracedBbr::OnSmoothedRtt, bbr));
  }
  if (!g_series.empty()) {
    Config::ConnectWithoutContext(base + "CongestionWindow", MakeBoundCallback(&OnSeriesCwnd, flow));
    Config::ConnectWithoutContext(base + "RTT", MakeBoundCallback(&OnSeriesRtt, flow));
    if (bbr) {
      bbr->obs = &g_series[flow].bbrSeen;
      g_series[flow].bbr = true;
    }
  }
  const bool timerTraced = traced && g.timer;
  Config::ConnectWithoutContext(base + "RTO", MakeBoundCallback(&OnRto, flow, timerTraced));
  Config::ConnectWithoutContext(base + "HighestRxAck", MakeBoundCallback(&OnHighestRxAck, flow, timerTraced));
  Config::ConnectWithoutContext(base + "Tx", MakeCallback(&OnSocketTx));
  Config::ConnectWithoutContext(base + "CongestionWindow", MakeBoundCallback(&OnFlowCwnd, flow));
  Config::ConnectWithoutContext(base + "SlowStartThreshold", MakeBoundCallback(&OnFlowSsthresh, flow));
  if (timerTraced) Config::ConnectWithoutContext(base + "RTT", MakeCallback(&OnRtt));
  if (!traced) return;
  Config::ConnectWithoutContext(base + "CongestionWindow", MakeCallback(&OnTraceCwnd));
  Config::ConnectWithoutContext(base + "SlowStartThreshold", MakeCallback(&OnTraceSsthresh));
  Config::ConnectWithoutContext(base + "CongState", MakeCallback(&OnTraceState));
}

// BBR flows run TracedBbr: TcpBbr unchanged unless an experiment is on (traced-bbr.h).
TypeId CcType(const std::string& name) {
  if (name == "newreno") return TcpNewReno::GetTypeId();
  if (name == "cubic") return TcpCubic::GetTypeId();
  if (name == "bbr") return TracedBbr::GetTypeId();
  if (name == "dctcp") return TcpDctcp::GetTypeId();
  NS_FATAL_ERROR("--cc and --cc2 must be newreno, cubic, bbr or dctcp, not " << name);
}

/** The mean and the 95th percentile (the sample at rank floor(0.95 n)) of delay samples; sorts them. */
std::pair<double, double> MeanAndP95(std::vector<double>& s) {
  if (s.empty()) return {0, 0};
  double mean = 0;
  for (double x : s) mean += x;
  mean /= static_cast<double>(s.size());
  std::sort(s.begin(), s.end());
  return {mean, s[std::min(s.size() - 1, static_cast<size_t>(0.95 * static_cast<double>(s.size())))]};
}

// "0-9,12" -> {0..9, 12}
std::vector<bool> ParseFlowList(const std::string& spec, uint32_t flows) {
  std::vector<bool> in(flows, false);
  std::stringstream ss(spec);
  std::string part;
  while (std::getline(ss, part, ',')) {
    if (part.empty()) continue;
    const auto dash = part.find('-');
    const uint32_t a = std::stoul(part.substr(0, dash));
    const uint32_t b = dash == std::string::npos ? a : std::stoul(part.substr(dash + 1));
    if (a > b || b >= flows) NS_FATAL_ERROR("--cc2Flows: " << part << " is outside flows 0-" << flows - 1);
    for (uint32_t i = a; i <= b; ++i) in[i] = true;
  }
  return in;
}

}  // namespace

int main(int argc, char* argv[]) {
  uint32_t flows = 20;
  std::string cc = "newreno", cc2 = "newreno", cc2Flows;
  double rateMbps = 20, delayMs = 5, accessRateMbps = 100;
  double accessDelayMinMs = 10, accessDelayMaxMs = 20;
  std::string queue = "fifo";
  uint32_t buffer = 1000, accessBuffer = 10000, packetSize = 1000, initialCwnd = 2, stepK = 20, rwnd = 10000;
  double minTh = 50, maxTh = 120, maxP = 0.1, qw = 0.002;
  bool gentle = true, ecn = false, queueEcn = false;
  bool sack = true, delayedAck = false, hystart = false, timestamps = false;
  double duration = 40, measureFrom = 10, start = 0, startSpread = 1, minRto = 0.2;
  uint32_t seed = 1;
  int traceFlow = -1;
  std::string traceFile, seriesFile, timerFile;
  double seriesStep = 0.05;

  CommandLine cmd(__FILE__);
  cmd.AddValue("flows", "number of TCP flows", flows);
  cmd.AddValue("cc", "congestion control: newreno, cubic, bbr or dctcp", cc);
  cmd.AddValue("cc2", "congestion control of the flows in --cc2Flows", cc2);
  cmd.AddValue("cc2Flows", "flows (0-based, e.g. 0-9,12) that run --cc2", cc2Flows);
  cmd.AddValue("rate", "bottleneck rate (Mb/s)", rateMbps);
  cmd.AddValue("delay", "bottleneck one-way delay (ms)", delayMs);
  cmd.AddValue("accessRate", "access link rate (Mb/s)", accessRateMbps);
  cmd.AddValue("accessDelayMin", "smallest access one-way delay (ms)", accessDelayMinMs);
  cmd.AddValue("accessDelayMax", "largest access one-way delay (ms)", accessDelayMaxMs);
  cmd.AddValue("queue", "bottleneck queue disc: fifo, codel, pie, fqcodel, red, step", queue);
  cmd.AddValue("buffer", "bottleneck queue disc limit (packets)", buffer);
  cmd.AddValue("K", "step: mark arrivals that find at least K packets in the queue disc", stepK);
  cmd.AddValue("minTh", "red: minimum threshold (packets)", minTh);
  cmd.AddValue("maxTh", "red: maximum threshold (packets)", maxTh);
  cmd.AddValue("maxP", "red: drop probability at maxTh", maxP);
  cmd.AddValue("qw", "red: queue weight of the average", qw);
  cmd.AddValue("gentle", "red: gentle mode", gentle);
  cmd.AddValue("ecn", "ECN-capable TCPs (RFC 3168; DCTCP always is)", ecn);
  cmd.AddValue("queueEcn", "codel, pie, fqcodel, red mark ECN-capable packets instead of dropping them", queueEcn);
  cmd.AddValue("accessBuffer", "access link DropTail buffer (packets)", accessBuffer);
  cmd.AddValue("packetSize", "IP packet size on the wire (bytes, TCP/IP headers included)", packetSize);
  cmd.AddValue("initialCwnd", "initial congestion window (segments)", initialCwnd);
  cmd.AddValue("rwnd", "receive and send socket buffers (segments): the cap on data in flight", rwnd);
  cmd.AddValue("sack", "SACK on (1) or off (0)", sack);
  cmd.AddValue("delayedAck", "receivers ACK every second segment", delayedAck);
  cmd.AddValue("hystart", "TcpCubic HyStart", hystart);
  cmd.AddValue("timestamps", "TCP timestamps (RFC 7323; the segment is then packetSize - 52 bytes)", timestamps);
  cmd.AddValue("minRto", "minimum retransmission timeout (s)", minRto);
  cmd.AddValue("duration", "simulated seconds", duration);
  cmd.AddValue("measureFrom", "metrics cover [measureFrom, duration] (s)", measureFrom);
  cmd.AddValue("start", "earliest flow start (s)", start);
  cmd.AddValue("startSpread", "flow i starts at a uniform draw in [start, start + startSpread) s", startSpread);
  cmd.AddValue("seed", "run number of the random streams", seed);
  cmd.AddValue("traceFlow", "flow whose cwnd, ssthresh and state changes go to --traceFile", traceFlow);
  cmd.AddValue("traceFile", "file for --traceFlow's trace", traceFile);
  cmd.AddValue("seriesFile", "CSV of every flow's window, RTT, goodput (and BBR's state and estimates)", seriesFile);
  cmd.AddValue("seriesStep", "--seriesFile's sampling period (s)", seriesStep);
  cmd.AddValue("bbrRateFix", "TcpBbr fed rate samples as ns-3.41 computes them (commit 1759450)", g.bbrRateFix);
  cmd.AddValue("bbrRawRtt", "TcpBbr's RTprop filter fed each ACK's raw RTT sample, not the smoothed RTT", g.bbrRawRtt);
  cmd.AddValue("bbrRestoreCwnd", "TcpBbr restores its window from before fast recovery when it ends (Linux)",
               g.bbrRestoreCwnd);
  cmd.AddValue("bbrAckAggr", "TcpBbr's ack-aggregation term in the cwnd target (0: none, as ours)", g.bbrAckAggr);
  cmd.AddValue("timerFile", "file for --traceFlow's retransmission timer: RTO, srtt, advancing ACKs, expiries", timerFile);
  cmd.Parse(argc, argv);
  if (measureFrom >= duration) NS_FATAL_ERROR("--measureFrom must be below --duration");
  if (flows == 0) NS_FATAL_ERROR("--flows must be at least 1");
  if (traceFlow >= static_cast<int>(flows)) NS_FATAL_ERROR("--traceFlow must be below --flows");
  const std::vector<bool> inGroup2 = ParseFlowList(cc2Flows, flows);
  CcType(cc);
  CcType(cc2);

  RngSeedManager::SetSeed(1);
  RngSeedManager::SetRun(seed);
  g.measureFrom = measureFrom;
  g.timeouts.assign(flows, 0);
  g.recoveries.assign(flows, 0);
  const uint32_t headerSize = timestamps ? 52 : 40;
  g.segmentSize = packetSize - headerSize;
  if (traceFlow >= 0) {
    g.trace = std::fopen(traceFile.c_str(), "w");
    if (!g.trace) NS_FATAL_ERROR("cannot write --traceFile " << traceFile);
  }
  if (!seriesFile.empty()) {
    if (seriesStep <= 0) NS_FATAL_ERROR("--seriesStep must be above 0 s");
    g_series.assign(flows, FlowSeries{});
  }
  if (traceFlow >= 0 && !timerFile.empty()) {
    g.timer = std::fopen(timerFile.c_str(), "w");
    if (!g.timer) NS_FATAL_ERROR("cannot write --timerFile " << timerFile);
  }
  g.timers.assign(flows, Stats::Timer{});
  g.bbrs.assign(flows, nullptr);

  // TCP, set explicitly (without timestamps the segment is packetSize - 40 bytes of payload).
  Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", TypeIdValue(TcpClassicRecovery::GetTypeId()));
  Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(packetSize - headerSize));
  Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(initialCwnd));
  Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delayedAck ? 2 : 1));
  // Socket buffers of rwnd segments (the core's flow rwnd); not more: BulkSend fills its send
  // buffer at once, and 100 flows with 128 MB each took 4 GB of memory.
  Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(rwnd * (packetSize - headerSize)));
  Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(rwnd * (packetSize - headerSize)));
  Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(sack));
  Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(timestamps));
  Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(true));
  Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(minRto)));
  Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(hystart));
  if (ecn) Config::SetDefault("ns3::TcpSocketBase::UseEcn", StringValue("On"));

  NodeContainer senders, receivers, routers;
  senders.Create(flows);
  receivers.Create(flows);
  routers.Create(2);
  InternetStackHelper stack;
  stack.InstallAll();
  // Each flow's variant on both of its ends (a DCTCP receiver must echo every CE mark).
  for (uint32_t i = 0; i < flows; ++i) {
    const TypeIdValue type(CcType(inGroup2[i] ? cc2 : cc));
    senders.Get(i)->GetObject<TcpL4Protocol>()->SetAttribute("SocketType", type);
    receivers.Get(i)->GetObject<TcpL4Protocol>()->SetAttribute("SocketType", type);
  }

  // Bottleneck: a one-packet device queue under the chosen queue disc.
  PointToPointHelper bottleneck;
  bottleneck.SetDeviceAttribute("DataRate", DataRateValue(DataRate(rateMbps * 1e6)));
  bottleneck.SetChannelAttribute("Delay", TimeValue(MilliSeconds(delayMs)));
  bottleneck.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", QueueSizeValue(QueueSize("1p")));
  NetDeviceContainer core = bottleneck.Install(routers.Get(0), routers.Get(1));

  TrafficControlHelper tch;
  const QueueSizeValue limit(QueueSize(QueueSizeUnit::PACKETS, buffer));
  const BooleanValue useEcn(queueEcn);
  if (queue == "fifo") {
    tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", limit);
  } else if (queue == "codel") {
    tch.SetRootQueueDisc("ns3::CoDelQueueDisc", "MaxSize", limit, "UseEcn", useEcn);
  } else if (queue == "pie") {
    tch.SetRootQueueDisc("ns3::PieQueueDisc", "MaxSize", limit, "UseEcn", useEcn);
  } else if (queue == "fqcodel") {
    tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc", "MaxSize", limit, "UseEcn", useEcn);
  } else if (queue == "red" || queue == "step") {
    // step: minTh = maxTh = K on the instantaneous queue (QW 1), every arrival at or above K
    // is a "forced" mark (UseHardDrop false), non-ECN-capable ones are dropped.
    const bool step = queue == "step";
    tch.SetRootQueueDisc("ns3::RedQueueDisc", "MaxSize", limit, "UseEcn", BooleanValue(step || queueEcn), "UseHardDrop",
                         BooleanValue(false), "MinTh", DoubleValue(step ? stepK : minTh), "MaxTh",
                         DoubleValue(step ? stepK : maxTh), "QW", DoubleValue(step ? 1.0 : qw), "LInterm",
                         DoubleValue(1 / maxP), "Gentle", BooleanValue(!step && gentle), "MeanPktSize",
                         UintegerValue(packetSize), "LinkBandwidth", DataRateValue(DataRate(rateMbps * 1e6)),
                         "LinkDelay", TimeValue(MilliSeconds(delayMs)));
  } else {
    NS_FATAL_ERROR("--queue must be fifo, codel, pie, fqcodel, red or step, not " << queue);
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
    b.Get(1)->TraceConnectWithoutContext("MacRx", MakeBoundCallback(&OnReceiverRx, i));
    none.Uninstall(a);  // Ipv4AddressHelper installed FqCoDel: remove it
    none.Uninstall(b);
  }
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  std::vector<Ptr<PacketSink>> sinks(flows);
  for (uint32_t i = 0; i < flows; ++i) {
    const uint16_t port = 5000;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer s = sinkHelper.Install(receivers.Get(i));
    s.Start(Seconds(0));
    sinks[i] = DynamicCast<PacketSink>(s.Get(0));
    BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(sinkAddr[i], port));
    src.SetAttribute("MaxBytes", UintegerValue(0));
    src.SetAttribute("SendSize", UintegerValue(packetSize - headerSize));
    ApplicationContainer c = src.Install(senders.Get(i));
    const double at = start + u->GetValue(0, startSpread);
    c.Start(Seconds(at));
    Simulator::Schedule(Seconds(at) + NanoSeconds(1), &ConnectSocketTraces, i, senders.Get(i)->GetId(),
                        static_cast<int>(i) == traceFlow);
  }

  Ptr<QueueDisc> q = qd.Get(0);
  q->TraceConnectWithoutContext("Enqueue", MakeCallback(&OnEnqueue));
  q->TraceConnectWithoutContext("Drop", MakeCallback(&OnDrop));
  q->TraceConnectWithoutContext("Mark", MakeCallback(&OnMark));
  core.Get(0)->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&OnTxBegin));

  std::vector<uint64_t> rxAtStart(flows);
  Simulator::Schedule(Seconds(measureFrom), [&]() {
    for (uint32_t i = 0; i < flows; ++i) rxAtStart[i] = sinks[i]->GetTotalRx();
  });
  // --seriesFile: one row every seriesStep seconds (goodput over the last step, bit/s).
  FILE* series = nullptr;
  std::vector<uint64_t> rxAtLast(flows, 0);
  std::function<void()> sample;
  if (!seriesFile.empty()) {
    series = std::fopen(seriesFile.c_str(), "w");
    if (!series) NS_FATAL_ERROR("cannot write --seriesFile " << seriesFile);
    std::fprintf(series, "t,queue.bottleneck.len");
    for (uint32_t i = 0; i < flows; ++i) {
      std::fprintf(series, ",flow.%u.cwnd,flow.%u.srtt,flow.%u.goodput,flow.%u.timeouts", i, i, i, i);
      if ((inGroup2[i] ? cc2 : cc) == "bbr")
        std::fprintf(series, ",flow.%u.bbrState,flow.%u.btlBw,flow.%u.minRtt,flow.%u.pacingGain,flow.%u.pacingRate", i,
                     i, i, i, i);
    }
    std::fprintf(series, "\n");
    sample = [&]() {
      std::fprintf(series, "%.3f,%u", Simulator::Now().GetSeconds(), q->GetNPackets());
      for (uint32_t i = 0; i < flows; ++i) {
        const FlowSeries& f = g_series[i];
        const uint64_t rx = sinks[i]->GetTotalRx();
        std::fprintf(series, ",%.3f,%.6f,%.1f,%u", f.cwnd, f.srtt, 8.0 * static_cast<double>(rx - rxAtLast[i]) / seriesStep,
                     g.timeouts[i]);
        rxAtLast[i] = rx;
        const bl::BbrObservation& b = f.bbrSeen;
        if ((inGroup2[i] ? cc2 : cc) == "bbr")
          std::fprintf(series, ",%.0f,%.1f,%.6f,%.4f,%.1f", b.state, b.btlBw, b.minRtt, b.pacingGain, b.pacingRate);
      }
      std::fprintf(series, "\n");
      Simulator::Schedule(Seconds(seriesStep), sample);
    };
    Simulator::Schedule(Seconds(seriesStep), sample);
  }
  Simulator::Stop(Seconds(duration));
  Simulator::Run();
  if (g.trace) std::fclose(g.trace);
  if (series) std::fclose(series);
  if (g.timer) std::fclose(g.timer);

  const double span = duration - measureFrom;
  std::vector<double> goodput(flows);
  double sum = 0, sumSq = 0;
  for (uint32_t i = 0; i < flows; ++i) {
    goodput[i] = 8.0 * static_cast<double>(sinks[i]->GetTotalRx() - rxAtStart[i]) / span;
    sum += goodput[i];
    sumSq += goodput[i] * goodput[i];
  }
  const double jain = sumSq > 0 ? sum * sum / (flows * sumSq) : 0;
  const auto [mean, p95] = MeanAndP95(g.samples);
  const auto [meanUid, p95Uid] = MeanAndP95(g.samplesByUid);
  const double util = 8.0 * static_cast<double>(g.busyBytes) / (rateMbps * 1e6 * span);
  std::printf("{\"util\":%.6f,\"jain\":%.6f,\"delayMean\":%.6f,\"delayP95\":%.6f,\"drops\":%llu,\"marks\":%llu,"
              "\"sent\":%zu,\"uidReuse\":%llu,\"keyReuse\":%llu,\"delayMeanByUid\":%.6f,\"delayP95ByUid\":%.6f,"
              "\"sentByUid\":%zu,\"flows\":[",
              util, jain, mean, p95, static_cast<unsigned long long>(g.drops), static_cast<unsigned long long>(g.marks),
              g.samples.size(), static_cast<unsigned long long>(g.uidReuse), static_cast<unsigned long long>(g.keyReuse), meanUid,
              p95Uid, g.samplesByUid.size());
  for (uint32_t i = 0; i < flows; ++i) {
    std::printf("%s{\"cc\":\"%s\",\"rttMs\":%.3f,\"goodputBps\":%.1f,\"timeouts\":%u,\"recoveries\":%u,"
                "\"rtoExpiries\":%u,\"spurious\":%u,\"ssOvershoots\":%u,\"ssExcess\":%.1f",
                i ? "," : "", inGroup2[i] ? cc2.c_str() : cc.c_str(), rttMs[i], goodput[i], g.timeouts[i],
                g.recoveries[i], static_cast<uint32_t>(g.timers[i].expiries.size()), SpuriousExpiries(i),
                g.timers[i].overshoots, g.timers[i].excess);
    if (const Ptr<TracedBbr>& b = g.bbrs[i]) {
      const double n = static_cast<double>(std::max<uint64_t>(b->acks, 1));
      std::printf(",\"bbrAckAggr\":%.3f,\"bbrRtProp\":%.6f,\"bbrRawRttSeen\":%llu,\"bbrRawRttFed\":%llu,\"bbrRestores\":%llu",
                  b->aggrSum / n, b->rtPropSum / static_cast<double>(std::max<uint64_t>(b->rtPropAcks, 1)),
                  static_cast<unsigned long long>(b->rawSeen), static_cast<unsigned long long>(b->rawFed),
                  static_cast<unsigned long long>(b->restores));
    }
    std::printf("}");
  }
  std::printf("]}\n");
  Simulator::Destroy();
  return 0;
}
