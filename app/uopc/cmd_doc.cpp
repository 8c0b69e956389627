#include "app/uopc/commands.h"

#include "core/docs/doc_entry.h"
#include "core/docs/doc_format.h"

#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace uopc {
namespace {

struct DocOptions {
  std::string name;
  bool list = false;
  bool json = false;
};

void runDoc(const DocOptions& o) {
  namespace docs = uops::docs;
  if (o.list) {
    std::vector<std::string> names = docs::allDocNames();
    if (o.json) {
      std::cout << nlohmann::json(names).dump(2) << "\n";
      return;
    }
    for (const std::string& name : names) {
      std::optional<docs::DocEntry> entry = docs::findDoc(name);
      std::cout << fmt::format("{:<22} {}\n", name, entry ? entry->summary : "");
    }
    return;
  }
  if (o.name.empty()) throw std::runtime_error("doc: name an op, AxisType, OptOp, LLVM IR or OpenCL C word, or pass --list");
  std::optional<docs::DocEntry> entry = docs::findDoc(o.name);
  if (!entry) {
    std::vector<std::string> close = docs::closeDocNames(o.name);
    std::string hint = close.empty() ? std::string(" (uopc doc --list names them all)")
                                     : fmt::format("; did you mean {}?", fmt::join(close, ", "));
    throw std::runtime_error(fmt::format("doc: no entry for '{}'{}", o.name, hint));
  }
  if (o.json) {
    std::cout << docs::docJson(*entry).dump(2) << "\n";
    return;
  }
  std::cout << docs::docText(*entry);
}

} // namespace

void addDocCommand(CLI::App& app) {
  auto opts = std::make_shared<DocOptions>();
  auto* cmd = app.add_subcommand("doc", "what an op, AxisType, OptOp, LLVM IR or OpenCL C word means");
  cmd->add_option("name", opts->name, "Add, UPCAST, Split, fadd, llvm.sqrt.f32, get_global_id, ...");
  cmd->add_flag("--list", opts->list, "every documented name with its kind");
  cmd->add_flag("--json", opts->json, "the entry (or the list) as JSON");
  cmd->callback([opts] { runDoc(*opts); });
}

} // namespace uopc
