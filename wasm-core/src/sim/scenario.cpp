#include "sim/scenario.h"

#include <cctype>
#include <cmath>

#include "cc/registry.h"
#include "net/loss_model.h"
#include "net/queue_disc.h"
#include "traffic/udp_source.h"

namespace bl {

BL_SPEC_TABLE const BoundSpecs<ScenarioSettings>& ScenarioSettings::params() {
  using S = ScenarioSettings;
  static const BoundSpecs<S> t{
      bind<&S::version>(Spec::integer("version", "Format version")
                            .defaultsTo(kScenarioVersion)
                            .range(1, kScenarioVersion)
                            .help("Scenario format version.")),
      bindJson<&S::name>(Spec::string("name", "Name").help("A title for the scenario.")),
      bind<&S::seed>(Spec::integer("seed", "Seed")
                         .defaultsTo(1)
                         .range(0, 4294967295.0)
                         .help("Random seed; one seed, one result. Each component draws from its own stream.")),
      bind<&S::duration>(Spec::number("duration", "Duration", "s")
                             .defaultsTo(60)
                             .range(0.001, kMaxDuration)
                             .help("Simulated time to run.")),
      bind<&S::samplePeriod>(
          Spec::number("samplePeriod", "Sample period", "s")
              .defaultsTo(0.1)
              .range(0.001, 60)
              .help("Interval between sample rows (throughput, loss, Jain's index are per interval).")),
      bind<&S::measureFrom>(Spec::number("measureFrom", "Measure from", "s")
                                .defaultsTo(0)
                                .range(0, kMaxDuration)
                                .help("The summary's long-run numbers start here (skip the warm-up).")),
      bind<&S::packetSize>(Spec::integer("packetSize", "Packet size", "bytes")
                               .defaultsTo(1000)
                               .range(64, 9000)
                               .help("Size of every data packet.")),
      bind<&S::headerSize>(
          Spec::integer("headerSize", "Header size", "bytes")
              .defaultsTo(40)
              .range(0, 8999)
              .help("TCP/IP header bytes in each data packet: goodput (and goodputUtilization) count packetSize - "
                    "headerSize per packet delivered in order; throughput counts whole packets.")),
      bindJson<&S::topology>(
          Spec::object("topology", "Topology").help("Network shape: kind dumbbell, chain or graph.")),
      bindJson<&S::queue>(Spec::object("queue", "Queue").help("Discipline at the bottleneck (kind and parameters).")),
      bindJson<&S::exoLoss>(Spec::object("exoLoss", "Exogenous loss")
                                .help("Loss model on each flow's receiver access link (kind and parameters).")),
      bindJson<&S::flows>(Spec::object("flows", "Flows").help("Defaults for all TCP flows, and their count.")),
      bindJson<&S::flowOverrides>(
          Spec::array("flowOverrides", "Flow overrides").help("Per-flow changes: {flow: i, ...}.")),
      bindJson<&S::traffic>(Spec::array("traffic", "Traffic").help("Non-TCP sources: CBR or on/off UDP.")),
      bindJson<&S::aggregates>(
          Spec::array("aggregates", "MPAT aggregates")
              .help(
                  "[{flows: [i, ...], shares?: [x, ...]}]: flows pooling their windows (MPAT); shares set weights."))};
  return t;
}

const SpecList& scenarioSpecs() { return ScenarioSettings::params().specs(); }

BL_SPEC_TABLE const BoundSpecs<DumbbellFields>& DumbbellFields::params() {
  using D = DumbbellFields;
  const LinkTraceSpecs& traceSpecs = linkTraceSpecs(TraceSite::Bottleneck);
  static const BoundSpecs<D> t{
      bind<&D::bottleneckRate>(Spec::number("bottleneckRate", "Bottleneck rate", "bit/s")
                                   .defaultsTo(16e6)
                                   .range(1e3, 1e11)
                                   .help("Capacity of the shared link.")),
      bind<&D::bottleneckDelay>(Spec::number("bottleneckDelay", "Bottleneck delay", "s")
                                    .defaultsTo(0.001)
                                    .range(0, 10)
                                    .help("One-way propagation delay.")),
      bind<&D::accessRate>(Spec::number("accessRate", "Access rate", "bit/s")
                               .defaultsTo(100e6)
                               .range(1e3, 1e11)
                               .help("Capacity of each access link.")),
      bind<&D::accessDelayMin>(Spec::number("accessDelayMin", "Access delay min", "s")
                                   .defaultsTo(0.001)
                                   .range(0, 10)
                                   .help("Each access link's one-way delay is uniform in [min, max], so RTTs differ.")),
      bind<&D::accessDelayMax>(Spec::number("accessDelayMax", "Access delay max", "s")
                                   .defaultsTo(0.004)
                                   .range(0, 10)
                                   .help("Upper end of the access delays.")),
      bind<&D::sameAccessDelay>(
          Spec::flag("sameAccessDelay", "Same access delay")
              .defaultsTo(false)
              .help("One draw per flow for both its sender's and its receiver's access link (as ns-2 scripts that give "
                    "a flow one delay); off: the two are drawn independently.")),
      bind<&D::accessBuffer>(Spec::integer("accessBuffer", "Access buffer", "packets")
                                 .defaultsTo(10000)
                                 .range(1, 1000000)
                                 .help("DropTail buffer of access links.")),
      bindIndex<&D::trace, &LinkTraceFields::choice>(traceSpecs.choice),
      bindJson<&D::trace, &LinkTraceFields::ms>(traceSpecs.ms),
      bindJson<&D::trace, &LinkTraceFields::file>(traceSpecs.file),
      bindIndex<&D::traceUp, &LinkTraceFields::choice>(traceSpecs.upChoice),
      bindJson<&D::traceUp, &LinkTraceFields::ms>(traceSpecs.upMs),
      bindJson<&D::traceUp, &LinkTraceFields::file>(traceSpecs.upFile)};
  return t;
}

const SpecList& dumbbellSpecs() { return DumbbellFields::params().specs(); }

BL_SPEC_TABLE const BoundSpecs<ChainFields>& ChainFields::params() {
  using C = ChainFields;
  static const BoundSpecs<C> t{
      bindJson<&C::rates>(
          Spec::array("rates", "Hop rates", "bit/s").help("Rates of A-B, B-C, C-D (default 100, 150, 150 Mb/s).")),
      bind<&C::hopDelay>(Spec::number("hopDelay", "Hop delay", "s")
                             .defaultsTo(0.001)
                             .range(0, 10)
                             .help("One-way delay of each of A-B, B-C, C-D.")),
      bind<&C::overlayFlows>(
          Spec::integer("overlayFlows", "Overlay flows").defaultsTo(10).range(0, kMaxFlows).help("Long flows A->D.")),
      bind<&C::crossFlows>(Spec::integer("crossFlows", "Cross flows per hop")
                               .defaultsTo(10)
                               .range(0, kMaxFlows)
                               .help("Flows over each single hop.")),
      bind<&C::accessRate>(Spec::number("accessRate", "Access rate", "bit/s")
                               .defaultsTo(1e9)
                               .range(1e3, 1e11)
                               .help("Capacity of each access link.")),
      bind<&C::accessDelayMin>(Spec::number("accessDelayMin", "Access delay min", "s")
                                   .defaultsTo(0.005)
                                   .range(0, 10)
                                   .help("Access delays uniform in [min, max].")),
      bind<&C::accessDelayMax>(Spec::number("accessDelayMax", "Access delay max", "s")
                                   .defaultsTo(0.01)
                                   .range(0, 10)
                                   .help("Upper end of the access delays.")),
      bind<&C::equalRtt>(
          Spec::flag("equalRtt", "Equal RTTs")
              .defaultsTo(false)
              .help(
                  "Pad access delays so every flow has the same propagation RTT (accessDelayMin for overlay flows).")),
      bind<&C::accessBuffer>(Spec::integer("accessBuffer", "Access buffer", "packets")
                                 .defaultsTo(10000)
                                 .range(1, 1000000)
                                 .help("DropTail buffer of access links.")),
      bindJson<&C::underlayQueue>(
          Spec::object("underlayQueue", "Underlay queue").help("Discipline of B-C and C-D (default RED)."))};
  return t;
}

const SpecList& chainSpecs() { return ChainFields::params().specs(); }

BL_SPEC_TABLE const BoundSpecs<GraphFields>& GraphFields::params() {
  using G = GraphFields;
  static const BoundSpecs<G> t{
      bindJson<&G::nodes>(Spec::array("nodes", "Nodes").help("Node names.")),
      bindJson<&G::links>(
          Spec::array("links", "Links")
              .help("{name, from, to, rate, delay, queue?, loss?}; both directions; queue and loss act from->to.")),
      bindJson<&G::flows>(
          Spec::array("flows", "Flows").help("{src, dst, ...flow fields}; routes are shortest in hops."))};
  return t;
}

const SpecList& graphSpecs() { return GraphFields::params().specs(); }

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

BL_SPEC_TABLE const BoundSpecs<GraphLinkFields>& GraphLinkFields::params() {
  using L = GraphLinkFields;
  const LinkTraceSpecs& traceSpecs = linkTraceSpecs(TraceSite::GraphLink);
  static const BoundSpecs<L> t{
      bindJson<&L::name>(Spec::string("name", "Name").help("Link name (unique; default linkI).")),
      bindJson<&L::from>(Spec::string("from", "From").help("Node at the sending end.")),
      bindJson<&L::to>(Spec::string("to", "To").help("Node at the receiving end.")),
      bind<&L::rate>(Spec::number("rate", "Rate", "bit/s").defaultsTo(10e6).range(1e3, 1e11).help("Capacity.")),
      bind<&L::delay>(
          Spec::number("delay", "Delay", "s").defaultsTo(0.001).range(0, 10).help("One-way propagation delay.")),
      bindJson<&L::queue>(Spec::object("queue", "Queue").help("Queue discipline from->to (default DropTail).")),
      bindJson<&L::loss>(Spec::object("loss", "Loss").help("Exogenous loss model from->to.")),
      bindIndex<&L::trace, &LinkTraceFields::choice>(traceSpecs.choice),
      bindJson<&L::trace, &LinkTraceFields::ms>(traceSpecs.ms),
      bindJson<&L::trace, &LinkTraceFields::file>(traceSpecs.file),
      bindIndex<&L::traceUp, &LinkTraceFields::choice>(traceSpecs.upChoice),
      bindJson<&L::traceUp, &LinkTraceFields::ms>(traceSpecs.upMs),
      bindJson<&L::traceUp, &LinkTraceFields::file>(traceSpecs.upFile)};
  return t;
}

const SpecList& graphLinkSpecs() { return GraphLinkFields::params().specs(); }

const ParamSpec& chainRateSpec() {
  static const ParamSpec s = Spec::number("rates", "Hop rate", "bit/s")
                                 .range(1e3, 1e11)
                                 .help("Rate of one of A-B, B-C, C-D (give all three).");
  return s;
}

}  // namespace bl
