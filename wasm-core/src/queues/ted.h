#pragma once
#include "net/queue_disc.h"

namespace bl {
QueueKind tedKind();

// What a queue's deadline bounds, for a flow's TED-driven RTO: nothing (not a TED queue), the
// wait in this queue (mode lbd) or the wait summed over the path's TED queues (mode ebd).
enum class TedScope { None, Local, EndToEnd };
TedScope tedScope(const QueueDisc& q);
}  // namespace bl
