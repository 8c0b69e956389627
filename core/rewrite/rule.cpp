#include "core/rewrite/rule.h"

#include <fmt/format.h>

namespace uops {

Rule::Rule(std::string name, UPat pattern, RuleFnPtr fn, std::source_location location)
    : m_impl(std::make_shared<const Impl>(
          Impl{std::move(name), std::move(pattern), fn, {}, location})) {}

Rule::Rule(std::string name, UPat pattern, std::function<UOpPtr(const Match&)> fn,
           std::source_location location)
    : m_impl(std::make_shared<const Impl>(
          Impl{std::move(name), std::move(pattern), nullptr, std::move(fn), location})) {}

std::string Rule::locationText() const {
  std::string_view file = location().file_name();
  if (auto slash = file.find_last_of('/'); slash != std::string_view::npos)
    file.remove_prefix(slash + 1);
  return fmt::format("{}:{}", file, location().line());
}

} // namespace uops
