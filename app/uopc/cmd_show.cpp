#include "app/uopc/commands.h"

#include "core/ir/text.h"
#include "core/ir/verify.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace uopc {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(fmt::format("cannot open '{}'", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Prints the graph with its derived properties; a graph that breaks the spec is
// still printed (so the user sees it) before its errors, and uopc fails.
void show(const std::string& path) {
  uops::UOpPtr root;
  try {
    root = uops::parseGraph(readFile(path));
  } catch (const uops::ParseError& e) {
    throw std::runtime_error(fmt::format("{}:{}", path, e.what()));
  }
  std::cout << uops::printGraph(root, {.showDerived = true});
  auto errors = uops::verify(root);
  if (errors.empty()) return;
  std::cout.flush();
  throw std::runtime_error(fmt::format("{}: graph breaks {} spec rule{}:\n{}", path, errors.size(),
                                       errors.size() == 1 ? "" : "s", uops::formatErrors(errors)));
}

} // namespace

void addShowCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("show", "print a textual IR graph with its derived properties");
  auto path = std::make_shared<std::string>();
  cmd->add_option("file", *path, "a .uop file (textual IR)")->required();
  cmd->callback([path] { show(*path); });
}

} // namespace uopc
