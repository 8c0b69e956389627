// The printer half of text.h.
#include "core/ir/text.h"

#include "core/ir/shape.h"
#include "core/ir/text_arg.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace uops {
namespace {

// A plain device name bare (CPU, CL:0), anything else as the arg syntax writes
// it, so that no byte of a name can end the line.
std::string commentDevice(const DeviceArg& d) {
  auto plain = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == ':' || c == '_' || c == '.' ||
           c == '-';
  };
  if (d.names.size() == 1 && !d.names[0].empty() &&
      std::all_of(d.names[0].begin(), d.names[0].end(), plain))
    return d.names[0];
  return text::printDevice(d);
}

// `# device=CPU min_max=[0, 15] axis=0`; min_max is meaningless for void and
// pointers, so those leave it out, as nodes without device or axis leave theirs.
std::string derivedComment(const UOp& node) {
  std::string s;
  if (node.device()) s += " device=" + commentDevice(*node.device());
  if (!node.dtype().isVoid() && !node.dtype().isPtr) s += " min_max=" + toString(node.minMax());
  if (node.axis()) s += fmt::format(" axis={}", *node.axis());
  return s.empty() ? s : " #" + s;
}

} // namespace

NodeIds numberNodes(const UOp& root) {
  NodeIds ids;
  for (const UOp* node : toposort(root))
    ids.emplace(node, ids.size());
  return ids;
}

std::string printNode(const UOp& node, const NodeIds& ids, PrintOptions options) {
  std::string line = fmt::format("%{} = {}(", ids.at(&node), opName(node.op()));
  for (size_t i = 0; i < node.src().size(); ++i)
    line += fmt::format("{}%{}", i ? ", " : "", ids.at(node.src(i).get()));
  line += fmt::format(") {} {}", toString(node.dtype()),
                      node.shapeValid() ? toString(node.shape()) : "<invalid>");
  std::string arg = text::printArg(node.op(), node.dtype(), node.arg());
  if (!arg.empty()) line += " arg=" + arg;
  if (node.tag()) line += fmt::format(" tag={}", *node.tag());
  if (options.showDerived) line += derivedComment(node);
  return line;
}

std::string printGraph(const UOpPtr& root, PrintOptions options) {
  std::vector<const UOp*> order = toposort(*root);
  NodeIds ids;
  for (const UOp* node : order)
    ids.emplace(node, ids.size());
  std::string out;
  for (const UOp* node : order)
    out += printNode(*node, ids, options) + "\n";
  return out;
}

} // namespace uops
