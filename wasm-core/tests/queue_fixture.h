// Helpers shared by the queue discipline tests: build a discipline from JSON parameters, and
// the state a link reports at an arrival.
#pragma once
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/json.h"
#include "core/simulation.h"
#include "net/queue_disc.h"

namespace bl::qtest {

inline std::unique_ptr<QueueDisc> make(const std::string& kind, const std::string& json, Simulation& sim,
                                       double rateBps = 10e6) {
  Json j;
  std::string err;
  EXPECT_TRUE(Json::parse(json, j, err)) << err;
  const QueueKind* k = findQueueKind(kind);
  EXPECT_TRUE(k) << kind;
  if (!k) return nullptr;
  ParamValues v;
  EXPECT_TRUE(readParams(&j, *k->specs, "queue", v, err, {"kind"})) << err;
  auto q = k->make(v, LinkInfo{rateBps, 1000, "l"}, sim, err);
  EXPECT_TRUE(q) << err;
  return q;
}

// `packets` waiting on a busy link at `now`.
inline QueueState waiting(uint32_t packets, SimTime now = 0) {
  QueueState q;
  q.packets = packets;
  q.now = now;
  return q;
}

// Fraction of `n` arrivals at an empty queue that the discipline drops early (its drop
// probability, for disciplines that draw one per arrival).
inline double dropFraction(QueueDisc& q, int n = 200000) {
  Packet p;
  int drops = 0;
  for (int i = 0; i < n; ++i) drops += q.onArrival(p, waiting(0)) == DropReason::Early;
  return static_cast<double>(drops) / n;
}

// A spec of a core's fragment (RED's minTh, CoDel's target) as discipline `kind` describes it
// and as a `kind` made without parameters holds it: the fragment's label, unit, default and
// range, whatever help the discipline words.
inline void expectFragmentSpec(const std::string& kind, const ParamSpec& shared, Simulation& sim) {
  const std::string where = kind + "." + shared.key;
  const QueueKind* k = findQueueKind(kind);
  ASSERT_TRUE(k) << kind;
  const ParamSpec* d = findSpec(*k->specs, shared.key);
  ASSERT_TRUE(d) << where;
  EXPECT_STREQ(d->label, shared.label) << where;
  EXPECT_STREQ(d->unit, shared.unit) << where;
  EXPECT_EQ(d->def, shared.def) << where;
  EXPECT_EQ(d->min, shared.min) << where;
  EXPECT_EQ(d->max, shared.max) << where;
  EXPECT_EQ(make(kind, "{}", sim)->param(shared.key), shared.def) << where;
}

}  // namespace bl::qtest
