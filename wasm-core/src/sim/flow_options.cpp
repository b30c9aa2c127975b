#include "sim/flow_options.h"

#include "cc/registry.h"
#include "sim/scenario.h"

namespace bl {

BL_SPEC_TABLE const BoundSpecs<FlowOptions>& FlowOptions::params() {
  using F = FlowOptions;
  using T = TcpConfig;
  static const BoundSpecs<F> t{
      bind<&F::count>(
          Spec::integer("count", "Flows").defaultsTo(20).range(1, kMaxFlows).help("Number of TCP flows (dumbbell).")),
      bindChoice<&F::tcp, &T::recovery>(
          "tcp", "TCP variant",
          {{"reno", T::Reno, "Reno"}, {"newreno", T::NewReno, "NewReno"}, {"sack", T::Sack, "SACK"}}, "newreno",
          "Loss recovery: Reno, NewReno or SACK."),
      bindIndex<&F::cc>(Spec::choice("cc", "Congestion control", ccNames()).defaultsTo(0).help("Window rule.")),
      bindJson<&F::ccParamsRead>(
          Spec::object("ccParams", "CC parameters").help("Parameters of the chosen cc (see cc.* groups).")),
      bind<&F::start>(Spec::number("start", "Start", "s")
                          .defaultsTo(0)
                          .range(0, kMaxDuration)
                          .help("When the flow starts sending.")),
      bind<&F::startSpread>(
          Spec::number("startSpread", "Start spread", "s")
              .defaultsTo(1)
              .range(0, 600)
              .help("Each flow starts at start + uniform [0, spread) so they do not start in lockstep.")),
      bind<&F::stop>(Spec::number("stop", "Stop", "s")
                         .range(0, kMaxDuration)
                         .help("When it stops (left empty: never).")
                         .nullable()),
      bind<&F::delayedAck>(Spec::flag("delayedAck", "Delayed ACKs")
                               .defaultsTo(false)
                               .help("Receiver ACKs every second packet (or after 100 ms).")),
      bind<&F::tcp, &T::rwnd>(Spec::number("rwnd", "Receiver window", "packets")
                                  .defaultsTo(10000)
                                  .range(1, 1e6)
                                  .help("Cap on packets in flight.")),
      bind<&F::tcp, &T::initialCwnd>(Spec::number("initialCwnd", "Initial window", "packets")
                                         .defaultsTo(2)
                                         .range(1, 1000)
                                         .help("Congestion window at start.")),
      bindSeconds<&F::tcp, &T::minRto>(Spec::number("minRto", "Minimum RTO", "s")
                                           .defaultsTo(0.2)
                                           .range(0.001, 10)
                                           .help("Lower bound of the retransmission timeout.")),
      bind<&F::weight>(Spec::number("weight", "Weight")
                           .defaultsTo(1)
                           .range(0.01, 1000)
                           .help("Share asked for; weighted Jain's index divides throughput by it.")
                           .live()),
      bind<&F::deadline>(Spec::number("deadline", "Deadline", "s")
                             .range(0.0001, 10)
                             .help("Queueing-time bound for deadline-aware queues (left empty: none).")
                             .live()
                             .nullable()),
      bind<&F::deadlineRtt>(
          Spec::number("deadlineRtt", "Deadline / RTT")
              .range(0.0001, 100)
              .help(
                  "Deadline as this multiple of the flow's propagation RTT, when Deadline is empty (left empty: none).")
              .nullable()),
      bind<&F::tcp, &T::dupThresh>(Spec::integer("dupThresh", "Duplicate ACK threshold")
                                       .defaultsTo(3)
                                       .range(1, 100)
                                       .help("Duplicate ACKs that trigger fast retransmit (TED's 1-ACK variant: 1).")),
      bind<&F::tcp, &T::limitedTransmit>(Spec::flag("limitedTransmit", "Limited transmit")
                                             .defaultsTo(true)
                                             .help("RFC 3042: each of the first dupThresh - 1 duplicate ACKs sends one "
                                                   "new packet beyond cwnd (ns-2's singledup_).")),
      bind<&F::vegasRetx>(Spec::flag("vegasRetx", "Vegas retransmit")
                              .help("Retransmit on one duplicate ACK once the segment's fine-grained timer expired "
                                    "(a Vegas flow does so unless this is set off; other flows only when set on).")
                              .nullable()),
      bindChoice<&F::tcp, &T::rtoRestart>(
          "rtoRestart", "RTO restart",
          {{"fastRetransmit", T::RestartOnFastRetransmit, "Also on fast retransmit"},
           {"newAck", T::RestartOnNewAckOnly, "Only on a new ACK"}},
          "fastRetransmit",
          "When the retransmission timer restarts besides each new ACK: fastRetransmit (also when the fast "
          "retransmission or the head of the retransmission queue is sent, as ns-2 and Linux) or newAck (only "
          "RFC 6298 5.3). See docs/tcp.md."),
      bindChoice<&F::tcp, &T::rtoFormula>(
          "rtoFormula", "RTO formula", {{"rfc6298", T::Rfc6298, "RFC 6298"}, {"linux", T::Linux, "Linux"}}, "rfc6298",
          "rfc6298: max(minRto, SRTT + 4 RTTVAR) (as ns-2); linux: SRTT + max(4 RTTVAR, minRto)."),
      bindChoice<&F::tcp, &T::rtoBackoffReset>(
          "rtoBackoffReset", "RTO back-off reset",
          {{"karn", T::KeepUntilSample, "Karn (until a valid sample)"}, {"newAck", T::OnNewAck, "On a new ACK"}},
          "karn",
          "When a timeout's doubled RTO is dropped: karn (RFC 6298 5.5 and Karn's rule, as Linux: kept until an ACK "
          "gives a valid RTT sample) or newAck (ns-3.37: on every new ACK, even one covering a retransmission). A "
          "research switch; see docs/tcp.md."),
      bindChoice<&F::tcp, &T::sackDupAck>(
          "dupAck", "Duplicate ACK",
          {{"any", T::AnyDup, "Any (RFC 5681)"}, {"newSack", T::NewSack, "New SACK data (RFC 6675)"}}, "newSack",
          "tcp sack: which ACKs count as duplicates for fast retransmit and limited transmit: newSack (SACKs data "
          "not SACKed before: RFC 6675 section 2, as Linux and ns-3.37) or any (acknowledges nothing new: RFC "
          "5681's definition, as ns-2's Sack1; a research switch). Without SACK RFC 5681's is the only rule. See "
          "docs/tcp.md."),
      bindChoice<&F::tcp, &T::sackForgetOnRto>(
          "sackAfterRto", "SACK after RTO", {{"forget", true, "Forget"}, {"keep", false, "Keep"}}, "forget",
          "SACK scoreboard on a timeout: forget (RFC 2018 section 8, as ns-2) or keep (RFC 6675 5.1, as Linux)."),
      bindChoice<&F::tcp, &T::recoveryCwnd>(
          "recoveryCwnd", "cwnd after fast retransmit",
          {{"ssthresh", T::Ssthresh, "ssthresh (RFC 6675)"}, {"ns2", T::Ns2Sack1, "ns-2 Sack1"}}, "ssthresh",
          "SACK's window in and after a fast recovery: ssthresh (RFC 6675 and 5681: cwnd = ssthresh, at least 2 "
          "packets, as Linux) or ns2 (ns-2's Sack1: half the window, below 2 for a window below 4, kept after the "
          "recovery; ssthresh the integer part, at least 2). "
          "tcp sack with cc aimd only. See docs/tcp.md."),
      bind<&F::tcp, &T::ecn>(
          Spec::flag("ecn", "ECN")
              .defaultsTo(false)
              .help("RFC 3168: data packets are ECN-capable, the receiver echoes CE marks and the sender reduces its "
                    "window once per window of marks (DCTCP: in proportion to the marked fraction).")),
      bindChoice<&F::tcp, &T::ect>(
          "ect", "ECN codepoint",
          {{"auto", T::EctAuto, "Automatic"}, {"ect0", T::Ect0, "ECT(0)"}, {"ect1", T::Ect1, "ECT(1)"}}, "auto",
          "ecn: what ECN-capable packets carry: ect0 (classic ECN, RFC 3168), ect1 (the L4S identifier, RFC 9331: "
          "a DualPI2 queue puts them in its L4S queue) or auto (ect1 with cc prague, else ect0)."),
      bindChoice<&F::tcp, &T::ecnGrowth>(
          "ecnGrowth", "Window growth after ECN-Echo", {{"cwr", T::Cwr, "CWR (Linux)"}, {"ns2", T::Ns2Ecn, "ns-2"}},
          "cwr",
          "ecn: when the window may grow around an ECN reduction. Both follow RFC 3168 6.1.2 (no growth on an ACK "
          "that echoes a mark). cwr: nor on any ACK until one covers a packet sent after the reduction (Linux's CWR "
          "state, as ns-3.37); ns2: other ACKs grow the window as usual (ns-2 2.35's TCP agents). See docs/tcp.md."),
      bind<&F::tcp, &T::pacing>(Spec::flag("pacing", "Pacing")
                                    .defaultsTo(false)
                                    .help("Space packets at 2 x cwnd / srtt in slow start, 1.2 x after (Linux's "
                                          "rates); BBR always paces at its own rate.")),
      bind<&F::tedRto>(
          Spec::flag("tedRto", "TED-driven RTO")
              .defaultsTo(false)
              .help(
                  "RTO = the path's empty-queue RTT + the deadline (x TED hops for LBD): the largest RTT TED allows.")),
  };
  return t;
}

const char* FlowOptions::ccName() const { return ccKinds()[cc].name; }

bool readFlowOptions(const Json* obj, const std::string& path, FlowOptions& out, std::string& err) {
  ParamValues v;
  if (!readParams(obj, FlowOptions::params().specs(), path, v, err)) return false;
  FlowOptions::params().load(out, v);
  out.ccParams = out.ccParamsRead ? *out.ccParamsRead : Json();
  out.ccParamsRead = nullptr;  // the document may not outlive the options
  return true;
}

const SpecList& flowSpecs() { return FlowOptions::params().specs(); }

namespace {

SpecList flowEntrySpecs(SpecList head, SpecList tail = {}) {
  for (const ParamSpec& s : flowSpecs())
    if (std::string(s.key) != "count") head.push_back(s);
  for (const ParamSpec& s : tail) head.push_back(s);
  return head;
}

}  // namespace

BL_SPEC_TABLE const SpecList& overrideSpecs() {
  static const SpecList s = flowEntrySpecs(
      {Spec::integer("flow", "Flow").range(0, kMaxFlows - 1).help("Index of the flow this entry changes.")},
      {Spec::object("exoLoss", "Exogenous loss")
           .help("This flow's own loss model (dumbbell and chain), in place of the scenario's exoLoss.")});
  return s;
}

BL_SPEC_TABLE const SpecList& graphFlowSpecs() {
  static const SpecList s = flowEntrySpecs({
      Spec::string("src", "Source").help("Node the flow sends from."),
      Spec::string("dst", "Destination").help("Node the flow sends to."),
  });
  return s;
}

}  // namespace bl
