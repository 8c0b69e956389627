// Tooltips from core/docs' table: the rich text the explorer shows over an op,
// AxisType, OptOp, kernel name or word of LLVM IR, wherever it appears.
#pragma once

#include "core/ir/op.h"

#include <QString>

namespace uops {
struct KernelName;
struct PipelineRun;
enum class AxisType : uint8_t;
enum class OptOpKind : uint8_t;
}

namespace uops::views {

// An op's entry: meaning, src, arg, dtype rules, the spec's example.
QString opDocToolTip(Op op);
// A documented name's entry ("Add", "UPCAST", "Split", "fadd", "@llvm.sqrt.f32"); "" if none.
QString docToolTip(const QString& name);
// A word of OpenCL C ("get_global_id", "__local"); "" if none.
QString openclToolTip(const QString& word);
// A kernel name range by range: size, AxisType and its meaning.
QString kernelNameToolTip(const KernelName& name);
// Kernel `kernel` of a run: its name after Optimize explained; "" before Optimize ran.
QString kernelToolTip(const PipelineRun& run, size_t kernel);
QString axisTypeToolTip(AxisType type);
QString optOpToolTip(OptOpKind op);
// The word of `line` around `column` (letters, digits, '_', '.', '@'), or "".
QString wordAt(const QString& line, int column);

} // namespace uops::views
