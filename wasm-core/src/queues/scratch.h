#pragma once
#include "net/queue_disc.h"

namespace bl {
QueueKind halfTailKind();
}
