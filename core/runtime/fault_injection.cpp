#include "core/runtime/fault_injection.h"

#include <cstdlib>

namespace uops {

bool faultInjected(std::string_view site, std::string_view kernel) {
  const char* value = std::getenv("UOPSCOPE_INJECT_FAULT");
  return value && faultInjected(site, kernel, value);
}

bool faultInjected(std::string_view site, std::string_view kernel, std::string_view spec) {
  const size_t colon = spec.find(':');
  if (colon == std::string_view::npos || spec.substr(0, colon) != site) return false;
  const std::string_view text = spec.substr(colon + 1);
  return !text.empty() && kernel.find(text) != std::string_view::npos;
}

} // namespace uops
