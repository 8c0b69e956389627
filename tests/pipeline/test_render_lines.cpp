// Render: which node of the Linear produced each line of the source, for the
// Code view (a node's lines highlighted, a line's node selected). Both
// renderers keep one entry per line; a node's lines hold its rendering, and
// lines no single node produced (headers, signatures) have none.
#include "tests/support/golden_text.h"
#include "tests/support/kernel_ast.h"

#include "core/pipeline/codegen.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

// The Linear's first node with op `op`.
const UOp* firstOf(const UOpPtr& linear, Op op) {
  for (const UOpPtr& u : linear->src())
    if (u->op() == op) return u.get();
  return nullptr;
}

// The lines `node` produced, in order.
std::vector<std::string> linesOf(const std::string& source, const std::vector<const UOp*>& nodes,
                                 const UOp* node) {
  std::vector<std::string> all = golden::lines(source), out;
  for (size_t i = 0; i < all.size() && i < nodes.size(); ++i)
    if (nodes[i] == node) out.push_back(all[i]);
  return out;
}

bool anyContains(const std::vector<std::string>& lines, const std::string& needle) {
  for (const std::string& l : lines)
    if (l.find(needle) != std::string::npos) return true;
  return false;
}

QString shown(const std::vector<std::string>& lines) {
  QString out;
  for (const std::string& l : lines) out += QString::fromStdString(l) + QLatin1Char('\n');
  return out;
}

} // namespace

class TestRenderLines : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void llvmLinesMapToNodes();
  void openClLinesMapToNodes();
  void llvmRangeOwnsItsBlocks();
};

void TestRenderLines::llvmLinesMapToNodes() {
  LoweredKernel k = lowerKernel(elementwise(Op::Add, dtypes::float32, 16), cpuTarget());
  const RenderedLlvm& r = k.llvm;
  QCOMPARE(r.lineNodes.size(), golden::lines(r.source).size());
  QCOMPARE(r.lineNodes.front(), nullptr); // the "; kernel ..." header
  const UOp* store = firstOf(k.linear, Op::Store);
  const UOp* add = firstOf(k.linear, Op::Add);
  QVERIFY(store && add);
  std::vector<std::string> storeLines = linesOf(r.source, r.lineNodes, store);
  std::vector<std::string> addLines = linesOf(r.source, r.lineNodes, add);
  QCOMPARE(storeLines.size(), size_t{1});
  QVERIFY2(anyContains(storeLines, "store float"), qPrintable(shown(storeLines)));
  QCOMPARE(addLines.size(), size_t{1});
  QVERIFY2(anyContains(addLines, "= fadd float"), qPrintable(shown(addLines)));
  // the trampoline is no node's
  std::vector<std::string> unmapped = linesOf(r.source, r.lineNodes, nullptr);
  QVERIFY(anyContains(unmapped, "define void @kernel"));
  QVERIFY(!anyContains(unmapped, "fadd"));
}

void TestRenderLines::openClLinesMapToNodes() {
  LoweredKernel k = lowerKernel(elementwise(Op::Add, dtypes::float32, 16), openClTarget("CL:0"));
  const RenderedOpenCl& r = k.opencl;
  QCOMPARE(r.lineNodes.size(), golden::lines(r.source).size());
  QCOMPARE(r.lineNodes.front(), nullptr);
  const UOp* store = firstOf(k.linear, Op::Store);
  const UOp* add = firstOf(k.linear, Op::Add);
  QVERIFY(store && add);
  std::vector<std::string> storeLines = linesOf(r.source, r.lineNodes, store);
  std::vector<std::string> addLines = linesOf(r.source, r.lineNodes, add);
  QCOMPARE(storeLines.size(), size_t{1});
  QVERIFY2(anyContains(storeLines, "data0["), qPrintable(shown(storeLines)));
  QCOMPARE(addLines.size(), size_t{1});
  QVERIFY2(anyContains(addLines, "float v") && anyContains(addLines, "+"), qPrintable(shown(addLines)));
  QVERIFY(anyContains(linesOf(r.source, r.lineNodes, nullptr), "__kernel void"));
}

// A loop's header, body label and latch belong to its Range and End.
void TestRenderLines::llvmRangeOwnsItsBlocks() {
  LoweredKernel k = lowerKernel(elementwise(Op::Add, dtypes::float32, 16), cpuTarget());
  const UOp* range = firstOf(k.linear, Op::Range);
  const UOp* end = firstOf(k.linear, Op::End);
  QVERIFY(range && end);
  std::vector<std::string> rangeLines = linesOf(k.llvm.source, k.llvm.lineNodes, range);
  QVERIFY2(anyContains(rangeLines, "= phi i64") && anyContains(rangeLines, "loop0.body:"), qPrintable(shown(rangeLines)));
  QVERIFY(anyContains(linesOf(k.llvm.source, k.llvm.lineNodes, end), "loop0.latch:"));
}

QTEST_GUILESS_MAIN(TestRenderLines)
#include "test_render_lines.moc"
