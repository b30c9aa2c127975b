#pragma once
#include "core/rng.h"
#include "net/queue_disc.h"

#include <string>

namespace bl {

QueueKind redKind();

// A scenario's minTh < maxTh for RED-like queues (the builder adds the field path).
bool redThresholdsValid(const ParamValues& v, std::string& err);

// The spec fragment of RedCore's parameters: the one declaration of each (key, label, unit,
// default, range, help). RED and FRED bind these specs to their core (FRED rewords the help of
// three with withHelp, never a number), and a RedCore built directly starts from their
// defaults, so no second default exists to contradict them (gentle and wait: on, as ns-2's
// gentle_ and wait_).
struct RedSpecs {
  ParamSpec minTh, maxTh, maxP, weight, gentle, wait;
};
const RedSpecs& redSpecs();

// RED's average and drop decision (Floyd and Jacobson 1993), kept apart from the queue so
// FRED and tests can use the same arithmetic.
struct RedCore {
  RedCore();  // every parameter at its redSpecs() default
  double minTh, maxTh, maxP, weight;
  bool gentle;
  bool wait;                   // ns-2's wait_: pa = pb / (2 - count pb), none while count pb < 1
  SimTime meanPacketTime = 1;  // time to send a typical packet (for the idle correction)
  double avg = 0;
  int64_t count = -1;  // packets since the last early drop (-1 below minTh)

  // Updates the average for an arrival that sees `q` packets waiting (or an idle link).
  void updateAverage(const QueueState& q);
  // The base probability pb for the current average (0 below minTh, 1 in the forced region).
  double baseProbability() const;
  // Decides whether this arrival is dropped early, spacing drops by `count`: pa = pb / (1 -
  // count pb) (1993, uniform inter-drop spacing), or with `wait` as ns-2: no drop while
  // count pb < 1, then pb / (2 - count pb), 1 from count pb >= 2.
  bool earlyDrop(Rng& rng);

  // minTh < maxTh, were `k` set to `v`; `kind` names the discipline in the message.
  bool thresholdsConsistent(const char* kind, const std::string& k, double v, std::string& err) const;
};

}  // namespace bl
