// A queue discipline decides, for each arriving packet, whether it joins the link's FIFO or
// is dropped (and why); it may keep an average and run a periodic update. The base class owns
// the drop statistics and the generic live-parameter check against the specs.
#pragma once
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/bound_params.h"
#include "core/delay_stats.h"
#include "core/packet.h"
#include "core/params.h"
#include "core/time.h"

namespace bl {

class Simulation;

// What the link tells its discipline at a packet arrival.
struct QueueState {
  uint32_t packets = 0;   // packets waiting (the one being serialised is not counted)
  bool idle = false;      // link idle and nothing waiting
  SimTime idleSince = 0;  // when it went idle (valid if idle)
  SimTime now = 0;
  SimTime wait = 0;  // FIFO: how long an arrival now would wait (the queue's delay)
};

// What a discipline knows of its link when it is built.
struct LinkInfo {
  double rateBps = 0;
  uint32_t packetSize = 1000;
  std::string name;
};

// Where a scheduled discipline sends packets it discards while choosing (e.g. past deadline).
class QueueOutput {
 public:
  virtual ~QueueOutput() = default;
  virtual void discard(Packet* p, DropReason why) = 0;
};

class QueueDisc {
 public:
  virtual ~QueueDisc() = default;
  virtual const char* kind() const = 0;
  virtual const SpecList& specs() const = 0;

  // Decide on an arriving packet; DropReason::None admits it. The packet may be marked
  // (e.g. kFlagProtected by XQM's loss hiding).
  virtual DropReason onArrival(Packet& p, const QueueState& q) = 0;
  // Disciplines that keep per-flow queue counts (FRED, XQM) return true here and are told
  // when each admitted packet of `flow` starts transmission (leaves the queue).
  virtual bool tracksDepartures() const { return false; }
  virtual void onDeparture(int32_t /*flow*/, SimTime /*at*/) {}

  // Scheduled disciplines (those that reorder or discard at departure: Head-to-Tail, TED)
  // hold waiting packets themselves and choose one each time the link frees; the link then
  // spends an event per departure. FIFO disciplines (the default) let the link compute each
  // departure at admission instead.
  virtual bool scheduled() const { return false; }
  virtual void enqueue(Packet* /*p*/, SimTime /*now*/) {}
  // Disciplines that drop another packet to make room (FQ-CoDel) take this one instead.
  virtual void enqueue(Packet* p, SimTime now, QueueOutput& /*out*/) { enqueue(p, now); }
  // The next packet to send, or nullptr when none is left; may discard through `out`.
  virtual Packet* dequeue(SimTime /*now*/, QueueOutput& /*out*/) { return nullptr; }
  virtual uint32_t length() const { return 0; }
  // The discipline's smoothed queue length, or NaN if it keeps none.
  virtual double average() const { return NAN; }
  // Buffer size in packets.
  virtual uint32_t buffer() const = 0;
  // Disciplines with classes of traffic in queues of their own (DualPI2: "l4s", "classic")
  // keep each class's sojourn times; the summary reports them.
  virtual size_t delayClasses() const { return 0; }
  virtual const char* delayClassName(size_t /*i*/) const { return ""; }
  virtual DelayStats* delayClass(size_t /*i*/) { return nullptr; }
  // Periodic control (PI, REM, XQM): 0 = none.
  virtual SimTime updatePeriod() const { return 0; }
  virtual void update(const QueueState& /*q*/) {}

  // Live change, checked against the spec (must be `live`), then applied.
  bool setParam(const std::string& key, double v, std::string& err);
  // Current value of a parameter (for the summary and the UI), NaN if unknown.
  virtual double param(const std::string& key) const = 0;
  // The current option of an Enum parameter, by name ("" if `key` is no Enum parameter).
  const char* option(const std::string& key) const;

  uint64_t drops[kDropReasons] = {};
  uint64_t marks = 0;  // packets marked CE instead of dropped (ECN)

  // ECN (RFC 3168 section 5): an ECN-capable packet the discipline would drop early is
  // marked CE instead and admitted; returns false (drop it) if the packet is not ECN-capable.
  bool mark(Packet& p) {
    if (!(p.flags & kFlagEct)) return false;
    p.flags |= kFlagCe;
    ++marks;
    return true;
  }

 protected:
  // Cross-parameter rules (e.g. RED's minTh < maxTh), checked before `apply`.
  virtual bool consistent(const std::string& /*key*/, double /*v*/, std::string& /*err*/) const { return true; }
  virtual void apply(const std::string& key, double v) = 0;
};

// The `buffer` spec most disciplines share: a hard limit in packets, live, with its default.
inline ParamSpec bufferSpec(double def) {
  return Spec::integer("buffer", "Buffer", "packets")
      .defaultsTo(def)
      .range(1, 100000)
      .help("Hard limit; arrivals beyond it overflow.")
      .live();
}

// A discipline whose parameters are bound to its members (T::params(), a BoundSpecs<T>; see
// core/bound_params.h): specs(), param() and apply() come from that one table, and the
// constructor loads every parameter with load(). After a live change onChange(key) recomputes
// what derives from the parameter; param() of a key that is no parameter asks state() (read-only
// state such as PIE's drop probability, for tests and the UI).
template <class T>
class BoundQueueDisc : public QueueDisc {
 public:
  const SpecList& specs() const override { return T::params().specs(); }
  double param(const std::string& key) const override {
    if (const BoundParam<T>* p = T::params().find(key)) return p->get(self());
    return state(key);
  }

 protected:
  void load(const ParamValues& v) { T::params().load(self(), v); }
  virtual double state(const std::string& /*key*/) const { return NAN; }
  virtual void onChange(const std::string& /*key*/) {}
  void apply(const std::string& key, double v) final {
    T::params().find(key)->set(self(), v);
    onChange(key);
  }

 private:
  T& self() { return static_cast<T&>(*this); }
  const T& self() const { return static_cast<const T&>(*this); }
};

// A queue kind: its specs and how to build one from validated values.
struct QueueKind {
  const char* name;
  const char* help;
  const SpecList* specs;
  // Returns nullptr and sets err (naming the field) when the values are inconsistent.
  std::function<std::unique_ptr<QueueDisc>(const ParamValues&, const LinkInfo&, Simulation&, std::string& err)> make;
  // The name people read ("DropTail", "FQ-CoDel"), set where the kind is registered.
  const char* label = nullptr;
};

// The kind of a bound discipline T, built as T(values, link, simulation) once `check` (if any)
// has accepted the values (cross-parameter rules; it names the fields in err).
template <class T>
QueueKind boundKind(const char* name, const char* help, bool (*check)(const ParamValues&, std::string&) = nullptr) {
  return {
      name, help, &T::params().specs(),
      [check](const ParamValues& v, const LinkInfo& l, Simulation& s, std::string& err) -> std::unique_ptr<QueueDisc> {
        if (check && !check(v, err)) return nullptr;
        return std::make_unique<T>(v, l, s);
      }};
}

// Every queue kind the core knows (queues/registry.cpp).
const std::vector<QueueKind>& queueKinds();
const QueueKind* findQueueKind(const std::string& name);

}  // namespace bl
