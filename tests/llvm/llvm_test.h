// Shared by the llvm backend tests: hand-written LLVM IR kernels (as a
// renderer would print them) and small helpers.
#pragma once

#include "backends/llvm/jit_error.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <string>

namespace llvmtest {

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// tinygrad's CPU calling convention: buffers in an array of pointers, ints in
// another. out[i] = a[i] + b[i] for i < ints[0].
inline const std::string& addKernel() {
  static const std::string ir = R"(define void @kernel(ptr %bufs, ptr %ints) {
entry:
  %out = load ptr, ptr %bufs, align 8
  %a.slot = getelementptr inbounds ptr, ptr %bufs, i64 1
  %a = load ptr, ptr %a.slot, align 8
  %b.slot = getelementptr inbounds ptr, ptr %bufs, i64 2
  %b = load ptr, ptr %b.slot, align 8
  %n = load i64, ptr %ints, align 8
  %empty = icmp sle i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %po = getelementptr inbounds float, ptr %out, i64 %i
  %va = load float, ptr %pa, align 4
  %vb = load float, ptr %pb, align 4
  %sum = fadd float %va, %vb
  store float %sum, ptr %po, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
)";
  return ir;
}
using KernelFn = void(void**, int64_t*);

// A direct signature: out[i] = in[i] * k for i < n, under any entry name.
inline std::string scaleKernel(int k, const std::string& entry = "kernel") {
  return "define void @" + entry + R"((ptr noalias %out, ptr noalias %in, i64 %n) {
entry:
  %empty = icmp sle i64 %n, 0
  br i1 %empty, label %exit, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %pi = getelementptr inbounds float, ptr %in, i64 %i
  %po = getelementptr inbounds float, ptr %out, i64 %i
  %v = load float, ptr %pi, align 4
  %r = fmul float %v, )" +
         std::to_string(k) + R"(.0
  store float %r, ptr %po, align 4
  %next = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
)";
}
using ScaleFn = void(float*, const float*, int64_t);

// Calls libm's expf: the JIT must resolve it from the process.
inline const std::string& expKernel() {
  static const std::string ir = R"(declare float @expf(float)

define float @kernel(float %x) {
  %e = call float @expf(float %x)
  ret float %e
}
)";
  return ir;
}

// Runs f, returning the JitError it throws (kind Setup with "no error" if none).
inline uops::JitError errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const uops::JitError& e) {
    return e;
  }
  return uops::JitError(uops::JitError::Kind::Setup, "no error");
}

} // namespace llvmtest
