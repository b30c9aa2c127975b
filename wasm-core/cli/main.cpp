// blsim: runs a scenario headless through the C ABI (the same one the browser uses) and prints
// the JSON summary on stdout. Errors go to stderr with a non-zero exit.
//
//   blsim --scenario FILE.json [--series OUT.csv] [--presets DIR] [--set ENTITY:KEY=VALUE@TIME]...
//   blsim --preset NAME        (reads DIR/NAME.json, DIR defaults to public/presets)
//   blsim --describe           (parameter specs as JSON; --describe-md as Markdown)
//   blsim --check FILE.json    (every problem of a scenario as JSON, bl_check; exit 1 if any)
//   ... --manifest             (print the manifest, bl_manifest, after the run instead of the summary)
//   ... --manifest-at SECONDS  (run to that simulated time, print the manifest there and stop)
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bl/abi.h"
#include "cli/params_doc.h"
#include "core/json.h"

namespace {

int usage(const char* msg) {
  std::fprintf(stderr,
               "blsim: %s\n"
               "usage: blsim --scenario FILE.json | --preset NAME [--presets DIR] [--series OUT.csv]\n"
               "             [--set ENTITY:KEY=VALUE@SECONDS]... [--manifest | --manifest-at SECONDS]\n"
               "       blsim --describe   |   blsim --check FILE.json\n",
               msg);
  return 2;
}

struct LiveSet {
  double at;
  std::string entity, key;
  double value;
};

bool parseSet(const std::string& s, LiveSet& out) {
  const size_t colon = s.find(':'), eq = s.find('='), at = s.find('@');
  if (colon == std::string::npos || eq == std::string::npos || at == std::string::npos || !(colon < eq && eq < at))
    return false;
  out.entity = s.substr(0, colon);
  out.key = s.substr(colon + 1, eq - colon - 1);
  char* e1 = nullptr;
  char* e2 = nullptr;
  out.value = std::strtod(s.c_str() + eq + 1, &e1);
  out.at = std::strtod(s.c_str() + at + 1, &e2);
  return e1 == s.c_str() + at && *e2 == 0;
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
      if (std::isnan(v))
        buf[0] = 0;
      else
        std::snprintf(buf, sizeof buf, "%.9g", v);
      csv << (c ? "," : "") << buf;
    }
    csv << '\n';
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string scenarioPath, preset, presetsDir = "public/presets", seriesPath;
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
      std::ifstream f(v);
      if (!f) {
        std::fprintf(stderr, "blsim: cannot read %s\n", v);
        return 2;
      }
      std::stringstream text;
      text << f.rdbuf();
      const std::string result = bl_check(text.str().c_str());
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
    else if (a == "--manifest-at") {
      char* end = nullptr;
      manifestAt = std::strtod(v, &end);
      if (*end || !(manifestAt >= 0)) return usage("--manifest-at wants a time in seconds >= 0");
      manifest = true;
    } else if (a == "--set") {
      LiveSet s;
      if (!parseSet(v, s)) return usage("--set wants ENTITY:KEY=VALUE@SECONDS, e.g. flows:exoLoss=0.05@40");
      sets.push_back(s);
    } else
      return usage(("unknown option " + a).c_str());
  }
  if (scenarioPath.empty() == preset.empty()) return usage("give exactly one of --scenario or --preset");
  if (!preset.empty()) scenarioPath = presetsDir + "/" + preset + ".json";
  std::ifstream in(scenarioPath);
  if (!in) {
    std::fprintf(stderr, "blsim: cannot read %s\n", scenarioPath.c_str());
    return 2;
  }
  std::stringstream ss;
  ss << in.rdbuf();

  const int32_t h = bl_create(ss.str().c_str());
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
  }
  std::printf("%s\n", manifest ? bl_manifest(h) : bl_summary(h));
  bl_destroy(h);
  return 0;
}
