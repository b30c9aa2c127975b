#include "core/json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

#include "core/limits.h"

namespace bl {

namespace {

class Parser {
 public:
  explicit Parser(const std::string& s) : s_(s) {}

  bool run(Json& out, std::string& err) {
    skipWs();
    if (!value(out, 0)) {
      err = where() + error_;
      return false;
    }
    skipWs();
    if (pos_ != s_.size()) {
      err = where() + "unexpected text after the JSON value";
      return false;
    }
    return true;
  }

 private:
  static constexpr int kMaxDepth = 64;

  std::string where() const {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < pos_ && i < s_.size(); ++i) {
      if (s_[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col) + ": ";
  }
  bool fail(const std::string& m) {
    error_ = m;
    return false;
  }
  void skipWs() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  bool literal(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (s_.compare(pos_, n, word) != 0) return fail(std::string("expected '") + word + "'");
    pos_ += n;
    return true;
  }

  bool value(Json& out, int depth) {
    if (depth > kMaxDepth) return fail("nesting deeper than 64 levels");
    // Each value takes about 50 (WASM) to 100 bytes parsed: 16 MB of "[]," were a gigabyte.
    if (static_cast<double>(++values_) > kMaxJsonValues)
      return fail("more than " + jsonNumber(kMaxJsonValues) +
                  " values (numbers, strings, arrays, objects) in one document");
    if (pos_ >= s_.size()) return fail("unexpected end of input");
    char c = s_[pos_];
    if (c == '{') return object(out, depth);
    if (c == '[') return array(out, depth);
    if (c == '"') {
      std::string str;
      if (!string(str)) return false;
      out = Json::string(std::move(str));
      return true;
    }
    if (c == 't') {
      if (!literal("true")) return false;
      out = Json::boolean(true);
      return true;
    }
    if (c == 'f') {
      if (!literal("false")) return false;
      out = Json::boolean(false);
      return true;
    }
    if (c == 'n') {
      if (!literal("null")) return false;
      out = Json();
      return true;
    }
    if (c == '-' || (c >= '0' && c <= '9')) return number(out);
    return fail(std::string("unexpected character '") + c + "'");
  }

  bool number(Json& out) {
    size_t start = pos_;
    if (s_[pos_] == '-') ++pos_;
    // Strict JSON: no leading zeros ("01" was read as 1).
    if (pos_ + 1 < s_.size() && s_[pos_] == '0' && s_[pos_ + 1] >= '0' && s_[pos_ + 1] <= '9')
      return fail("malformed number: leading zero");
    auto digits = [&] {
      size_t b = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      return pos_ > b;
    };
    if (!digits()) return fail("malformed number");
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (!digits()) return fail("malformed number");
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!digits()) return fail("malformed number");
    }
    std::string text = s_.substr(start, pos_ - start);
    double v = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(v)) return fail("number out of range");
    out = Json::number(v);
    return true;
  }

  static void appendUtf8(std::string& o, uint32_t cp) {
    if (cp < 0x80) {
      o += static_cast<char>(cp);
    } else if (cp < 0x800) {
      o += static_cast<char>(0xC0 | (cp >> 6));
      o += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      o += static_cast<char>(0xE0 | (cp >> 12));
      o += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      o += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      o += static_cast<char>(0xF0 | (cp >> 18));
      o += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      o += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      o += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  // One UTF-8 sequence at pos_, well formed (RFC 3629: no overlong forms, no surrogates, at most
  // U+10FFFF), appended to `o`; else a failure naming the byte, with pos_ at it.
  bool utf8(std::string& o) {
    const auto byte = [&](size_t i) { return i < s_.size() ? static_cast<unsigned char>(s_[i]) : 0u; };
    const unsigned b0 = byte(pos_);
    size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF;  // the range of the second byte
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      n = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      n = 3;
      if (b0 == 0xE0) lo = 0xA0;  // overlong
      if (b0 == 0xED) hi = 0x9F;  // UTF-16 surrogates
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      n = 4;
      if (b0 == 0xF0) lo = 0x90;  // overlong
      if (b0 == 0xF4) hi = 0x8F;  // past U+10FFFF
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", b0);
    if (n == 0) return fail(std::string("invalid UTF-8 in a string (byte ") + hex + ")");
    for (size_t k = 1; k < n; ++k) {
      const unsigned b = byte(pos_ + k);
      if (b < (k == 1 ? lo : 0x80u) || b > (k == 1 ? hi : 0xBFu))
        return fail(std::string("invalid UTF-8 in a string (a sequence starting with byte ") + hex + ")");
    }
    o.append(s_, pos_, n);
    pos_ += n;
    return true;
  }

  bool hex4(uint32_t& v) {
    if (pos_ + 4 > s_.size()) return fail("truncated \\u escape");
    v = 0;
    for (int i = 0; i < 4; ++i) {
      char h = s_[pos_++];
      v <<= 4;
      if (h >= '0' && h <= '9')
        v |= static_cast<uint32_t>(h - '0');
      else if (h >= 'a' && h <= 'f')
        v |= static_cast<uint32_t>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        v |= static_cast<uint32_t>(h - 'A' + 10);
      else
        return fail("bad hex digit in \\u escape");
    }
    return true;
  }

  bool string(std::string& out) {
    ++pos_;  // opening quote
    while (pos_ < s_.size()) {
      char c = s_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
      if (static_cast<unsigned char>(c) >= 0x80) {
        --pos_;
        if (!utf8(out)) return false;
        continue;
      }
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= s_.size()) break;
      char e = s_[pos_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          uint32_t cp;
          if (!hex4(cp)) return false;
          // Strict: a high surrogate must be followed by a low one (a lone one made invalid
          // UTF-8), and NUL is refused (C strings end there, so names and messages were cut).
          if (cp == 0) return fail("\\u0000 (NUL) in a string is not allowed");
          if (cp >= 0xDC00 && cp < 0xE000) return fail("lone UTF-16 low surrogate in \\u escape");
          if (cp >= 0xD800 && cp < 0xDC00) {
            uint32_t lo = 0;
            if (!(pos_ + 6 <= s_.size() && s_[pos_] == '\\' && s_[pos_ + 1] == 'u'))
              return fail("lone UTF-16 high surrogate in \\u escape");
            pos_ += 2;
            if (!hex4(lo)) return false;
            if (lo < 0xDC00 || lo >= 0xE000)
              return fail("UTF-16 high surrogate not followed by a low one in \\u escape");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          }
          appendUtf8(out, cp);
          break;
        }
        default: return fail("bad escape in string");
      }
    }
    return fail("unterminated string");
  }

  bool array(Json& out, int depth) {
    ++pos_;
    out = Json::array();
    skipWs();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      return true;
    }
    for (;;) {
      skipWs();
      Json v;
      if (!value(v, depth + 1)) return false;
      out.push(std::move(v));
      skipWs();
      if (pos_ >= s_.size()) return fail("unterminated array");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == ']') {
        ++pos_;
        return true;
      }
      return fail("expected ',' or ']' in array");
    }
  }

  bool object(Json& out, int depth) {
    ++pos_;
    out = Json::object();
    skipWs();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      return true;
    }
    // Keys seen so far, hashed: the duplicate check is O(1) per key, so an object of n keys
    // parses in O(n) (a linear search per key took 17 s for 100,000 keys).
    std::unordered_set<std::string> seen;
    for (;;) {
      skipWs();
      if (pos_ >= s_.size() || s_[pos_] != '"') return fail("expected a quoted key");
      std::string key;
      if (!string(key)) return false;
      if (!seen.insert(key).second) return fail("duplicate key \"" + key + "\"");
      skipWs();
      if (pos_ >= s_.size() || s_[pos_] != ':') return fail("expected ':' after key");
      ++pos_;
      skipWs();
      Json v;
      if (!value(v, depth + 1)) return false;
      out.append(std::move(key), std::move(v));
      skipWs();
      if (pos_ >= s_.size()) return fail("unterminated object");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == '}') {
        ++pos_;
        return true;
      }
      return fail("expected ',' or '}' in object");
    }
  }

  const std::string& s_;
  size_t pos_ = 0;
  size_t values_ = 0;
  std::string error_;
};

void dumpTo(const Json& j, std::string& o) {
  switch (j.type()) {
    case Json::Type::Null: o += "null"; break;
    case Json::Type::Bool: o += j.asBool() ? "true" : "false"; break;
    case Json::Type::Number: o += jsonNumber(j.asNumber()); break;
    case Json::Type::String: o += jsonQuote(j.asString()); break;
    case Json::Type::Array: {
      o += '[';
      bool first = true;
      for (const Json& v : j.items()) {
        if (!first) o += ',';
        first = false;
        dumpTo(v, o);
      }
      o += ']';
      break;
    }
    case Json::Type::Object: {
      o += '{';
      bool first = true;
      for (const auto& [k, v] : j.members()) {
        if (!first) o += ',';
        first = false;
        o += jsonQuote(k);
        o += ':';
        dumpTo(v, o);
      }
      o += '}';
      break;
    }
  }
}

}  // namespace

bool Json::parse(const std::string& text, Json& out, std::string& error) { return Parser(text).run(out, error); }

const char* Json::typeName(Type t) {
  switch (t) {
    case Type::Null: return "null";
    case Type::Bool: return "boolean";
    case Type::Number: return "number";
    case Type::String: return "string";
    case Type::Array: return "array";
    case Type::Object: return "object";
  }
  return "?";
}

const Json* Json::find(const std::string& key) const {
  for (const auto& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

Json& Json::set(const std::string& key, Json v) {
  for (auto& m : members_)
    if (m.first == key) {
      m.second = std::move(v);
      return m.second;
    }
  members_.emplace_back(key, std::move(v));
  return members_.back().second;
}

Json& Json::append(std::string key, Json v) {
  members_.emplace_back(std::move(key), std::move(v));
  return members_.back().second;
}

Json& Json::push(Json v) {
  items_.push_back(std::move(v));
  return items_.back();
}

std::string Json::dump() const {
  std::string o;
  dumpTo(*this, o);
  return o;
}

std::string jsonNumber(double v) {
  if (!std::isfinite(v)) return "null";
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    char b[32];
    std::snprintf(b, sizeof b, "%.0f", v);
    return b;
  }
  char b[40];
  for (int prec = 15; prec <= 17; ++prec) {
    std::snprintf(b, sizeof b, "%.*g", prec, v);
    if (std::strtod(b, nullptr) == v) break;
  }
  return b;
}

std::string jsonQuote(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\n': o += "\\n"; break;
      case '\r': o += "\\r"; break;
      case '\t': o += "\\t"; break;
      default:
        if (c < 0x20) {
          char b[8];
          std::snprintf(b, sizeof b, "\\u%04x", c);
          o += b;
        } else
          o += static_cast<char>(c);
    }
  }
  return o + "\"";
}

}  // namespace bl
