#include "core/render/vector_access_remarks.h"

#include "core/remarks/remark_scope.h"

#include <fmt/format.h>

namespace uops {
namespace {

std::string vectorAccessWhat(const UOp& access, size_t count) {
  const UOp& param = *access.src(0)->src(0);
  return fmt::format("{} {}s of data{}", count, access.op() == Op::Store ? "store" : "load",
                     param.argAs<ParamArg>().slot);
}

} // namespace

void remarkVectorGroup(const std::vector<const UOp*>& lanes, bool gated, std::string_view refused, int64_t stride) {
  if (!remarksOn() || lanes.empty()) return;
  const UOp& first = *lanes.front();
  const std::string what = vectorAccessWhat(first, lanes.size());
  const char* where = stride == 2 ? "every other element" : "consecutive elements";
  emitRemark({.kind = refused.empty() ? RemarkKind::Passed : RemarkKind::Missed,
              .origin = "Render",
              .name = first.op() == Op::Store ? "VectorStore" : "VectorLoad",
              .message = refused.empty() ? fmt::format("{} at {} as one {}vector access{}", what, where,
                                                       gated ? "masked " : "",
                                                       stride == 2 ? " of twice the lanes, the even ones kept" : "")
                                         : fmt::format("{} at {} not vectorized: {}", what, where, refused),
              .programLine = first.line(),
              .node = first.ptr()});
}

void remarkLeftToCompiler(const UOp& first, size_t runs) {
  if (!remarksOn()) return;
  emitRemark({.kind = RemarkKind::Analysis,
              .origin = "Render",
              .name = "VectorAccess",
              .message = fmt::format("{} runs of accesses at consecutive elements stay scalar: only gated accesses "
                                     "group into vectors in this kernel (the compiler's vectorizer packs the others)",
                                     runs),
              .programLine = first.line(),
              .node = first.ptr()});
}

void remarkNonConsecutive(const UOp& first, size_t count, int64_t gap) {
  if (!remarksOn()) return;
  emitRemark({.kind = RemarkKind::Missed,
              .origin = "Render",
              .name = first.op() == Op::Store ? "VectorStore" : "VectorLoad",
              .message = fmt::format("{} not vectorized: non-consecutive index (lanes {} elements apart)",
                                     vectorAccessWhat(first, count), gap),
              .programLine = first.line(),
              .node = first.ptr()});
}

} // namespace uops
