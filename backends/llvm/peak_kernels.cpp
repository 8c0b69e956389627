#include "backends/llvm/peak_kernels.h"

#include <fmt/format.h>

namespace uops {
namespace {

std::string splat(const std::string& scalar, int lanes) {
  std::string out = "<";
  for (int i = 0; i < lanes; ++i)
    out += fmt::format("{}{}", i ? ", " : "", scalar);
  return out + ">";
}

} // namespace

std::string fmaPeakIr(const PeakKernelShape& shape) {
  const std::string v = fmt::format("<{} x float>", shape.lanes);
  const std::string fma = fmt::format("@llvm.fma.v{}f32", shape.lanes);
  std::string ir = fmt::format("declare {0} {1}({0}, {0}, {0})\n\n", v, fma);
  ir += fmt::format("define void @fma_peak(ptr %io, i64 %n) {{\nentry:\n"
                    "  %m = load {0}, ptr %io, align 4\n"
                    "  %a.p = getelementptr inbounds {0}, ptr %io, i64 1\n"
                    "  %a = load {0}, ptr %a.p, align 4\n",
                    v);
  // distinct starting values: equal chains could be merged into one
  for (int c = 0; c < shape.chains; ++c)
    ir += fmt::format("  %init{} = fadd {} %a, {}\n", c, v,
                      splat(fmt::format("float {}.0", c), shape.lanes));
  ir += "  br label %loop\n\nloop:\n  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n";
  for (int c = 0; c < shape.chains; ++c)
    ir += fmt::format("  %x{0}.0 = phi {1} [ %init{0}, %entry ], [ %x{0}.{2}, %loop ]\n", c, v,
                      shape.unroll);
  for (int u = 0; u < shape.unroll; ++u)
    for (int c = 0; c < shape.chains; ++c)
      ir += fmt::format("  %x{0}.{1} = call {2} {3}({2} %x{0}.{4}, {2} %m, {2} %a)\n", c, u + 1, v,
                        fma, u);
  ir += "  %i.next = add i64 %i, 1\n  %more = icmp ult i64 %i.next, %n\n"
        "  br i1 %more, label %loop, label %done\n\ndone:\n";
  std::string sum = fmt::format("%x0.{}", shape.unroll);
  for (int c = 1; c < shape.chains; ++c) {
    ir += fmt::format("  %s{0} = fadd {1} {2}, %x{0}.{3}\n", c, v, sum, shape.unroll);
    sum = fmt::format("%s{}", c);
  }
  ir += fmt::format("  %out.p = getelementptr inbounds {0}, ptr %io, i64 2\n"
                    "  store {0} {1}, ptr %out.p, align 4\n  ret void\n}}\n",
                    v, sum);
  return ir;
}

std::string readPeakIr(int lanes) {
  const std::string v = fmt::format("<{} x i32>", lanes);
  std::string ir =
      "define void @read_peak(ptr %src, i64 %n, ptr %out) {\nentry:\n  br label %loop\n\nloop:\n"
      "  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n";
  for (int c = 0; c < 4; ++c)
    ir += fmt::format("  %acc{0} = phi {1} [ zeroinitializer, %entry ], [ %acc{0}.next, %loop ]\n",
                      c, v);
  for (int c = 0; c < 4; ++c)
    ir += fmt::format("  %k{0} = add i64 %i, {0}\n"
                      "  %p{0} = getelementptr inbounds {1}, ptr %src, i64 %k{0}\n"
                      "  %v{0} = load {1}, ptr %p{0}, align 4\n"
                      "  %acc{0}.next = xor {1} %acc{0}, %v{0}\n",
                      c, v);
  ir +=
      fmt::format("  %i.next = add i64 %i, 4\n  %more = icmp ult i64 %i.next, %n\n"
                  "  br i1 %more, label %loop, label %done\n\ndone:\n"
                  "  %s1 = xor {0} %acc0.next, %acc1.next\n  %s2 = xor {0} %acc2.next, %acc3.next\n"
                  "  %s = xor {0} %s1, %s2\n  store {0} %s, ptr %out, align 4\n  ret void\n}}\n",
                  v);
  return ir;
}

std::string copyPeakIr(int lanes) {
  const std::string v = fmt::format("<{} x i32>", lanes);
  std::string ir =
      "define void @copy_peak(ptr %src, i64 %n, ptr %dst) {\nentry:\n  br label %loop\n\nloop:\n"
      "  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]\n";
  for (int c = 0; c < 4; ++c)
    ir += fmt::format("  %k{0} = add i64 %i, {0}\n"
                      "  %p{0} = getelementptr inbounds {1}, ptr %src, i64 %k{0}\n"
                      "  %q{0} = getelementptr inbounds {1}, ptr %dst, i64 %k{0}\n"
                      "  %v{0} = load {1}, ptr %p{0}, align {2}\n"
                      "  store {1} %v{0}, ptr %q{0}, align {2}, !nontemporal !{{i32 1}}\n",
                      c, v, lanes * 4);
  ir += "  %i.next = add i64 %i, 4\n  %more = icmp ult i64 %i.next, %n\n"
        "  br i1 %more, label %loop, label %done\n\ndone:\n  fence seq_cst\n  ret void\n}\n";
  return ir;
}

double fmaPeakFlops(const PeakKernelShape& shape, long long n) {
  return 2.0 * shape.lanes * shape.chains * shape.unroll * static_cast<double>(n);
}

} // namespace uops
