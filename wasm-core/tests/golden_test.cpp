// Golden scenarios: whole runs whose summaries must not drift without a reason. Each
// tests/golden/NAME.scenario.json has NAME.summary.json beside it. After a deliberate change
// to the models, regenerate with BL_UPDATE_GOLDEN=1 and say why in the commit.
#include <gtest/gtest.h>

#include <dirent.h>
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "sim/instance.h"

namespace bl {
namespace golden_test {

const std::string kDir = std::string(BL_SOURCE_DIR) + "/wasm-core/tests/golden/";

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> goldenNames() {
  std::vector<std::string> names;
  if (DIR* d = opendir(kDir.c_str())) {
    while (dirent* e = readdir(d)) {
      std::string n = e->d_name;
      const std::string suffix = ".scenario.json";
      if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
        names.push_back(n.substr(0, n.size() - suffix.size()));
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// The summary as the golden file keeps it: one field per line, so that a drift shows in a diff
// as the fields that moved. Arrays of plain values stay on one line; numbers as the core dumps them.
std::string pretty(const Json& j, int depth = 0) {
  const std::string pad(static_cast<size_t>(depth + 1) * 2, ' '), end(static_cast<size_t>(depth) * 2, ' ');
  if (j.isObject()) {
    if (j.members().empty()) return "{}";
    std::string out = "{\n";
    for (size_t k = 0; k < j.members().size(); ++k) {
      const auto& [key, v] = j.members()[k];
      out += pad + Json::string(key).dump() + ": " + pretty(v, depth + 1) + (k + 1 < j.members().size() ? ",\n" : "\n");
    }
    return out + end + "}";
  }
  if (j.isArray()) {
    bool flat = true;
    for (const Json& x : j.items()) flat = flat && !x.isObject() && !x.isArray();
    if (flat) return j.dump();
    std::string out = "[\n";
    for (size_t k = 0; k < j.items().size(); ++k)
      out += pad + pretty(j.items()[k], depth + 1) + (k + 1 < j.items().size() ? ",\n" : "\n");
    return out + end + "]";
  }
  return j.dump();
}

// Where two summaries differ, as paths ("flows[3].timeouts: 12 -> 14"), at most `limit` of them.
void differences(const Json& want, const Json& got, const std::string& path, std::vector<std::string>& out,
                 size_t limit = 20) {
  if (out.size() >= limit) return;
  if (want.type() != got.type()) {
    out.push_back(path + ": " + want.dump() + " -> " + got.dump());
    return;
  }
  if (want.isObject()) {
    for (const auto& [key, v] : want.members()) {
      const Json* g = got.find(key);
      if (!g)
        out.push_back(path + "." + key + ": gone");
      else
        differences(v, *g, path + "." + key, out, limit);
    }
    for (const auto& [key, v] : got.members())
      if (!want.find(key)) out.push_back(path + "." + key + ": new, " + v.dump());
  } else if (want.isArray()) {
    if (want.items().size() != got.items().size())
      out.push_back(path + ": " + std::to_string(want.items().size()) + " items -> " +
                    std::to_string(got.items().size()));
    for (size_t k = 0; k < std::min(want.items().size(), got.items().size()); ++k)
      differences(want.items()[k], got.items()[k], path + "[" + std::to_string(k) + "]", out, limit);
  } else if (want.dump() != got.dump()) {
    out.push_back(path + ": " + want.dump() + " -> " + got.dump());
  }
}

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, SummaryDoesNotDrift) {
  const std::string& name = GetParam();
  std::string err;
  auto in = Instance::create(slurp(kDir + name + ".scenario.json"), err);
  ASSERT_TRUE(in) << name << ": " << err;
  while (in->runUntil(1e9, 0) != 2) {}
  Json s = in->summary();
  s.set("wallSeconds", Json::number(0));  // the only field that depends on the machine
  const std::string path = kDir + name + ".summary.json";
  if (std::getenv("BL_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path) << pretty(s) << "\n";
    return;
  }
  Json want;
  ASSERT_TRUE(Json::parse(slurp(path), want, err)) << path << ": " << err;
  std::vector<std::string> diff;
  differences(want, s, "summary", diff);
  std::string list;
  for (const std::string& d : diff) list += "\n  " + d;
  EXPECT_TRUE(diff.empty()) << name << ": the summary drifted (want -> got):" << list
                            << "\nif the change is deliberate, rerun with BL_UPDATE_GOLDEN=1 and say why in the commit";
  // The file is what the test would write: a drift in formatting is caught too.
  std::string text = slurp(path);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  EXPECT_EQ(text, pretty(want)) << path << ": not in the golden format; rerun with BL_UPDATE_GOLDEN=1";
}

INSTANTIATE_TEST_SUITE_P(Scenarios, Golden, ::testing::ValuesIn(goldenNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(GoldenSet, IsThere) { EXPECT_GE(goldenNames().size(), 4u) << "no golden scenarios found in " << kDir; }

}  // namespace golden_test
}  // namespace bl
