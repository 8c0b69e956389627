// Render: golden LLVM IR for an elementwise add, and the rendering of each law
// that needs more than one instruction (guarded division, masked shifts,
// NaN-propagating max, saturating casts, float16 storage, bool storage, gates).
// That the IR compiles and computes what the evaluator does is tests/cpu's job.
#include "tests/support/test_registry.h"
#include "tests/support/golden_text.h"
#include "tests/support/kernel_ast.h"

#include "core/pipeline/codegen.h"
#include "core/render/codegen_error.h"
#include "core/render/render_llvm.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

std::string source(const UOpPtr& kernel, const CodegenTarget& target = cpuTarget()) {
  return lowerKernel(kernel, target).rendered.text;
}

// out[i] = f(a[i], b[i]) for i < 8, int32 unless said otherwise.
UOpPtr binaryKernel(const std::function<UOpPtr(const UOpPtr&, const UOpPtr&)>& f,
                    DType d = dtypes::int32) {
  UOpPtr r = range(8, 0);
  UOpPtr value = f(load(buf(1, d, 8), r), load(buf(2, d, 8), r));
  return sink({end(store(buf(0, value->dtype(), 8), r, value), {r})});
}

#define CHECK_CONTAINS(text, needle)                                                               \
  QVERIFY2((text).find(needle) != std::string::npos,                                               \
           qPrintable(QStringLiteral("missing: ") + QString::fromStdString(needle) +               \
                      QStringLiteral("\nin:\n") + QString::fromStdString(text)))

} // namespace

class TestRenderLlvm : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void elementwiseAddGolden();
  void divisionGuardedByRange();
  void shiftsMasked();
  void maxPropagatesNan();
  void castsSaturate();
  void halfStoredAsI16();
  void boolStoredAsI8();
  void gatedLoadBranches();
  void accumulatorIsAlloca();
  void refusesUnrenderableOp();
};

void TestRenderLlvm::elementwiseAddGolden() {
  QString diff = golden::difference(source(elementwise(Op::Add, dtypes::float32, 16)),
                                    R"(; kernel E_16: rendered by UOpScope for the CPU

define internal void @E_16(ptr noalias %data0, ptr noalias %data1, ptr noalias %data2, i64 %tid) #0 {
entry:
  br label %loop0
loop0:
  %r0 = phi i64 [ 0, %entry ], [ %r0.next, %loop0.latch ]
  %r0.go = icmp slt i64 %r0, 16
  br i1 %r0.go, label %loop0.body, label %loop0.exit
loop0.body:
  %v0 = getelementptr inbounds float, ptr %data0, i64 %r0
  %v1 = getelementptr inbounds float, ptr %data1, i64 %r0
  %v2 = load float, ptr %v1
  %v3 = getelementptr inbounds float, ptr %data2, i64 %r0
  %v4 = load float, ptr %v3
  %v5 = fadd float %v2, %v4
  store float %v5, ptr %v0
  br label %loop0.latch
loop0.latch:
  %r0.next = add nuw nsw i64 %r0, 1
  br label %loop0
loop0.exit:
  ret void
}

; the CPU device's ABI: void kernel(void** bufs, int64_t tid)
define void @kernel(ptr %bufs, i64 %tid) #1 {
entry:
  %a0 = getelementptr inbounds ptr, ptr %bufs, i64 0
  %p0 = load ptr, ptr %a0, !align !{i64 64}, !noundef !{}
  %a1 = getelementptr inbounds ptr, ptr %bufs, i64 1
  %p1 = load ptr, ptr %a1, !align !{i64 64}, !noundef !{}
  %a2 = getelementptr inbounds ptr, ptr %bufs, i64 2
  %p2 = load ptr, ptr %a2, !align !{i64 64}, !noundef !{}
  call void @E_16(ptr %p0, ptr %p1, ptr %p2, i64 %tid)
  ret void
}

attributes #0 = { alwaysinline nounwind }
attributes #1 = { nounwind }
)");
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

// x/0 = 0 and MIN/-1 = MIN are the evaluator's law and undefined in LLVM: a
// divisor that may be 0 or -1 is replaced by 1 and the result selected; a
// constant divisor needs no guard.
void TestRenderLlvm::divisionGuardedByRange() {
  std::string s = source(binaryKernel([](auto a, auto b) { return alu(Op::Idiv, {a, b}); }));
  CHECK_CONTAINS(s, std::string("  %v5 = icmp eq i32 %v4, 0\n"
                                "  %v6 = icmp eq i32 %v4, -1\n"
                                "  %v7 = or i1 %v5, %v6\n"
                                "  %v8 = select i1 %v7, i32 1, i32 %v4\n"
                                "  %v9 = sdiv i32 %v2, %v8\n"
                                "  %v10 = sub i32 0, %v2\n"
                                "  %v11 = select i1 %v6, i32 %v10, i32 %v9\n"
                                "  %v12 = select i1 %v5, i32 0, i32 %v11\n"));
  std::string byFour = source(binaryKernel([](auto a, auto) { return a % 4; }));
  CHECK_CONTAINS(byFour, std::string("= srem i32 %v2, 4\n"));
  QVERIFY(byFour.find("icmp eq") == std::string::npos);
  std::string unsignedMod = source(binaryKernel(
      [](auto a, auto b) {
        return alu(Op::Mod, {a, b});
      },
      dtypes::uint8));
  CHECK_CONTAINS(unsignedMod, std::string("= urem i8 "));
  QVERIFY(unsignedMod.find("-1") == std::string::npos); // no MIN/-1 for unsigned
}

void TestRenderLlvm::shiftsMasked() {
  std::string s = source(binaryKernel([](auto a, auto b) { return a >> b; }, dtypes::int8));
  CHECK_CONTAINS(s, std::string("  %v5 = and i8 %v4, 7\n  %v6 = ashr i8 %v2, %v5\n"));
  std::string u = source(binaryKernel([](auto a, auto b) { return a >> b; }, dtypes::uint16));
  CHECK_CONTAINS(u, std::string("lshr i16"));
}

void TestRenderLlvm::maxPropagatesNan() {
  auto floatMax = [](auto a, auto b) { return maximum(a, b); };
  // on x86 two ordered maxes ANDed, a NaN compare ORed in (render_llvm_alu.cpp)
  CodegenTarget x86 = cpuTarget();
  x86.maximumByOrderedMax = true;
  std::string f = source(binaryKernel(floatMax, dtypes::float32), x86);
  CHECK_CONTAINS(f, std::string("= fcmp ogt float %v2, %v4\n"));
  CHECK_CONTAINS(f, std::string("= fcmp ogt float %v4, %v2\n"));
  CHECK_CONTAINS(f, std::string("= fcmp uno float %v2, %v4\n"));
  QVERIFY(f.find("@llvm.maximum") == std::string::npos);
  CodegenTarget plain = cpuTarget();
  plain.maximumByOrderedMax = false;
  std::string g = source(binaryKernel(floatMax, dtypes::float32), plain);
  CHECK_CONTAINS(g, std::string("declare float @llvm.maximum.f32(float, float)\n"));
  CHECK_CONTAINS(g, std::string("= call float @llvm.maximum.f32(float %v2, float %v4)\n"));
  std::string i = source(binaryKernel([](auto a, auto b) { return maximum(a, b); }));
  CHECK_CONTAINS(i, std::string("@llvm.smax.i32"));
  std::string u =
      source(binaryKernel([](auto a, auto b) { return maximum(a, b); }, dtypes::uint32));
  CHECK_CONTAINS(u, std::string("@llvm.umax.i32"));
}

void TestRenderLlvm::castsSaturate() {
  UOpPtr r = range(8, 0);
  UOpPtr x = load(buf(1, dtypes::float32, 8), r);
  UOpPtr k = sink({end(store(buf(0, dtypes::int8, 8), r, cast(x, dtypes::int8)), {r}),
                   end(store(buf(2, dtypes::uint64, 8), r, cast(x, dtypes::uint64)), {r}),
                   end(store(buf(3, dtypes::bool_, 8), r, cast(x, dtypes::bool_)), {r})});
  std::string s = source(k);
  // compares and selects around plain conversions (LLVM vectorizes them)
  CHECK_CONTAINS(s, std::string("%v3 = fcmp uno float %v2, %v2\n"));
  CHECK_CONTAINS(s, std::string("%v5 = fcmp oge float %v2, 0x4060000000000000\n"));
  CHECK_CONTAINS(s, std::string("%v8 = select i1 %v4, float 0xC060000000000000, float %v7\n"));
  CHECK_CONTAINS(s, std::string("%v9 = fptosi float %v8 to i8\n"));
  CHECK_CONTAINS(s, std::string("%v10 = select i1 %v5, i8 127, i8 %v9\n"));
  CHECK_CONTAINS(s, std::string("%v14 = fcmp oge float %v2, 0x43F0000000000000\n"));
  CHECK_CONTAINS(s, std::string("%v18 = fptoui float %v17 to i64\n"));
  CHECK_CONTAINS(s, std::string("%v19 = select i1 %v14, i64 -1, i64 %v18\n"));
  QVERIFY(s.find(".sat.") == std::string::npos);
  CHECK_CONTAINS(s, std::string("fcmp une float %v"));
}

// float16 lives as i16 in memory and as float in registers, rounded after each op.
void TestRenderLlvm::halfStoredAsI16() {
  std::string s = source(binaryKernel([](auto a, auto b) { return a * b; }, dtypes::float16));
  CHECK_CONTAINS(s, std::string("define internal float @uops.f16_to_f32(i16 %h) #0 {"));
  CHECK_CONTAINS(s, std::string("define internal i16 @uops.f32_to_f16(float %f) #0 {"));
  CHECK_CONTAINS(s, std::string("  %v2 = load i16, ptr %v1\n"
                                "  %v3 = call float @uops.f16_to_f32(i16 %v2)\n"));
  CHECK_CONTAINS(s, std::string("  %v7 = fmul float %v3, %v6\n"
                                "  %v8 = call i16 @uops.f32_to_f16(float %v7)\n"
                                "  %v9 = call float @uops.f16_to_f32(i16 %v8)\n"
                                "  store i16 %v8, ptr %v0\n"));
}

void TestRenderLlvm::boolStoredAsI8() {
  std::string s = source(binaryKernel([](auto a, auto b) { return a ^ b; }, dtypes::bool_));
  CHECK_CONTAINS(s, std::string("  %v2 = load i8, ptr %v1\n  %v3 = icmp ne i8 %v2, 0\n"));
  CHECK_CONTAINS(s, std::string("  %v7 = xor i1 %v3, %v6\n  %v8 = zext i1 %v7 to i8\n"
                                "  store i8 %v8, ptr %v0\n"));
}

void TestRenderLlvm::gatedLoadBranches() {
  std::string s = source(padKernel(dtypes::float32, 4, 1, 2));
  CHECK_CONTAINS(s,
                 std::string("  %v2 = getelementptr float, ptr %data1, i64 %v1\n")); // not inbounds
  CHECK_CONTAINS(s, std::string("  br i1 %v6, label %v7.then, label %v7.done\n"
                                "v7.then:\n"
                                "  %v8 = load float, ptr %v2\n"
                                "  br label %v7.done\n"
                                "v7.done:\n"
                                "  %v7 = phi float [ %v8, %v7.then ], [ 0x0000000000000000, "
                                "%loop0.body ]\n"));
}

void TestRenderLlvm::accumulatorIsAlloca() {
  std::string s = source(reduceRows(Op::Max, dtypes::float32, 4, 8));
  CHECK_CONTAINS(s, std::string("entry:\n  %reg0 = alloca float, i64 1\n"));
  CHECK_CONTAINS(s, std::string("store float 0xFFF0000000000000, ptr %v1\n")); // -inf
}

void TestRenderLlvm::refusesUnrenderableOp() {
  UOpPtr special = UOp::make(Op::Special, dtypes::index, {constIndex(4)}, std::string("gidx0"));
  UOpPtr linear = UOp::make(Op::Linear, dtypes::void_, {constIndex(4), special});
  try {
    renderLlvm(linear, {}, "k");
    QFAIL("rendered a Special");
  } catch (const CodegenError& e) {
    QCOMPARE(QString::fromStdString(e.stage()), QStringLiteral("Render"));
    QCOMPARE(QString::fromUtf8(e.what()),
             QStringLiteral("cannot render Special dtypes.index to LLVM IR: the CPU target has no "
                            "such instruction"));
  }
}

UOPSCOPE_TEST(TestRenderLlvm);
#include "test_render_llvm.moc"
