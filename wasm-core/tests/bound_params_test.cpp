// Parameters bound to members (core/bound_params.h): construction from validated values,
// param/set round trips, range checks and named enum options, first on a small class made for
// the purpose, then over every queue discipline and congestion-control module the core knows.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cc/registry.h"
#include "core/bound_params.h"
#include "core/json.h"
#include "core/simulation.h"
#include "net/loss_model.h"
#include "net/queue_disc.h"

namespace bl {
namespace bound_params_test {

struct Inner {
  double level = 0;
};

struct Base {
  bool flag = false;
};

// Members of every kind a table binds: an unsigned count, a double, a member struct's field, a
// SimTime in seconds, a bool of a base class, an enum whose values are not the option indices,
// and a hidden value.
class Gadget : public Base {
 public:
  enum class Color { Red = 7, Blue = 3, Green = 11 };
  static const BoundSpecs<Gadget>& params() {
    static const BoundSpecs<Gadget> t{
        bind<&Gadget::count_>(
            Spec::integer("count", "Count", "packets").defaultsTo(250).range(1, 1000).help("A count.").live()),
        bind<&Gadget::gain_>(Spec::number("gain", "Gain").defaultsTo(0.5).range(0, 2).help("A gain.").live()),
        bind<&Gadget::inner_, &Inner::level>(
            Spec::number("level", "Level").defaultsTo(3).range(-10, 10).help("Nested.")),
        bindSeconds<&Gadget::period_>(
            Spec::number("period", "Period", "s").defaultsTo(0.015).range(0.001, 1).help("Time.")),
        bind<&Gadget::flag>(Spec::flag("flag", "Flag").defaultsTo(true).help("Inherited.")),
        bindChoice<&Gadget::color_>(
            "color", "Color",
            {{"blue", Color::Blue, "Blue"}, {"red", Color::Red, "Red"}, {"green", Color::Green, "Green"}}, "red",
            "Named options.", true),
        bindHidden<&Gadget::weight_>("weight", 0.01, 100)};
    return t;
  }
  uint32_t count_ = 0;
  double gain_ = 0;
  Inner inner_;
  SimTime period_ = 0;
  Color color_ = Color::Blue;
  double weight_ = 1;
};

const BoundSpecs<Gadget>& table() { return Gadget::params(); }

double get(const Gadget& g, const char* key) { return table().find(key)->get(g); }

// A reader that needs a member's spec (its key for a message, its range for a list of values)
// finds it by the member, a chain or an inherited one included, never by spelling the key.
TEST(BoundParams, TheSpecOfAMemberIsFoundByTheMember) {
  EXPECT_STREQ(table().specOf<&Gadget::gain_>().key, "gain");
  EXPECT_EQ(table().specOf<&Gadget::gain_>().max, 2);
  EXPECT_STREQ((table().specOf<&Gadget::inner_, &Inner::level>().key), "level");
  EXPECT_STREQ(table().specOf<&Gadget::period_>().key, "period");
  EXPECT_STREQ(table().specOf<&Base::flag>().key, "flag");
  EXPECT_STREQ(table().specOf<&Gadget::color_>().key, "color");
}

TEST(BoundParams, SpecListIsTheDeclaredOrderWithoutHiddenEntries) {
  const SpecList& s = table().specs();
  std::vector<std::string> keys;
  for (const ParamSpec& p : s) keys.push_back(p.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"count", "gain", "level", "period", "flag", "color"}));
  EXPECT_NE(table().find("weight"), nullptr);  // settable, not described
  EXPECT_EQ(table().find("nosuch"), nullptr);
}

TEST(BoundParams, EnumOptionsAndDefaultComeByName) {
  const ParamSpec* c = findSpec(table().specs(), "color");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->type, ParamType::Enum);
  ASSERT_EQ(c->options.size(), 3u);
  EXPECT_STREQ(c->options[0], "blue");
  EXPECT_STREQ(c->options[2], "green");
  // Each option's name for people, in the order of the options (describe's optionLabels).
  ASSERT_EQ(c->optionLabels.size(), 3u);
  EXPECT_STREQ(c->optionLabels[0], "Blue");
  EXPECT_STREQ(c->optionLabels[2], "Green");
  EXPECT_EQ(c->def, 1);  // "red" is the second option
  EXPECT_TRUE(c->live);
  EXPECT_EQ(specsToJson(table().specs()).items()[5].find("default")->asString(), "red");
}

TEST(BoundParams, LoadsEveryMemberFromValidatedValues) {
  Json j;
  std::string err;
  ASSERT_TRUE(Json::parse(R"({"count": 7, "level": -2.5, "period": 0.25, "flag": false, "color": "green"})", j, err));
  ParamValues v;
  ASSERT_TRUE(readParams(&j, table().specs(), "gadget", v, err)) << err;
  Gadget g;
  g.weight_ = 42;
  table().load(g, v);
  EXPECT_EQ(g.count_, 7u);
  EXPECT_EQ(g.gain_, 0.5);  // not given: the spec's default
  EXPECT_EQ(g.inner_.level, -2.5);
  EXPECT_EQ(g.period_, 250 * kMillisecond);
  EXPECT_FALSE(g.flag);
  EXPECT_EQ(g.color_, Gadget::Color::Green);
  EXPECT_EQ(g.weight_, 42);  // hidden entries are the owner's, not loaded

  table().loadDefaults(g);
  EXPECT_EQ(g.count_, 250u);
  EXPECT_EQ(g.period_, 15 * kMillisecond);
  EXPECT_TRUE(g.flag);
  EXPECT_EQ(g.color_, Gadget::Color::Red);
}

TEST(BoundParams, GetAndSetRoundTripInTheSpecsUnits) {
  Gadget g;
  table().loadDefaults(g);
  table().find("period")->set(g, 0.002);
  EXPECT_EQ(g.period_, 2 * kMillisecond);
  EXPECT_DOUBLE_EQ(get(g, "period"), 0.002);
  table().find("count")->set(g, 12);
  EXPECT_EQ(get(g, "count"), 12);
  table().find("flag")->set(g, 0);
  EXPECT_EQ(get(g, "flag"), 0);
  // An enum travels as its option's index; the member holds the named value.
  table().find("color")->set(g, 0);
  EXPECT_EQ(g.color_, Gadget::Color::Blue);
  EXPECT_EQ(get(g, "color"), 0);
  g.color_ = Gadget::Color::Green;
  EXPECT_EQ(get(g, "color"), 2);
  g.color_ = static_cast<Gadget::Color>(5);  // no option: NaN, not a made-up index
  EXPECT_TRUE(std::isnan(get(g, "color")));
  table().find("weight")->set(g, 3.5);
  EXPECT_EQ(g.weight_, 3.5);
  // Other members are untouched by each set.
  EXPECT_EQ(g.count_, 12u);
  EXPECT_EQ(g.inner_.level, 3);
}

TEST(BoundParams, AcceptsOnlyWhatTheSpecAllows) {
  const auto* count = table().find("count");
  EXPECT_TRUE(count->accepts(1));
  EXPECT_TRUE(count->accepts(1000));
  EXPECT_FALSE(count->accepts(0));
  EXPECT_FALSE(count->accepts(1001));
  EXPECT_FALSE(count->accepts(2.5));  // an Int
  EXPECT_FALSE(count->accepts(NAN));
  const auto* color = table().find("color");
  EXPECT_TRUE(color->accepts(2));
  EXPECT_FALSE(color->accepts(3));
  EXPECT_FALSE(color->accepts(-1));
  EXPECT_FALSE(table().find("flag")->accepts(2));
  const auto* w = table().find("weight");
  EXPECT_TRUE(w->accepts(0.01));
  EXPECT_FALSE(w->accepts(0));
  EXPECT_FALSE(w->accepts(101));
  EXPECT_FALSE(w->accepts(NAN));
}

TEST(BoundParamsDeathTest, ABadTableStopsAtOnce) {
  EXPECT_DEATH((bindChoice<&Gadget::color_>("c", "C", {{"blue", Gadget::Color::Blue, "Blue"}}, "red", "h")),
               "default is not one of the options");
  EXPECT_DEATH((bindChoice<&Gadget::color_>("c", "C", {{"blue", Gadget::Color::Blue, nullptr}}, "blue", "h")),
               "every option needs a label");
  EXPECT_DEATH((BoundSpecs<Gadget>{bind<&Gadget::gain_>(Spec::number("g", "G").defaultsTo(0).range(0, 1).help("h")),
                                   bind<&Gadget::count_>(Spec::integer("g", "G").defaultsTo(1).range(1, 2).help("h"))}),
               "bound twice");
}

// A value for spec `s` that differs from its default and, through `f` (distinct per key), from
// the values of the other keys of the same table.
double pick(const ParamSpec& s, double f) {
  switch (s.type) {
    case ParamType::Bool: return s.def != 0 ? 0 : 1;
    case ParamType::Enum: return std::fmod(s.def + 1, static_cast<double>(s.options.size()));
    case ParamType::Int: return s.min + std::floor((s.max - s.min) * f);
    default: return s.min + (s.max - s.min) * f;
  }
}

void expectValue(double got, double want, const std::string& what) {
  EXPECT_NEAR(got, want, 1e-9 * std::max(1.0, std::fabs(want))) << what;
}

std::unique_ptr<QueueDisc> build(const QueueKind& k, const Json& obj, Simulation& sim) {
  ParamValues v;
  std::string err;
  EXPECT_TRUE(readParams(&obj, *k.specs, "queue", v, err)) << err;
  auto q = k.make(v, LinkInfo{10e6, 1000, "l"}, sim, err);
  EXPECT_TRUE(q) << k.name << ": " << err;
  return q;
}

// Every spec of every queue kind reaches its own member: built with defaults the queue
// reports them; built with a distinct value per key it reports each; a live change of one key
// moves that key only.
TEST(BoundQueues, EveryKeyReachesItsOwnMember) {
  Simulation sim(1);
  for (const QueueKind& k : queueKinds()) {
    auto q = build(k, Json::object(), sim);
    ASSERT_TRUE(q);
    for (const ParamSpec& s : *k.specs)
      if (!std::isnan(s.def)) expectValue(q->param(s.key), s.def, std::string(k.name) + "." + s.key + " default");

    Json obj = Json::object();
    std::vector<double> want;
    for (size_t i = 0; i < k.specs->size(); ++i) {
      const ParamSpec& s = (*k.specs)[i];
      want.push_back(pick(s, 0.3 + 0.01 * static_cast<double>(i)));
      if (s.type == ParamType::Bool)
        obj.set(s.key, Json::boolean(want.back() != 0));
      else if (s.type == ParamType::Enum)
        obj.set(s.key, Json::string(s.options[static_cast<size_t>(want.back())]));
      else
        obj.set(s.key, Json::number(want.back()));
    }
    q = build(k, obj, sim);
    ASSERT_TRUE(q);
    for (size_t i = 0; i < k.specs->size(); ++i)
      expectValue(q->param((*k.specs)[i].key), want[i], std::string(k.name) + "." + (*k.specs)[i].key + " built");

    for (size_t i = 0; i < k.specs->size(); ++i) {
      const ParamSpec& s = (*k.specs)[i];
      if (!s.live) continue;
      const bool choice = s.type == ParamType::Bool || s.type == ParamType::Enum;
      const double v = choice ? s.def : pick(s, 0.305 + 0.01 * static_cast<double>(i));  // built with another
      if (v == want[i]) continue;  // an Int too narrow to move by half a percent
      std::string err;
      ASSERT_TRUE(q->setParam(s.key, v, err)) << k.name << "." << s.key << ": " << err;
      want[i] = v;
      for (size_t j = 0; j < k.specs->size(); ++j)
        expectValue(q->param((*k.specs)[j].key), want[j],
                    std::string(k.name) + "." + (*k.specs)[j].key + " after setting " + s.key);
    }
  }
}

// The same for every congestion-control module: made with no parameters it holds its spec
// defaults (so a module's own initial values cannot drift from what bl_describe says), and
// setParam reaches each key's member, rejecting values outside the spec.
TEST(BoundCcModules, EveryKeyReachesItsOwnMember) {
  for (const CcKind& k : ccKinds()) {
    auto cc = k.make();
    for (const ParamSpec& s : *k.specs) expectValue(cc->param(s.key), s.def, std::string(k.name) + "." + s.key);
    std::vector<double> want;
    for (size_t i = 0; i < k.specs->size(); ++i) {
      const ParamSpec& s = (*k.specs)[i];
      want.push_back(pick(s, 0.3 + 0.01 * static_cast<double>(i)));
      ASSERT_TRUE(cc->setParam(s.key, want.back())) << k.name << "." << s.key;
    }
    for (size_t i = 0; i < k.specs->size(); ++i) {
      const ParamSpec& s = (*k.specs)[i];
      expectValue(cc->param(s.key), want[i], std::string(k.name) + "." + s.key);
      if (s.type == ParamType::Number || s.type == ParamType::Int) {
        EXPECT_FALSE(cc->setParam(s.key, s.max + 1)) << k.name << "." << s.key;
        expectValue(cc->param(s.key), want[i], std::string(k.name) + "." + s.key + " after a rejected value");
      }
    }
    EXPECT_FALSE(cc->setParam("noSuchKey", 1)) << k.name;
    EXPECT_TRUE(std::isnan(cc->param("noSuchKey"))) << k.name;
  }
}

// Named options drive behaviour: TCP-SD's "inc" choice (option 1) grows by w^2 per RTT.
TEST(BoundCcModules, AnEnumChoiceSelectsTheNamedBehaviour) {
  const CcKind* sd = findCcKind("sd");
  ASSERT_NE(sd, nullptr);
  const ParamSpec* f = findSpec(*sd->specs, "f");
  ASSERT_NE(f, nullptr);
  double inc = -1;
  for (size_t i = 0; i < f->options.size(); ++i)
    if (std::string(f->options[i]) == "inc") inc = static_cast<double>(i);
  ASSERT_GE(inc, 0);
  auto cc = sd->make();
  ASSERT_TRUE(cc->setParam("weight", 3));
  ASSERT_TRUE(cc->setParam("f", inc));
  CcState s;
  s.cwnd = 20;
  s.ssthresh = 10;
  s.inFlight = 20;
  cc->onAck(s, 1);
  EXPECT_DOUBLE_EQ(s.cwnd, 20 + 9.0 / 20);         // f_inc = w^2 = 9
  EXPECT_DOUBLE_EQ(cc->onLossEvent(s), 20 * 0.5);  // f_dec = 1
}

// Every loss kind loads its own parameters, the shared `position` option included.
TEST(BoundLossModels, EachKindLoadsItsParametersAndPosition) {
  for (const LossKind& k : lossKinds()) {
    if (k.specs->empty()) continue;  // "none"
    for (const char* position : {"afterLink", "beforeQueue"}) {
      Json j = Json::object();
      std::string err;
      j.set("position", Json::string(position));
      if (findSpec(*k.specs, "rate")) j.set("rate", Json::number(0.25));
      if (findSpec(*k.specs, "steps")) {
        Json step = Json::array(), steps = Json::array();
        step.push(Json::number(0));
        step.push(Json::number(0.5));
        steps.push(step);
        j.set("steps", steps);
      }
      ParamValues v;
      ASSERT_TRUE(readParams(&j, *k.specs, "loss", v, err)) << k.name << ": " << err;
      auto m = k.make(v, Rng(1, "loss"), "loss", err);
      ASSERT_TRUE(m) << k.name << ": " << err;
      EXPECT_EQ(m->beforeQueue, std::string(position) == "beforeQueue") << k.name;
      if (findSpec(*k.specs, "rate")) { EXPECT_EQ(m->rate(0), 0.25) << k.name; }
      if (findSpec(*k.specs, "steps")) { EXPECT_EQ(m->rate(0), 0.5) << k.name; }
      if (findSpec(*k.specs, "lossBad")) {
        EXPECT_NEAR(m->rate(0), 0.01 * 0.5 / 0.31, 1e-15) << k.name;  // defaults
      }
    }
  }
}

}  // namespace bound_params_test
}  // namespace bl
