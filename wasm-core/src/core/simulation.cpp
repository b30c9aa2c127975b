#include "core/simulation.h"

namespace bl {

const char* dropReasonName(DropReason r) {
  switch (r) {
    case DropReason::Overflow: return "overflow";
    case DropReason::Early: return "early";
    case DropReason::Deadline: return "deadline";
    case DropReason::Exogenous: return "exogenous";
    default: return "none";
  }
}

Simulation::Simulation(uint64_t seed) : seed_(seed) {}
Simulation::~Simulation() = default;

void Simulation::drop(Packet* p, DropReason why, int linkIndex) {
  if (p->flow >= 0 && static_cast<size_t>(p->flow) < flowStats_.size() && p->kind == PacketKind::Data) {
    FlowStats& f = flowStats_[static_cast<size_t>(p->flow)];
    if (why == DropReason::Exogenous)
      ++f.exogenousLosses;
    else
      ++f.congestionLosses;
  }
  if (recorder_)
    recorder_->recordEvent(now(), TraceEvent::Drop, p->kind == PacketKind::Udp ? -1 : p->flow, linkIndex,
                           static_cast<uint32_t>(why));
  pool_.put(p);
}

void Simulation::event(TraceEvent kind, int flow, int linkIndex, uint32_t reason) {
  if (recorder_) recorder_->recordEvent(now(), kind, flow, linkIndex, reason);
}

}  // namespace bl
