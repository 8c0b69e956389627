// The library modules written in the program language (core/program/library):
// tinygrad.helpers, tinygrad.nn, tinygrad.nn.optim and tinygrad.nn.state, compiled in as text
// and registered with each program's interpreter (bindings.cpp).
#pragma once

#include <string_view>
#include <vector>

namespace uops::program {

struct LibrarySource {
  std::string_view module; // dotted name
  std::string_view file;   // the name its errors show
  std::string_view text;
};

// In dependency order: a module comes after the ones it imports.
const std::vector<LibrarySource>& librarySources();

} // namespace uops::program
