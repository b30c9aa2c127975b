// Exogenous loss models: long-run rates within statistical bounds, schedules by time.
#include <gtest/gtest.h>

#include <cmath>

#include "net/loss_model.h"

namespace bl {
namespace loss_test {

std::unique_ptr<LossModel> make(const std::string& kind, const std::string& json, std::string* errOut = nullptr) {
  Json j;
  std::string err;
  EXPECT_TRUE(Json::parse(json, j, err)) << err;
  const LossKind* k = findLossKind(kind);
  ParamValues v;
  if (!readParams(&j, *k->specs, "exoLoss", v, err, {"kind"})) {
    if (errOut) *errOut = err;
    return nullptr;
  }
  auto m = k->make(v, Rng(9, "loss-test"), "exoLoss", err);
  if (errOut) *errOut = err;
  return m;
}

double measured(LossModel& m, int n, SimTime at = 0) {
  int lost = 0;
  for (int i = 0; i < n; ++i) lost += m.lose(at);
  return static_cast<double>(lost) / n;
}

TEST(Loss, BernoulliRateWithinFourSigma) {
  for (double p : {0.001, 0.01, 0.02, 0.07, 0.5}) {
    auto m = make("bernoulli", "{\"rate\": " + std::to_string(p) + "}");
    const int n = 200000;
    const double sigma = std::sqrt(p * (1 - p) / n);
    EXPECT_NEAR(measured(*m, n), p, 4 * sigma) << p;
  }
  auto zero = make("bernoulli", R"({"rate": 0})");
  EXPECT_EQ(measured(*zero, 10000), 0);
}

TEST(Loss, GilbertElliottLongRunRateAndBurstiness) {
  auto m = make("gilbert", R"({"pGoodToBad": 0.01, "pBadToGood": 0.2, "lossGood": 0, "lossBad": 0.5})");
  const double expected = 0.01 * 0.5 / (0.01 + 0.2);  // 2.38 %
  EXPECT_NEAR(m->rate(0), expected, 1e-12);
  // Bursty: a loss is followed by another far more often than the average rate.
  int lost = 0, pairs = 0, after = 0;
  bool prev = false;
  const int n = 400000;
  for (int i = 0; i < n; ++i) {
    bool l = m->lose(0);
    lost += l;
    if (prev) {
      ++pairs;
      after += l;
    }
    prev = l;
  }
  EXPECT_NEAR(static_cast<double>(lost) / n, expected, 0.003);
  EXPECT_GT(static_cast<double>(after) / pairs, 5 * expected);
}

TEST(Loss, ScheduleStepsAtItsTimes) {
  auto m = make("schedule", R"({"steps": [[0, 0], [20, 0.01], [40, 0.05]]})");
  EXPECT_EQ(m->rate(fromSeconds(10)), 0);
  EXPECT_EQ(m->rate(fromSeconds(20)), 0.01);
  EXPECT_EQ(m->rate(fromSeconds(59)), 0.05);
  EXPECT_EQ(measured(*m, 20000, fromSeconds(5)), 0);
  EXPECT_NEAR(measured(*m, 200000, fromSeconds(45)), 0.05, 4 * std::sqrt(0.05 * 0.95 / 200000));
}

TEST(Loss, ScheduleRejectsBadSteps) {
  std::string err;
  EXPECT_FALSE(make("schedule", R"({"steps": [[10, 0.1], [5, 0.2]]})", &err));
  EXPECT_NE(err.find("exoLoss.steps[1]"), std::string::npos) << err;
  EXPECT_FALSE(make("schedule", R"({"steps": [[0, 1.5]]})", &err));
  EXPECT_NE(err.find("allowed [0, 1]"), std::string::npos) << err;
  EXPECT_FALSE(make("bernoulli", R"({"rate": -0.1})", &err));
  EXPECT_NE(err.find("exoLoss.rate"), std::string::npos) << err;
}

}  // namespace loss_test
}  // namespace bl
