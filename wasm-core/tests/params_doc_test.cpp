#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli/params_doc.h"
#include "sim/schema.h"

TEST(Docs, ParametersMarkdownMatchesTheSpecs) {
  std::ifstream in(std::string(BL_SOURCE_DIR) + "/docs/parameters.md");
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), bl::parametersMarkdown())
      << "docs/parameters.md is stale: regenerate with npm run -s sim -- --describe-md > docs/parameters.md";
}

// The generator knows the document's shape, not its parameters: a spec added to a copy of the
// describe document appears in the Markdown, in its kind's table, with no change here.
TEST(Docs, ANewSpecAppearsWithNoChangeOfTheGenerator) {
  bl::Json d = bl::describeDocument();
  bl::Json added = bl::Json::object();
  added.set("key", bl::Json::string("burstAllowance"));
  added.set("label", bl::Json::string("Burst allowance"));
  added.set("unit", bl::Json::string("packets"));
  added.set("type", bl::Json::string("int"));
  added.set("default", bl::Json::number(8));
  added.set("min", bl::Json::number(0));
  added.set("max", bl::Json::number(64));
  added.set("help", bl::Json::string("Packets RED lets through in a burst."));
  added.set("live", bl::Json::boolean(true));
  bl::Json kinds = *d.find("kinds");
  bl::Json queue = *kinds.find("queue");
  bl::Json red = *queue.find("red");
  bl::Json specs = *red.find("specs");
  specs.push(added);
  red.set("specs", specs);
  queue.set("red", red);
  kinds.set("queue", queue);
  d.set("kinds", kinds);
  const std::string md = bl::parametersMarkdown(d);
  const size_t row =
      md.find("| `burstAllowance` | packets | 8 | 0 .. 64 | yes | Packets RED lets through in a burst. |");
  ASSERT_NE(row, std::string::npos);
  EXPECT_GT(row, md.find("### queue kind red"));
  EXPECT_LT(row, md.find("### queue kind fred"));
  EXPECT_EQ(bl::parametersMarkdown().find("burstAllowance"), std::string::npos);
}
