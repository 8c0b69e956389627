#include "core/ir/uop.h"

#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
  CLI::App app{"uopc: the UOpScope compiler core, headless"};
  CLI11_PARSE(app, argc, argv);
  return 0;
}
