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
