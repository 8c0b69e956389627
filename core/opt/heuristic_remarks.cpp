#include "core/opt/heuristic_remarks.h"

#include "core/opt/kernel_ranges.h"
#include "core/remarks/remark_scope.h"

#include <fmt/format.h>

namespace uops {

void remarkHeuristicOpt(const UOpPtr& kernel, const Opt& opt, std::string_view why, const std::string& refused) {
  if (!remarksOn()) return;
  const std::vector<UOpPtr> ranges = kernelRanges(kernel);
  const UOpPtr axis = opt.axis >= 0 && static_cast<size_t>(opt.axis) < ranges.size()
                          ? ranges[static_cast<size_t>(opt.axis)]
                          : UOpPtr();
  // a split axis may be new (no line): the kernel's output line then
  int32_t line = axis ? axis->line() : 0;
  for (const UOp* u : toposort(*kernel))
    if (line == 0 && u->op() == Op::Store) line = u->src(1)->line();
  const std::string message = refused.empty() ? fmt::format("{}: {}", formatOpt(opt), why)
                                              : fmt::format("{} refused ({}): {}", formatOpt(opt), why, refused);
  emitRemark({.kind = refused.empty() ? RemarkKind::Passed : RemarkKind::Missed,
              .origin = "Optimize",
              .name = "OptOp",
              .message = message,
              .programLine = line,
              .node = axis});
}

void remarkHeuristicFact(std::string_view message) {
  if (!remarksOn()) return;
  emitRemark({.kind = RemarkKind::Analysis, .origin = "Optimize", .name = "Heuristics", .message = std::string(message)});
}

} // namespace uops
