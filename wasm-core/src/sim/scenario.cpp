#include "sim/scenario.h"

#include <cctype>
#include <cmath>

#include "cc/registry.h"
#include "net/loss_model.h"
#include "net/queue_disc.h"
#include "traffic/udp_source.h"

namespace bl {

const SpecList& scenarioSpecs() {
  static const SpecList s = {
      {"version", "Format version", "", ParamType::Int, kScenarioVersion, 1, kScenarioVersion,
       "Scenario format version."},
      {"name", "Name", "", ParamType::String, NAN, 0, 0, "A title for the scenario."},
      {"seed", "Seed", "", ParamType::Int, 1, 0, 4294967295.0,
       "Random seed; one seed, one result. Each component draws from its own stream."},
      {"duration", "Duration", "s", ParamType::Number, 60, 0.001, kMaxDuration, "Simulated time to run."},
      {"samplePeriod", "Sample period", "s", ParamType::Number, 0.1, 0.001, 60,
       "Interval between sample rows (throughput, loss, Jain's index are per interval)."},
      {"measureFrom", "Measure from", "s", ParamType::Number, 0, 0, kMaxDuration,
       "The summary's long-run numbers start here (skip the warm-up)."},
      {"packetSize", "Packet size", "bytes", ParamType::Int, 1000, 64, 9000, "Size of every data packet."},
      {"headerSize", "Header size", "bytes", ParamType::Int, 40, 0, 8999,
       "TCP/IP header bytes in each data packet: goodput (and goodputUtilization) count packetSize - headerSize "
       "per packet delivered in order; throughput counts whole packets."},
      {"topology", "Topology", "", ParamType::Object, NAN, 0, 0, "Network shape: kind dumbbell, chain or graph."},
      {"queue", "Queue", "", ParamType::Object, NAN, 0, 0, "Discipline at the bottleneck (kind and parameters)."},
      {"exoLoss", "Exogenous loss", "", ParamType::Object, NAN, 0, 0,
       "Loss model on each flow's receiver access link (kind and parameters)."},
      {"flows", "Flows", "", ParamType::Object, NAN, 0, 0, "Defaults for all TCP flows, and their count."},
      {"flowOverrides", "Flow overrides", "", ParamType::Array, NAN, 0, 0, "Per-flow changes: {flow: i, ...}."},
      {"traffic", "Traffic", "", ParamType::Array, NAN, 0, 0, "Non-TCP sources: CBR or on/off UDP."},
      {"aggregates", "MPAT aggregates", "", ParamType::Array, NAN, 0, 0,
       "[{flows: [i, ...], shares?: [x, ...]}]: flows pooling their windows (MPAT); shares set weights."},
  };
  return s;
}

const SpecList& dumbbellSpecs() {
  static const SpecList s = {
      {"bottleneckRate", "Bottleneck rate", "bit/s", ParamType::Number, 16e6, 1e3, 1e11,
       "Capacity of the shared link."},
      {"bottleneckDelay", "Bottleneck delay", "s", ParamType::Number, 0.001, 0, 10, "One-way propagation delay."},
      {"accessRate", "Access rate", "bit/s", ParamType::Number, 100e6, 1e3, 1e11, "Capacity of each access link."},
      {"accessDelayMin", "Access delay min", "s", ParamType::Number, 0.001, 0, 10,
       "Each access link's one-way delay is uniform in [min, max], so RTTs differ."},
      {"accessDelayMax", "Access delay max", "s", ParamType::Number, 0.004, 0, 10, "Upper end of the access delays."},
      {"sameAccessDelay", "Same access delay", "", ParamType::Bool, 0, 0, 1,
       "One draw per flow for both its sender's and its receiver's access link (as ns-2 scripts that give a flow "
       "one delay); off: the two are drawn independently."},
      {"accessBuffer", "Access buffer", "packets", ParamType::Int, 10000, 1, 1000000,
       "DropTail buffer of access links."},
  };
  return s;
}

const SpecList& chainSpecs() {
  static const SpecList s = {
      {"rates", "Hop rates", "bit/s", ParamType::Array, NAN, 0, 0,
       "Rates of A-B, B-C, C-D (default 100, 150, 150 Mb/s)."},
      {"hopDelay", "Hop delay", "s", ParamType::Number, 0.001, 0, 10, "One-way delay of each of A-B, B-C, C-D."},
      {"overlayFlows", "Overlay flows", "", ParamType::Int, 10, 0, kMaxFlows, "Long flows A->D."},
      {"crossFlows", "Cross flows per hop", "", ParamType::Int, 10, 0, kMaxFlows, "Flows over each single hop."},
      {"accessRate", "Access rate", "bit/s", ParamType::Number, 1e9, 1e3, 1e11, "Capacity of each access link."},
      {"accessDelayMin", "Access delay min", "s", ParamType::Number, 0.005, 0, 10,
       "Access delays uniform in [min, max]."},
      {"accessDelayMax", "Access delay max", "s", ParamType::Number, 0.01, 0, 10, "Upper end of the access delays."},
      {"equalRtt", "Equal RTTs", "", ParamType::Bool, 0, 0, 1,
       "Pad access delays so every flow has the same propagation RTT (accessDelayMin for overlay flows)."},
      {"accessBuffer", "Access buffer", "packets", ParamType::Int, 10000, 1, 1000000,
       "DropTail buffer of access links."},
      {"underlayQueue", "Underlay queue", "", ParamType::Object, NAN, 0, 0, "Discipline of B-C and C-D (default RED)."},
  };
  return s;
}

const SpecList& graphSpecs() {
  static const SpecList s = {
      {"nodes", "Nodes", "", ParamType::Array, NAN, 0, 0, "Node names."},
      {"links", "Links", "", ParamType::Array, NAN, 0, 0,
       "{name, from, to, rate, delay, queue?, loss?}; both directions; queue and loss act from->to."},
      {"flows", "Flows", "", ParamType::Array, NAN, 0, 0, "{src, dst, ...flow fields}; routes are shortest in hops."},
  };
  return s;
}

const SpecList& flowSpecs() {
  static const SpecList s = [] {
    SpecList l = {
        {"count", "Flows", "", ParamType::Int, 20, 1, kMaxFlows, "Number of TCP flows (dumbbell)."},
        {"tcp",
         "TCP variant",
         "",
         ParamType::Enum,
         1,
         0,
         0,
         "Loss recovery: Reno, NewReno or SACK.",
         false,
         {"reno", "newreno", "sack"}},
        {"cc", "Congestion control", "", ParamType::Enum, 0, 0, 0, "Window rule.", false, ccNames()},
        {"ccParams", "CC parameters", "", ParamType::Object, NAN, 0, 0,
         "Parameters of the chosen cc (see cc.* groups)."},
        {"start", "Start", "s", ParamType::Number, 0, 0, kMaxDuration, "When the flow starts sending."},
        {"startSpread", "Start spread", "s", ParamType::Number, 1, 0, 600,
         "Each flow starts at start + uniform [0, spread) so they do not start in lockstep."},
        {"stop", "Stop", "s", ParamType::Number, NAN, 0, kMaxDuration, "When it stops (null: never).", false, {}, true},
        {"delayedAck", "Delayed ACKs", "", ParamType::Bool, 0, 0, 1,
         "Receiver ACKs every second packet (or after 100 ms)."},
        {"rwnd", "Receiver window", "packets", ParamType::Number, 10000, 1, 1e6, "Cap on packets in flight."},
        {"initialCwnd", "Initial window", "packets", ParamType::Number, 2, 1, 1000, "Congestion window at start."},
        {"minRto", "Minimum RTO", "s", ParamType::Number, 0.2, 0.001, 10, "Lower bound of the retransmission timeout."},
        {"weight", "Weight", "", ParamType::Number, 1, 0.01, 1000,
         "Share asked for; weighted Jain's index divides throughput by it.", true},
        {"deadline",
         "Deadline",
         "s",
         ParamType::Number,
         NAN,
         0.0001,
         10,
         "Queueing-time bound for deadline-aware queues (null: none).",
         true,
         {},
         true},
        {"deadlineRtt",
         "Deadline / RTT",
         "",
         ParamType::Number,
         NAN,
         0.0001,
         100,
         "Deadline as this multiple of the flow's propagation RTT, when deadline is null (null: none).",
         false,
         {},
         true},
        {"dupThresh", "Duplicate ACK threshold", "", ParamType::Int, 3, 1, 100,
         "Duplicate ACKs that trigger fast retransmit (TED's 1-ACK variant: 1)."},
        {"limitedTransmit", "Limited transmit", "", ParamType::Bool, 1, 0, 1,
         "RFC 3042: each of the first dupThresh - 1 duplicate ACKs sends one new packet beyond cwnd (ns-2's "
         "singledup_)."},
        {"vegasRetx",
         "Vegas retransmit",
         "",
         ParamType::Bool,
         NAN,
         0,
         1,
         "Retransmit on one duplicate ACK once the segment's fine-grained timer expired (null: on with cc vegas).",
         false,
         {},
         true},
        {"rtoRestart",
         "RTO restart",
         "",
         ParamType::Enum,
         0,
         0,
         0,
         "When the retransmission timer restarts besides each new ACK: fastRetransmit (also when the fast "
         "retransmission or the head of the retransmission queue is sent, as ns-2 and Linux) or newAck (only "
         "RFC 6298 5.3). See docs/tcp.md.",
         false,
         {"fastRetransmit", "newAck"}},
        {"rtoFormula",
         "RTO formula",
         "",
         ParamType::Enum,
         0,
         0,
         0,
         "rfc6298: max(minRto, SRTT + 4 RTTVAR) (as ns-2); linux: SRTT + max(4 RTTVAR, minRto).",
         false,
         {"rfc6298", "linux"}},
        {"rtoBackoffReset",
         "RTO back-off reset",
         "",
         ParamType::Enum,
         0,
         0,
         0,
         "When a timeout's doubled RTO is dropped: karn (RFC 6298 5.5 and Karn's rule, as Linux: kept until an ACK "
         "gives a valid RTT sample) or newAck (ns-3.37: on every new ACK, even one covering a retransmission). A "
         "research switch; see docs/tcp.md.",
         false,
         {"karn", "newAck"}},
        {"dupAck",
         "Duplicate ACK",
         "",
         ParamType::Enum,
         0,
         0,
         0,
         "tcp sack: which ACKs count as duplicates for fast retransmit and limited transmit: any (acknowledges "
         "nothing new: RFC 5681's definition, as ns-2) or newSack (SACKs new data: RFC 6675 section 2, as ns-3.37). "
         "A research switch; see docs/tcp.md.",
         false,
         {"any", "newSack"}},
        {"sackAfterRto",
         "SACK after RTO",
         "",
         ParamType::Enum,
         0,
         0,
         0,
         "SACK scoreboard on a timeout: forget (RFC 2018 section 8, as ns-2) or keep (RFC 6675 5.1, as Linux).",
         false,
         {"forget", "keep"}},
        {"recoveryCwnd",
         "cwnd after fast retransmit",
         "",
         ParamType::Enum,
         0,
         0,
         0,
         "SACK's window in and after a fast recovery: ssthresh (RFC 6675 and 5681: cwnd = ssthresh, at least 2 "
         "packets, as Linux) or ns2 (ns-2's Sack1: half the window, below 2 for a window below 4, kept after the "
         "recovery; ssthresh the integer part, at least 2). "
         "tcp sack with cc aimd only. See docs/tcp.md.",
         false,
         {"ssthresh", "ns2"}},
        {"ecn", "ECN", "", ParamType::Bool, 0, 0, 1,
         "RFC 3168: data packets are ECN-capable, the receiver echoes CE marks and the sender reduces its window once "
         "per window of marks (DCTCP: in proportion to the marked fraction)."},
        {"pacing", "Pacing", "", ParamType::Bool, 0, 0, 1,
         "Space packets at 2 x cwnd / srtt in slow start, 1.2 x after (Linux's rates); BBR always paces at its own "
         "rate."},
        {"tedRto", "TED-driven RTO", "", ParamType::Bool, 0, 0, 1,
         "RTO = the path's empty-queue RTT + the deadline (x TED hops for LBD): the largest RTT TED allows."},
    };
    return l;
  }();
  return s;
}

const SpecList& liveFlowSpecs() {
  static const SpecList s = {
      {"exoLoss", "Exogenous loss", "", ParamType::Number, 0, 0, 1,
       "Bernoulli loss rate on the flow's receiver access link (replaces its loss model).", true},
      {"weight", "Weight", "", ParamType::Number, 1, 0.01, 1000, "The flow's weight.", true},
      {"deadline", "Deadline", "s", ParamType::Number, NAN, 0.0001, 10, "The flow's deadline.", true},
      {"active", "Active", "", ParamType::Bool, 1, 0, 1, "1 starts the flow, 0 stops it.", true},
  };
  return s;
}

const SpecList& liveLinkSpecs() {
  static const SpecList s = {
      {"rate", "Rate", "bit/s", ParamType::Number, 1e6, 1e3, 1e11,
       "Link capacity (applies to packets admitted from now).", true},
      {"lossRate", "Loss rate", "", ParamType::Number, 0, 0, 1,
       "Bernoulli loss rate on this link (replaces its loss model).", true},
  };
  return s;
}

const std::vector<Limit>& limits() {
  static const std::vector<Limit> l = [] {
    std::vector<Limit> out;
#define BL_LIMIT_ROW(name, type, value, unit, why) out.push_back({#name, static_cast<double>(name), unit, why});
    BL_LIMITS(BL_LIMIT_ROW)
#undef BL_LIMIT_ROW
    for (Limit& x : out) {  // kMaxFlows -> maxFlows
      x.key = x.key.substr(1);
      x.key[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(x.key[0])));
    }
    return out;
  }();
  return l;
}

const SpecList& graphLinkSpecs() {
  static const SpecList s = {
      {"name", "Name", "", ParamType::String, NAN, 0, 0, "Link name (unique; default linkI)."},
      {"from", "From", "", ParamType::String, NAN, 0, 0, "Node at the sending end."},
      {"to", "To", "", ParamType::String, NAN, 0, 0, "Node at the receiving end."},
      {"rate", "Rate", "bit/s", ParamType::Number, 10e6, 1e3, 1e11, "Capacity."},
      {"delay", "Delay", "s", ParamType::Number, 0.001, 0, 10, "One-way propagation delay."},
      {"queue", "Queue", "", ParamType::Object, NAN, 0, 0, "Queue discipline from->to (default DropTail)."},
      {"loss", "Loss", "", ParamType::Object, NAN, 0, 0, "Exogenous loss model from->to."},
  };
  return s;
}

const ParamSpec& chainRateSpec() {
  static const ParamSpec s = {"rates", "Hop rate", "bit/s", ParamType::Number,
                              NAN,     1e3,        1e11,    "Rate of one of A-B, B-C, C-D (give all three)."};
  return s;
}

}  // namespace bl
