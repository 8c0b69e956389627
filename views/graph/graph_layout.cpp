#include "views/graph/graph_layout.h"

#include "core/ir/shape.h"
#include "core/ir/text.h"
#include "core/ir/text_arg.h"
#include "views/graph/dot_layout.h"
#include "views/graph/layered_layout.h"
#include "views/graph/visible_graph.h"

#include <QElapsedTimer>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops::views {

namespace {

std::string devicesText(const DeviceArg& d) {
  return d.isTuple() ? fmt::format("({})", fmt::join(d.names, ", ")) : d.names.at(0);
}

// Multi-device graphs: a copy between devices says from where to where, a
// value on a device tuple how it is placed there.
std::string placementLine(const UOp& u) {
  const DeviceRef& to = u.device();
  if (u.op() == Op::Load && to && !u.src().empty() && u.src(0)->device() && *u.src(0)->device() != *to)
    return fmt::format("\ncopy {} -> {}", devicesText(*u.src(0)->device()), devicesText(*to));
  if (to && to->isTuple())
    return u.axis() ? fmt::format("\non {} devices, axis {}", to->names.size(), *u.axis())
                    : fmt::format("\non {} devices, replicated", to->names.size());
  return "";
}

} // namespace

QString nodeLabel(const UOp& u, size_t number) {
  std::string arg = text::printArg(u.op(), u.dtype(), u.arg());
  if (arg.size() > 40) arg = arg.substr(0, 37) + "...";
  std::string text = fmt::format("%{} {}\n{} {}", number, opName(u.op()), toString(u.dtype()), toString(u.shape()));
  if (!arg.empty()) text += "\n" + arg;
  text += placementLine(u);
  return QString::fromStdString(text);
}

namespace {

GraphLayout laidOut(const UOpPtr& root, const LayoutOptions& options, const LayoutProgress& progress) {
  QElapsedTimer timer;
  timer.start();
  VisibleGraph visible = visibleGraph(*root, options.filter);
  GraphLayout out;
  out.root = root;
  out.hidden = visible.hidden;
  for (size_t i = 0; i < visible.nodes.size(); ++i) {
    const UOp* u = visible.nodes[i];
    out.nodes.push_back({u, visible.numbers[i], {}, nodeLabel(*u, visible.numbers[i]), groupColor(opGroup(u->op()))});
  }
  for (auto [from, to] : visible.edges) out.edges.push_back({from, to, {}});
  if (progress) progress(10);
  if (out.nodes.size() <= options.dotLimit) {
    out.engine = QStringLiteral("dot");
    dotLayout(out);
  } else {
    out.engine = QStringLiteral("layered");
    layeredLayout(out, progress);
  }
  if (progress) progress(100);
  out.layoutMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
  return out;
}

} // namespace

GraphLayout layoutGraph(const UOpPtr& root, const LayoutOptions& options, const LayoutProgress& given,
                        const std::atomic<bool>* cancel) {
  struct Cancelled {};
  LayoutProgress progress = [&given, cancel](int percent) {
    if (cancel && *cancel) throw Cancelled{};
    if (given) given(percent);
  };
  try {
    return laidOut(root, options, progress);
  } catch (const Cancelled&) {
    GraphLayout none;
    none.root = root;
    return none;
  }
}

} // namespace uops::views
