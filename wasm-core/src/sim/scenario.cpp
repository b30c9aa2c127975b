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
      Spec::integer("version", "Format version")
          .defaultsTo(kScenarioVersion)
          .range(1, kScenarioVersion)
          .help("Scenario format version."),
      Spec::string("name", "Name").help("A title for the scenario."),
      Spec::integer("seed", "Seed")
          .defaultsTo(1)
          .range(0, 4294967295.0)
          .help("Random seed; one seed, one result. Each component draws from its own stream."),
      Spec::number("duration", "Duration", "s")
          .defaultsTo(60)
          .range(0.001, kMaxDuration)
          .help("Simulated time to run."),
      Spec::number("samplePeriod", "Sample period", "s")
          .defaultsTo(0.1)
          .range(0.001, 60)
          .help("Interval between sample rows (throughput, loss, Jain's index are per interval)."),
      Spec::number("measureFrom", "Measure from", "s")
          .defaultsTo(0)
          .range(0, kMaxDuration)
          .help("The summary's long-run numbers start here (skip the warm-up)."),
      Spec::integer("packetSize", "Packet size", "bytes")
          .defaultsTo(1000)
          .range(64, 9000)
          .help("Size of every data packet."),
      Spec::integer("headerSize", "Header size", "bytes")
          .defaultsTo(40)
          .range(0, 8999)
          .help("TCP/IP header bytes in each data packet: goodput (and goodputUtilization) count packetSize - "
                "headerSize per packet delivered in order; throughput counts whole packets."),
      Spec::object("topology", "Topology").help("Network shape: kind dumbbell, chain or graph."),
      Spec::object("queue", "Queue").help("Discipline at the bottleneck (kind and parameters)."),
      Spec::object("exoLoss", "Exogenous loss")
          .help("Loss model on each flow's receiver access link (kind and parameters)."),
      Spec::object("flows", "Flows").help("Defaults for all TCP flows, and their count."),
      Spec::array("flowOverrides", "Flow overrides").help("Per-flow changes: {flow: i, ...}."),
      Spec::array("traffic", "Traffic").help("Non-TCP sources: CBR or on/off UDP."),
      Spec::array("aggregates", "MPAT aggregates")
          .help("[{flows: [i, ...], shares?: [x, ...]}]: flows pooling their windows (MPAT); shares set weights."),
  };
  return s;
}

const SpecList& dumbbellSpecs() {
  static const SpecList s = {
      Spec::number("bottleneckRate", "Bottleneck rate", "bit/s")
          .defaultsTo(16e6)
          .range(1e3, 1e11)
          .help("Capacity of the shared link."),
      Spec::number("bottleneckDelay", "Bottleneck delay", "s")
          .defaultsTo(0.001)
          .range(0, 10)
          .help("One-way propagation delay."),
      Spec::number("accessRate", "Access rate", "bit/s")
          .defaultsTo(100e6)
          .range(1e3, 1e11)
          .help("Capacity of each access link."),
      Spec::number("accessDelayMin", "Access delay min", "s")
          .defaultsTo(0.001)
          .range(0, 10)
          .help("Each access link's one-way delay is uniform in [min, max], so RTTs differ."),
      Spec::number("accessDelayMax", "Access delay max", "s")
          .defaultsTo(0.004)
          .range(0, 10)
          .help("Upper end of the access delays."),
      Spec::flag("sameAccessDelay", "Same access delay")
          .defaultsTo(false)
          .help("One draw per flow for both its sender's and its receiver's access link (as ns-2 scripts that give a "
                "flow one delay); off: the two are drawn independently."),
      Spec::integer("accessBuffer", "Access buffer", "packets")
          .defaultsTo(10000)
          .range(1, 1000000)
          .help("DropTail buffer of access links."),
  };
  return s;
}

const SpecList& chainSpecs() {
  static const SpecList s = {
      Spec::array("rates", "Hop rates", "bit/s").help("Rates of A-B, B-C, C-D (default 100, 150, 150 Mb/s)."),
      Spec::number("hopDelay", "Hop delay", "s")
          .defaultsTo(0.001)
          .range(0, 10)
          .help("One-way delay of each of A-B, B-C, C-D."),
      Spec::integer("overlayFlows", "Overlay flows").defaultsTo(10).range(0, kMaxFlows).help("Long flows A->D."),
      Spec::integer("crossFlows", "Cross flows per hop")
          .defaultsTo(10)
          .range(0, kMaxFlows)
          .help("Flows over each single hop."),
      Spec::number("accessRate", "Access rate", "bit/s")
          .defaultsTo(1e9)
          .range(1e3, 1e11)
          .help("Capacity of each access link."),
      Spec::number("accessDelayMin", "Access delay min", "s")
          .defaultsTo(0.005)
          .range(0, 10)
          .help("Access delays uniform in [min, max]."),
      Spec::number("accessDelayMax", "Access delay max", "s")
          .defaultsTo(0.01)
          .range(0, 10)
          .help("Upper end of the access delays."),
      Spec::flag("equalRtt", "Equal RTTs")
          .defaultsTo(false)
          .help("Pad access delays so every flow has the same propagation RTT (accessDelayMin for overlay flows)."),
      Spec::integer("accessBuffer", "Access buffer", "packets")
          .defaultsTo(10000)
          .range(1, 1000000)
          .help("DropTail buffer of access links."),
      Spec::object("underlayQueue", "Underlay queue").help("Discipline of B-C and C-D (default RED)."),
  };
  return s;
}

const SpecList& graphSpecs() {
  static const SpecList s = {
      Spec::array("nodes", "Nodes").help("Node names."),
      Spec::array("links", "Links")
          .help("{name, from, to, rate, delay, queue?, loss?}; both directions; queue and loss act from->to."),
      Spec::array("flows", "Flows").help("{src, dst, ...flow fields}; routes are shortest in hops."),
  };
  return s;
}

const SpecList& liveFlowSpecs() {
  static const SpecList s = {
      Spec::number("exoLoss", "Exogenous loss")
          .defaultsTo(0)
          .range(0, 1)
          .help("Bernoulli loss rate on the flow's receiver access link (replaces its loss model).")
          .live(),
      Spec::number("weight", "Weight").defaultsTo(1).range(0.01, 1000).help("The flow's weight.").live(),
      Spec::number("deadline", "Deadline", "s").range(0.0001, 10).help("The flow's deadline.").live(),
      Spec::flag("active", "Active").defaultsTo(true).help("1 starts the flow, 0 stops it.").live(),
  };
  return s;
}

const SpecList& liveLinkSpecs() {
  static const SpecList s = {
      Spec::number("rate", "Rate", "bit/s")
          .defaultsTo(1e6)
          .range(1e3, 1e11)
          .help("Link capacity (applies to packets admitted from now).")
          .live(),
      Spec::number("lossRate", "Loss rate")
          .defaultsTo(0)
          .range(0, 1)
          .help("Bernoulli loss rate on this link (replaces its loss model).")
          .live(),
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
      Spec::string("name", "Name").help("Link name (unique; default linkI)."),
      Spec::string("from", "From").help("Node at the sending end."),
      Spec::string("to", "To").help("Node at the receiving end."),
      Spec::number("rate", "Rate", "bit/s").defaultsTo(10e6).range(1e3, 1e11).help("Capacity."),
      Spec::number("delay", "Delay", "s").defaultsTo(0.001).range(0, 10).help("One-way propagation delay."),
      Spec::object("queue", "Queue").help("Queue discipline from->to (default DropTail)."),
      Spec::object("loss", "Loss").help("Exogenous loss model from->to."),
  };
  return s;
}

const ParamSpec& chainRateSpec() {
  static const ParamSpec s = Spec::number("rates", "Hop rate", "bit/s")
                                 .range(1e3, 1e11)
                                 .help("Rate of one of A-B, B-C, C-D (give all three).");
  return s;
}

}  // namespace bl
