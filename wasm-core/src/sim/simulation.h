// Moved to core/simulation.h (the kernel sits below every model). This forwarding header lets
// branches written before the move build; it goes once they have landed.
#pragma once
#include "core/simulation.h"
