// DOT text laid out by dot and rendered as SVG (Graphviz's own renderer).
#pragma once

#include <stdexcept>
#include <string>

namespace uops::graphviz {

// DOT text that Graphviz cannot read or lay out.
class DotError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

std::string dotToSvg(const std::string& dot);

} // namespace uops::graphviz
