// The ISA view's machine code: the entry function disassembled by LLVM's MC layer.
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/llvm_jit.h"

#include <QRegularExpression>
#include <QTest>

#include <memory>
#include <set>

using namespace uops;
using namespace llvmtest;

class TestDisassembly : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase();
  void vectorized();
  void syntaxes();
  void linesCoverTheFunction();
  void branchTargetsAreOffsets();
  void namesRelocations();
  void formatsLines();

private:
  std::unique_ptr<LlvmJit> m_jit;
};

void TestDisassembly::initTestCase() {
#if !defined(__x86_64__)
  QSKIP("the expected instructions are x86's");
#endif
  m_jit = std::make_unique<LlvmJit>();
}

static QString mnemonics(const std::vector<AsmLine>& lines) {
  QString out;
  for (const auto& line : lines)
    out += qs(line.text.substr(0, line.text.find(' '))) + u' ';
  return out;
}

void TestDisassembly::vectorized() {
  // The loop vectorizer used the host's SIMD adds (SSE addps, AVX vaddps).
  const CompiledKernel kernel = m_jit->compile(addKernel());
  const auto lines = kernel.disassembly();
  QVERIFY2(mnemonics(lines).contains(QStringLiteral("addps ")), qPrintable(qs(kernel.assembly())));
  QVERIFY(mnemonics(lines).contains(QStringLiteral("ret ")));
}

void TestDisassembly::syntaxes() {
  const CompiledKernel kernel = m_jit->compile(addKernel());
  const QString intel = qs(kernel.assembly(AsmSyntax::Intel));
  const QString att = qs(kernel.assembly(AsmSyntax::Att));
  // Intel: "vaddps ymm0, ymm1, ymmword ptr [...]"; AT&T: "vaddps (%rsi,%rax,4), %ymm0, %ymm0".
  QVERIFY2(intel.contains(QStringLiteral(" ptr [")), qPrintable(intel));
  QVERIFY2(!intel.contains(u'%'), qPrintable(intel));
  QVERIFY2(att.contains(QStringLiteral("%r")), qPrintable(att));
  QVERIFY2(!att.contains(QStringLiteral(" ptr [")), qPrintable(att));
  QCOMPARE(kernel.disassembly(AsmSyntax::Intel).size(), kernel.disassembly(AsmSyntax::Att).size());
}

void TestDisassembly::linesCoverTheFunction() {
  const auto lines = m_jit->compile(scaleKernel(2)).disassembly();
  QVERIFY(!lines.empty());
  uint64_t next = 0;
  for (const auto& line : lines) {
    QCOMPARE(line.offset, next); // no gaps, no overlaps, no undecodable bytes
    QVERIFY(!line.bytes.empty());
    QVERIFY(line.text != "(bad)");
    next += line.bytes.size();
  }
}

void TestDisassembly::branchTargetsAreOffsets() {
  // Every jump lands on an instruction of the function: targets count from
  // its first byte, like the offset column.
  const auto lines = m_jit->compile(addKernel()).disassembly();
  std::set<uint64_t> starts;
  for (const auto& line : lines)
    starts.insert(line.offset);
  static const QRegularExpression jump(QStringLiteral("^j[a-z]+ 0x([0-9a-f]+)$"));
  int jumps = 0;
  for (const auto& line : lines) {
    const auto match = jump.match(qs(line.text));
    if (!match.hasMatch()) continue;
    ++jumps;
    QVERIFY2(starts.count(match.captured(1).toULongLong(nullptr, 16)), line.text.c_str());
  }
  QVERIFY(jumps > 0); // the loop's back edge at least
}

void TestDisassembly::namesRelocations() {
  // Before linking, the call to expf is a relocation; the line says so.
  const auto lines = m_jit->compile(expKernel()).disassembly();
  bool named = false;
  for (const auto& line : lines)
    named |= line.relocation.find("expf") != std::string::npos;
  QVERIFY2(named, qPrintable(qs(formatAsm(lines))));
}

void TestDisassembly::formatsLines() {
  AsmLine line;
  line.offset = 0x1a;
  line.bytes = {0xc5, 0xfc, 0x58, 0x06};
  line.text = "vaddps ymm0, ymm0, ymmword ptr [rsi]";
  QCOMPARE(qs(formatAsmLine(line, 5)),
           QStringLiteral("    1a: c5 fc 58 06     vaddps ymm0, ymm0, ymmword ptr [rsi]"));
  line.relocation = "R_X86_64_PLT32 expf-0x4";
  QCOMPARE(
      qs(formatAsmLine(line, 4)),
      QStringLiteral(
          "    1a: c5 fc 58 06  vaddps ymm0, ymm0, ymmword ptr [rsi]  # R_X86_64_PLT32 expf-0x4"));
}

UOPSCOPE_TEST(TestDisassembly);
#include "test_disassembly.moc"
