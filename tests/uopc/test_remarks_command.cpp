// `uopc remarks`, run as a user runs it: Rangeify's fusion remark first
// (the rule that kept a buffer and how often fusing would recompute it),
// then each kernel's: the heuristics' OptOps and LLVM's passes, each with its
// program line and IR line; --kernel lists one kernel, --json the same
// remarks as objects, --no-compiler the pipeline's alone; an unknown kernel
// is an error.
#include "tests/support/uopc_process.h"
#include "tests/support/test_registry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

using RemarksRun = uops::testsupport::UopcRun;

RemarksRun uopcRemarks(QStringList args) {
  args.prepend(QStringLiteral("remarks"));
  return uops::testsupport::runUopcProcess(args);
}

// (a @ b) @ c over computed operands: t stays a buffer (line 5)
const char* const kRemarksProgram = R"(from tinygrad import Tensor
a = Tensor.arange(4096).reshape(64, 64).float() * 0.1
b = Tensor.arange(4096).reshape(64, 64).float() * 0.2
c = Tensor.arange(4096).reshape(64, 64).float() * 0.3
t = a @ b
out = t @ c
)";

} // namespace

class TestRemarksCommand : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  QString m_program;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_program = m_dir.filePath(QStringLiteral("chain.py"));
    QFile f(m_program);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kRemarksProgram);
  }

  void textPerKernel() {
    RemarksRun r = uopcRemarks({m_program});
    QCOMPARE(r.code, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // first the values recomputed in their readers (the aranges), with no kernel of their own
    QVERIFY2(lines.size() > 4 && lines[0].startsWith(QStringLiteral("  passed   Rangeify         line 2    ir -    "
                                                                      "buffer ")),
             qPrintable(r.out));
    // kernel 0's header, then its fusion remark first
    const qsizetype first = lines.indexOf(QRegularExpression(QStringLiteral("^#0 r_.*")));
    QVERIFY2(first > 0 && first + 1 < lines.size(), qPrintable(r.out));
    QCOMPARE(lines[first + 1], QStringLiteral("  missed   Rangeify         line 5    ir -    buffer 5 (line 5) is not fused "
                                              "into its reader (line 6): the sum would be recomputed 64 times, once per "
                                              "iteration of the reader's loops it does not depend on"));
    QVERIFY2(r.out.contains(QStringLiteral("  passed   Optimize         line ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("  passed   inline           line -    ir ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("\n#1 r_")), qPrintable(r.out));
  }

  void oneKernelAsJson() {
    RemarksRun r = uopcRemarks({m_program, QStringLiteral("--kernel"), QStringLiteral("1"), QStringLiteral("--json")});
    QCOMPARE(r.code, 0);
    const QJsonArray remarks = QJsonDocument::fromJson(r.out.toUtf8()).array();
    QVERIFY2(!remarks.isEmpty(), qPrintable(r.out));
    bool llvm = false, optimize = false;
    for (const QJsonValue& v : remarks) {
      const QJsonObject o = v.toObject();
      QCOMPARE(o[QStringLiteral("kernel")].toInt(), 1);
      QVERIFY(o[QStringLiteral("kernelName")].toString().startsWith(QStringLiteral("r_")));
      const QString kind = o[QStringLiteral("kind")].toString();
      QVERIFY2(kind == QStringLiteral("passed") || kind == QStringLiteral("missed") || kind == QStringLiteral("analysis"),
               qPrintable(kind));
      QVERIFY(o.contains(QStringLiteral("irLine")) && o.contains(QStringLiteral("programLine")));
      llvm |= o[QStringLiteral("origin")].toString() == QStringLiteral("inline");
      optimize |= o[QStringLiteral("origin")].toString() == QStringLiteral("Optimize") &&
                  o[QStringLiteral("name")].toString() == QStringLiteral("OptOp");
    }
    QVERIFY(llvm && optimize);
    // the pipeline's remarks alone: no compile, no LLVM pass
    RemarksRun core = uopcRemarks({m_program, QStringLiteral("--kernel"), QStringLiteral("1"), QStringLiteral("--json"),
                                   QStringLiteral("--no-compiler")});
    QCOMPARE(core.code, 0);
    for (const QJsonValue& v : QJsonDocument::fromJson(core.out.toUtf8()).array()) {
      const QString origin = v.toObject()[QStringLiteral("origin")].toString();
      QVERIFY2(origin == QStringLiteral("Rangeify") || origin == QStringLiteral("Optimize") ||
                   origin == QStringLiteral("Render"),
               qPrintable(origin));
    }
  }

  void unknownKernel() {
    RemarksRun r = uopcRemarks({m_program, QStringLiteral("--kernel"), QStringLiteral("7")});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(!r.err.isEmpty(), qPrintable(r.err));
  }
};

UOPSCOPE_TEST(TestRemarksCommand);
#include "test_remarks_command.moc"
