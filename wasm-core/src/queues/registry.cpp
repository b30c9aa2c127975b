// The queue kinds the core knows. A new discipline is one file plus one line here.
#include "queues/codel.h"
#include "queues/droptail.h"
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

const std::vector<QueueKind>& queueKinds() {
  static const std::vector<QueueKind> kinds = {dropTailKind(), redKind(),   fredKind(), remKind(),
                                               piKind(),       xqmKind(),   httKind(),  tedKind(),
                                               stepKind(),     codelKind(), pieKind(),  fqCodelKind()};
  return kinds;
}

}  // namespace bl
