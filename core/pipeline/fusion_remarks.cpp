#include "core/pipeline/fusion_remarks.h"

#include "core/remarks/remark_scope.h"

#include <fmt/format.h>

namespace uops {
namespace {

std::string fusionAtLine(int32_t line) {
  return line > 0 ? fmt::format(" (line {})", line) : std::string();
}

std::string fusionBufferName(const UOp& buffer) {
  return buffer.op() == Op::Buffer ? fmt::format("buffer {}", buffer.argAs<BufferArg>().id) : "a buffer";
}

} // namespace

std::string_view reductionWord(const UOp& reduce) {
  const Op op = reduce.argAs<ReduceArg>().op;
  if (op == Op::Add) return "sum";
  if (op == Op::Max) return "max";
  if (op == Op::Mul) return "product";
  return "reduction";
}

std::string recomputeReason(const UOp& costly, int64_t times) {
  const std::string what = costly.op() == Op::Reduce ? fmt::format("the {}", reductionWord(costly))
                                                      : fmt::format("its {}", opName(costly.op()));
  if (times > 1)
    return fmt::format("{} would be recomputed {} times, once per iteration of the reader's loops it does not "
                       "depend on",
                       what, times);
  return fmt::format("{} would be recomputed for every element of a loop it is broadcast along", what);
}

void remarkKeptBuffer(const UOp& buffer, const UOp& value, const UOp& load, const std::string& reason) {
  emitRemark({.kind = RemarkKind::Missed,
              .origin = "Rangeify",
              .name = "KeptBuffer",
              .message = fmt::format("{}{} is not fused into its reader{}: {}", fusionBufferName(buffer),
                                     fusionAtLine(value.line()), fusionAtLine(load.line()), reason),
              .programLine = value.line(),
              .node = buffer.ptr()});
}

void remarkFusedBuffer(const UOp& buffer, const UOp& value, const UOp& load) {
  emitRemark({.kind = RemarkKind::Passed,
              .origin = "Rangeify",
              .name = "Fused",
              .message = fmt::format("{}{} is recomputed in its reader{} instead of stored", fusionBufferName(buffer),
                                     fusionAtLine(value.line()), fusionAtLine(load.line())),
              .programLine = value.line(),
              .node = buffer.ptr()});
}

} // namespace uops
