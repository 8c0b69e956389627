// Compile failures are JitErrors with LLVM's message and the IR line; the
// process never dies and the JIT stays usable.
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/llvm_jit.h"

#include <QTest>

#include <vector>

using namespace uops;
using namespace llvmtest;

class TestErrors : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void parseError();
  void verifyError();
  void missingEntry();
  void internalEntry();
  void unresolvedSymbol();
  void badOptLevel();
  void fatalErrorInCodegen();
  void diagnosticInCodegen();
  void usableAfterErrors();
};

void TestErrors::parseError() {
  const JitError e = errorOf([] {
    LlvmJit().compile("define void @kernel() {\n"
                      "  %x = fadd float 1.0, %nowhere\n"
                      "  ret void\n"
                      "}\n");
  });
  QCOMPARE(toString(e.kind()), "parse");
  QCOMPARE(e.line(), 2);
  QCOMPARE(e.column(), 24);
  QCOMPARE(qs(e.what()),
           QStringLiteral("invalid LLVM IR at line 2:24: use of undefined value '%nowhere'\n"
                          "    %x = fadd float 1.0, %nowhere\n"
                          "                         ^"));
}

void TestErrors::verifyError() {
  // Parses, but %x does not dominate its use in %b.
  const JitError e = errorOf([] {
    LlvmJit().compile("define i32 @kernel(i1 %c) {\n"
                      "entry:\n"
                      "  br i1 %c, label %a, label %b\n"
                      "a:\n"
                      "  %x = add i32 1, 2\n"
                      "  br label %b\n"
                      "b:\n"
                      "  ret i32 %x\n"
                      "}\n");
  });
  QCOMPARE(toString(e.kind()), "verify");
  QCOMPARE(e.line(), 5);
  QVERIFY2(qs(e.what()).startsWith(QStringLiteral(
               "invalid LLVM IR at line 5: Instruction does not dominate all uses!")),
           e.what());
}

void TestErrors::missingEntry() {
  const JitError e = errorOf([] { LlvmJit().compile(addKernel(), {.entry = "main"}); });
  QCOMPARE(toString(e.kind()), "entry");
  QCOMPARE(qs(e.what()), QStringLiteral("entry function 'main' is not defined in the module"));
}

void TestErrors::internalEntry() {
  const JitError e =
      errorOf([] { LlvmJit().compile("define internal void @kernel() {\n  ret void\n}\n"); });
  QCOMPARE(toString(e.kind()), "entry");
}

void TestErrors::unresolvedSymbol() {
  const JitError e = errorOf([] {
    LlvmJit().compile("declare void @uops_no_such_function()\n"
                      "define void @kernel() {\n"
                      "  call void @uops_no_such_function()\n"
                      "  ret void\n"
                      "}\n");
  });
  QCOMPARE(toString(e.kind()), "link");
  QCOMPARE(qs(e.what()),
           QStringLiteral("cannot link the kernel: Symbols not found: [ uops_no_such_function ]"));
}

void TestErrors::badOptLevel() {
  const JitError e = errorOf([] { LlvmJit().compile(addKernel(), {.optLevel = 4}); });
  QCOMPARE(qs(e.what()), QStringLiteral("optimization level must be 0..3, got 4"));
}

void TestErrors::fatalErrorInCodegen() {
#if defined(__SANITIZE_ADDRESS__)
  QSKIP("recovering from a fatal error leaks LLVM's half-built objects by design");
#endif
#if !defined(__x86_64__)
  QSKIP("needs a host whose code generator cannot select an AArch64 intrinsic");
#endif
  // Valid IR that x86's instruction selector cannot handle: LLVM calls
  // report_fatal_error ("Cannot select"), which would end the process.
  const JitError e = errorOf([] {
    LlvmJit().compile(
        "declare <4 x float> @llvm.aarch64.neon.fmax.v4f32(<4 x float>, <4 x float>)\n"
        "define <4 x float> @kernel(<4 x float> %a, <4 x float> %b) {\n"
        "  %m = call <4 x float> @llvm.aarch64.neon.fmax.v4f32(<4 x float> %a, <4 x float> %b)\n"
        "  ret <4 x float> %m\n"
        "}\n");
  });
  QCOMPARE(toString(e.kind()), "codegen");
  QCOMPARE(
      qs(e.what()),
      QStringLiteral("code generation failed: Cannot select: intrinsic %llvm.aarch64.neon.fmax"));
}

void TestErrors::diagnosticInCodegen() {
#if !defined(__x86_64__)
  QSKIP("the inline assembly below is x86's");
#endif
  // The assembler rejects the inline asm through LLVMContext's diagnostics,
  // which call exit(1) unless someone handles them.
  const JitError e = errorOf([] {
    LlvmJit().compile("define void @kernel() {\n"
                      "  call void asm sideeffect \"uops_not_an_instruction\", \"\"()\n"
                      "  ret void\n"
                      "}\n");
  });
  QCOMPARE(toString(e.kind()), "codegen");
  QVERIFY2(qs(e.what()).contains(QStringLiteral("invalid instruction mnemonic")), e.what());
}

void TestErrors::usableAfterErrors() {
  LlvmJit jit;
  QCOMPARE(toString(errorOf([&] { jit.compile("garbage"); }).kind()), "parse");
  QCOMPARE(toString(errorOf([&] { jit.compile(addKernel(), {.entry = "nope"}); }).kind()), "entry");
  const CompiledKernel kernel = jit.compile(scaleKernel(4));
  std::vector<float> in{1, 2}, out(2);
  kernel.entryAs<ScaleFn>()(out.data(), in.data(), 2);
  QCOMPARE(out, (std::vector<float>{4, 8}));
  QCOMPARE(jit.stats().compiles, uint64_t(1));
}

UOPSCOPE_TEST(TestErrors);
#include "test_errors.moc"
