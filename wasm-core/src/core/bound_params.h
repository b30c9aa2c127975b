// Parameters bound to the members that hold them, in the spirit of ns-3's TypeId attributes
// (each declared once, with its accessor and its checker). A module lists each parameter once:
// its spec (key, label, unit, default, range, help, live) together with the member it lives
// in. From that one table come the module's spec list (bl_describe, scenario validation), its
// construction from validated values (load), the current value of a key (get) and a live
// change (set); no key is spelled a second time.
//
//   static const BoundSpecs<Pi>& params() {
//     static const BoundSpecs<Pi> t{
//         bind<&Pi::qRef_>(Spec::number("qRef", "Reference queue", "packets").defaultsTo(50).range(0, 1e5)
//                              .help("...").live()),
//         bindSeconds<&Pi::period_>(Spec::number("period", "Period", "s").defaultsTo(0.01).range(1e-5, 10)
//                                       .help("...").live()),
//         bindChoice<&Pi::mode_>("mode", "Mode", {{"fast", Mode::Fast, "Fast"}, {"slow", Mode::Slow, "Slow"}}, "fast",
//         "...")};
//     return t;
//   }
//
// Values travel as the numbers ParamValues and live changes carry: bool 0/1, an enum as the
// index of its option in the spec. An enum parameter binds a C++ enum member to named options
// and names its default by the option's name; the module compares its member with its own
// enum constants, never with an index. A member may sit in a member struct (a chain of
// pointers to members: bind<&Red::core_, &RedCore::minTh>) or in a base class.
// Hidden entries (bindHidden) are values the owner of the module gives it (a flow's weight, the
// packet size) rather than user parameters: settable, never in the spec list. Array, Object
// and String specs are bound to a `const Json*` member (bindJson) or declared (declare) and
// read by the module from ParamValues::raw.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/params.h"
#include "core/time.h"

namespace bl {

namespace bound {

// o.*M1.*M2... : the member a chain of pointers to members names.
template <auto M, auto... Ms, class O>
constexpr decltype(auto) follow(O& o) {
  if constexpr (sizeof...(Ms) == 0)
    return (o.*M);
  else
    return follow<Ms...>(o.*M);
}

// The class a pointer to member belongs to.
template <class P>
struct ClassOf;
template <class C, class V>
struct ClassOf<V C::*> {
  using type = C;
};
template <auto M>
using MemberClass = typename ClassOf<decltype(M)>::type;

// The member a chain names, as a type, for an object of class O.
template <class O, auto... Ms>
using MemberType = std::remove_cv_t<std::remove_reference_t<decltype(follow<Ms...>(std::declval<O&>()))>>;

// A member's value as a number and back: bool as 0/1, an enum as its underlying value, a
// SimTime bound in seconds through toSeconds/fromSeconds.
enum class Scale { Plain, Seconds };

template <Scale S, class V>
double toNumber(const V& x) {
  if constexpr (S == Scale::Seconds) {
    static_assert(std::is_same_v<V, SimTime>, "bindSeconds needs a SimTime member");
    return toSeconds(x);
  } else if constexpr (std::is_same_v<V, bool>) {
    return x ? 1 : 0;
  } else if constexpr (std::is_enum_v<V>) {
    return static_cast<double>(static_cast<std::underlying_type_t<V>>(x));
  } else {
    static_assert(std::is_arithmetic_v<V>, "a bound member is a number, a bool, an enum or a SimTime");
    return static_cast<double>(x);
  }
}

template <Scale S, class V>
V fromNumber(double v) {
  if constexpr (S == Scale::Seconds) {
    return fromSeconds(v);
  } else if constexpr (std::is_same_v<V, bool>) {
    return v != 0;
  } else if constexpr (std::is_enum_v<V>) {
    return static_cast<V>(static_cast<std::underlying_type_t<V>>(v));
  } else {
    return static_cast<V>(v);
  }
}

// A distinct address per member chain: how a table finds the entry bound to a member.
template <auto... Ms>
inline constexpr char memberTag = 0;

[[noreturn]] inline void badTable(const char* key, const char* what) {
  std::fprintf(stderr, "bound parameter %s: %s\n", key, what);
  std::abort();
}

// One entry before it is placed in a table: the spec and the member chain; the class it is
// read from is fixed by the table (so a member inherited from a base binds like any other).
template <Scale S, auto... Ms>
struct Entry {
  ParamSpec spec;
  std::vector<double> codes = {};  // Enum: the member's value for each option, in order
  bool hidden = false;
};

// A spec the module reads itself (an Array, Object or String: ParamValues::raw).
struct Unbound {
  ParamSpec spec;
};

// An Array, Object or String spec bound to a `const Json*` member.
template <auto... Ms>
struct JsonEntry {
  ParamSpec spec;
};

}  // namespace bound

// One bound parameter of class T.
template <class T>
struct BoundParam {
  ParamSpec spec;
  double (*read)(const T&);   // the member as a number (Enum: its underlying value); null: unbound
  void (*write)(T&, double);  // the number into the member
  std::vector<double> codes;  // Enum: the member's value for each option, in order
  bool hidden;                // not a user parameter: not in the spec list
  const void* member;         // the member chain's tag (bound::memberTag); null: declared only

  // The value as the spec carries it (Enum: the option's index; NaN if the member holds none).
  double get(const T& o) const {
    if (!read) return NAN;
    const double x = read(o);
    if (spec.type != ParamType::Enum) return x;
    for (size_t i = 0; i < codes.size(); ++i)
      if (codes[i] == x) return static_cast<double>(i);
    return NAN;
  }
  // Stores a value already checked against the spec (Enum: an option's index).
  void set(T& o, double v) const {
    if (write) write(o, spec.type == ParamType::Enum ? codes[static_cast<size_t>(v)] : v);
  }
  // Whether `v` is in the spec's range (hidden entries: any number in [min, max]).
  bool accepts(double v) const {
    std::string ignored;
    if (spec.nullable && std::isnan(v)) return true;
    if (hidden) return v >= spec.min && v <= spec.max;
    return checkValue(spec, v, spec.key, ignored);
  }
};

// A spec bound to a member (or a chain: member struct, then its field). Number, Int and Bool
// specs bind to arithmetic members, converted by static_cast (bool: != 0).
template <auto... Ms>
bound::Entry<bound::Scale::Plain, Ms...> bind(ParamSpec s) {
  return {std::move(s)};
}

// A spec in seconds bound to a SimTime member (nanoseconds).
template <auto... Ms>
bound::Entry<bound::Scale::Seconds, Ms...> bindSeconds(ParamSpec s) {
  return {std::move(s)};
}

// An enum option: its name, the member value it stands for and its name for people (describe's
// optionLabels: "NewReno" for "newreno"; every option of a choice has one).
template <class E>
struct Option {
  const char* name;
  E value;
  const char* label;
};

// An Enum spec bound to an enum (or bool) member: the options in order, each with the value it
// gives the member, and the default named by its option.
template <auto M, auto... Ms,
          class E = std::remove_cv_t<
              std::remove_reference_t<decltype(bound::follow<M, Ms...>(std::declval<bound::MemberClass<M>&>()))>>>
bound::Entry<bound::Scale::Plain, M, Ms...> bindChoice(const char* key, const char* label,
                                                       std::initializer_list<Option<E>> options, const char* def,
                                                       const char* help, bool live = false) {
  std::vector<const char*> names, labels;
  std::vector<double> codes;
  for (const Option<E>& o : options) {
    names.push_back(o.name);
    if (!o.label) bound::badTable(key, "every option needs a label");
    labels.push_back(o.label);
    codes.push_back(bound::toNumber<bound::Scale::Plain>(o.value));
  }
  return {Spec::choice(key, label, std::move(names))
              .optionLabels(std::move(labels))
              .defaultOption(def)
              .help(help)
              .live(live),
          std::move(codes)};
}

// An Enum spec whose options are known only at run time (a registry's names, as a flow's cc),
// bound to an integer member that holds the chosen option's index.
template <auto... Ms>
bound::Entry<bound::Scale::Plain, Ms...> bindIndex(ParamSpec s) {
  bound::Entry<bound::Scale::Plain, Ms...> e{std::move(s)};
  if (e.spec.type != ParamType::Enum) bound::badTable(e.spec.key, "bindIndex binds an Enum spec");
  for (size_t i = 0; i < e.spec.options.size(); ++i) e.codes.push_back(static_cast<double>(i));
  return e;
}

// A value the module's owner sets (not a user parameter, not described): `key` within [min, max].
template <auto... Ms>
bound::Entry<bound::Scale::Plain, Ms...> bindHidden(const char* key, double min, double max) {
  return {Spec::number(key, key).range(min, max), {}, true};
}

// A spec listed with the others but read by the module itself (Array, Object and String
// values, from ParamValues::raw): described and validated, never loaded.
inline bound::Unbound declare(ParamSpec s) { return {std::move(s)}; }

// An Array, Object or String spec bound to a `const Json*` member: load() points it at the value
// in the document read (null when absent), which must outlive the object loaded.
template <auto... Ms>
bound::JsonEntry<Ms...> bindJson(ParamSpec s) {
  return {std::move(s)};
}

// The parameters of class T, each bound to its member.
template <class T>
class BoundSpecs {
 public:
  template <class... E>
  explicit BoundSpecs(E... entries) {
    (add(std::move(entries)), ...);
  }

  // The user parameters, in declaration order (what a SpecList pointer in a kind points to).
  const SpecList& specs() const { return specs_; }
  const BoundParam<T>* find(std::string_view key) const {
    for (const BoundParam<T>& p : params_)
      if (key == p.spec.key) return &p;
    return nullptr;
  }
  // Every user parameter from validated values (defaults already filled in by readParams).
  void load(T& o, const ParamValues& v) const {
    for (const BoundParam<T>& p : params_)
      if (!p.hidden) p.set(o, v.num(p.spec.key));
    for (const JsonMember& j : json_) j.set(o, v.raw(j.key));
  }
  // Every user parameter at its spec's default.
  void loadDefaults(T& o) const {
    for (const BoundParam<T>& p : params_)
      if (!p.hidden) p.set(o, p.spec.def);
  }
  const std::vector<BoundParam<T>>& all() const { return params_; }
  // The spec bound to a member (a chain as in bind), so a reader that needs a spec's key or
  // range for a member's value (a per-flow draw) never spells the key.
  template <auto... Ms>
  const ParamSpec& specOf() const {
    for (const BoundParam<T>& p : params_)
      if (p.member == &bound::memberTag<Ms...>) return p.spec;
    bound::badTable("?", "no parameter is bound to this member");
  }

 private:
  // What is particular to a member is only its two accessors and its tag; the rest of an entry's
  // placing is one function per table class (addBound), not one per member: inlined once per
  // entry, it was most of each table's code, and the tables were 405 of the WASM core's 978 kB.
  template <bound::Scale S, auto... Ms>
  void add(bound::Entry<S, Ms...> e) {
    using V = bound::MemberType<T, Ms...>;
    addBound(
        std::move(e.spec), std::move(e.codes), e.hidden,
        [](const T& o) { return bound::toNumber<S>(bound::follow<Ms...>(o)); },
        [](T& o, double v) { bound::follow<Ms...>(o) = bound::fromNumber<S, V>(v); }, &bound::memberTag<Ms...>);
  }

  __attribute__((noinline)) void addBound(ParamSpec spec, std::vector<double> codes, bool hidden,
                                          double (*read)(const T&), void (*write)(T&, double), const void* member) {
    if (find(spec.key)) bound::badTable(spec.key, "bound twice");
    if (spec.type == ParamType::Enum && codes.size() != spec.options.size())
      bound::badTable(spec.key, "an enum parameter is bound with bindChoice");
    // (The spec copied here, then copied into specs_, in the order the inlined add had: moving it
    // instead left the WASM heap one 20 % growth step bigger in bench (a), 1.8 MB against 1.5.)
    BoundParam<T> p{spec, read, write, std::move(codes), hidden, member};
    if (!hidden) specs_.push_back(p.spec);
    params_.push_back(std::move(p));
  }

  template <auto... Ms>
  void add(bound::JsonEntry<Ms...> e) {
    if (find(e.spec.key)) bound::badTable(e.spec.key, "bound twice");
    if (e.spec.type != ParamType::Array && e.spec.type != ParamType::Object && e.spec.type != ParamType::String)
      bound::badTable(e.spec.key, "bindJson binds an Array, Object or String spec");
    specs_.push_back(e.spec);
    json_.push_back({e.spec.key, [](T& o, const Json* j) { bound::follow<Ms...>(o) = j; }});
    params_.push_back(BoundParam<T>{std::move(e.spec), nullptr, nullptr, {}, false, &bound::memberTag<Ms...>});
  }

  void add(bound::Unbound e) {
    if (find(e.spec.key)) bound::badTable(e.spec.key, "bound twice");
    specs_.push_back(e.spec);
    params_.push_back(BoundParam<T>{std::move(e.spec), nullptr, nullptr, {}, false, nullptr});
  }

  struct JsonMember {
    const char* key;
    void (*set)(T&, const Json*);
  };
  std::vector<BoundParam<T>> params_;
  std::vector<JsonMember> json_;
  SpecList specs_;
};

}  // namespace bl
