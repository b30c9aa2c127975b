// The queue kinds the core knows. A new discipline is one file plus one line here.
#include "queues/codel.h"
#include "queues/droptail.h"
#include "queues/dualpi2.h"
#include "queues/fq_codel.h"
#include "queues/fred.h"
#include "queues/htt.h"
#include "queues/pi.h"
#include "queues/pie.h"
#include "queues/red.h"
#include "queues/rem.h"
#include "queues/step.h"
#include "queues/ted.h"
#include "queues/xqm.h"

namespace bl {

namespace {

QueueKind labeled(QueueKind k, const char* label) {
  k.label = label;
  return k;
}

}  // namespace

const std::vector<QueueKind>& queueKinds() {
  static const std::vector<QueueKind> kinds = {
      labeled(dropTailKind(), "DropTail"), labeled(redKind(), "RED"), labeled(fredKind(), "FRED"),
      labeled(remKind(), "REM"),           labeled(piKind(), "PI"),   labeled(xqmKind(), "XQM"),
      labeled(httKind(), "Head-to-Tail"),  labeled(tedKind(), "TED"), labeled(stepKind(), "Step marking"),
      labeled(codelKind(), "CoDel"),       labeled(pieKind(), "PIE"), labeled(fqCodelKind(), "FQ-CoDel"),
      labeled(dualPi2Kind(), "DualPI2")};
  return kinds;
}

}  // namespace bl
