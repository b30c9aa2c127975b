// The work budget (docs/scenario.md, "Guard rails"): before a run starts, the events it will
// process are estimated from the built network, and a scenario that asks for more than the
// budget (kMaxWork in sim/scenario.h: smaller in the browser than on the command line) is
// refused with a message naming what to lower. No scenario can then promise days of work.
//
// The estimate counts what dominates this core's event count: one event per packet per hop
// (a link's far-end arrival; see net/link.h), one per packet a traffic source sends, and one
// ACK per TCP data packet along the ACK route. TCP flows get their max-min fair share of the
// link rates (progressive filling), capped by rwnd per round trip of an empty path; traffic
// sources send at their rate for the time they are expected to be on and each hop passes at most
// its rate; a queue on a timer adds an event per period per link, a paced flow one per data
// packet. Losses, slow start, delayed ACKs, TCP's timers and the ahead-of-time arrivals that save
// events are ignored, so real counts are lower (benchmark (c): about 45 M estimated, 31 M processed).
#pragma once
#include <string>

#include "sim/network.h"

namespace bl {

struct WorkEstimate {
  double events = 0;         // the whole run
  double tcpEvents = 0;      // of which the TCP flows (data and ACKs)
  double trafficEvents = 0;  // of which the traffic sources
  double timerEvents = 0;    // of which the queues' timers
  double largest = 0;        // events of the one demand asking most
  std::string largestField;  // its scenario field: "flows", "topology.flows[2]", "traffic[3]"
};

// `duration` in s; `packetSize` in bytes (data packets and traffic). `from` > 0: the events of
// [from, duration] only, at the links' rates and the demands' windows as they are now (a live
// change re-checks the budget with it).
WorkEstimate estimateWork(const Network& net, double duration, double packetSize, double from = 0);

// False, with `err` naming the fields and the budget, when `w` asks for more than `limit` events.
bool withinWorkBudget(const WorkEstimate& w, double duration, double limit, std::string& err);

// A live change at `now` s, after `done` events: false, with `err` naming the budget, when those
// and the `rest` estimated with the change applied ask for more than `limit` events.
bool liveChangeFits(const WorkEstimate& rest, double done, double now, double limit, std::string& err);

// "2.7 billion", "45 million", "1200": an event count as the budget's messages word it.
std::string eventsInWords(double n);

}  // namespace bl
