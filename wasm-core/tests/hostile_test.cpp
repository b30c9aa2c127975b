// Hostile input (issues 11 and 16): scenarios and calls that once crashed the core, hung it or
// misled it. Each test is a regression test for one finding; see docs/scenario.md "Guard rails".
#include <gtest/gtest.h>

#include <string>

#include "bl/abi.h"
#include "abi_fixture.h"
#include "core/json.h"

namespace bl {
namespace {

// Found by the attack run: a graph flow from a node to itself segfaulted while building.
TEST(Hostile, GraphFlowToItselfIsRefusedNamingSrcAndDst) {
  const std::string err = createError(
      R"({"version":1,"duration":1,"topology":{"kind":"graph","nodes":["a","b"],)"
      R"("links":[{"name":"x","from":"a","to":"b"}],"flows":[{"src":"a","dst":"a"}]}})");
  ASSERT_FALSE(err.empty()) << "a flow from a to a was accepted";
  EXPECT_NE(err.find("topology.flows[0].src"), std::string::npos) << err;
  EXPECT_NE(err.find("topology.flows[0].dst"), std::string::npos) << err;
  EXPECT_NE(err.find("\"a\""), std::string::npos) << err;
  // The second flow being the bad one names index 1.
  const std::string err1 = createError(
      R"({"version":1,"duration":1,"topology":{"kind":"graph","nodes":["a","b"],)"
      R"("links":[{"name":"x","from":"a","to":"b"}],"flows":[{"src":"a","dst":"b"},{"src":"b","dst":"b"}]}})");
  EXPECT_NE(err1.find("topology.flows[1].src"), std::string::npos) << err1;
  // A proper flow between the same nodes still builds.
  EXPECT_EQ(createError(R"({"version":1,"duration":1,"topology":{"kind":"graph","nodes":["a","b"],)"
                        R"("links":[{"name":"x","from":"a","to":"b"}],"flows":[{"src":"a","dst":"b"}]}})"),
            "");
}

// Found by the attack run: bl_summary before measureFrom read past the end of the snapshot.
TEST(Hostile, SummaryBeforeMeasureFromIsAnEmptyWindow) {
  const int32_t h = bl_create(R"({"version":1,"duration":30,"measureFrom":10,"flows":{"count":3}})");
  ASSERT_GT(h, 0) << bl_last_error();
  ASSERT_EQ(bl_run_until(h, 2, 0), BL_RUN_REACHED);
  Json s;
  std::string err;
  ASSERT_TRUE(Json::parse(bl_summary(h), s, err)) << err;
  EXPECT_DOUBLE_EQ(s.find("simSeconds")->asNumber(), 2);
  EXPECT_DOUBLE_EQ(s.find("measureFrom")->asNumber(), 10);  // where the window will start
  EXPECT_DOUBLE_EQ(s.find("utilization")->asNumber(), 0);
  ASSERT_EQ(s.find("flows")->items().size(), 3u);
  double delivered = 0;
  for (const Json& f : s.find("flows")->items()) {
    EXPECT_DOUBLE_EQ(f.find("throughputBps")->asNumber(), 0);
    delivered += f.find("deliveredPackets")->asNumber();
  }
  EXPECT_GT(delivered, 0);  // the counters still run; only the measured window is empty
  for (const Json& l : s.find("links")->items()) EXPECT_DOUBLE_EQ(l.find("utilization")->asNumber(), 0);
  // Past measureFrom the window opens and the summary measures it.
  ASSERT_EQ(bl_run_until(h, 20, 0), BL_RUN_REACHED);
  ASSERT_TRUE(Json::parse(bl_summary(h), s, err)) << err;
  EXPECT_DOUBLE_EQ(s.find("measureFrom")->asNumber(), 10);
  EXPECT_GT(s.find("utilization")->asNumber(), 0.5);
  bl_destroy(h);
}

}  // namespace
}  // namespace bl
