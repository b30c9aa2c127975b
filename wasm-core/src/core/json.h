// A small JSON reader and writer for scenarios, parameter specs and summaries. Parse errors
// name the line and column; lookups keep the path so validation errors can name the field.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace bl {

class Json {
 public:
  enum class Type { Null, Bool, Number, String, Array, Object };

  Json() = default;
  static Json number(double v) {
    Json j;
    j.type_ = Type::Number;
    j.num_ = v;
    return j;
  }
  static Json boolean(bool v) {
    Json j;
    j.type_ = Type::Bool;
    j.bool_ = v;
    return j;
  }
  static Json string(std::string v) {
    Json j;
    j.type_ = Type::String;
    j.str_ = std::move(v);
    return j;
  }
  static Json array() {
    Json j;
    j.type_ = Type::Array;
    return j;
  }
  static Json object() {
    Json j;
    j.type_ = Type::Object;
    return j;
  }

  // Parses text; on failure returns false and sets `error` ("line 3, column 7: ...").
  static bool parse(const std::string& text, Json& out, std::string& error);

  Type type() const { return type_; }
  bool isNull() const { return type_ == Type::Null; }
  bool isNumber() const { return type_ == Type::Number; }
  bool isBool() const { return type_ == Type::Bool; }
  bool isString() const { return type_ == Type::String; }
  bool isArray() const { return type_ == Type::Array; }
  bool isObject() const { return type_ == Type::Object; }
  static const char* typeName(Type t);

  double asNumber() const { return num_; }
  bool asBool() const { return bool_; }
  const std::string& asString() const { return str_; }
  const std::vector<Json>& items() const { return items_; }
  const std::vector<std::pair<std::string, Json>>& members() const { return members_; }

  // Object member or nullptr.
  const Json* find(const std::string& key) const;
  Json& set(const std::string& key, Json v);  // appends or replaces (objects)
  Json& append(std::string key, Json v);      // appends; the caller knows `key` is new (objects)
  Json& push(Json v);                         // arrays

  std::string dump() const;  // compact JSON

 private:
  Type type_ = Type::Null;
  bool bool_ = false;
  double num_ = 0;
  std::string str_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
};

// Formats a double the way JSON wants it: shortest round-trip form, integers without ".0".
std::string jsonNumber(double v);
std::string jsonQuote(const std::string& s);

}  // namespace bl
