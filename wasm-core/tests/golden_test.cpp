// Golden scenarios: whole runs whose summaries must not drift without a reason. Each
// tests/golden/NAME.scenario.json has NAME.summary.json beside it. After a deliberate change
// to the models, regenerate with BL_UPDATE_GOLDEN=1 and say why in the commit.
#include <gtest/gtest.h>

#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sstream>

#include "sim/instance.h"

namespace bl {
namespace {

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

TEST(Golden, SummariesDoNotDrift) {
  const auto names = goldenNames();
  ASSERT_GE(names.size(), 4u) << "no golden scenarios found in " << kDir;
  const bool update = std::getenv("BL_UPDATE_GOLDEN") != nullptr;
  for (const std::string& name : names) {
    std::string err;
    auto in = Instance::create(slurp(kDir + name + ".scenario.json"), err);
    ASSERT_TRUE(in) << name << ": " << err;
    while (in->runUntil(1e9, 0) != 2) {}
    Json s = in->summary();
    s.set("wallSeconds", Json::number(0));  // the only field that depends on the machine
    const std::string got = s.dump();
    const std::string path = kDir + name + ".summary.json";
    if (update) {
      std::ofstream(path) << got << "\n";
      continue;
    }
    std::string want = slurp(path);
    while (!want.empty() && (want.back() == '\n' || want.back() == ' ')) want.pop_back();
    EXPECT_EQ(got, want) << name << ": the summary drifted; if the change is deliberate, rerun with BL_UPDATE_GOLDEN=1";
  }
}

}  // namespace
}  // namespace bl
