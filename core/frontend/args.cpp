#include "core/frontend/args.h"

#include "core/frontend/dict.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

namespace {

// 'a' | 'a' and 'b' | 'a', 'b', and 'c'  (Python's list of missing names)
std::string nameList(const std::vector<std::string_view>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += names.size() == 2 ? " and " : i + 1 == names.size() ? ", and " : ", ";
    out += fmt::format("'{}'", names[i]);
  }
  return out;
}

std::string plural(size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

} // namespace

void Args::fail(std::string_view message) const {
  throw ScriptError(fmt::format("{}() {}", m_name, message));
}

void Args::expectNone() const {
  size_t given = m_positional.size() + m_keywords.size();
  if (!m_keywords.empty())
    fail(fmt::format("got an unexpected keyword argument '{}'", m_keywords[0].first));
  if (given > 0) fail(fmt::format("takes no arguments ({} given)", given));
}

void Args::bindInto(std::span<const Param> params, std::span<Value> out) const {
  std::vector<ParamSpec> specs;
  specs.reserve(params.size());
  bool keywordOnly = false;
  for (const Param& p : params) {
    ParamSpec spec{p.name, keywordOnly ? ParamRole::KeywordOnly : ParamRole::Positional,
                   p.fallback ? &*p.fallback : nullptr};
    if (p.name.starts_with("**")) {
      spec.name = p.name.substr(2);
      spec.role = ParamRole::VarKeywords;
    } else if (!p.name.empty() && p.name[0] == '*') {
      spec.name = p.name.substr(1);
      spec.role = ParamRole::VarArgs;
      keywordOnly = true;
    }
    specs.push_back(spec);
  }
  bindArguments(*this, specs, out);
}

void bindArguments(const Args& args, std::span<const ParamSpec> params, std::span<Value> out) {
  std::vector<bool> bound(params.size(), false);
  size_t positionalSlots = 0;
  size_t required = 0;
  int varArgs = -1;
  int varKeywords = -1;
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].role == ParamRole::VarKeywords) varKeywords = static_cast<int>(i);
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].role == ParamRole::VarArgs || params[i].role == ParamRole::VarKeywords) {
      if (params[i].role == ParamRole::VarArgs) varArgs = static_cast<int>(i);
      break;
    }
    ++positionalSlots;
    required += params[i].fallback ? 0 : 1;
  }
  const std::vector<Value>& given = args.positional();
  if (given.size() > positionalSlots &&
      (varArgs < 0 || params[static_cast<size_t>(varArgs)].name.empty())) {
    std::string takes =
        required == positionalSlots
            ? plural(positionalSlots, "positional argument")
            : fmt::format("from {} to {} positional arguments", required, positionalSlots);
    args.fail(fmt::format("takes {} but {} {} given", takes, given.size(),
                          given.size() == 1 ? "was" : "were"));
  }
  for (size_t i = 0; i < std::min(given.size(), positionalSlots); ++i) {
    out[i] = given[i];
    bound[i] = true;
  }
  if (varArgs >= 0) {
    auto v = static_cast<size_t>(varArgs);
    std::vector<Value> extra;
    for (size_t i = positionalSlots; i < given.size(); ++i)
      extra.push_back(given[i]);
    out[v] = Value::tuple(std::move(extra));
    bound[v] = true;
  }
  std::shared_ptr<Dict> extraKeywords;
  if (varKeywords >= 0) {
    extraKeywords = Dict::make();
    out[static_cast<size_t>(varKeywords)] = Value(extraKeywords);
    bound[static_cast<size_t>(varKeywords)] = true;
  }
  for (const auto& [name, value] : args.keywords()) {
    size_t i = 0;
    while (i < params.size() &&
           (params[i].role == ParamRole::VarArgs || params[i].role == ParamRole::VarKeywords ||
            params[i].name != name))
      ++i;
    if (i == params.size() && extraKeywords) {
      if (extraKeywords->find(Value(name)))
        args.fail(fmt::format("got multiple values for keyword argument '{}'", name));
      extraKeywords->set(Value(name), value);
      continue;
    }
    if (i == params.size()) args.fail(fmt::format("got an unexpected keyword argument '{}'", name));
    if (bound[i]) args.fail(fmt::format("got multiple values for argument '{}'", name));
    out[i] = value;
    bound[i] = true;
  }
  std::vector<std::string_view> missing;
  std::vector<std::string_view> missingKeywordOnly;
  for (size_t i = 0; i < params.size(); ++i) {
    if (bound[i]) continue;
    if (params[i].fallback)
      out[i] = *params[i].fallback;
    else if (params[i].role == ParamRole::KeywordOnly)
      missingKeywordOnly.push_back(params[i].name);
    else
      missing.push_back(params[i].name);
  }
  if (!missing.empty())
    args.fail(fmt::format("missing {} {}: {}", missing.size(),
                          missing.size() == 1 ? "required positional argument"
                                              : "required positional arguments",
                          nameList(missing)));
  if (!missingKeywordOnly.empty())
    args.fail(fmt::format("missing {} {}: {}", missingKeywordOnly.size(),
                          missingKeywordOnly.size() == 1 ? "required keyword-only argument"
                                                         : "required keyword-only arguments",
                          nameList(missingKeywordOnly)));
}

} // namespace uops::frontend
