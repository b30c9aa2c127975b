#include "sim/work_budget.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <queue>

#include "sim/scenario.h"

namespace bl {

namespace {

constexpr double kAckBits = 40 * 8;  // a TCP ACK (tcp/tcp_receiver.cpp)

// The links of a route. A route may hold other sinks too (an MPAT aggregate's tap in front of
// its flows' first link, sim/aggregates.cpp): they pass packets on without an event or a rate.
std::vector<const Link*> linksOf(const Route& r) {
  std::vector<const Link*> out;
  out.reserve(r.hops.size());
  for (const PacketSink* h : r.hops)
    if (const Link* l = dynamic_cast<const Link*>(h)) out.push_back(l);
  return out;
}

// Seconds of [from, duration] the demand is active (sending, or able to).
double activeSeconds(const Demand& d, double from, double duration) {
  const double end = d.stop < 0 ? duration : std::min(d.stop, duration);
  return std::max(0.0, end - std::max(d.start, from));
}

// Expected seconds an on/off source sends in [from, duration]. It starts on at d.start; on and off
// periods are exponential (rates a = 1/onMean, b = 1/offMean), so P(on at t after start) =
// p + (1 - p) e^-(a+b)t with p = onMean / (onMean + offMean), whose integral over the window is
// below. A run shorter than the off period is mostly its first on period, far above the mean
// rate (2,000 sources of 1 s on and an hour off: about 1 s each, not 60 s / 3601).
double onSeconds(const Demand& d, double from, double duration) {
  const double t = activeSeconds(d, from, duration);
  if (d.onMean <= 0 || t <= 0) return t;
  const double k = 1 / d.onMean + 1 / d.offMean, p = d.onMean / (d.onMean + d.offMean);
  const double a = std::max(d.start, from) - d.start, b = a + t;  // the window, from the source's start
  return p * t + (1 - p) / k * (std::exp(-k * a) - std::exp(-k * b));
}

// A TCP flow's links, data route and ACK route.
struct TcpPath {
  const Demand* demand;
  std::vector<const Link*> data, back;
};

// Round trip of an empty path: propagation plus one data and one ACK serialisation per hop.
double emptyRtt(const TcpPath& p, double dataBits) {
  double s = 0;
  for (const Link* l : p.data) s += toSeconds(l->delay()) + dataBits / l->rate();
  for (const Link* l : p.back) s += toSeconds(l->delay()) + kAckBits / l->rate();
  return s;
}

// Max-min fair rates (packets/s) of the TCP flows `tcp` over link capacities `cap` (packets/s,
// by link index), each flow also capped at flowCap[flow]: progressive filling. All unfrozen
// flows rise together; the first link to fill (or flow to reach its own cap) freezes its flows
// at that level. A link's filling level only rises as flows freeze, so the heap holds at most
// one entry per link and per flow, refreshed when it comes up stale: each flow is frozen once,
// and the work is O(total hops x log) in time and O(links + flows + hops) in memory.
std::vector<double> maxMinRates(const Network& net, const std::vector<TcpPath>& tcp, const std::vector<double>& cap,
                                const std::vector<double>& flowCap) {
  const size_t nl = net.links.size(), nf = tcp.size();
  std::vector<std::vector<uint32_t>> onLink(nl);
  std::vector<double> frozenLoad(nl, 0);
  std::vector<uint32_t> unfrozen(nl, 0);
  for (size_t f = 0; f < nf; ++f)
    for (const Link* link : tcp[f].data) {
      const size_t l = static_cast<size_t>(link->index());
      onLink[l].push_back(static_cast<uint32_t>(f));
      ++unfrozen[l];
    }
  auto level = [&](size_t l) { return std::max(0.0, cap[l] - frozenLoad[l]) / unfrozen[l]; };
  // Entries (level, id): id < nl is a link filling, id >= nl is flow id - nl reaching its cap.
  using Entry = std::pair<double, size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> next;
  for (size_t l = 0; l < nl; ++l)
    if (unfrozen[l] > 0) next.push({level(l), l});
  for (size_t f = 0; f < nf; ++f) next.push({flowCap[f], nl + f});
  std::vector<double> rate(nf, 0);
  std::vector<bool> frozen(nf, false);
  auto freeze = [&](size_t f, double at) {
    frozen[f] = true;
    rate[f] = at;
    for (const Link* link : tcp[f].data) {
      const size_t l = static_cast<size_t>(link->index());
      frozenLoad[l] += at;
      --unfrozen[l];
    }
  };
  while (!next.empty()) {
    const auto [at, id] = next.top();
    next.pop();
    if (id >= nl) {
      if (!frozen[id - nl]) freeze(id - nl, at);
      continue;
    }
    if (unfrozen[id] == 0) continue;
    const double now = level(id);
    if (now > at) {
      next.push({now, id});  // flows froze below it since: it fills later
      continue;
    }
    for (uint32_t f : onLink[id])
      if (!frozen[f]) freeze(f, now);
  }
  return rate;
}

// "45000 billion", "2.7 billion", "45 million", "1200": events in words a reader takes in at a glance.
std::string count(double n) {
  char b[48];
  if (n >= 1e12)
    std::snprintf(b, sizeof b, "%.0f billion", n / 1e9);
  else if (n >= 1e9)
    std::snprintf(b, sizeof b, "%.3g billion", n / 1e9);
  else if (n >= 1e6)
    std::snprintf(b, sizeof b, "%.3g million", n / 1e6);
  else
    std::snprintf(b, sizeof b, "%.0f", n);
  return b;
}

// "TCP flows 2.7 billion, traffic 0; most from flows" (the queue timers when there are any).
std::string parts(const WorkEstimate& w) {
  return "TCP flows " + count(w.tcpEvents) + ", traffic " + count(w.trafficEvents) +
         (w.timerEvents > 0 ? ", queue timers " + count(w.timerEvents) : std::string()) + "; most from " +
         w.largestField;
}

}  // namespace

WorkEstimate estimateWork(const Network& net, double duration, double packetSize, double from) {
  const double dataBits = 8 * packetSize, span = duration - from;
  std::vector<double> cap(net.links.size());  // packets/s each link can pass
  for (const auto& l : net.links) cap[static_cast<size_t>(l->index())] = l->rate() / dataBits;
  WorkEstimate w;
  if (span <= 0) return w;
  std::map<std::string, double> byField;
  // Traffic sources do not back off: each sends at its rate while on, each hop passes at most its
  // rate, and what they pass (averaged over the run) is not left for TCP.
  std::vector<double> tcpCap = cap;
  std::vector<TcpPath> tcp;
  for (const Demand& d : net.demands) {
    if (d.back) {
      if (activeSeconds(d, from, duration) > 0) tcp.push_back({&d, linksOf(*d.route), linksOf(*d.back)});
      continue;
    }
    const double on = onSeconds(d, from, duration);
    double passed = d.rateBps / dataBits, perSecond = passed;  // one event per packet sent
    for (const Link* link : linksOf(*d.route)) {
      const size_t l = static_cast<size_t>(link->index());
      passed = std::min(passed, cap[l]);
      perSecond += passed;
      tcpCap[l] = std::max(0.0, tcpCap[l] - passed * on / span);
    }
    w.trafficEvents += perSecond * on;
    byField[d.field] += perSecond * on;
  }
  // Queues that act on a timer (PI, REM, XQM, PIE, Head-to-Tail): an event every period on every
  // link that has one, busy or not.
  for (const auto& l : net.links)
    if (const SimTime p = l->queue().updatePeriod(); p > 0) w.timerEvents += span / toSeconds(p);
  if (w.timerEvents > 0) byField["the queue timers"] += w.timerEvents;
  std::vector<double> flowCap(tcp.size());
  for (size_t f = 0; f < tcp.size(); ++f) {
    const double rtt = emptyRtt(tcp[f], dataBits);
    flowCap[f] = rtt > 0 ? tcp[f].demand->window / rtt : std::numeric_limits<double>::infinity();
  }
  const std::vector<double> rate = maxMinRates(net, tcp, tcpCap, flowCap);
  for (size_t f = 0; f < tcp.size(); ++f) {
    // each data packet and its ACK, hop by hop, and a pacing timer per data packet
    const double hops = static_cast<double>(tcp[f].data.size() + tcp[f].back.size() + (tcp[f].demand->paced ? 1 : 0));
    const double e = rate[f] * hops * activeSeconds(*tcp[f].demand, from, duration);
    w.tcpEvents += e;
    byField[tcp[f].demand->field] += e;
  }
  w.events = w.tcpEvents + w.trafficEvents + w.timerEvents;
  for (const auto& [field, e] : byField)
    if (e > w.largest) {
      w.largest = e;
      w.largestField = field;
    }
  return w;
}

bool withinWorkBudget(const WorkEstimate& w, double duration, double limit, std::string& err) {
  if (w.events <= limit) return true;
  // The duration that would fit at these rates, rounded down to 3 significant digits.
  const double fit = duration * limit / w.events;
  const double unit = std::pow(10.0, std::floor(std::log10(fit)) - 2);
  char d[32];
  std::snprintf(d, sizeof d, "%.15g", std::floor(fit / unit * (1 + 1e-12)) * unit);
  err = "duration: " + jsonNumber(duration) + " s at these rates is about " + count(w.events) + " events of work (" +
        parts(w) + "); the work budget is " + count(limit) + " events (browser " + count(kMaxWorkBrowser) +
        ", command line " + count(kMaxWorkNative) + "): shorten duration to at most " + d +
        " s, or lower the link rates, traffic[].rate" + (w.timerEvents > 0 ? ", the queues' update rates" : "") +
        " or the number of flows and sources";
  return false;
}

std::string eventsInWords(double n) { return count(n); }

bool liveChangeFits(const WorkEstimate& rest, double done, double now, double limit, std::string& err) {
  if (done + rest.events <= limit) return true;
  err = "work budget: with this change the run would take about " + count(done + rest.events) + " events (" +
        count(done) + " done by " + jsonNumber(now) + " s, " + count(rest.events) + " to come: " + parts(rest) +
        "); the work budget is " + count(limit) + " events (browser " + count(kMaxWorkBrowser) + ", command line " +
        count(kMaxWorkNative) + "): refused; try a smaller change";
  return false;
}

}  // namespace bl
