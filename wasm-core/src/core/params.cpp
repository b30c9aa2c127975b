#include "core/params.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace bl {

double Spec::optionIndex(const char* name) const {
  for (size_t i = 0; i < s_.options.size(); ++i)
    if (std::string(s_.options[i]) == name) return static_cast<double>(i);
  std::fprintf(stderr, "spec %s: the default is not one of the options (%s)\n", s_.key, name);
  std::abort();
}

double ParamValues::num(const char* key) const {
  for (const auto& [k, v] : nums_)
    if (k == key) return v;
  return std::numeric_limits<double>::quiet_NaN();
}

const char* ParamValues::option(const char* key) const {
  if (!specs) return "";
  const ParamSpec* s = findSpec(*specs, key);
  double v = num(key);
  if (!s || std::isnan(v)) return "";
  return s->options[static_cast<size_t>(v)];
}

bool ParamValues::isNull(const char* key) const { return std::isnan(num(key)) && !raw(key); }

const Json* ParamValues::raw(const char* key) const {
  for (const auto& [k, v] : raws_)
    if (k == key) return v;
  return nullptr;
}

std::string ParamValues::text(const char* key, const std::string& def) const {
  const Json* j = raw(key);
  return j && j->isString() ? j->asString() : def;
}

void ParamValues::setNum(const std::string& key, double v) {
  for (auto& [k, x] : nums_)
    if (k == key) {
      x = v;
      return;
    }
  nums_.emplace_back(key, v);
}

void ParamValues::setRaw(const std::string& key, const Json& v) {
  for (auto& [k, x] : raws_)
    if (k == key) {
      x = &v;
      return;
    }
  raws_.emplace_back(key, &v);
}

const ParamSpec* findSpec(const SpecList& specs, const std::string& key) {
  for (const ParamSpec& s : specs)
    if (key == s.key) return &s;
  return nullptr;
}

std::string describeRange(const ParamSpec& s) {
  if (s.type == ParamType::Bool) return "true or false";
  if (s.type == ParamType::Enum) {
    std::string o = "one of ";
    for (size_t i = 0; i < s.options.size(); ++i) o += (i ? ", " : "") + std::string("\"") + s.options[i] + "\"";
    return o;
  }
  std::string r = "[" + jsonNumber(s.min) + ", " + jsonNumber(s.max) + "]";
  if (s.unit && *s.unit) r += " " + std::string(s.unit);
  if (s.type == ParamType::Int) r = "an integer in " + r;
  return r;
}

std::string specKeys(const SpecList& specs) {
  std::string keys;
  for (const ParamSpec& s : specs) keys += (keys.empty() ? "" : ", ") + std::string(s.key);
  return keys;
}

bool checkValue(const ParamSpec& s, double v, const std::string& where, std::string& err) {
  if (!std::isfinite(v)) {
    err = where + ": value is not a finite number; allowed " + describeRange(s);
    return false;
  }
  if (s.type == ParamType::Int && v != std::floor(v)) {
    err = where + ": " + jsonNumber(v) + " is not an integer; allowed " + describeRange(s);
    return false;
  }
  if (s.type == ParamType::Bool && v != 0 && v != 1) {
    err = where + ": expected true or false";
    return false;
  }
  if (s.type == ParamType::Enum && (v < 0 || v >= static_cast<double>(s.options.size()) || v != std::floor(v))) {
    err = where + ": bad option; allowed " + describeRange(s);
    return false;
  }
  if ((s.type == ParamType::Number || s.type == ParamType::Int) && (v < s.min || v > s.max)) {
    err = where + ": " + jsonNumber(v) + " is out of range; allowed " + describeRange(s);
    return false;
  }
  return true;
}

bool readParams(const Json* obj, const SpecList& specs, const std::string& path, ParamValues& out, std::string& err,
                const std::vector<std::string>& extraKeys) {
  out.specs = &specs;
  // Fresh values take each spec's key once: appended, not searched for (a search per key made
  // reading n objects cost n x specs^2, 48 s for 1.4 million flowOverrides entries).
  const bool fresh = out.nums_.empty() && out.raws_.empty();
  auto put = [&](const char* key, double x) {
    if (fresh)
      out.nums_.emplace_back(key, x);
    else
      out.setNum(key, x);
  };
  auto field = [&](const std::string& k) { return path.empty() ? k : path + "." + k; };
  if (obj && !obj->isNull() && !obj->isObject()) {
    err = (path.empty() ? std::string("scenario") : path) + ": expected an object, got " + Json::typeName(obj->type());
    return false;
  }
  if (obj && obj->isObject()) {
    for (const auto& [k, v] : obj->members()) {
      bool extra = false;
      for (const auto& e : extraKeys) extra = extra || e == k;
      if (!extra && !findSpec(specs, k)) {
        err = field(k) + ": unknown key; known keys here: " + specKeys(specs);
        return false;
      }
    }
  }
  for (const ParamSpec& s : specs) {
    const Json* v = obj && obj->isObject() ? obj->find(s.key) : nullptr;
    const std::string where = field(s.key);
    if (!v) {
      put(s.key, s.def);
      continue;
    }
    if (v->isNull()) {
      if (!s.nullable) {
        err = where + ": null is not allowed; allowed " + describeRange(s);
        return false;
      }
      put(s.key, std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    switch (s.type) {
      case ParamType::Number:
      case ParamType::Int: {
        if (!v->isNumber()) {
          err = where + ": expected a number, got " + Json::typeName(v->type());
          return false;
        }
        if (!checkValue(s, v->asNumber(), where, err)) return false;
        put(s.key, v->asNumber());
        break;
      }
      case ParamType::Bool:
        if (!v->isBool()) {
          err = where + ": expected true or false, got " + Json::typeName(v->type());
          return false;
        }
        put(s.key, v->asBool() ? 1 : 0);
        break;
      case ParamType::Enum: {
        if (!v->isString()) {
          err = where + ": expected a string, " + describeRange(s);
          return false;
        }
        double idx = -1;
        for (size_t i = 0; i < s.options.size(); ++i)
          if (v->asString() == s.options[i]) idx = static_cast<double>(i);
        if (idx < 0) {
          err = where + ": \"" + v->asString() + "\" is not allowed; allowed " + describeRange(s);
          return false;
        }
        put(s.key, idx);
        break;
      }
      case ParamType::Array:
        if (!v->isArray()) {
          err = where + ": expected an array, got " + Json::typeName(v->type());
          return false;
        }
        out.setRaw(s.key, *v);
        break;
      case ParamType::String:
        if (!v->isString()) {
          err = where + ": expected a string, got " + Json::typeName(v->type());
          return false;
        }
        out.setRaw(s.key, *v);
        break;
      case ParamType::Object:
        if (!v->isObject()) {
          err = where + ": expected an object, got " + Json::typeName(v->type());
          return false;
        }
        out.setRaw(s.key, *v);
        break;
    }
  }
  return true;
}

Json specValueJson(const ParamSpec& s, double v) {
  if (std::isnan(v)) return Json();
  if (s.type == ParamType::Bool) return Json::boolean(v != 0);
  if (s.type == ParamType::Enum)
    return v >= 0 && static_cast<size_t>(v) < s.options.size() ? Json::string(s.options[static_cast<size_t>(v)])
                                                               : Json();
  return Json::number(v);
}

Json valuesToJson(const ParamValues& v, const SpecList& specs) {
  Json o = Json::object();
  for (const ParamSpec& s : specs) {
    if (const Json* r = v.raw(s.key))
      o.set(s.key, *r);
    else if (s.type == ParamType::Array || s.type == ParamType::Object || s.type == ParamType::String)
      o.set(s.key, Json());
    else
      o.set(s.key, specValueJson(s, v.num(s.key)));
  }
  return o;
}

Json specsToJson(const SpecList& specs) {
  Json arr = Json::array();
  for (const ParamSpec& s : specs) {
    Json o = Json::object();
    o.set("key", Json::string(s.key));
    o.set("label", Json::string(s.label));
    o.set("unit", Json::string(s.unit ? s.unit : ""));
    static const char* kTypes[] = {"number", "int", "bool", "enum", "array", "object", "string"};
    o.set("type", Json::string(kTypes[static_cast<int>(s.type)]));
    if (s.type == ParamType::Enum) {
      o.set("default", Json::string(s.options[static_cast<size_t>(s.def)]));
      Json opts = Json::array();
      for (const char* x : s.options) opts.push(Json::string(x));
      o.set("options", opts);
      if (s.optionLabels.size() == s.options.size()) {
        Json labels = Json::object();
        for (size_t i = 0; i < s.options.size(); ++i) labels.set(s.options[i], Json::string(s.optionLabels[i]));
        o.set("optionLabels", labels);
      }
    } else if (s.type == ParamType::Bool) {
      o.set("default", Json::boolean(s.def != 0));
    } else if (s.type == ParamType::Number || s.type == ParamType::Int) {
      o.set("default", std::isnan(s.def) ? Json() : Json::number(s.def));
      o.set("min", Json::number(s.min));
      o.set("max", Json::number(s.max));
    }
    o.set("help", Json::string(s.help));
    o.set("live", Json::boolean(s.live));
    if (s.nullable) o.set("nullable", Json::boolean(true));
    arr.push(o);
  }
  return arr;
}

}  // namespace bl
