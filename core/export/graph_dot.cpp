#include "core/export/graph_dot.h"

#include "core/ir/dtype.h"
#include "core/ir/op.h"
#include "core/ir/text_arg.h"

#include <fmt/format.h>

#include <unordered_map>

namespace uops {
namespace {

// A DOT string literal's body: quotes and backslashes escaped, newlines as \n.
std::string dotEscaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

std::string dotCut(std::string text) {
  if (text.size() > 48) text = text.substr(0, 45) + "...";
  return text;
}

std::string dotLabel(const UOp& u) {
  std::string label = fmt::format("{}\n{}", opName(u.op()), toString(u.dtype()));
  std::string arg = text::printArg(u.op(), u.dtype(), u.arg());
  if (!arg.empty()) label += "\n" + dotCut(arg);
  return label;
}

} // namespace

std::string graphDot(const UOpPtr& root, size_t maxNodes) {
  std::vector<const UOp*> nodes = toposort(*root);
  if (nodes.size() > maxNodes) nodes.erase(nodes.begin(), nodes.end() - static_cast<std::ptrdiff_t>(maxNodes));
  std::unordered_map<const UOp*, size_t> ids;
  for (size_t i = 0; i < nodes.size(); ++i) ids.emplace(nodes[i], i);
  std::string out = "digraph uops {\n  node [shape=box, fontsize=10, fontname=\"monospace\"];\n";
  for (size_t i = 0; i < nodes.size(); ++i)
    out += fmt::format("  n{} [label=\"{}\"];\n", i, dotEscaped(dotLabel(*nodes[i])));
  for (size_t i = 0; i < nodes.size(); ++i)
    for (const UOpPtr& s : nodes[i]->src())
      if (auto from = ids.find(s.get()); from != ids.end()) out += fmt::format("  n{} -> n{};\n", from->second, i);
  out += "}\n";
  return out;
}

} // namespace uops
