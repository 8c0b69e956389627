// LLVM's optimization remarks for a kernel (llvm_remarks.h): the pass
// pipeline's passed and missed remarks, each at the line of the IR text it
// is about (debug locations attached only for this compile); a rendered
// kernel's remarks reach its UOps and the program line they came from
// (kernel_remarks.h); the JIT's ordinary compile of the same IR carries no
// debug information.
#include "tests/support/test_registry.h"
#include "backends/llvm/llvm_jit.h"
#include "backends/llvm/llvm_remarks.h"
#include "core/ir/provenance.h"
#include "core/ir/text.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/kernel_remarks.h"
#include "tests/llvm/llvm_test.h"

#include <QTest>

#include <algorithm>

using namespace uops;
using namespace llvmtest;

namespace {

// out[i] = in[i] * 2 over 4096 floats, as Rangeify hands it to codegen
const char* const kRemarksScaleAst = R"(%0 = Const() dtypes.index () arg=4096
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(4096) (4096,) arg=(slot=0)
%3 = Range(%0) dtypes.index () arg=(0, LOOP)
%4 = Index(%2, %3) dtypes.float.ptr(4096) ()
%5 = Param(%1) dtypes.float.ptr(4096) (4096,) arg=(slot=1)
%6 = Index(%5, %3) dtypes.float.ptr(4096) ()
%7 = Load(%6) dtypes.float () arg=(addrspace=GLOBAL)
%8 = Const() dtypes.float () arg=2.0
%9 = Mul(%7, %8) dtypes.float ()
%10 = Store(%4, %9) dtypes.void ()
%11 = End(%10, %3) dtypes.void ()
%12 = Sink(%11) dtypes.void ()
)";

const Remark* remarkFrom(const std::vector<Remark>& remarks, const std::string& origin, RemarkKind kind) {
  auto it = std::find_if(remarks.begin(), remarks.end(),
                         [&](const Remark& r) { return r.origin == origin && r.kind == kind; });
  return it == remarks.end() ? nullptr : &*it;
}

QString remarksListed(const std::vector<Remark>& remarks) {
  QString out;
  for (const Remark& r : remarks)
    out += QStringLiteral("%1 %2/%3 ir %4 line %5: %6\n")
               .arg(QString::fromUtf8(remarkKindName(r.kind).data()), qs(r.origin), qs(r.name))
               .arg(r.irLine)
               .arg(r.programLine)
               .arg(qs(r.message));
  return out;
}

} // namespace

class TestLlvmRemarks : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void loopVectorizerAtTheLoopsLine() {
    std::vector<Remark> remarks = llvmRemarks(addKernel(), "kernel", hostTarget(), 3);
    const Remark* vectorized = remarkFrom(remarks, "loop-vectorize", RemarkKind::Passed);
    QVERIFY2(vectorized, qPrintable(remarksListed(remarks)));
    QCOMPARE(vectorized->name, std::string("Vectorized"));
    QVERIFY2(vectorized->message.rfind("vectorized loop (vectorization width: ", 0) == 0, vectorized->message.c_str());
    // the loop's back edge: its latch's branch
    QCOMPARE(vectorized->irLine, 22);
    QVERIFY(addKernel().find("  br i1 %more, label %loop, label %exit") != std::string::npos);
  }

  void ordinaryCompilesHaveNoDebugInfo() {
    LlvmJit jit;
    CompiledKernel k = jit.compile(addKernel());
    QVERIFY(k.optimizedIr().find("!dbg") == std::string::npos);
    QVERIFY(k.optimizedIr().find("DICompileUnit") == std::string::npos);
  }

  void renderedKernelRemarksReachTheProgramLine() {
    UOpPtr ast;
    {
      ProvenanceScope line(7); // as if line 7 of a program made the kernel
      ast = parseGraph(kRemarksScaleAst);
    }
    CodegenTarget target = cpuTarget();
    target.heuristics = true;
    LoweredKernel k = lowerKernel(ast, target);
    std::vector<Remark> remarks = llvmRemarks(k.rendered.text, k.rendered.entry, hostTarget(), 3);
    placeKernelRemarks(remarks, k, 3);
    QVERIFY2(!remarks.empty(), k.rendered.text.c_str());
    const Remark* inlined = remarkFrom(remarks, "inline", RemarkKind::Passed);
    QVERIFY2(inlined, qPrintable(remarksListed(remarks)));
    QVERIFY2(inlined->message.find("inlined into 'kernel'") != std::string::npos, inlined->message.c_str());
    int onProgram = 0;
    for (const Remark& r : remarks) {
      QCOMPARE(r.kernel, int64_t{3});
      if (r.irLine <= 0) continue;
      const std::vector<const UOp*>& nodes = renderedLineNodes(k);
      QVERIFY(static_cast<size_t>(r.irLine) <= nodes.size());
      QCOMPARE(r.node.get(), nodes[static_cast<size_t>(r.irLine) - 1]);
      if (r.node) {
        QCOMPARE(r.programLine, 7);
        ++onProgram;
      }
    }
    QVERIFY2(onProgram > 0, qPrintable(remarksListed(remarks)));
  }
};

UOPSCOPE_TEST(TestLlvmRemarks);
#include "test_llvm_remarks.moc"
