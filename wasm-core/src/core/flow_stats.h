// Per-flow counters. TCP agents and links increment them; the tracer reads and differences
// them every sample period; the summary reports their totals.
#pragma once
#include <cmath>
#include <cstdint>

namespace bl {

struct FlowStats {
  uint64_t sentPackets = 0;     // data packets put on the wire by the sender (incl. retransmits)
  uint64_t arrivedPackets = 0;  // data packets that reached the receiver (incl. duplicates)
  uint64_t arrivedBytes = 0;
  uint64_t goodputPackets = 0;  // new, in-order data delivered to the application
  uint64_t goodputBytes = 0;
  uint64_t congestionLosses = 0;  // dropped by a queue (overflow, early, deadline)
  uint64_t exogenousLosses = 0;   // dropped by a loss model
  uint64_t retransmits = 0;
  uint64_t timeouts = 0;
  uint64_t fastRetransmits = 0;
  uint64_t markedPackets = 0;  // data packets that reached the receiver marked CE (ECN)
  uint64_t ecnReductions = 0;  // window reductions in response to ECE
};

// What a flow asks of the network, kept current by live parameter changes. Queue
// disciplines that treat flows differently (XQM's weighted targets, deadline-aware queues)
// read these through Simulation::flowAttrs().
struct FlowAttrs {
  double weight = 1;
  double deadline = NAN;  // seconds, NaN = none
};

// What the tracer reads from a flow's sender at each sample.
class FlowProbe {
 public:
  virtual ~FlowProbe() = default;
  virtual double cwnd() const = 0;      // packets
  virtual double ssthresh() const = 0;  // packets
  virtual double srtt() const = 0;      // seconds, 0 before the first sample
  virtual bool active() const = 0;
};

}  // namespace bl
