#pragma once
#include "core/rng.h"
#include "net/queue_disc.h"

#include <string>

namespace bl {

QueueKind redKind();

// A scenario's minTh < maxTh for RED-like queues (the builder adds the field path).
bool redThresholdsValid(const ParamValues& v, std::string& err);

// RED's `gentle` and `wait` specs (RED and FRED bind them): the one place their defaults (on, as
// ns-2's gentle_ and wait_) are written; RedCore starts from them.
const ParamSpec& redGentleSpec();
const ParamSpec& redWaitSpec();

// RED's average and drop decision (Floyd and Jacobson 1993), kept apart from the queue so
// FRED and tests can use the same arithmetic.
struct RedCore {
  double minTh = 50, maxTh = 120, maxP = 0.1, weight = 0.002;
  bool gentle = redGentleSpec().def != 0;
  bool wait = redWaitSpec().def != 0;  // ns-2's wait_: pa = pb / (2 - count pb), none while count pb < 1
  SimTime meanPacketTime = 1;          // time to send a typical packet (for the idle correction)
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
