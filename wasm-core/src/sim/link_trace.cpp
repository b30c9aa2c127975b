#include "sim/link_trace.h"

#include <cmath>

#include "core/limits.h"
#include "sim/trace_library.h"

namespace bl {

std::vector<int64_t> decodeTrace(const char* s) {
  static const std::string kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  auto digit = [](char c) { return static_cast<int64_t>(kAlphabet.find(c)); };
  std::vector<int64_t> out;
  int64_t t = 0;
  for (const char* p = s; *p; ++p) {
    if (*p == '/') {
      t += (digit(p[1]) << 12) + (digit(p[2]) << 6) + digit(p[3]);
      p += 3;
    } else {
      t += digit(*p);
    }
    out.push_back(t);
  }
  return out;
}

const std::vector<const char*>& traceOptions() {
  static const std::vector<const char*> o = [] {
    std::vector<const char*> v{"none"};
    for (const ShippedTrace& t : shippedTraces()) v.push_back(t.name);
    v.push_back("custom");
    return v;
  }();
  return o;
}

namespace {

LinkTraceSpecs makeTraceSpecs(bool bottleneck) {
  return {
      Spec::choice("trace", bottleneck ? "Bottleneck trace" : "Trace", traceOptions())
          .optionLabels(traceOptionLabels())
          .defaultOption("none")
          .help(bottleneck ? "Delivery trace of the bottleneck's data direction (Mahimahi format, repeated): the link "
                             "delivers only at its opportunities, one 1500-byte MTU each, and its rate is the trace's; "
                             "a shipped trace uses its downlink, custom the times in traceMs."
                           : "Delivery trace of this link from->to (Mahimahi format, repeated): the link delivers only "
                             "at its opportunities, one 1500-byte MTU each, and its rate is the trace's (rate is not "
                             "used); a shipped trace uses its downlink, custom the times in traceMs."),
      Spec::array("traceMs", "Trace delivery times", "ms")
          .help("trace custom: the delivery times, whole ms since the start, nondecreasing, one per opportunity (a "
                "Mahimahi file's lines)."),
      Spec::string("traceFile", "Trace file").help("trace custom: the name of the file traceMs came from."),
      Spec::choice("traceUp", "Uplink trace", traceOptions())
          .optionLabels(traceOptionLabels())
          .defaultOption("none")
          .help(bottleneck ? "Delivery trace of the bottleneck's reverse direction (the ACKs): a shipped trace uses "
                             "its uplink, custom the times in traceUpMs."
                           : "Delivery trace of this link to->from (the ACKs of flows sent from->to): a shipped trace "
                             "uses its uplink, custom the times in traceUpMs."),
      Spec::array("traceUpMs", "Uplink trace delivery times", "ms")
          .help("traceUp custom: the delivery times, as traceMs."),
      Spec::string("traceUpFile", "Uplink trace file")
          .help("traceUp custom: the name of the file traceUpMs came from."),
  };
}

}  // namespace

BL_SPEC_TABLE const LinkTraceSpecs& linkTraceSpecs(TraceSite site) {
  static const LinkTraceSpecs bottleneck = makeTraceSpecs(true), link = makeTraceSpecs(false);
  return site == TraceSite::Bottleneck ? bottleneck : link;
}

const std::vector<const char*>& traceOptionLabels() {
  static const std::vector<const char*> o = [] {
    std::vector<const char*> v{"None (fixed rate)"};
    for (const ShippedTrace& t : shippedTraces()) v.push_back(t.label);
    v.push_back("Your own trace file");
    return v;
  }();
  return o;
}

std::shared_ptr<const DeliveryTrace> readLinkTrace(const LinkTraceFields& f, bool up, const std::string& choicePath,
                                                   const std::string& msPath, Problems& problems) {
  const std::vector<ShippedTrace>& lib = shippedTraces();
  if (f.choice == 0) {
    if (f.ms)
      problems.add(msPath, "is given but " + choicePath + " is \"none\": set it to \"custom\" to use these times");
    return nullptr;
  }
  if (f.choice <= lib.size()) {
    const ShippedTrace& t = lib[f.choice - 1];
    if (f.ms)
      problems.add(msPath, "is given but " + choicePath + " names the shipped trace \"" + t.name +
                               "\": set it to \"custom\" to use these times");
    return std::make_shared<DeliveryTrace>(std::string(t.name) + (up ? " (uplink)" : " (downlink)"),
                                           decodeTrace(up ? t.up : t.down));
  }
  const std::string file = f.file && f.file->isString() ? f.file->asString() : "";
  if (!f.ms) {  // named at the choice: the field a page can set back (a link without the file's data)
    problems.add(choicePath, file.empty() ? "\"custom\" needs the delivery times (ms) in " + msPath
                                          : "\"custom\" needs the trace file \"" + file +
                                                "\": its delivery times are not here (load the file)");
    return nullptr;
  }
  std::vector<int64_t> ms;
  const auto& items = f.ms->items();
  ms.reserve(items.size());
  for (size_t i = 0; i < items.size(); ++i) {
    const Json& v = items[i];
    const double x = v.isNumber() ? v.asNumber() : NAN;
    if (!(std::isfinite(x) && x == std::floor(x) && x >= 0 && x <= kMaxTraceMs)) {
      problems.add(msPath + "[" + std::to_string(i) + "]",
                   "must be a whole number of ms from 0 to " + std::to_string(kMaxTraceMs) +
                       " (a delivery time, line " + std::to_string(i + 1) + ")",
                   0, kMaxTraceMs, "ms");
      return nullptr;
    }
    ms.push_back(static_cast<int64_t>(x));
  }
  if (std::string why = checkTrace(ms); !why.empty()) {
    problems.add(msPath, (file.empty() ? "" : "(file \"" + file + "\") ") + why);
    return nullptr;
  }
  return std::make_shared<DeliveryTrace>(file.empty() ? "custom" : file, std::move(ms));
}

}  // namespace bl
