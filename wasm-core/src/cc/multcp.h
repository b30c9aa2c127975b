// mulTCP (Crowcroft and Oechslin 1998) as tested in the MPAT paper (section 2): one flow
// acting as N TCP flows with alpha / beta = N^2, either alpha = N, beta = 1/N ("linear") or
// alpha = sqrt(N), beta = N^-1.5 ("sqrt"). alpha and beta scale TCP's own increase (1 packet
// per RTT) and decrease (1/2 of the window), so N = 1 is TCP in both sets: the window grows
// by alpha per RTT and a loss event multiplies it by 1 - beta / 2. Slow start and timeouts
// are TCP's.
#pragma once
#include <memory>

#include "cc/congestion_control.h"
#include "core/params.h"

namespace bl {

const SpecList& mulTcpSpecs();
std::unique_ptr<CongestionControl> makeMulTcp();

}  // namespace bl
