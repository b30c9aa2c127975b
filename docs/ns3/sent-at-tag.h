// Bottleneck Lab: one transmission's send time, carried by the packet, for docs/ns3/dumbbell.cc.
// ns-3 retransmits a segment with the packet uid of its first copy, so the uid cannot tell the
// copies apart; the program adds this tag to each copy the sender's socket hands to IP (its Tx
// trace) and reads it at the bottleneck (queueing delay, keyed by uid and send time) and at the
// receiver (which copy of a segment arrived first, for spurious timer expiries). Packet tags
// survive the copies a packet makes on its path, and each copy has its own tag list.
#ifndef BOTTLENECK_LAB_SENT_AT_TAG_H
#define BOTTLENECK_LAB_SENT_AT_TAG_H

#include "ns3/network-module.h"

#include <ostream>

namespace bl {

class SentAtTag : public ns3::Tag {
 public:
  double at = 0;  // s
  static ns3::TypeId GetTypeId() {
    static ns3::TypeId tid = ns3::TypeId("BottleneckLab::SentAtTag").SetParent<ns3::Tag>().AddConstructor<SentAtTag>();
    return tid;
  }
  ns3::TypeId GetInstanceTypeId() const override { return GetTypeId(); }
  uint32_t GetSerializedSize() const override { return sizeof(double); }
  void Serialize(ns3::TagBuffer b) const override { b.WriteDouble(at); }
  void Deserialize(ns3::TagBuffer b) override { at = b.ReadDouble(); }
  void Print(std::ostream& os) const override { os << "sentAt=" << at; }
};

/** The send time a packet's tag carries, or -1 (packets no sender socket tagged: SYN, pure ACKs). */
inline double SentAt(ns3::Ptr<const ns3::Packet> p) {
  SentAtTag tag;
  return p->PeekPacketTag(tag) ? tag.at : -1;
}

}  // namespace bl

#endif
