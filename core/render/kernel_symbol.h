// A kernel's name as a function name in rendered source: letters, digits and
// '_' (anything else becomes '_'), never empty, never starting with a digit.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace uops {

inline std::string kernelSymbol(std::string_view name) {
  std::string out;
  for (char c : name)
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (out.empty()) return "kernel_fn";
  return std::isdigit(static_cast<unsigned char>(out.front())) ? "k_" + out : out;
}

} // namespace uops
