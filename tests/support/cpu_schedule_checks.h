// What the CPU schedule tests (tests/cpu/test_{conv,gemm}_schedule.cpp,
// test_conv_shapes.cpp, test_conv_stride2.cpp) ask of a hand-built kernel: the heuristics' target of
// a 2-core AVX-512 machine, the ops of the lowered kernel's innermost loop,
// and its results on the CPU against the kernel interpreter.
#pragma once

#include "backends/llvm/cpu_device.h"
#include "core/engine/kernel_interpreter.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"

#include <QString>

#include <map>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace cpuschedule {

using namespace uops;

// Two cores with 512-bit vectors (AVX-512), whatever the host.
inline OptTarget wideTarget() {
  OptTarget t;
  t.threads = 2;
  t.vectorBits = 512;
  return t;
}

// Two cores with 256-bit vectors (AVX2) and their 16 registers.
inline OptTarget narrowTarget() {
  OptTarget t = wideTarget();
  t.vectorBits = 256;
  return t;
}

// The OptOps the heuristics choose for `kernel` on `target`, as text.
inline QString heuristicOptsText(const UOpPtr& kernel, const OptTarget& target = wideTarget()) {
  return QString::fromStdString(formatOpts(heuristicOpts(kernel, target)));
}

inline bool isSingleIteration(const UOp& u) {
  if (u.op() != Op::Range) return false;
  std::optional<ConstValue> bound = u.src(0)->constValue();
  return bound && std::holds_alternative<int64_t>(*bound) && std::get<int64_t>(*bound) == 1;
}

// The ops between the innermost Range of a Linear and its End, counted by
// name (a Range of one iteration, left by a whole-row UPCAST, is not a loop).
inline std::map<std::string, int> innermostLoopOps(const UOp& linear) {
  const UOpList& ops = linear.src();
  size_t first = 0;
  for (size_t i = 0; i < ops.size(); ++i)
    if (ops[i]->op() == Op::Range && !isSingleIteration(*ops[i])) first = i;
  std::map<std::string, int> counts;
  for (size_t i = first + 1; i < ops.size(); ++i) {
    if (ops[i]->op() == Op::End) break;
    ++counts[std::string(opName(ops[i]->op()))];
  }
  return counts;
}

// The kernel with the wide target's heuristics (or `opts`) on the CPU against
// the kernel interpreter without them, on small multiples of 1/4 (every sum
// exact in float32): empty when every element is equal, else the first that
// is not.
inline QString mismatchWithInterpreter(const UOpPtr& kernel, std::optional<std::vector<Opt>> opts = std::nullopt,
                                       uint64_t seed = 7) {
  CpuDevice device;
  CpuProgram program = device.compile(lowerKernel(kernel, cpuTarget(), opts ? *opts : heuristicOpts(kernel, wideTarget())));
  std::mt19937_64 rng(seed);
  std::vector<HostTensor> bufs;
  for (const KernelParam& p : program.kernel.params) {
    HostTensor t(p.dtype, {p.size});
    for (int64_t e = 0; e < p.size && !p.written; ++e)
      t.setDouble(e, static_cast<double>(std::uniform_int_distribution<int>(-4, 4)(rng)) / 4);
    bufs.push_back(t);
  }
  std::vector<HostTensor> want = bufs;
  for (HostTensor& t : want) t = t.withShape(t.shape());
  std::vector<HostTensor*> ptrs;
  for (HostTensor& t : want) ptrs.push_back(&t);
  runKernel(*UOp::make(Op::Call, dtypes::void_, {kernel}), ptrs);
  device.run(program, bufs);
  for (int64_t e = 0; e < want[0].numel(); ++e)
    if (float(bufs[0].getDouble(e)) != float(want[0].getDouble(e)))
      return QStringLiteral("element %1: %2, the interpreter %3").arg(e).arg(bufs[0].getDouble(e)).arg(want[0].getDouble(e));
  return {};
}

} // namespace cpuschedule
