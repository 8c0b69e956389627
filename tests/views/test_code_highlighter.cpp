// The Code view's highlighting rules: each language colours its keywords,
// types, numbers, comments, labels and registers (the kind each token gets).
#include "tests/support/test_registry.h"
#include "views/code/code_highlight_rules.h"

#include <QTest>

#include <optional>

using namespace uops::views;

namespace {

// The kind of the token at the first occurrence of `word` on `line`.
std::optional<TokenKind> kindAt(CodeLanguage language, const QString& line, const QString& word) {
  const std::vector<int> kinds = lineTokens(highlightRules(language), line);
  const auto at = static_cast<size_t>(line.indexOf(word));
  if (at >= kinds.size() || kinds[at] < 0) return std::nullopt;
  return static_cast<TokenKind>(kinds[at]);
}

} // namespace

class TestCodeHighlighter : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void llvmIr() {
    const QString l = QStringLiteral("  %v5 = fadd float %v2, 1.5 ; sum");
    QCOMPARE(kindAt(CodeLanguage::LlvmIr, l, QStringLiteral("fadd")), TokenKind::Keyword);
    QCOMPARE(kindAt(CodeLanguage::LlvmIr, l, QStringLiteral("float")), TokenKind::Type);
    QCOMPARE(kindAt(CodeLanguage::LlvmIr, l, QStringLiteral("%v2")), TokenKind::Register);
    QCOMPARE(kindAt(CodeLanguage::LlvmIr, l, QStringLiteral("1.5")), TokenKind::Number);
    QCOMPARE(kindAt(CodeLanguage::LlvmIr, l, QStringLiteral("sum")), TokenKind::Comment);
    QCOMPARE(kindAt(CodeLanguage::LlvmIr, QStringLiteral("loop0.body:"), QStringLiteral("loop0")), TokenKind::Label);
    QCOMPARE(kindAt(CodeLanguage::LlvmIr, QStringLiteral("  %r0 = phi i64 [ 0, %entry ]"), QStringLiteral("i64")),
             TokenKind::Type);
  }

  void openClC() {
    const QString l = QStringLiteral("__kernel void E_16(__global float* restrict data0) { // kernel");
    QCOMPARE(kindAt(CodeLanguage::OpenClC, l, QStringLiteral("__kernel")), TokenKind::Keyword);
    QCOMPARE(kindAt(CodeLanguage::OpenClC, l, QStringLiteral("float")), TokenKind::Type);
    QCOMPARE(kindAt(CodeLanguage::OpenClC, l, QStringLiteral("// kernel")), TokenKind::Comment);
    const QString g = QStringLiteral("  long gidx0 = get_group_id(0); float v1 = 2.5f;");
    QCOMPARE(kindAt(CodeLanguage::OpenClC, g, QStringLiteral("get_group_id")), TokenKind::Builtin);
    QCOMPARE(kindAt(CodeLanguage::OpenClC, g, QStringLiteral("2.5f")), TokenKind::Number);
    QCOMPARE(kindAt(CodeLanguage::OpenClC, g, QStringLiteral("v1")), std::nullopt);
    QCOMPARE(kindAt(CodeLanguage::OpenClC, QStringLiteral("#pragma OPENCL EXTENSION cl_khr_fp64 : enable"),
                    QStringLiteral("pragma")),
             TokenKind::Label);
  }

  void assembly() {
    const QString l = QStringLiteral("  1a: c5 fc 58 04 86     vaddps ymm0, ymm1, ymmword ptr [rsi + 4*rax]");
    QCOMPARE(kindAt(CodeLanguage::Assembly, l, QStringLiteral("1a")), TokenKind::Label);
    QCOMPARE(kindAt(CodeLanguage::Assembly, l, QStringLiteral("c5 fc")), TokenKind::Comment);
    QCOMPARE(kindAt(CodeLanguage::Assembly, l, QStringLiteral("vaddps")), TokenKind::Keyword);
    QCOMPARE(kindAt(CodeLanguage::Assembly, l, QStringLiteral("ymm1")), TokenKind::Register);
    QCOMPARE(kindAt(CodeLanguage::Assembly, l, QStringLiteral("rsi")), TokenKind::Register);
    QCOMPARE(kindAt(CodeLanguage::Assembly, l, QStringLiteral("ymmword")), TokenKind::Type);
    QCOMPARE(kindAt(CodeLanguage::Assembly, l, QStringLiteral("4*")), TokenKind::Number);
    QCOMPARE(kindAt(CodeLanguage::Assembly, QStringLiteral("; E_16/0-0-0/E_16.so"), QStringLiteral("E_16")),
             TokenKind::Comment);
  }

  // A later rule recolours an earlier one: a keyword inside a comment is comment
  void laterRulesWin() {
    QCOMPARE(kindAt(CodeLanguage::LlvmIr, QStringLiteral("; call ret"), QStringLiteral("call")), TokenKind::Comment);
    QCOMPARE(lineTokens(highlightRules(CodeLanguage::LlvmIr), QString()).size(), size_t{0});
  }
};

UOPSCOPE_TEST(TestCodeHighlighter);
#include "test_code_highlighter.moc"
