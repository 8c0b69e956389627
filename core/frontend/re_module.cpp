// The `re` module, for the weight-name converters of model files
// (`re.fullmatch(r'[A-Za-z]+_\d+', n)`, `re.sub(r"fpn_inner\d+", ..., k)`):
// compile, match, fullmatch, search, sub, split, findall, finditer, escape, the
// Match and Pattern objects, and the flags I, M, S (A accepted). Patterns run
// on std::regex's ECMAScript grammar, which reads the common forms as Python
// does (classes, quantifiers, groups, lookahead, \d \w \s \b, anchors);
// Python's (?P<name>...) and (?P=name) become numbered groups with their names
// kept, \A and \Z anchors, and other Python-only syntax (lookbehind, inline
// flags, VERBOSE) is an error naming it. Strings are matched as bytes: a class
// of non-ASCII characters is not supported. split() skips empty matches.
#include "core/frontend/builtins_impl.h"

#include "core/frontend/callable.h"
#include "core/frontend/object.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

#include <regex>

namespace uops::frontend {

using detail::toIndex;

namespace {

constexpr int64_t kIgnoreCase = 2, kMultiline = 8, kDotAll = 16, kVerbose = 64, kAscii = 256;

struct Compiled {
  std::string pattern;
  int64_t flags = 0;
  std::regex regex;
  size_t groups = 0;
  std::vector<std::pair<std::string, size_t>> names; // (?P<name>...) -> group number
};

[[noreturn]] void reError(const std::string& what) {
  throw ScriptError("re.error: " + what);
}

// Python's pattern syntax as ECMAScript, counting the groups and keeping their names.
std::shared_ptr<const Compiled> compilePattern(const std::string& pattern, int64_t flags) {
  if (flags & kVerbose) reError("re.VERBOSE is not supported");
  auto out = std::make_shared<Compiled>();
  out->pattern = pattern;
  out->flags = flags;
  std::string ecma;
  bool inClass = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      const char e = pattern[++i];
      if (!inClass && e == 'A') ecma += "^";
      else if (!inClass && e == 'Z') ecma += "$";
      else ecma += {'\\', e};
      continue;
    }
    if (inClass) {
      // a ] first in a class is itself in Python; ECMAScript's [] is an empty class
      const bool first = ecma.back() == '[' || (ecma.size() >= 2 && ecma.compare(ecma.size() - 2, 2, "[^") == 0);
      if (c == ']' && first) ecma += "\\]";
      else ecma += c;
      inClass = c != ']' || first;
      continue;
    }
    if (c == '[') {
      inClass = true;
      ecma += c;
    } else if (c == '.' && (flags & kDotAll)) {
      ecma += "[\\s\\S]";
    } else if (c == '(' && pattern.compare(i, 4, "(?P<") == 0) {
      const size_t close = pattern.find('>', i + 4);
      if (close == std::string::npos) reError(fmt::format("missing >, unterminated name at position {}", i + 4));
      out->names.emplace_back(pattern.substr(i + 4, close - i - 4), ++out->groups);
      ecma += '(';
      i = close;
    } else if (c == '(' && pattern.compare(i, 4, "(?P=") == 0) {
      const size_t close = pattern.find(')', i + 4);
      const std::string name = pattern.substr(i + 4, close == std::string::npos ? 0 : close - i - 4);
      auto it = std::find_if(out->names.begin(), out->names.end(), [&](const auto& n) { return n.first == name; });
      if (close == std::string::npos || it == out->names.end())
        reError(fmt::format("unknown group name '{}' at position {}", name, i + 4));
      ecma += fmt::format("(?:\\{})", it->second);
      i = close;
    } else if (c == '(' && i + 1 < pattern.size() && pattern[i + 1] == '?') {
      const char kind = i + 2 < pattern.size() ? pattern[i + 2] : '\0';
      if (kind != ':' && kind != '=' && kind != '!')
        reError(fmt::format("'(?{}' at position {} is not supported (lookbehind, inline flags)", kind, i));
      ecma += c;
    } else {
      if (c == '(') ++out->groups;
      ecma += c;
    }
  }
  auto syntax = std::regex::ECMAScript;
  if (flags & kIgnoreCase) syntax |= std::regex::icase;
  if (flags & kMultiline) syntax |= std::regex::multiline;
  try {
    out->regex = std::regex(ecma, syntax);
  } catch (const std::regex_error& e) {
    reError(fmt::format("{} in pattern {}", e.what(), repr(Value(pattern))));
  }
  return out;
}

using Span = std::optional<std::pair<size_t, size_t>>;

class MatchObject final : public Object {
public:
  MatchObject(std::shared_ptr<const Compiled> re, std::string subject, const std::smatch& m)
      : m_re(std::move(re)), m_subject(std::move(subject)) {
    for (size_t g = 0; g < m.size(); ++g)
      m_spans.push_back(m[g].matched ? Span{{static_cast<size_t>(m.position(g)),
                                            static_cast<size_t>(m.position(g) + m.length(g))}}
                                     : Span{});
  }
  std::string typeName() const override { return "re.Match"; }
  std::string repr() const override {
    return fmt::format("<re.Match object; span=({}, {}), match={}>", m_spans[0]->first, m_spans[0]->second,
                       uops::frontend::repr(group(0)));
  }
  const MethodTable* methods() const override {
    static const MethodTable table{
        {{"group",
          [](Args& a) {
            const MatchObject& m = as(a.self());
            const std::vector<Value>& which = a.positional();
            if (which.empty()) return m.group(0);
            if (which.size() == 1) return m.group(m.index(which[0]));
            std::vector<Value> items;
            for (const Value& w : which)
              items.push_back(m.group(m.index(w)));
            return Value::tuple(std::move(items));
          }},
         {"groups",
          [](Args& a) {
            auto [fallback] = a.bind({{"default", Value()}});
            const MatchObject& m = as(a.self());
            std::vector<Value> items;
            for (size_t g = 1; g < m.m_spans.size(); ++g)
              items.push_back(m.m_spans[g] ? m.group(g) : fallback);
            return Value::tuple(std::move(items));
          }},
         {"groupdict",
          [](Args& a) {
            auto [fallback] = a.bind({{"default", Value()}});
            const MatchObject& m = as(a.self());
            std::vector<std::pair<Value, Value>> items;
            for (const auto& [name, g] : m.m_re->names)
              items.emplace_back(Value(name), m.m_spans[g] ? m.group(g) : fallback);
            return makeDict(std::move(items));
          }},
         {"start", [](Args& a) { return as(a.self()).bound(a, true, false); }},
         {"end", [](Args& a) { return as(a.self()).bound(a, false, true); }},
         {"span", [](Args& a) { return as(a.self()).bound(a, true, true); }}},
        {{"string", [](const Value& self) { return Value(as(self).m_subject); }},
         {"lastindex", [](const Value& self) {
            const MatchObject& m = as(self);
            for (size_t g = m.m_spans.size(); g-- > 1;)
              if (m.m_spans[g]) return Value(static_cast<int64_t>(g));
            return Value();
          }}}};
    return &table;
  }

  static const MatchObject& as(const Value& v) { return static_cast<const MatchObject&>(*v.object()); }
  Value group(size_t g) const {
    if (!m_spans[g]) return Value();
    return Value(m_subject.substr(m_spans[g]->first, m_spans[g]->second - m_spans[g]->first));
  }
  size_t index(const Value& which) const {
    if (const std::string* name = which.get<std::string>()) {
      for (const auto& [n, g] : m_re->names)
        if (n == *name) return g;
    } else if (which.isIntLike()) {
      const int64_t g = toIndex(which);
      if (g >= 0 && static_cast<size_t>(g) < m_spans.size()) return static_cast<size_t>(g);
    }
    throw ScriptError("IndexError: no such group");
  }

private:
  Value bound(Args& a, bool start, bool end) const {
    auto [which] = a.bind({{"group", 0}});
    const Span& s = m_spans[index(which)];
    const Value first(s ? static_cast<int64_t>(s->first) : int64_t{-1});
    const Value last(s ? static_cast<int64_t>(s->second) : int64_t{-1});
    if (start && end) return Value::tuple({first, last});
    return start ? first : last;
  }

  std::shared_ptr<const Compiled> m_re;
  std::string m_subject;
  std::vector<Span> m_spans;
};

enum class Anchor { Search, Start, Whole };

Value matchAt(const std::shared_ptr<const Compiled>& re, const std::string& subject, Anchor anchor) {
  std::smatch m;
  bool found = anchor == Anchor::Whole    ? std::regex_match(subject, m, re->regex)
               : anchor == Anchor::Start ? std::regex_search(subject, m, re->regex, std::regex_constants::match_continuous)
                                          : std::regex_search(subject, m, re->regex);
  if (!found) return Value();
  return Value(std::make_shared<MatchObject>(re, subject, m));
}

// A replacement template's text for one match: \1, \g<1>, \g<name>, and the escapes \n \t \\.
std::string expand(const std::string& text, const MatchObject& m) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    const char e = text[++i];
    Value piece;
    if (std::isdigit(static_cast<unsigned char>(e))) {
      size_t n = static_cast<size_t>(e - '0');
      if (i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])))
        n = n * 10 + static_cast<size_t>(text[++i] - '0');
      piece = m.group(m.index(Value(static_cast<int64_t>(n))));
    } else if (e == 'g' && i + 1 < text.size() && text[i + 1] == '<') {
      const size_t close = text.find('>', i);
      if (close == std::string::npos) reError("missing >, unterminated name in the replacement");
      const std::string name = text.substr(i + 2, close - i - 2);
      const bool numeric = !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
      piece = m.group(m.index(numeric ? Value(static_cast<int64_t>(std::stoll(name))) : Value(name)));
      i = close;
    } else {
      if (e == 'n') out += '\n';
      else if (e == 't') out += '\t';
      else if (e == '\\') out += '\\';
      else out += {'\\', e}; // kept as written
      continue;
    }
    if (const std::string* s = piece.get<std::string>()) out += *s;
  }
  return out;
}

Value substitute(const std::shared_ptr<const Compiled>& re, const Value& repl, const std::string& subject, int64_t count) {
  std::string out;
  size_t copied = 0;
  int64_t done = 0;
  for (auto it = std::sregex_iterator(subject.begin(), subject.end(), re->regex); it != std::sregex_iterator();
       ++it) {
    if (count > 0 && done == count) break;
    auto match = std::make_shared<MatchObject>(re, subject, *it);
    out += subject.substr(copied, static_cast<size_t>(it->position(0)) - copied);
    if (const std::string* text = repl.get<std::string>()) {
      out += expand(*text, *match);
    } else {
      const Value r = callValue(repl, {Value(match)});
      const std::string* s = r.get<std::string>();
      if (!s) throw ScriptError(fmt::format("TypeError: expected str instance, {} found", r.typeName()));
      out += *s;
    }
    copied = static_cast<size_t>(it->position(0) + it->length(0));
    ++done;
  }
  return Value(out + subject.substr(copied));
}

Value splitBy(const std::shared_ptr<const Compiled>& re, const std::string& subject, int64_t maxsplit) {
  std::vector<Value> parts;
  size_t copied = 0;
  for (auto it = std::sregex_iterator(subject.begin(), subject.end(), re->regex); it != std::sregex_iterator();
       ++it) {
    if (maxsplit > 0 && static_cast<int64_t>(parts.size() / (re->groups + 1)) == maxsplit) break;
    if (it->length(0) == 0) continue;
    parts.emplace_back(subject.substr(copied, static_cast<size_t>(it->position(0)) - copied));
    for (size_t g = 1; g <= re->groups; ++g)
      parts.push_back((*it)[g].matched ? Value(it->str(g)) : Value());
    copied = static_cast<size_t>(it->position(0) + it->length(0));
  }
  parts.emplace_back(subject.substr(copied));
  return Value::list(std::move(parts));
}

Value findAll(const std::shared_ptr<const Compiled>& re, const std::string& subject, bool asMatches) {
  std::vector<Value> found;
  for (auto it = std::sregex_iterator(subject.begin(), subject.end(), re->regex); it != std::sregex_iterator();
       ++it) {
    if (asMatches) {
      found.emplace_back(std::make_shared<MatchObject>(re, subject, *it));
    } else if (re->groups <= 1) {
      found.emplace_back(it->str(re->groups));
    } else {
      std::vector<Value> groups;
      for (size_t g = 1; g <= re->groups; ++g)
        groups.emplace_back(it->str(g));
      found.push_back(Value::tuple(std::move(groups)));
    }
  }
  return Value::list(std::move(found));
}

std::string subjectOf(Args& a, const Value& v) {
  const std::string* s = v.get<std::string>();
  if (!s) a.fail(fmt::format("expected string, got '{}'", v.typeName()));
  return *s;
}

class PatternObject final : public Object {
public:
  explicit PatternObject(std::shared_ptr<const Compiled> re) : m_re(std::move(re)) {}
  std::string typeName() const override { return "re.Pattern"; }
  std::string repr() const override { return fmt::format("re.compile({})", uops::frontend::repr(Value(m_re->pattern))); }
  const MethodTable* methods() const override {
    auto anchored = [](Anchor anchor) {
      return [anchor](Args& a) {
        auto [s] = a.bind({"string"});
        return matchAt(as(a.self()), subjectOf(a, s), anchor);
      };
    };
    static const MethodTable table{
        {{"match", anchored(Anchor::Start)},
         {"fullmatch", anchored(Anchor::Whole)},
         {"search", anchored(Anchor::Search)},
         {"sub",
          [](Args& a) {
            auto [repl, s, count] = a.bind({"repl", "string", {"count", 0}});
            return substitute(as(a.self()), repl, subjectOf(a, s), toIndex(count));
          }},
         {"split",
          [](Args& a) {
            auto [s, maxsplit] = a.bind({"string", {"maxsplit", 0}});
            return splitBy(as(a.self()), subjectOf(a, s), toIndex(maxsplit));
          }},
         {"findall",
          [](Args& a) {
            auto [s] = a.bind({"string"});
            return findAll(as(a.self()), subjectOf(a, s), false);
          }},
         {"finditer",
          [](Args& a) {
            auto [s] = a.bind({"string"});
            return findAll(as(a.self()), subjectOf(a, s), true);
          }}},
        {{"pattern", [](const Value& self) { return Value(as(self)->pattern); }},
         {"flags", [](const Value& self) { return Value(as(self)->flags); }},
         {"groups", [](const Value& self) { return Value(static_cast<int64_t>(as(self)->groups)); }}}};
    return &table;
  }
  static const std::shared_ptr<const Compiled>& as(const Value& v) {
    return static_cast<const PatternObject&>(*v.object()).m_re;
  }
  static const std::shared_ptr<const Compiled>* from(const Value& v) {
    const auto* p = v.isObject() ? dynamic_cast<const PatternObject*>(v.object().get()) : nullptr;
    return p ? &p->m_re : nullptr;
  }

private:
  std::shared_ptr<const Compiled> m_re;
};

std::shared_ptr<const Compiled> patternOf(Args& a, const Value& pattern, const Value& flags) {
  if (const std::shared_ptr<const Compiled>* compiled = PatternObject::from(pattern)) return *compiled;
  return compilePattern(subjectOf(a, pattern), toIndex(flags));
}

} // namespace

void installReModule(ExecState& state) {
  auto re = std::make_shared<Namespace>();
  re->name = "re";
  auto add = [&](std::string name, Value v) { re->members.insert_or_assign(std::move(name), std::move(v)); };
  for (const auto& [names, flag] : std::initializer_list<std::pair<std::pair<const char*, const char*>, int64_t>>{
           {{"I", "IGNORECASE"}, kIgnoreCase}, {{"M", "MULTILINE"}, kMultiline}, {{"S", "DOTALL"}, kDotAll},
           {{"X", "VERBOSE"}, kVerbose}, {{"A", "ASCII"}, kAscii}}) {
    add(names.first, Value(flag));
    add(names.second, Value(flag));
  }
  add("compile", makeNative("compile", [](Args& a) {
        auto [pattern, flags] = a.bind({"pattern", {"flags", 0}});
        return Value(std::make_shared<PatternObject>(patternOf(a, pattern, flags)));
      }));
  for (const auto& [name, anchor] : {std::pair{"match", Anchor::Start}, std::pair{"fullmatch", Anchor::Whole},
                                     std::pair{"search", Anchor::Search}})
    add(name, makeNative(name, [anchor](Args& a) {
          auto [pattern, s, flags] = a.bind({"pattern", "string", {"flags", 0}});
          return matchAt(patternOf(a, pattern, flags), subjectOf(a, s), anchor);
        }));
  add("sub", makeNative("sub", [](Args& a) {
        auto [pattern, repl, s, count, flags] = a.bind({"pattern", "repl", "string", {"count", 0}, {"flags", 0}});
        return substitute(patternOf(a, pattern, flags), repl, subjectOf(a, s), toIndex(count));
      }));
  add("split", makeNative("split", [](Args& a) {
        auto [pattern, s, maxsplit, flags] = a.bind({"pattern", "string", {"maxsplit", 0}, {"flags", 0}});
        return splitBy(patternOf(a, pattern, flags), subjectOf(a, s), toIndex(maxsplit));
      }));
  add("findall", makeNative("findall", [](Args& a) {
        auto [pattern, s, flags] = a.bind({"pattern", "string", {"flags", 0}});
        return findAll(patternOf(a, pattern, flags), subjectOf(a, s), false);
      }));
  add("finditer", makeNative("finditer", [](Args& a) {
        auto [pattern, s, flags] = a.bind({"pattern", "string", {"flags", 0}});
        return findAll(patternOf(a, pattern, flags), subjectOf(a, s), true);
      }));
  add("escape", makeNative("escape", [](Args& a) {
        auto [pattern] = a.bind({"pattern"});
        std::string out;
        for (char c : subjectOf(a, pattern)) {
          if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && static_cast<unsigned char>(c) < 128) out += '\\';
          out += c;
        }
        return Value(out);
      }));
  add("error", state.builtins.at("re.error"));
  state.modules.insert_or_assign("re", std::move(re));
}

} // namespace uops::frontend
