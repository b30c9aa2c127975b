// MPAT (Singh, Pradhan, Francis, "MPAT: Aggregate TCP congestion management as a building
// block for Internet QoS"): the N flows of an aggregate keep N TCP congestion windows (N AIMD
// probes) and pool them: C = sum C_j, and application flow i may have A_i = x_i C packets
// outstanding, x_i = w_i / sum w (its weight, live).
//
// Model. Window j is the TcpSender of member j, unchanged: its own sequence space,
// scoreboard, fast retransmit, RTO and congestion control, so every ACK and every loss is
// charged to the window that sent the packet, and each window recovers on its own. What the
// aggregate adds is the mapping of packets to application flows: a tag at the head of every
// member's data route labels each new packet with the application flow that sends it (a
// member whose outstanding count is below A_i, chosen by smooth weighted round robin on x_i;
// if none is below, the one furthest below: work-conserving), and retransmissions keep their
// label. Taps at the ACK and data endpoints keep the per-flow outstanding counts and move the
// delivery counters (arrived, goodput, sent) from the window's row to the application flow's.
// The network sees packets of flow i (drops are counted on i; per-flow queues see i).
//
// Rows of an MPAT member in the summary and the samples: throughput, goodput, sentPackets,
// retransmits and losses are application flow i's; cwnd, ssthresh, srtt, timeouts and
// fastRetransmits are window i's (the i-th AIMD loop).
//
// Deviation from the paper: there a flow with data picks an open window uniformly at random;
// here the window that opens (ACK-clocked, infinite backlog) picks the flow. When one window
// is open at a time, as in an ACK-clocked steady state, the two are the same; when several
// open at once they send in event order.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/packet.h"
#include "core/params.h"

namespace bl {

// An entry of the scenario's aggregates: {flows: [i, ...], shares?: [x, ...]}, and what each
// share may be (a weight: x_i = w_i / sum w).
const SpecList& mpatAggregateSpecs();
const ParamSpec& mpatShareSpec();

class Simulation;
class TcpSender;
class TcpReceiver;

class MpatAggregate {
 public:
  // `members`: flow indices; `senders`/`receivers`: their TCP ends (the senders are the windows).
  // The taps (makeMpatTap) put the aggregate on the members' routes; sim/aggregates.cpp does it.
  MpatAggregate(Simulation& sim, std::vector<int> members, std::vector<TcpSender*> senders,
                std::vector<TcpReceiver*> receivers);

  size_t size() const { return members_.size(); }
  double aggregateWindow() const;                                            // C = sum of the members' cwnd
  double share(size_t k) const;                                              // x_k from the members' weights
  double allowance(size_t k) const { return share(k) * aggregateWindow(); }  // A_k
  int64_t outstanding(size_t k) const { return out_[k]; }
  // The application flow (member position) a new packet of window `win` is sent for.
  size_t choose();

  // Hooks from the taps (public for the tests).
  void onData(size_t win, Packet* p);  // at the head of window win's data route
  void onAck(size_t win, const Packet* ack);
  void onArrival(size_t win, Packet* p);  // before window win's receiver takes it
  int label(size_t win, int64_t seq) const;

 private:
  struct Window {
    int64_t base = 0;           // lowest seq still tracked
    int64_t cum = 0;            // highest cumulative ACK seen
    std::deque<int16_t> label;  // member position of seq base + k
    std::deque<uint8_t> done;   // acknowledged (cumulatively or SACKed)
  };
  void credit(size_t k, int64_t n) { out_[k] += n; }
  void ackRange(Window& w, int64_t from, int64_t to);
  void prune(size_t win);

  Simulation& sim_;
  std::vector<int> members_;
  std::vector<TcpSender*> senders_;
  std::vector<TcpReceiver*> receivers_;
  std::vector<Window> win_;
  std::vector<int64_t> out_;
  std::vector<double> wrr_;  // smooth weighted round robin credits
};

// Where an aggregate hooks into a member's paths: at the head of its data route, before its
// receiver, and where its ACKs reach the sender.
enum class MpatHook { Data, Ack, Arrival };
std::unique_ptr<PacketSink> makeMpatTap(std::shared_ptr<MpatAggregate> agg, size_t win, MpatHook where, Simulation& sim,
                                        PacketSink* next);

}  // namespace bl
