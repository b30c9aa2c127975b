#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli/params_doc.h"

TEST(Docs, ParametersMarkdownMatchesTheSpecs) {
  std::ifstream in(std::string(BL_SOURCE_DIR) + "/docs/parameters.md");
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), bl::parametersMarkdown())
      << "docs/parameters.md is stale: regenerate with npm run sim -- --describe-md > docs/parameters.md";
}
