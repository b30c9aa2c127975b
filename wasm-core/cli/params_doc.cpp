#include "cli/params_doc.h"

#include "core/json.h"
#include "sim/scenario.h"

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
    std::string o;
    for (const Json& x : s.find("options")->items()) o += (o.empty() ? "" : ", ") + x.asString();
    return o;
  }
  if (type == "bool") return "true / false";
  if (type == "number" || type == "int") return cell(s.find("min")) + " .. " + cell(s.find("max"));
  return type;
}

}  // namespace

std::string parametersMarkdown() {
  const Json d = describeAll();
  std::string o =
      "# Parameters\n\n"
      "Generated from the core's parameter specs (`npm run sim -- --describe-md`); the same specs\n"
      "drive validation, `bl_describe()`, the web app's controls and URL keys. Do not edit by hand:\n"
      "the native tests fail when this file and the specs disagree. The scenario format is in\n"
      "[scenario.md](scenario.md). \"Live\" parameters can be changed while a simulation runs.\n";
  const Json* kinds = d.find("kinds");
  for (const auto& [group, specs] : d.find("groups")->members()) {
    o += "\n## " + group + "\n\n";
    if (const Json* h = kinds->find(group)) o += h->asString() + "\n\n";
    if (specs.items().empty()) {
      o += "No parameters.\n";
      continue;
    }
    o += "| key | unit | default | range | live | meaning |\n| --- | --- | --- | --- | --- | --- |\n";
    for (const Json& s : specs.items()) {
      o += "| `" + s.find("key")->asString() + "` | " + cell(s.find("unit")) + " | " + cell(s.find("default")) + " | " +
           range(s) + " | " + (s.find("live")->asBool() ? "yes" : "") + " | " + s.find("help")->asString() + " |\n";
    }
  }
  const Json* lim = d.find("limits");
  o += "\n## Guard rails\n\nAt most " + lim->find("maxFlows")->dump() + " flows and " +
       lim->find("maxDuration")->dump() +
       " s of simulated time per scenario; one `bl_run_until` call runs at most 50,000,000 events and "
       "returns `BL_RUN_EVENT_LIMIT` so the caller can yield; at most 4096 discrete events are kept per "
       "sample period (the rest are counted in the summary's `eventsDropped`).\n";
  return o;
}

}  // namespace bl
