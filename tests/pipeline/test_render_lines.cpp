// Render: which node of the Linear produced each line of the source, for the
// Code view (a node's lines highlighted, a line's node selected). Both
// renderers keep one entry per line; a node's lines hold its rendering, and
// lines no single node produced (headers, signatures) have none.
#include "tests/support/test_registry.h"
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
  void linesMapToNodes_data();
  void linesMapToNodes();
  void llvmRangeOwnsItsBlocks();
};

void TestRenderLines::linesMapToNodes_data() {
  QTest::addColumn<bool>("openCl");
  QTest::addColumn<QString>("storeText");
  QTest::addColumn<QStringList>("addTexts");
  QTest::addColumn<QString>("unmappedText");   // on some line of no node
  QTest::addColumn<QString>("unmappedAbsent"); // on no such line ("": not checked)
  // the trampoline is no node's
  QTest::newRow("LLVM IR") << false << QStringLiteral("store float") << QStringList{QStringLiteral("= fadd float")}
                           << QStringLiteral("define void @kernel") << QStringLiteral("fadd");
  QTest::newRow("OpenCL C") << true << QStringLiteral("data0[")
                            << QStringList{QStringLiteral("float v"), QStringLiteral("+")}
                            << QStringLiteral("__kernel void") << QString();
}

void TestRenderLines::linesMapToNodes() {
  QFETCH(bool, openCl);
  QFETCH(QString, storeText);
  QFETCH(QStringList, addTexts);
  QFETCH(QString, unmappedText);
  QFETCH(QString, unmappedAbsent);
  LoweredKernel k = lowerKernel(elementwise(Op::Add, dtypes::float32, 16), openCl ? openClTarget("CL:0") : cpuTarget());
  QCOMPARE(k.rendered.language, openCl ? RenderLanguage::OpenClC : RenderLanguage::LlvmIr);
  const std::string& source = k.rendered.text;
  const std::vector<const UOp*>& nodes = k.rendered.lineNodes;
  QCOMPARE(nodes.size(), golden::lines(source).size());
  QCOMPARE(nodes.front(), nullptr); // the header comment
  const UOp* store = firstOf(k.linear, Op::Store);
  const UOp* add = firstOf(k.linear, Op::Add);
  QVERIFY(store && add);
  std::vector<std::string> storeLines = linesOf(source, nodes, store);
  std::vector<std::string> addLines = linesOf(source, nodes, add);
  QCOMPARE(storeLines.size(), size_t{1});
  QVERIFY2(anyContains(storeLines, storeText.toStdString()), qPrintable(shown(storeLines)));
  QCOMPARE(addLines.size(), size_t{1});
  for (const QString& text : addTexts)
    QVERIFY2(anyContains(addLines, text.toStdString()), qPrintable(shown(addLines)));
  std::vector<std::string> unmapped = linesOf(source, nodes, nullptr);
  QVERIFY(anyContains(unmapped, unmappedText.toStdString()));
  if (!unmappedAbsent.isEmpty()) QVERIFY(!anyContains(unmapped, unmappedAbsent.toStdString()));
}

// A loop's header, body label and latch belong to its Range and End.
void TestRenderLines::llvmRangeOwnsItsBlocks() {
  LoweredKernel k = lowerKernel(elementwise(Op::Add, dtypes::float32, 16), cpuTarget());
  const UOp* range = firstOf(k.linear, Op::Range);
  const UOp* end = firstOf(k.linear, Op::End);
  QVERIFY(range && end);
  std::vector<std::string> rangeLines = linesOf(k.rendered.text, k.rendered.lineNodes, range);
  QVERIFY2(anyContains(rangeLines, "= phi i64") && anyContains(rangeLines, "loop0.body:"), qPrintable(shown(rangeLines)));
  QVERIFY(anyContains(linesOf(k.rendered.text, k.rendered.lineNodes, end), "loop0.latch:"));
}

UOPSCOPE_TEST(TestRenderLines);
#include "test_render_lines.moc"
