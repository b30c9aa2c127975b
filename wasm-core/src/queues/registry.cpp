// The queue kinds the core knows. A new discipline is one file plus one line here.
#include "queues/droptail.h"
#include "queues/red.h"

namespace bl {

const std::vector<QueueKind>& queueKinds() {
  static const std::vector<QueueKind> kinds = {dropTailKind(), redKind()};
  return kinds;
}

}  // namespace bl
