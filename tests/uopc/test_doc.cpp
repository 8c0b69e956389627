// uopc doc: an entry as text or JSON, the list of names, a clear error with
// close matches for an unknown name; and every instruction and intrinsic the
// LLVM renderer writes for the bundled examples has an entry in core/docs,
// and every builtin the OpenCL renderer writes for them.
#include "tests/support/uopc_process.h"
#include "tests/support/test_registry.h"

#include "core/docs/llvm_doc.h"
#include "core/docs/opencl_doc.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <set>

namespace {

using DocRun = uops::testsupport::UopcRun;

DocRun runUopc(const QStringList& args) {
  return uops::testsupport::runUopcProcess(args);
}

} // namespace

class TestDoc : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void printsAnEntry() {
    DocRun r = runUopc({QStringLiteral("doc"), QStringLiteral("Reduce")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QStringLiteral(
                        "Reduce: Reduce op\n"
                        "  meaning  Reduce T along axes (before Rangeify) or over ranges r0, r1, ... (after); the "
                        "reduced axes collapse to size 1.\n"
                        "  src      (T, r0, r1, ...): T and the ranges it reduces over\n"
                        "  arg      the reduce op (Add, Max or Mul) and the axes\n"
                        "  dtype    src[0].dtype; the reduced axes collapse to 1; min_max the dtype range\n"
                        "  example  gemm: (A.reshape(M,K,1) * B.reshape(1,K,N)).sum(1)\n"));
    DocRun intrinsic = runUopc({QStringLiteral("doc"), QStringLiteral("@llvm.sqrt.v4f32")});
    QCOMPARE(intrinsic.code, 0);
    QVERIFY2(intrinsic.out.startsWith(QStringLiteral("llvm.sqrt: LLVM IR intrinsic\n")), qPrintable(intrinsic.out));
  }

  void printsJson() {
    DocRun r = runUopc({QStringLiteral("doc"), QStringLiteral("Split"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonObject j = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(j.value(QStringLiteral("kind")).toString(), QStringLiteral("opt_op"));
    QCOMPARE(j.value(QStringLiteral("example")).toString(), QStringLiteral("Split(0, 4, UPCAST)"));
    QCOMPARE(j.value(QStringLiteral("arg")).toString(), QStringLiteral("factor k, target AxisType, top?"));
  }

  void listsEveryName() {
    DocRun r = runUopc({QStringLiteral("doc"), QStringLiteral("--list")});
    QCOMPARE(r.code, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 100);
    QVERIFY2(lines.front().startsWith(QStringLiteral("Param ")), qPrintable(lines.front()));
    QVERIFY(lines.contains(QStringLiteral("UPCAST                 AxisType, letter u")));
    QVERIFY(lines.contains(QStringLiteral("fadd                   LLVM IR instruction")));
  }

  void unknownNameSaysWhatIsClose() {
    DocRun r = runUopc({QStringLiteral("doc"), QStringLiteral("Reduse")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.startsWith(QStringLiteral("uopc: doc: no entry for 'Reduse'; did you mean Reduce")), qPrintable(r.err));
    DocRun none = runUopc({QStringLiteral("doc")});
    QCOMPARE(none.code, 1);
    QVERIFY2(none.err.contains(QStringLiteral("pass --list")), qPrintable(none.err));
  }

  // What the LLVM renderer writes for every bundled example: each instruction
  // (the first word of an indented line, after "%x = "), each top-level
  // keyword and each intrinsic has an entry.
  void everyEmittedLlvmWordIsDocumented() {
    const QDir dir(QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples"));
    const QStringList examples = dir.entryList({QStringLiteral("*.py")}, QDir::Files);
    QVERIFY(!examples.isEmpty());
    static const QRegularExpression instruction(QStringLiteral(R"(^\s+(?:%[\w.]+\s*=\s*)?([a-z]+))"));
    static const QRegularExpression topLevel(QStringLiteral(R"(^(define|declare)\b)"));
    static const QRegularExpression intrinsic(QStringLiteral(R"(@llvm\.[\w.]+)"));
    std::set<std::string> seen, missing;
    for (const QString& example : examples) {
      DocRun r = runUopc({QStringLiteral("emit"), QStringLiteral("--source"), dir.filePath(example)});
      QVERIFY2(r.code == 0, qPrintable(example + QStringLiteral(": ") + r.err));
      for (const QString& line : r.out.split(QLatin1Char('\n'))) {
        std::vector<QString> words;
        if (auto m = instruction.match(line); m.hasMatch()) words.push_back(m.captured(1));
        if (auto m = topLevel.match(line); m.hasMatch()) words.push_back(m.captured(1));
        for (auto it = intrinsic.globalMatch(line); it.hasNext();) words.push_back(it.next().captured(0));
        for (const QString& w : words) {
          const std::string word = w.toStdString();
          seen.insert(uops::docs::llvmDocName(word));
          if (!uops::docs::llvmDoc(word)) missing.insert(word);
        }
      }
    }
    std::string list;
    for (const std::string& m : missing) list += m + " ";
    QVERIFY2(missing.empty(), list.c_str());
    // the examples exercise the table: loads, stores, loops, float math, intrinsics
    // (the bounds of sigmoid's exp, once a Max against a constant, are selects)
    for (const char* word :
         {"load", "store", "br", "phi", "fadd", "getelementptr", "llvm.fma", "llvm.sqrt"})
      QVERIFY2(seen.count(word), word);
  }

  // The OpenCL renderer's builtins (called names no kernel or helper of the
  // source defines) and qualifiers for every bundled example on CL:0.
  void everyEmittedOpenClBuiltinIsDocumented() {
    const QDir dir(QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples"));
    static const QRegularExpression defined(QStringLiteral(R"((?:static|__kernel)\s+[\w\s*]*?\b(\w+)\()"));
    static const QRegularExpression called(QStringLiteral(R"(\b([A-Za-z_]\w*)\()"));
    static const QRegularExpression qualifier(QStringLiteral(R"(\b(__\w+|CLK_\w+|restrict)\b)"));
    const QStringList keywords = {QStringLiteral("for"), QStringLiteral("if"), QStringLiteral("while"),
                                  QStringLiteral("return"), QStringLiteral("sizeof")};
    std::set<std::string> seen, missing;
    for (const QString& example : dir.entryList({QStringLiteral("*.py")}, QDir::Files)) {
      DocRun r = runUopc({QStringLiteral("emit"), QStringLiteral("--device"), QStringLiteral("CL:0"),
                          QStringLiteral("--source"), dir.filePath(example)});
      if (r.code != 0 && r.err.contains(QStringLiteral("no device"))) QSKIP("no OpenCL device CL:0");
      QVERIFY2(r.code == 0, qPrintable(example + QStringLiteral(": ") + r.err));
      QStringList code;
      for (const QString& line : r.out.split(QLatin1Char('\n')))
        if (!line.trimmed().startsWith(QStringLiteral("//"))) code << line;
      const QString text = code.join(QLatin1Char('\n'));
      QSet<QString> own;
      for (auto it = defined.globalMatch(text); it.hasNext();) own.insert(it.next().captured(1));
      std::vector<QString> words;
      for (auto it = called.globalMatch(text); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (!own.contains(name) && !keywords.contains(name)) words.push_back(name);
      }
      for (auto it = qualifier.globalMatch(text); it.hasNext();) words.push_back(it.next().captured(1));
      for (const QString& w : words) {
        seen.insert(uops::docs::openclDocName(w.toStdString()));
        if (!uops::docs::openclDoc(w.toStdString())) missing.insert(w.toStdString());
      }
    }
    std::string list;
    for (const std::string& m : missing) list += m + " ";
    QVERIFY2(missing.empty(), list.c_str());
    for (const char* word : {"__kernel", "__global", "get_global_id", "fmax"}) QVERIFY2(seen.count(word), word);
  }
};

UOPSCOPE_TEST(TestDoc);
#include "test_doc.moc"
