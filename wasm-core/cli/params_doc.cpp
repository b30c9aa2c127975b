#include "cli/params_doc.h"

#include "core/json.h"
#include "sim/schema.h"

namespace bl {

namespace {

std::string cell(const Json* j) {
  if (!j || j->isNull()) return "";
  if (j->isString()) return j->asString();
  if (j->isBool()) return j->asBool() ? "true" : "false";
  return j->dump();
}

std::string range(const Json& s) {
  const std::string type = s.find("type")->asString();
  if (type == "enum") {
    // Each option's key, with the name the page shows for it when that differs ("newreno" (NewReno)).
    const Json* labels = s.find("optionLabels");
    std::string o;
    for (const Json& x : s.find("options")->items()) {
      o += (o.empty() ? "" : ", ") + x.asString();
      const Json* l = labels ? labels->find(x.asString()) : nullptr;
      if (l && l->asString() != x.asString()) o += " (" + l->asString() + ")";
    }
    return o;
  }
  if (type == "bool") return "true / false";
  if (type == "number" || type == "int") return cell(s.find("min")) + " .. " + cell(s.find("max"));
  return type;
}

std::string table(const Json& specs) {
  if (specs.items().empty()) return "No parameters.\n";
  std::string o = "| key | unit | default | range | live | meaning |\n| --- | --- | --- | --- | --- | --- |\n";
  for (const Json& s : specs.items())
    o += "| `" + s.find("key")->asString() + "` | " + cell(s.find("unit")) + " | " + cell(s.find("default")) + " | " +
         range(s) + " | " + (s.find("live")->asBool() ? "yes" : "") + " | " + s.find("help")->asString() + " |\n";
  return o;
}

// One group of a document: its fields, the element of an array, or which kinds it takes.
std::string group(const std::string& doc, const std::string& path, const Json& g) {
  const std::string name = path.empty() ? doc : "`" + path + "`";
  std::string o;
  std::string when;
  if (const Json* w = g.find("when"))
    for (const auto& [k, v] : w->members()) when = " (when `" + k + "` is " + v.asString() + ")";
  if (const Json* specs = g.find("specs")) o += "\n## " + name + when + "\n\n" + table(*specs);
  if (const Json* item = g.find("items")) {
    Json one = Json::array();
    one.push(*item);
    o += "\n## " + name + when + "\n\nEach element of the array:\n\n" + table(one);
  }
  if (const Json* kinds = g.find("kinds")) {
    o += "\n## " + name + when + "\n\nOne of the " + kinds->asString() + " kinds below, chosen by `" +
         g.find("selector")->asString() + "`";
    // The places looked at in order when the selector is absent ("[flow]": the entry's flow).
    if (const Json* f = g.find("fallback"))
      for (const Json& at : f->items()) o += " (else `" + at.asString() + "`)";
    o += "; default " + g.find("default")->asString() + ".\n";
  }
  return o;
}

// A document's groups, then each family of kinds once.
std::string document(const std::string& doc, const Json& d) {
  std::string o;
  for (const auto& [path, g] : d.find("groups")->members()) o += group(doc, path, g);
  for (const auto& [set, kinds] : d.find("kinds")->members()) {
    o += "\n## The " + set + " kinds\n";
    for (const auto& [kind, k] : kinds.members())
      o += "\n### " + set + " kind " + kind + "\n\n" + k.find("help")->asString() + "\n\n" + table(*k.find("specs"));
  }
  return o;
}

}  // namespace

std::string parametersMarkdown(const Json& d) {
  std::string o =
      "# Parameters\n\n"
      "Generated from the core's parameter specs (`npm run sim -- --describe-md`); the same specs\n"
      "drive validation, `bl_check()`, `bl_describe()`, the web app's controls and URL keys. Do not edit by\n"
      "hand: the native tests fail when this file and the specs disagree. The scenario format is in\n"
      "[scenario.md](scenario.md). Each section is a path in the scenario document (`[]`: each element\n"
      "of an array). \"Live\" parameters can be changed while a simulation runs.\n";
  o += document("The scenario document", d);
  o += "\n## Live parameters (bl_set_param)\n\nEntity `flows` or `flow.N`:\n\n" + table(*d.find("live")->find("flow")) +
       "\nEntity `link.NAME`:\n\n" + table(*d.find("live")->find("link")) +
       "\nEntity `queue.NAME`: the parameters marked live of that link's queue kind.\n";
  o += "\n## Guard rails\n\n| limit | value | unit | what |\n| --- | --- | --- | --- |\n";
  for (const auto& [key, l] : d.find("limits")->members())
    o += "| `" + key + "` | " + cell(l.find("value")) + " | " + cell(l.find("unit")) + " | " + cell(l.find("help")) +
         " |\n";
  o += "\nOne `bl_run_until` call runs at most 50,000,000 events and returns `BL_RUN_EVENT_LIMIT` so the caller "
       "can yield; at most 4096 discrete events are kept per sample period (the rest are counted in the summary's "
       "`eventsDropped`).\n";
  for (const auto& [call, f] : d.find("fluid")->members()) {
    o += "\n# Fluid model: " + call + "\n";
    o += document("The " + call + " document", f);
  }
  return o;
}

std::string parametersMarkdown() { return parametersMarkdown(describeDocument()); }

}  // namespace bl
