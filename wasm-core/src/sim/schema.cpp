#include "sim/schema.h"

#include <cmath>
#include <memory>

#include "cc/registry.h"
#include "fluid/fluid_json.h"
#include "net/loss_model.h"
#include "net/queue_disc.h"
#include "sim/flow_options.h"
#include "sim/instance.h"
#include "sim/scenario.h"
#include "tcp/mpat.h"
#include "traffic/udp_source.h"

namespace bl {

namespace {

const ParamSpec& nodeNameSpec() {
  static const ParamSpec s = Spec::string("nodes", "Node").help("A node's name (unique).");
  return s;
}

const ParamSpec& memberFlowSpec() {
  static const ParamSpec s = Spec::integer("flows", "Member flow")
                                 .range(0, kMaxFlows - 1)
                                 .help("Index of a flow in the aggregate (each flow in at most one).");
  return s;
}

std::vector<SchemaKind> queueSchemaKinds() {
  std::vector<SchemaKind> k;
  for (const QueueKind& q : queueKinds()) k.push_back({q.name, q.help, q.specs, q.label});
  return k;
}
std::vector<SchemaKind> lossSchemaKinds() {
  std::vector<SchemaKind> k;
  for (const LossKind& l : lossKinds()) k.push_back({l.name, l.help, l.specs, l.label});
  return k;
}
std::vector<SchemaKind> ccSchemaKinds() {
  std::vector<SchemaKind> k;
  for (const CcKind& c : ccKinds()) k.push_back({c.name, c.help, c.specs, c.label});
  return k;
}

SchemaGroup at(std::string path, std::string whenKey, std::string whenValue) {
  SchemaGroup g;
  g.path = std::move(path);
  g.whenKey = std::move(whenKey);
  g.whenValue = std::move(whenValue);
  return g;
}

SchemaGroup plain(std::string path, const SpecList& specs, std::string whenKey = "", std::string whenValue = "") {
  SchemaGroup g = at(std::move(path), std::move(whenKey), std::move(whenValue));
  g.specs = &specs;
  return g;
}

// An array of plain values, each checked against `spec`.
SchemaGroup items(std::string path, const ParamSpec& spec, std::string whenKey = "", std::string whenValue = "") {
  SchemaGroup g = at(std::move(path), std::move(whenKey), std::move(whenValue));
  g.items = &spec;
  return g;
}

SchemaGroup kinded(std::string path, std::string set, std::vector<SchemaKind> kinds, std::string key, std::string def,
                   bool inParent = false, std::vector<std::string> fallback = {}) {
  SchemaGroup g;
  g.path = std::move(path);
  g.kindSet = std::move(set);
  g.kinds = std::move(kinds);
  g.selectorKey = std::move(key);
  g.defaultKind = std::move(def);
  g.selectorInParent = inParent;
  g.fallback = std::move(fallback);
  return g;
}

// The path above: "flows.ccParams" -> "flows", "queue" -> "".
std::string parentOf(const std::string& pattern) {
  const size_t dot = pattern.rfind('.');
  return dot == std::string::npos ? "" : pattern.substr(0, dot);
}

std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

// The value at a fallback path ("flows.cc", "topology.flows[flow].cc") in the document, or
// nullptr. "[flow]" is the element of that array whose index is the `flow` field of `entry`
// (a flowOverrides entry: the flow it overrides).
const Json* valueAt(const Json& doc, const std::string& path, const Json* entry) {
  const Json* x = &doc;
  for (size_t start = 0; x && start <= path.size();) {
    const size_t dot = path.find('.', start);
    std::string step = path.substr(start, dot - start);
    const bool indexed = step.size() > 6 && step.compare(step.size() - 6, 6, "[flow]") == 0;
    if (indexed) step.resize(step.size() - 6);
    x = x->isObject() ? x->find(step) : nullptr;
    if (x && indexed) {
      const Json* i = entry && entry->isObject() ? entry->find("flow") : nullptr;
      const double n = i && i->isNumber() ? i->asNumber() : -1;
      x = x->isArray() && n >= 0 && n < static_cast<double>(x->items().size()) && n == std::floor(n)
              ? &x->items()[static_cast<size_t>(n)]
              : nullptr;
    }
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return x;
}

// ----- the structured check -----

struct Checker {
  Json problems = Json::array();

  void add(const std::string& path, const std::string& message, const Json* value, const ParamSpec* spec,
           const Json* ruleRange = nullptr, const char* code = "field") {
    Problem p = problemAt(path, message, code);
    p.spec = spec;
    problems.push(problemJson(p, value, ruleRange));
  }

  // A rule between fields, with its range when it gives one.
  void addRule(const Problem& r) { problems.push(problemJson(r, nullptr)); }

  // A kind problem: the options are the kinds.
  void addKind(const std::string& path, const std::string& message, const Json* value, const SchemaGroup& g) {
    ParamSpec s = Spec::choice(g.selectorKey.c_str(), "", {}).defaultsTo(0);
    for (const SchemaKind& k : g.kinds) s.options.push_back(k.name);
    for (size_t i = 0; i < s.options.size(); ++i)
      if (g.defaultKind == s.options[i]) s.def = static_cast<double>(i);
    add(path, message, value, &s);
  }

  // The kind named at the selector, or the default; nullptr (a problem listed) if unknown.
  const SchemaKind* kindOf(const SchemaGroup& g, const std::string& path, const Json& obj, const Json* parent,
                           const Json& doc, bool& listed) {
    listed = false;
    const Json* sel = g.selectorInParent ? (parent ? parent->find(g.selectorKey) : nullptr) : obj.find(g.selectorKey);
    for (size_t f = 0; !sel && f < g.fallback.size(); ++f) sel = valueAt(doc, g.fallback[f], parent);
    std::string name = g.defaultKind;
    if (sel) {
      if (!sel->isString()) {
        if (!g.selectorInParent) addKind(join(path, g.selectorKey), "expected a string", sel, g);
        listed = true;
        return nullptr;
      }
      name = sel->asString();
    }
    for (const SchemaKind& k : g.kinds)
      if (name == k.name) return &k;
    // A bad selector in the parent (flows.cc) is the parent's own problem, listed there.
    if (!g.selectorInParent) {
      std::string known;
      for (const SchemaKind& k : g.kinds) known += (known.empty() ? "" : ", ") + std::string(k.name);
      addKind(join(path, g.selectorKey), "\"" + name + "\" is not a kind here; known: " + known, sel, g);
    }
    listed = true;
    return nullptr;
  }

  void checkItems(const SchemaGroup& g, const std::string& path, const Json& arr) {
    for (size_t i = 0; i < arr.items().size(); ++i) {
      const Json& x = arr.items()[i];
      const std::string where = path + "[" + std::to_string(i) + "]";
      Json one = Json::object();
      one.set(g.items->key, x);
      ParamValues v;
      std::string err;
      if (!readParams(&one, SpecList{*g.items}, "", v, err)) {
        // The message names the key; name the element instead.
        const std::string prefix = std::string(g.items->key) + ": ";
        add(where, err.rfind(prefix, 0) == 0 ? err.substr(prefix.size()) : err, &x, g.items);
      }
    }
  }

  // " (a key of SELECTOR "A" or "B" only)" when other kinds of the group take `key`: a dumbbell's
  // topology.trace given to a chain says that trace-driven links are a dumbbell's.
  static std::string otherKinds(const SchemaGroup& g, const std::string& key) {
    std::string names;
    for (const SchemaKind& k : g.kinds)
      if (findSpec(*k.specs, key)) names += (names.empty() ? "\"" : "\" or \"") + std::string(k.name);
    return names.empty() ? "" : " (a key of " + g.selectorKey + " " + names + "\" only)";
  }

  void checkObject(const SchemaGroup& g, const std::string& path, const Json& obj, const Json* parent,
                   const Json& doc) {
    if (!obj.isObject()) {
      add(path.empty() ? "" : path, "expected an object, got " + std::string(Json::typeName(obj.type())), &obj,
          nullptr);
      return;
    }
    const SpecList* specs = g.specs;
    if (!g.kinds.empty()) {
      bool listed;
      const SchemaKind* k = kindOf(g, path, obj, parent, doc, listed);
      if (!k) return;
      specs = k->specs;
    }
    for (const auto& [key, v] : obj.members()) {
      if (!g.kinds.empty() && !g.selectorInParent && key == g.selectorKey) continue;
      const ParamSpec* s = findSpec(*specs, key);
      if (!s) {
        add(join(path, key), "unknown key" + otherKinds(g, key) + "; known keys here: " + specKeys(*specs), &v,
            nullptr);
        continue;
      }
      Json one = Json::object();
      one.set(key, v);
      ParamValues out;
      std::string err;
      if (!readParams(&one, SpecList{*s}, path, out, err)) {
        const std::string prefix = join(path, key) + ": ";
        add(join(path, key), err.rfind(prefix, 0) == 0 ? err.substr(prefix.size()) : err, &v, s);
        continue;
      }
      descend(g.path, join(path, key), key, v, obj, doc);
    }
  }

  // Into the groups below `pattern` at `key` (an object, or an array of objects or values).
  void descend(const std::string& pattern, const std::string& path, const std::string& key, const Json& v,
               const Json& obj, const Json& doc) {
    const std::string child = join(pattern, key);
    if (const SchemaGroup* cg = findGroup(child); cg && v.isObject()) {
      if (applies(*cg, doc)) checkObject(*cg, path, v, &obj, doc);
      return;
    }
    const SchemaGroup* eg = findGroup(child + "[]");
    if (!eg || !v.isArray() || !applies(*eg, doc)) return;
    if (eg->items) {
      checkItems(*eg, path, v);
      return;
    }
    for (size_t i = 0; i < v.items().size(); ++i)
      checkObject(*eg, path + "[" + std::to_string(i) + "]", v.items()[i], &obj, doc);
  }

  static bool applies(const SchemaGroup& g, const Json& doc) {
    if (g.whenKey.empty()) return true;
    const size_t dot = g.whenKey.find('.');
    const Json* o = doc.find(g.whenKey.substr(0, dot));
    const Json* k = o && o->isObject() ? o->find(g.whenKey.substr(dot + 1)) : nullptr;
    return k && k->isString() && k->asString() == g.whenValue;
  }
};

}  // namespace

Json problemJson(const Problem& p, const Json* value, const Json* range) {
  Json o = Json::object();
  o.set("path", Json::string(p.path));
  o.set("code", Json::string(p.code));
  o.set("message", Json::string(p.message));
  o.set("value", value ? *value : Json());
  Json r, options, def;
  if (p.spec) {
    const Json one = specsToJson({*p.spec}).items()[0];
    if (p.spec->type == ParamType::Number || p.spec->type == ParamType::Int) {
      r = Json::object();
      r.set("min", *one.find("min"));
      r.set("max", *one.find("max"));
      r.set("unit", Json::string(p.spec->unit ? p.spec->unit : ""));
      if (p.spec->type == ParamType::Int) r.set("integer", Json::boolean(true));
    }
    if (const Json* x = one.find("options")) options = *x;
    if (const Json* d = one.find("default")) def = *d;
  } else if (!std::isnan(p.min) || !std::isnan(p.max)) {
    r = Json::object();
    r.set("min", std::isnan(p.min) ? Json() : Json::number(p.min));
    r.set("max", std::isnan(p.max) ? Json() : Json::number(p.max));
    r.set("unit", Json::string(p.unit));
    if (p.integer) r.set("integer", Json::boolean(true));
  }
  o.set("range", range ? *range : r);
  o.set("options", options);
  o.set("default", def);
  return o;
}

BL_SPEC_TABLE const std::vector<SchemaGroup>& scenarioSchema() {
  static const std::vector<SchemaGroup> s = [] {
    static const SpecList dumbbell = dumbbellSpecs(), chain = chainSpecs(), graph = graphSpecs();
    static const std::vector<SchemaKind> topo = {
        {"dumbbell", "N flows share one bottleneck link, each with its own access links.", &dumbbell, "Dumbbell"},
        {"chain", "The XQM paper's A-B-C-D chain: overlay flows A->D and cross flows over each hop.", &chain,
         "Chain A-B-C-D"},
        {"graph", "Any graph: named nodes, duplex links, flows routed over the fewest hops.", &graph, "Graph"},
    };
    std::vector<SchemaGroup> g;
    g.push_back(plain("", scenarioSpecs()));
    g.push_back(kinded("topology", "topology", topo, "kind", "dumbbell"));
    g.push_back(items("topology.rates[]", chainRateSpec(), "topology.kind", "chain"));
    g.push_back(kinded("topology.underlayQueue", "queue", queueSchemaKinds(), "kind", "red"));
    g.push_back(items("topology.nodes[]", nodeNameSpec(), "topology.kind", "graph"));
    g.push_back(plain("topology.links[]", graphLinkSpecs(), "topology.kind", "graph"));
    g.push_back(kinded("topology.links[].queue", "queue", queueSchemaKinds(), "kind", "droptail"));
    g.push_back(kinded("topology.links[].loss", "loss", lossSchemaKinds(), "kind", "none"));
    g.push_back(plain("topology.flows[]", graphFlowSpecs(), "topology.kind", "graph"));
    g.push_back(kinded("topology.flows[].ccParams", "cc", ccSchemaKinds(), "cc", ccNames()[0], true, {"flows.cc"}));
    g.push_back(kinded("queue", "queue", queueSchemaKinds(), "kind", "droptail"));
    g.push_back(kinded("exoLoss", "loss", lossSchemaKinds(), "kind", "none"));
    g.push_back(plain("flows", flowSpecs()));
    g.push_back(kinded("flows.ccParams", "cc", ccSchemaKinds(), "cc", ccNames()[0], true));
    g.push_back(plain("flowOverrides[]", overrideSpecs()));
    // As the builders merge a flow's options: its override's cc, else (a graph) the cc of the
    // topology.flows entry it overrides, else the defaults'.
    g.push_back(kinded("flowOverrides[].ccParams", "cc", ccSchemaKinds(), "cc", ccNames()[0], true,
                       {"topology.flows[flow].cc", "flows.cc"}));
    g.push_back(kinded("flowOverrides[].exoLoss", "loss", lossSchemaKinds(), "kind", "none"));
    g.push_back(plain("traffic[]", trafficSpecs()));
    g.push_back(plain("aggregates[]", mpatAggregateSpecs()));
    g.push_back(items("aggregates[].flows[]", memberFlowSpec()));
    g.push_back(items("aggregates[].shares[]", mpatShareSpec()));
    return g;
  }();
  return s;
}

const SchemaGroup* findGroup(const std::string& path) {
  for (const SchemaGroup& g : scenarioSchema())
    if (g.path == path) return &g;
  return nullptr;
}

std::string selectorPath(const SchemaGroup& g) {
  if (g.kinds.empty()) return "";
  return join(g.selectorInParent ? parentOf(g.path) : g.path, g.selectorKey);
}

Json checkScenario(const std::string& json) {
  Checker c;
  Json doc;
  std::string err;
  if (const std::string big = scenarioSizeProblem(json.size()); !big.empty()) {
    c.add("", big, nullptr, nullptr);
  } else if (!Json::parse(json, doc, err)) {
    c.add("", "scenario is not valid JSON: " + err, nullptr, nullptr);
  } else if (!doc.isObject()) {
    c.add("", "scenario: expected a JSON object", &doc, nullptr);
  } else {
    if (!doc.find("version"))
      c.add("version", "missing; this core reads scenario version " + std::to_string(kScenarioVersion), nullptr,
            &ScenarioSettings::params().specOf<&ScenarioSettings::version>());
    c.checkObject(scenarioSchema().front(), "", doc, nullptr, doc);
    doc = Json();  // the build below reads the text again: one parsed copy at a time
    if (c.problems.items().empty()) {
      // Every field is fine on its own: the rules between fields are the builder's. Building
      // the network (not running it) lists every one it can reach.
      Problems rules;
      if (!Instance::create(json, rules)) {
        for (const Problem& p : rules.list()) c.addRule(p);
        if (rules.empty()) c.add("", "scenario: refused", nullptr, nullptr);
      }
    }
  }
  Json r = Json::object();
  r.set("ok", Json::boolean(c.problems.items().empty()));
  r.set("problems", c.problems);
  return r;
}

Json groupJson(const SchemaGroup& g) {
  Json o = Json::object();
  if (g.specs) o.set("specs", specsToJson(*g.specs));
  if (g.items) o.set("items", specsToJson({*g.items}).items()[0]);
  if (!g.kinds.empty()) {
    o.set("selector", Json::string(selectorPath(g)));
    if (!g.fallback.empty()) {
      Json f = Json::array();
      for (const std::string& x : g.fallback) f.push(Json::string(x));
      o.set("fallback", f);
    }
    o.set("default", Json::string(g.defaultKind));
    o.set("kinds", Json::string(g.kindSet));
  }
  if (!g.whenKey.empty()) {
    Json w = Json::object();
    w.set(g.whenKey, Json::string(g.whenValue));
    o.set("when", w);
  }
  return o;
}

Json describeDocument() {
  Json root = Json::object();
  root.set("version", Json::number(kDescribeVersion));
  root.set("scenarioVersion", Json::number(kScenarioVersion));
  Json groups = Json::object();
  for (const SchemaGroup& g : scenarioSchema()) groups.set(g.path, groupJson(g));
  root.set("groups", groups);
  // The kinds of each family once ("queue": {"red": {help, specs}, ...}); groups name their family.
  Json sets = Json::object();
  for (const SchemaGroup& g : scenarioSchema()) {
    if (g.kinds.empty() || sets.find(g.kindSet)) continue;
    Json kinds = Json::object();
    for (const SchemaKind& k : g.kinds) {
      Json kj = Json::object();
      kj.set("label", Json::string(k.label ? k.label : k.name));
      kj.set("help", Json::string(k.help));
      kj.set("specs", specsToJson(*k.specs));
      kinds.set(k.name, kj);
    }
    sets.set(g.kindSet, kinds);
  }
  root.set("kinds", sets);
  // What bl_set_param changes, by entity: "flows" and "flow.N" take the flow's, "link.NAME" the
  // link's; "queue.NAME" takes the specs marked live of that link's queue kind.
  Json live = Json::object();
  live.set("flow", specsToJson(liveFlowSpecs()));
  live.set("link", specsToJson(liveLinkSpecs()));
  root.set("live", live);
  Json lim = Json::object();
  for (const Limit& l : limits()) {
    Json x = Json::object();
    x.set("value", Json::number(l.value));
    x.set("unit", Json::string(l.unit));
    x.set("help", Json::string(l.help));
    lim.set(l.key, x);
  }
  root.set("limits", lim);
  root.set("fluid", fluidDescribe());
  return root;
}

}  // namespace bl
