// blsim: runs a scenario headless through the C ABI (the same one the browser uses) and prints
// the JSON summary on stdout. Errors go to stderr with a non-zero exit.
//
//   blsim --scenario FILE.json [--series OUT.csv] [--presets DIR] [--set ENTITY:KEY=VALUE@TIME]...
//         (ENTITY may itself hold ':', '=' or '@', as a link's name may: KEY, VALUE and TIME are read
//          from the right, `--set link.a:b=c:rate=1e6@5` is link "a:b=c")
//   blsim --preset NAME        (reads DIR/NAME.json, DIR defaults to public/presets)
//   blsim --describe           (parameter specs as JSON; --describe-md as Markdown)
//   blsim --check FILE.json    (every problem of a scenario as JSON, bl_check; exit 1 if any)
//   ... --manifest             (print the manifest, bl_manifest, after the run instead of the summary)
//   ... --manifest-at SECONDS  (run to that simulated time, print the manifest there and stop)
//   ... --trace-file PATH, --trace-up-file PATH  (a Mahimahi trace file for the bottleneck's data
//       or ACK direction: topology.trace "custom" with its times; a scenario whose trace is
//       "custom" with a traceFile and no traceMs has that file read, relative to the scenario)
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "bl/abi.h"
#include "cli/params_doc.h"
#include "core/json.h"

namespace {

const char* kUsage =
    "usage: blsim --scenario FILE.json | --preset NAME [--presets DIR] [--series OUT.csv]\n"
    "             [--set ENTITY:KEY=VALUE@SECONDS]... [--manifest | --manifest-at SECONDS]\n"
    "             [--trace-file PATH] [--trace-up-file PATH]\n"
    "       blsim --describe   |   blsim --check FILE.json\n";

const char* kHelp =
    "Runs a Bottleneck Lab scenario headless and prints its JSON summary.\n"
    "  --scenario FILE.json     the scenario (docs/scenario.md)\n"
    "  --preset NAME            DIR/NAME.json instead, DIR from --presets (default public/presets)\n"
    "  --series OUT.csv         also write the sampled time series\n"
    "  --set ENTITY:KEY=VALUE@SECONDS\n"
    "                           a live change at a time below the duration, e.g. flows:exoLoss=0.05@40;\n"
    "                           KEY, VALUE and SECONDS are read from the right, so ENTITY may hold ':',\n"
    "                           '=' or '@' (a link named a:b is link.a:b:rate=1e6@5)\n"
    "  --describe, --describe-md  every parameter as JSON or Markdown\n"
    "  --manifest               print what the built run has (flows, links, queues, live values)\n"
    "                           at its end instead of the summary (bl_manifest, docs/scenario.md)\n"
    "  --manifest-at SECONDS    ... at that simulated time\n"
    "  --check FILE.json        every problem of a scenario as JSON (exit 1 if any)\n"
    "  --trace-file PATH        the bottleneck follows this delivery trace (Mahimahi format: one\n"
    "                           delivery time in ms a line), topology.trace custom\n"
    "  --trace-up-file PATH     ... and its reverse (ACK) direction this one, topology.traceUp\n"
    "  --help                   this text\n";

int usage(const char* msg) {
  std::fprintf(stderr, "blsim: %s\n%s", msg, kUsage);
  return 2;
}

// A file's whole text. A scenario is JSON text: a NUL byte in it would end it early at the C ABI
// (and hide what follows, `{...}\0garbage` was read as `{...}`), so it is refused with its place.
bool readScenario(const std::string& path, std::string& text) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "blsim: cannot read %s\n", path.c_str());
    return false;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  text = ss.str();
  if (const size_t nul = text.find('\0'); nul != std::string::npos) {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < nul; ++i) {
      col = text[i] == '\n' ? 1 : col + 1;
      line += text[i] == '\n';
    }
    std::fprintf(stderr, "blsim: %s: a NUL byte at byte %zu (line %zu, column %zu); a scenario is JSON text\n",
                 path.c_str(), nul, line, col);
    return false;
  }
  return true;
}

struct LiveSet {
  double at;
  std::string entity, key;
  double value;
};

// ENTITY:KEY=VALUE@TIME, read from the right: the time after the last '@', the value after the
// last '=' before it, the key after the last ':' before that. Keys, values and times hold none of
// the three, so an entity (a link's name) may hold any of them.
bool parseSet(const std::string& s, LiveSet& out) {
  const size_t at = s.rfind('@');
  const size_t eq = at == std::string::npos || at == 0 ? std::string::npos : s.rfind('=', at - 1);
  const size_t colon = eq == std::string::npos || eq == 0 ? std::string::npos : s.rfind(':', eq - 1);
  if (colon == std::string::npos || colon == 0 || eq == colon + 1) return false;
  out.entity = s.substr(0, colon);
  out.key = s.substr(colon + 1, eq - colon - 1);
  char* e1 = nullptr;
  char* e2 = nullptr;
  out.value = std::strtod(s.c_str() + eq + 1, &e1);
  out.at = std::strtod(s.c_str() + at + 1, &e2);
  return eq + 1 < at && e1 == s.c_str() + at && at + 1 < s.size() && *e2 == 0 && std::isfinite(out.at) && out.at >= 0;
}

// Appends the sample rows of one drained block to the CSV.
void writeRows(const uint8_t* b, uint32_t len, std::ofstream& csv) {
  if (len < 16) return;
  uint32_t head[4];
  std::memcpy(head, b, 16);
  const uint32_t rows = head[1], cols = head[2];
  const uint8_t* p = b + 16;
  char buf[40];
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) {
      double v;
      std::memcpy(&v, p + (static_cast<size_t>(r) * cols + c) * 8, 8);
      if (std::isnan(v))  // undefined (jain, wjain with no flow delivering): a token CSV readers parse
        std::snprintf(buf, sizeof buf, "NaN");
      else
        std::snprintf(buf, sizeof buf, "%.9g", v);
      csv << (c ? "," : "") << buf;
    }
    csv << '\n';
  }
}

// A Mahimahi trace file's lines as a JSON array of ms (the core checks the order and limits).
bool readTraceFile(const std::string& path, bl::Json& out) {
  std::ifstream f(path);
  if (!f) {
    std::fprintf(stderr, "blsim: cannot read trace file %s\n", path.c_str());
    return false;
  }
  out = bl::Json::array();
  std::string line;
  for (size_t n = 1; std::getline(f, line); ++n) {
    const size_t a = line.find_first_not_of(" \t\r"), b = line.find_last_not_of(" \t\r");
    if (a == std::string::npos) continue;
    const std::string t = line.substr(a, b - a + 1);
    char* end = nullptr;
    const long long v = std::strtoll(t.c_str(), &end, 10);
    if (*end || t.size() > 12) {
      std::fprintf(stderr, "blsim: trace file %s line %zu: \"%s\" is not a whole number of ms\n", path.c_str(), n,
                   t.c_str());
      return false;
    }
    out.push(bl::Json::number(static_cast<double>(v)));
  }
  return true;
}

// Puts trace files into the scenario's topology: the ones given on the command line, and any
// "custom" trace that names a traceFile but has no traceMs (read relative to the scenario).
bool addTraceFiles(std::string& text, const std::string& scenarioPath, const std::string& down, const std::string& up) {
  bl::Json doc;
  std::string err;
  if (!bl::Json::parse(text, doc, err) || !doc.isObject()) return true;  // bl_create says what is wrong
  bl::Json topo = doc.find("topology") ? *doc.find("topology") : bl::Json::object();
  if (!topo.isObject()) return true;
  bool changed = false;
  const std::string dir =
      scenarioPath.find('/') == std::string::npos ? "" : scenarioPath.substr(0, scenarioPath.rfind('/') + 1);
  for (const auto& [choice, ms, file, given] :
       {std::tuple{"trace", "traceMs", "traceFile", down}, std::tuple{"traceUp", "traceUpMs", "traceUpFile", up}}) {
    std::string path = given;
    if (path.empty()) {
      const bl::Json* c = topo.find(choice);
      const bl::Json* f = topo.find(file);
      if (!c || !c->isString() || c->asString() != "custom" || topo.find(ms) || !f || !f->isString()) continue;
      path = f->asString();
      if (!path.empty() && path[0] != '/') path = dir + path;
    }
    bl::Json times;
    if (!readTraceFile(path, times)) return false;
    topo.set(choice, bl::Json::string("custom"));
    topo.set(ms, times);
    if (!given.empty()) topo.set(file, bl::Json::string(given.substr(given.rfind('/') + 1)));
    changed = true;
  }
  if (changed) {
    doc.set("topology", topo);
    text = doc.dump();
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string scenarioPath, preset, presetsDir = "public/presets", seriesPath, traceDown, traceUp;
  std::vector<LiveSet> sets;
  bool manifest = false;
  double manifestAt = INFINITY;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--manifest") {
      manifest = true;
      continue;
    }
    auto next = [&](const char* what) -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "--help" || a == "-h") {
      std::printf("%s%s", kUsage, kHelp);
      return 0;
    }
    if (a == "--describe") {
      std::printf("%s\n", bl_describe());
      return 0;
    }
    if (a == "--describe-md") {
      std::fputs(bl::parametersMarkdown().c_str(), stdout);
      return 0;
    }
    const char* v = next(a.c_str());
    if (!v) return usage(("missing value after " + a).c_str());
    if (a == "--check") {
      std::string text;
      if (!readScenario(v, text)) return 2;
      const std::string result = bl_check(text.c_str());
      std::printf("%s\n", result.c_str());
      bl::Json r;
      std::string perr;
      const bool ok = bl::Json::parse(result, r, perr) && r.find("ok") && r.find("ok")->asBool();
      return ok ? 0 : 1;
    }
    if (a == "--scenario")
      scenarioPath = v;
    else if (a == "--preset")
      preset = v;
    else if (a == "--presets")
      presetsDir = v;
    else if (a == "--series")
      seriesPath = v;
    else if (a == "--trace-file")
      traceDown = v;
    else if (a == "--trace-up-file")
      traceUp = v;
    else if (a == "--manifest-at") {
      char* end = nullptr;
      manifestAt = std::strtod(v, &end);
      if (*end || !(manifestAt >= 0)) return usage("--manifest-at wants a time in seconds >= 0");
      manifest = true;
    } else if (a == "--set") {
      LiveSet s;
      if (!parseSet(v, s))
        return usage(("--set " + std::string(v) +
                      ": wants ENTITY:KEY=VALUE@SECONDS with SECONDS a time of 0 or more, e.g. flows:exoLoss=0.05@40")
                         .c_str());
      sets.push_back(s);
    } else
      return usage(("unknown option " + a).c_str());
  }
  if (scenarioPath.empty() == preset.empty()) return usage("give exactly one of --scenario or --preset");
  if (!preset.empty()) scenarioPath = presetsDir + "/" + preset + ".json";
  std::string text;
  if (!readScenario(scenarioPath, text)) return 2;
  if (!addTraceFiles(text, scenarioPath, traceDown, traceUp)) return 2;

  const int32_t h = bl_create(text.c_str());
  if (!h) {
    std::fprintf(stderr, "blsim: %s: %s\n", scenarioPath.c_str(), bl_last_error());
    return 1;
  }

  std::ofstream csv;
  if (!seriesPath.empty()) {
    csv.open(seriesPath);
    if (!csv) {
      std::fprintf(stderr, "blsim: cannot write %s\n", seriesPath.c_str());
      return 2;
    }
    std::string cols = bl_columns(h);  // ["t","flow.0.cwnd",...] -> t,flow.0.cwnd,...
    std::string header;
    for (char c : cols)
      if (c != '[' && c != ']' && c != '"') header += c;
    csv << header << '\n';
  }
  // Run in slices so live changes (--set) land at their times and memory stays bounded.
  std::sort(sets.begin(), sets.end(), [](const LiveSet& a, const LiveSet& b) { return a.at < b.at; });
  size_t nextSet = 0;
  for (;;) {
    double until = bl_now(h) + 1.0;
    if (nextSet < sets.size() && sets[nextSet].at < until) until = sets[nextSet].at;
    if (manifestAt < until) until = manifestAt;
    const int32_t st = bl_run_until(h, until, 0);
    if (st < 0) {
      std::fprintf(stderr, "blsim: %s\n", bl_last_error());
      return 1;
    }
    while (nextSet < sets.size() && sets[nextSet].at <= bl_now(h)) {
      const LiveSet& s = sets[nextSet++];
      if (bl_set_param(h, s.entity.c_str(), s.key.c_str(), s.value) != 0) {
        std::fprintf(stderr, "blsim: --set: %s\n", bl_last_error());
        return 1;
      }
    }
    const uint32_t len = bl_drain(h);
    if (csv.is_open()) writeRows(bl_drain_ptr(h), len, csv);
    if (st == BL_RUN_FINISHED || bl_now(h) >= manifestAt) break;
    if (st == BL_RUN_BUDGET) {
      std::fprintf(stderr, "blsim: %s\n", bl_last_error());
      return 1;
    }
  }
  // Never silently dropped: a change at or past the end has no run to act on (one after
  // --manifest-at's time is simply not reached).
  if (nextSet < sets.size() && bl_now(h) < manifestAt) {
    const LiveSet& s = sets[nextSet];
    std::fprintf(stderr, "blsim: --set %s:%s=%s@%s: the run has finished at %s s\n", s.entity.c_str(), s.key.c_str(),
                 bl::jsonNumber(s.value).c_str(), bl::jsonNumber(s.at).c_str(), bl::jsonNumber(bl_now(h)).c_str());
    return 1;
  }
  std::printf("%s\n", manifest ? bl_manifest(h) : bl_summary(h));
  bl_destroy(h);
  return 0;
}
