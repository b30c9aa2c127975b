// The standing outside check (issue 27): invariants that must hold whatever the scenario, over
// a few hundred random dumbbells and small graphs drawn from one seed: rates, delays, buffers,
// every window rule (cc) and loss recovery, every queue kind, exogenous loss models, ECN on
// and off, live changes (bottleneck rate, buffer, loss). For each draw:
//   - no long-lived flow (no stop, never paused) delivers less than 0.5 % of an equal share of
//     the bottleneck over a window of max(40 RTTs, 3 s), once 2 s past its start, while the
//     bottleneck is less than half busy over that window, and the flow's RTO stayed below both
//     twice minRto and a third of the window in it (dumbbells; backed-off timeouts legitimately
//     silence a flow for seconds; a starved flow next to a half-idle link with a short timer is
//     what BBR's emptied filter looked like);
//   - BBR's bandwidth estimate, at every ACK, is never below a valid delivery-rate sample of its
//     last 7 round trips and does not move on an ACK without a valid sample (round trips counted
//     here from the sender's samples as the BBR draft and Linux count them; see check());
//   - outside loss recovery an ACK carrying ECN-Echo never leaves cwnd larger (RFC 3168 6.1.2;
//     the sender counts such ACKs, TcpSender::eceGrowths);
//   - per flow: packets arrived <= packets sent, goodput <= arrived;
//   - every queue holds at most its buffer (the largest it was set to) at every sample;
//   - every link is busy at most the whole of each interval, and the summary's utilisation <= 1.
// A failing draw prints its scenario as JSON, ready for `blsim --scenario FILE.json`, with the
// live changes as blsim's --set arguments. One draw in five is BBR against CUBIC through a deep
// DropTail buffer with SACK (issue 27's conditions). Put back (2026-11-28), issue 27's faults
// fail the default run: rounds counted before the validity check in BbrCc::updateBw at draws
// 1, 2 and 6 (the estimate below a sample 5-6 round trips old), cwnd growth on ECN-Echo ACKs at
// draws 55, 61 and 67; 3000 draws (BL_PROPERTY_DRAWS=3000) pass without them. The looser checks
// tried first did not find the BBR fault in 300 draws: "btlBw >= 1/4 of the samples of the last
// 5 propagation RTTs" (after a timeout no valid sample is that recent) and "no long-lived flow
// starves next to a half-idle link" (CUBIC fills the link). BBR draws use SACK (see flowFields).
// Draws found, while this was written: the ECN reduction raising cwnd 1 to 2 (fixed in
// TcpSender::ecnAck); BBR with NewReno overestimating btlBw at 2.4x the link after a recovery
// (draw seed 82 before BBR was restricted to SACK).
// Speed: 300 draws take about 2 s of CPU (10-14 s of wall time on the shared 2-core machine).
//   BL_PROPERTY_DRAWS=N   draws (default 300; the longer run: 3000, README.md)
//   BL_PROPERTY_SEED=S    first seed (default 1); draw i uses seed S + i
//   BL_PROPERTY_VERBOSE=1 prints every draw's scenario and the draws refused by the check
// Native = WebAssembly on a sample of such draws is wasm-core/node/property.test.mjs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cc/bbr.h"
#include "net/queue_disc.h"
#include "sim/instance.h"
#include "tcp/tcp_sender.h"

namespace bl {
namespace property_test {

struct Change {
  double t;
  std::string entity, key;
  double value;
};

struct Draw {
  std::string json;
  std::vector<Change> changes;
  bool dumbbell = true;
  double duration = 0;
  double rttUpper = 0;  // s: an upper bound on the propagation RTT
  double rttLower = 0;  // s: a lower bound on every flow's propagation RTT (twice the bottleneck's delay)
  double minRate = 0;   // bit/s: the bottleneck's smallest rate over the run
  std::vector<double> start;
  std::vector<bool> longLived;
  double maxBuffer = 0;  // the bottleneck buffer's largest setting (0: no buffer parameter)
  int packetSize = 1000;
  double minRto = 1;  // s, every flow's
};

class Rand {
 public:
  explicit Rand(uint64_t seed) : g_(seed) {}
  double uni(double a, double b) { return std::uniform_real_distribution<double>(a, b)(g_); }
  double logUni(double a, double b) { return std::exp(uni(std::log(a), std::log(b))); }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(g_); }
  bool chance(double p) { return uni(0, 1) < p; }
  template <class T>
  const T& of(const std::vector<T>& v) {
    return v[static_cast<size_t>(pick(static_cast<int>(v.size())))];
  }

 private:
  std::mt19937_64 g_;
};

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

// The queue object for `kind` with `buffer` packets (the discipline's defaults otherwise;
// RED-like thresholds scaled to the buffer, ECN marking where the discipline has it).
std::string queueJson(Rand& r, const std::string& kind, int buffer, bool ecn) {
  std::ostringstream q;
  q << R"({"kind": ")" << kind << R"(")";
  const QueueKind* qk = nullptr;
  for (const QueueKind& k : queueKinds())
    if (kind == k.name) qk = &k;
  auto has = [&](const char* key) { return qk && findSpec(*qk->specs, key); };
  if (has("buffer")) q << R"(, "buffer": )" << buffer;
  if (has("minTh") && has("maxTh")) {
    const double lo = std::max(1.0, std::floor(buffer * r.uni(0.1, 0.3)));
    q << R"(, "minTh": )" << num(lo) << R"(, "maxTh": )" << num(std::max(lo + 1, std::floor(buffer * r.uni(0.4, 0.8))));
  }
  if (has("K")) q << R"(, "K": )" << std::max(1, buffer / 4);
  if (has("ecn")) q << R"(, "ecn": )" << (ecn ? "true" : "false");
  q << "}";
  return q.str();
}

std::string lossJson(Rand& r) {
  switch (r.pick(4)) {
    case 0: return R"({"kind": "bernoulli", "rate": )" + num(r.uni(0, 0.02)) + "}";
    case 1:
      return R"({"kind": "gilbert", "pGoodToBad": )" + num(r.uni(0.001, 0.01)) + R"(, "pBadToGood": )" +
             num(r.uni(0.2, 0.5)) + R"(, "lossGood": 0, "lossBad": )" + num(r.uni(0.05, 0.3)) + "}";
    case 2:
      return R"({"kind": "schedule", "steps": [[0, 0], [)" + num(r.uni(2, 6)) + ", " + num(r.uni(0, 0.02)) + "]]}";
    default: return R"({"kind": "none"})";
  }
}

Draw drawScenario(uint64_t seed) {
  Rand r(seed * 0x9E3779B97F4A7C15ull + 1);
  Draw d;
  static const std::vector<std::string> ccs = {"aimd",  "sd",    "lasd", "multcp", "vegas",
                                               "cubic", "dctcp", "bbr",  "prague"};
  static const std::vector<std::string> tcps = {"reno", "newreno", "sack"};
  std::vector<std::string> queues;
  for (const QueueKind& k : queueKinds()) queues.push_back(k.name);
  d.duration = std::round(r.uni(8, 16));
  const double rate = r.logUni(1e6, 30e6);
  const double bnDelay = r.logUni(0.0005, 0.03), accMax = r.logUni(0.0005, 0.01);
  const bool ecn = r.chance(0.4);
  // One draw in five is BBR against CUBIC on a dumbbell with a deep DropTail buffer (2-10 BDP),
  // SACK and the scoreboard kept over a timeout: the conditions of issue 27's collapse (CUBIC
  // fills the buffer, BBR times out, and for a while every ACK covers a retransmission, so no
  // rate sample is valid).
  const bool bbrVsCubic = r.chance(0.2);
  const int n = bbrVsCubic ? 2 + r.pick(2) : 1 + r.pick(4);
  d.minRate = rate;
  d.rttUpper = 2 * (bnDelay + 2 * accMax) + 0.01;
  d.rttLower = 2 * bnDelay;
  const double bdp = rate * d.rttUpper / 8 / d.packetSize;
  const int buffer = std::max(4, static_cast<int>(std::round(bdp * (bbrVsCubic ? r.uni(2, 10) : r.logUni(0.2, 8)))));
  const std::string qkind = bbrVsCubic ? "droptail" : r.of(queues);
  d.dumbbell = bbrVsCubic || !r.chance(0.2);
  std::ostringstream j;
  j << R"({"version": 1, "seed": )" << seed << R"(, "duration": )" << d.duration
    << R"(, "samplePeriod": 0.1, "packetSize": )" << d.packetSize << ", ";
  std::vector<std::string> flowCc(static_cast<size_t>(n));
  const std::string baseCc = r.of(ccs), baseTcp = r.of(tcps);
  // One draw in five has only BBR flows: a BBR flow that starves itself leaves the link idle,
  // which the starvation check sees (beside a loss-based flow that takes the link it cannot).
  const bool bbrOnly = !bbrVsCubic && r.chance(0.2);
  for (int i = 0; i < n; ++i)
    flowCc[static_cast<size_t>(i)] = bbrVsCubic      ? (i == 0 ? "bbr" : "cubic")
                                     : bbrOnly       ? "bbr"
                                     : r.chance(0.5) ? baseCc
                                                     : r.of(ccs);
  d.start.assign(static_cast<size_t>(n), 0);
  d.longLived.assign(static_cast<size_t>(n), true);
  std::vector<std::string> stops(static_cast<size_t>(n), "");
  for (int i = 0; i < n; ++i) {
    d.start[static_cast<size_t>(i)] = std::round(r.uni(0, 2) * 1000) / 1000;
    if (r.chance(0.15)) {
      stops[static_cast<size_t>(i)] = num(std::round(r.uni(d.start[static_cast<size_t>(i)] + 1, d.duration) * 10) / 10);
      d.longLived[static_cast<size_t>(i)] = false;
    }
  }
  auto flowFields = [&](int i) {
    std::string f =
        R"("cc": ")" + flowCc[static_cast<size_t>(i)] + R"(", "start": )" + num(d.start[static_cast<size_t>(i)]);
    // BBR with SACK only: without SACK this sender counts no delivery on a duplicate ACK
    // (Linux's tcp_add_reno_sack does), so the cumulative ACK after a recovery gives BBR a
    // sample far above the link rate, which it then paces at into small buffers (a known gap,
    // docs/tcp.md).
    if (flowCc[static_cast<size_t>(i)] == "bbr") f += R"(, "tcp": "sack")";
    if (!stops[static_cast<size_t>(i)].empty()) f += R"(, "stop": )" + stops[static_cast<size_t>(i)];
    return f;
  };
  d.minRto = r.chance(0.5) ? 0.2 : 1.0;
  const std::string flowDefaults =
      R"({"tcp": ")" + (bbrVsCubic ? "sack" : baseTcp) + R"(", "ecn": )" + (ecn ? "true" : "false") +
      R"(, "delayedAck": )" + (r.chance(0.3) ? "true" : "false") + R"(, "minRto": )" + num(d.minRto) +
      R"(, "sackAfterRto": ")" + (bbrVsCubic || r.chance(0.5) ? "keep" : "forget") + R"(", "initialCwnd": )" +
      num(r.of(std::vector<double>{2, 4, 10})) + R"(, "startSpread": 0)";
  if (d.dumbbell) {
    j << R"("topology": {"kind": "dumbbell", "bottleneckRate": )" << num(rate) << R"(, "bottleneckDelay": )"
      << num(bnDelay) << R"(, "accessRate": 100e6, "accessDelayMin": 0.0002, "accessDelayMax": )" << num(accMax)
      << "}, ";
    j << R"("queue": )" << queueJson(r, qkind, buffer, ecn) << ", ";
    if (r.chance(0.4)) {
      const std::string loss = lossJson(r);
      j << R"("exoLoss": )" << loss << ", ";
    }
    j << R"("flows": )" << flowDefaults << R"(, "count": )" << n << "}, ";
    j << R"("flowOverrides": [)";
    for (int i = 0; i < n; ++i) j << (i ? ", " : "") << R"({"flow": )" << i << ", " << flowFields(i) << "}";
    j << "]";
  } else {
    // A chain A - B - C - D; each flow between two nodes, so flows share some hops.
    j << R"("topology": {"kind": "graph", "nodes": ["A", "B", "C", "D"], "links": [)";
    const char* names[] = {"AB", "BC", "CD"};
    const char* ends[][2] = {{"A", "B"}, {"B", "C"}, {"C", "D"}};
    for (int h = 0; h < 3; ++h) {
      const double hopRate = h == 1 ? rate : rate * r.uni(1, 4);
      j << (h ? ", " : "") << R"({"name": ")" << names[h] << R"(", "from": ")" << ends[h][0] << R"(", "to": ")"
        << ends[h][1] << R"(", "rate": )" << num(hopRate) << R"(, "delay": )" << num(h == 1 ? bnDelay : accMax)
        << R"(, "queue": )" << queueJson(r, h == 1 ? qkind : "droptail", buffer, ecn);
      if (r.chance(0.2)) j << R"(, "loss": )" << lossJson(r);
      j << "}";
    }
    j << R"(], "flows": [)";
    static const char* pairs[][2] = {{"A", "D"}, {"A", "C"}, {"B", "D"}, {"B", "C"}};
    for (int i = 0; i < n; ++i) {
      const auto* p = pairs[r.pick(4)];
      j << (i ? ", " : "") << R"({"src": ")" << p[0] << R"(", "dst": ")" << p[1] << R"(", )" << flowFields(i) << "}";
    }
    j << "]}, ";
    j << R"("flows": )" << flowDefaults << "}";
  }
  j << "}";
  d.json = j.str();
  // Live changes: the bottleneck's rate, its buffer, a flow's loss.
  const std::string bn = d.dumbbell ? "bottleneck" : "BC";
  d.maxBuffer = buffer;
  if (r.chance(0.3)) {
    const double f = r.logUni(0.3, 3);
    d.changes.push_back({std::round(r.uni(2, d.duration - 2)), "link." + bn, "rate", rate * f});
    d.minRate = std::min(rate, rate * f);
  }
  if (r.chance(0.2)) {
    const double nb = std::max(4.0, std::round(buffer * r.logUni(0.3, 3)));
    d.changes.push_back({std::round(r.uni(2, d.duration - 2)), "queue." + bn, "buffer", nb});
    d.maxBuffer = std::max(d.maxBuffer, nb);
  }
  if (d.dumbbell && r.chance(0.2))
    d.changes.push_back(
        {std::round(r.uni(2, d.duration - 2)), "flow." + std::to_string(r.pick(n)), "exoLoss", r.uni(0, 0.02)});
  std::sort(d.changes.begin(), d.changes.end(), [](const Change& a, const Change& b) { return a.t < b.t; });
  return d;
}

constexpr int kBbrRounds = 7;

std::string replay(const Draw& d) {
  std::string s = "scenario (save as FILE.json, run: blsim --scenario FILE.json";
  for (const Change& c : d.changes) s += " --set " + c.entity + ":" + c.key + "=" + num(c.value) + "@" + num(c.t);
  return s + "):\n" + d.json + "\n";
}

int envInt(const char* name, int def) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : def;
}

// Runs one draw, checking the invariants at every 0.1 s; returns the first broken one ("" if
// none), or "refused: ..." when the scenario check refuses the draw.
std::string check(const Draw& d) {
  std::string err;
  auto in = Instance::create(d.json, err);
  if (!in) return "refused: " + err;
  Network& net = in->net();
  const size_t nf = net.flows.size();
  const double dt = 0.1;
  const int steps = static_cast<int>(std::lround(d.duration / dt));
  std::vector<std::vector<uint64_t>> good(nf);
  std::vector<std::vector<double>> rto(nf);  // each flow's RTO at each sample, s
  std::vector<SimTime> bnBusy;
  std::vector<SimTime> prevBusy(net.links.size(), 0);
  Link* bn = d.dumbbell ? net.bottleneck : net.link("BC");
  size_t next = 0;
  const double window = std::max(40 * d.rttUpper, 3.0);
  const int wSteps = static_cast<int>(std::ceil(window / dt));
  // BBR's bandwidth estimate against its definition, at every ACK of a BBR flow, from the
  // sender's own rate samples (counted here, not read from BBR): btlBw is the max of the valid
  // delivery-rate samples of the last 10 round trips, a round trip ending at a valid sample whose
  // packet was sent after the last one ended (the BBR draft's and Linux's count: a sample that
  // is not valid, with nothing delivered or an interval shorter than the min RTT, as after a
  // timeout when the ACKs cover retransmissions, neither ends a round trip nor enters the max).
  // So btlBw is never below a valid sample of the last kBbrRounds round trips (app-limited
  // samples, sent in ProbeRTT, may be left out: skipped), and an ACK without a valid sample
  // leaves it as it was. Rounds counted on invalid samples (issue 27) aged the filter out and
  // broke both. kBbrRounds is 7, not 10: ProbeRTT restarts BBR's round at its own point (the
  // draft's BBR.next_round_delivered = C.delivered), which can set the two counts apart by a
  // round each time.
  struct BbrWatch {
    const BbrCc* bbr = nullptr;
    std::deque<std::pair<int64_t, double>> max;  // (round trip, packets/s): the running max
    int64_t round = 0, nextRoundDelivered = 0;
    double lastBw = 0;
    std::string err;
  };
  std::vector<std::unique_ptr<BbrWatch>> watches;
  for (size_t i = 0; i < nf; ++i) {
    TcpSender* snd = net.flows[i].sender;
    const auto* bbr = snd ? dynamic_cast<const BbrCc*>(&snd->cc()) : nullptr;
    if (!bbr) continue;
    watches.push_back(std::make_unique<BbrWatch>());
    BbrWatch* w = watches.back().get();
    w->bbr = bbr;
    const Simulation& sim = in->sim();
    const double bits = d.packetSize * 8.0;
    snd->observeRateSamples([w, &sim, i, bits](const RateSample& rs) {
      if (!w->err.empty()) return;
      const std::string at = "flow " + std::to_string(i) + " (bbr) at t = " + num(toSeconds(sim.now())) + " s: btlBw ";
      const bool valid = rs.delivered >= 0 && rs.interval > 0;
      const double bw = w->bbr->btlBw(), before = w->lastBw;
      w->lastBw = bw;
      if (!valid) {
        if (bw != before)
          w->err = at + num(bw * bits) + " b/s, " + num(before * bits) + " before an ACK without a valid rate sample";
        return;
      }
      if (rs.priorDelivered >= w->nextRoundDelivered) {
        w->nextRoundDelivered = rs.deliveredTotal;
        ++w->round;
      }
      while (!w->max.empty() && w->max.front().first <= w->round - kBbrRounds) w->max.pop_front();
      if (!rs.appLimited) {
        while (!w->max.empty() && w->max.back().second <= rs.rate()) w->max.pop_back();
        w->max.emplace_back(w->round, rs.rate());
      }
      if (!w->max.empty() && bw < w->max.front().second * (1 - 1e-12))
        w->err = at + num(bw * bits) + " b/s, below the delivery rate " + num(w->max.front().second * bits) +
                 " b/s its ACKs measured " + std::to_string(w->round - w->max.front().first) + " round trips before";
    });
  }
  for (int k = 1; k <= steps; ++k) {
    const double t = k * dt;
    while (next < d.changes.size() && d.changes[next].t <= t) {
      const Change& c = d.changes[next++];
      in->runUntil(c.t, 0);
      std::string e;
      if (!in->setParam(c.entity, c.key, c.value, e)) return "live change refused: " + e;
    }
    in->runUntil(t, 0);
    for (const auto& w : watches)
      if (!w->err.empty()) return w->err;
    const SimTime now = in->sim().now();
    for (size_t li = 0; li < net.links.size(); ++li) {
      Link& l = *net.links[li];
      const SimTime b = l.busyUpTo(now);
      if (static_cast<double>(b - prevBusy[li]) > dt * 1e9 * (1 + 1e-9) + 1)
        return "link " + l.name() + " busy " + num(static_cast<double>(b - prevBusy[li]) / 1e9) + " s of " + num(dt) +
               " s at t = " + num(t);
      prevBusy[li] = b;
      const double buf = l.queue().param("buffer");
      const double cap = &l == bn ? std::max(buf, d.maxBuffer) : buf;
      if (!std::isnan(buf) && l.queueLength() > cap)
        return "queue " + l.name() + " holds " + std::to_string(l.queueLength()) + " > buffer " + num(cap) +
               " at t = " + num(t);
    }
    bnBusy.push_back(bn->busyUpTo(now));
    for (size_t i = 0; i < nf; ++i) {
      const FlowStats& s = in->sim().flow(static_cast<int>(i));
      if (s.arrivedPackets > s.sentPackets || s.goodputPackets > s.arrivedPackets)
        return "flow " + std::to_string(i) + " delivered more than it sent at t = " + num(t);
      good[i].push_back(s.goodputPackets);
      rto[i].push_back(net.flows[i].sender ? toSeconds(net.flows[i].sender->rto()) : 0);
      if (net.flows[i].sender && net.flows[i].sender->eceGrowths() > 0)
        return "flow " + std::to_string(i) + ": cwnd grew on an ECN-Echo ACK (" +
               std::to_string(net.flows[i].sender->eceGrowths()) + " times by t = " + num(t) + ")";
    }
    if (!d.dumbbell || k <= wSteps) continue;
    const size_t a = static_cast<size_t>(k - 1 - wSteps), b = static_cast<size_t>(k - 1);
    const double util = static_cast<double>(bnBusy[b] - bnBusy[a]) / (window * 1e9);
    if (util >= 0.5) continue;
    int active = 0;
    for (size_t i = 0; i < nf; ++i)
      if (d.longLived[i] && t - window >= d.start[i] + 2) ++active;
    for (size_t i = 0; i < nf; ++i) {
      if (!d.longLived[i] || t - window < d.start[i] + 2) continue;
      // Silent behind its own retransmission timer: an RTO backed off (twice minRto) or of a third
      // of the window or more accounts for the silence.
      const auto from = rto[i].begin() + static_cast<std::ptrdiff_t>(a);
      if (*std::max_element(from, from + wSteps + 1) >= std::max(window / 3, 2 * d.minRto)) continue;
      const double bps = static_cast<double>(good[i][b] - good[i][a]) * d.packetSize * 8 / window;
      if (bps < 0.005 * d.minRate / active)
        return "flow " + std::to_string(i) + " (" + net.flows[i].sender->cc().name() + ") delivered " + num(bps) +
               " b/s over " + num(window) + " s to t = " + num(t) + " while the bottleneck was " + num(util * 100) +
               " % busy";
    }
  }
  const Json s = in->summary();
  if (s.find("utilization")->asNumber() > 1 + 1e-9)
    return "summary utilization " + num(s.find("utilization")->asNumber());
  return "";
}

TEST(Property, InvariantsHoldOverRandomScenarios) {
  const int draws = envInt("BL_PROPERTY_DRAWS", 300), seed0 = envInt("BL_PROPERTY_SEED", 1);
  const bool verbose = envInt("BL_PROPERTY_VERBOSE", 0) != 0;
  int refused = 0, failed = 0;
  for (int i = 0; i < draws; ++i) {
    const Draw d = drawScenario(static_cast<uint64_t>(seed0 + i));
    const std::string r = check(d);
    if (verbose)
      std::printf("draw %d (seed %d): %s\n%s", i, seed0 + i, r.empty() ? "ok" : r.c_str(), replay(d).c_str());
    if (r.rfind("refused: ", 0) == 0) {
      ++refused;
      continue;
    }
    if (!r.empty()) {
      ++failed;
      ADD_FAILURE() << "draw " << i << " (BL_PROPERTY_SEED=" << seed0 + i << " BL_PROPERTY_DRAWS=1): " << r << "\n"
                    << replay(d);
      if (failed >= 3) break;  // enough to act on
    }
  }
  // The draws are meant to be valid: a generator that makes mostly refused scenarios tests nothing.
  EXPECT_LE(refused, draws / 10) << refused << " of " << draws << " draws refused (BL_PROPERTY_VERBOSE=1 names them)";
  std::printf("%d draws, %d refused by the check, %d failed\n", draws, refused, failed);
}

// For wasm-core/node/property.test.mjs (native = WebAssembly on a sample of the same draws):
// with BL_PROPERTY_EXPORT=DIR, writes draw i's scenario to DIR/draw-i.json and its live changes
// to DIR/draw-i.changes (one "entity key value time" a line) for the draws the check accepts.
TEST(Property, ExportSample) {
  const char* dir = std::getenv("BL_PROPERTY_EXPORT");
  if (!dir || !*dir) GTEST_SKIP() << "BL_PROPERTY_EXPORT not set";
  const int draws = envInt("BL_PROPERTY_DRAWS", 8), seed0 = envInt("BL_PROPERTY_SEED", 1);
  for (int i = 0; i < draws; ++i) {
    const Draw d = drawScenario(static_cast<uint64_t>(seed0 + i));
    std::string err;
    if (!Instance::create(d.json, err)) continue;
    const std::string base = std::string(dir) + "/draw-" + std::to_string(seed0 + i);
    FILE* f = std::fopen((base + ".json").c_str(), "w");
    ASSERT_TRUE(f) << base;
    std::fputs(d.json.c_str(), f);
    std::fclose(f);
    f = std::fopen((base + ".changes").c_str(), "w");
    ASSERT_TRUE(f) << base;
    for (const Change& c : d.changes)
      std::fprintf(f, "%s %s %.17g %.17g\n", c.entity.c_str(), c.key.c_str(), c.value, c.t);
    std::fclose(f);
  }
}

}  // namespace property_test
}  // namespace bl
