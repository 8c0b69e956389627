// `uopc mca`: LLVM's MCA on a CPU kernel's innermost loops, as a user runs it:
// the JSON's figures agree with each other and with the kernel's machine
// code (`uopc emit --isa`: the loop's instructions at their offsets), the
// prediction is cycles x iterations over the clock, the measured time comes
// from a run; the text form; and a device that is not the CPU is an error.
#include "tests/support/uopc_process.h"
#include "tests/support/test_registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace {

using McaResult = uops::testsupport::UopcRun;

McaResult runUopcMca(const QStringList& args) {
  return uops::testsupport::runUopcProcess(args);
}

const char* const kMcaMatmul = R"(from tinygrad import Tensor
a = Tensor.empty(256, 256)
b = Tensor.empty(256, 256)
out = a @ b
)";

} // namespace

class TestMca : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  QString m_program;

private Q_SLOTS:
  void initTestCase() {
#if !defined(__x86_64__)
    QSKIP("the ISA comparison reads x86's Intel syntax");
#endif
    QVERIFY(m_dir.isValid());
    m_program = m_dir.filePath(QStringLiteral("matmul.py"));
    QFile f(m_program);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kMcaMatmul);
  }

  void json() {
    const McaResult r = runUopcMca({QStringLiteral("mca"), m_program, QStringLiteral("--json"), QStringLiteral("--repeat"),
                                    QStringLiteral("2")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray kernels = QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("kernels")].toArray();
    QVERIFY(!kernels.isEmpty());
    const McaResult isa = runUopcMca({QStringLiteral("emit"), m_program, QStringLiteral("--isa")});
    QCOMPARE(isa.code, 0);
    for (const QJsonValue& v : kernels) {
      const QJsonObject k = v.toObject();
      QVERIFY(!k[QStringLiteral("cpu")].toString().isEmpty());
      const QJsonArray loops = k[QStringLiteral("loops")].toArray();
      const QJsonObject hot = loops[k[QStringLiteral("hot_loop")].toInt()].toObject();
      QVERIFY(hot[QStringLiteral("cycles_per_iteration")].toDouble() > 0);
      QVERIFY(hot[QStringLiteral("iterations")].toDouble() > 0);
      QVERIFY(!hot[QStringLiteral("bottleneck")].toString().isEmpty());
      const QJsonArray instructions = hot[QStringLiteral("instructions")].toArray();
      QVERIFY(!instructions.isEmpty());
      QCOMPARE(instructions[0].toObject()[QStringLiteral("offset")].toDouble(), hot[QStringLiteral("start")].toDouble());
      // exactly the machine code's instructions at those offsets
      for (const QJsonValue& i : instructions) {
        const QJsonObject o = i.toObject();
        const QString offset = QString::number(static_cast<qulonglong>(o[QStringLiteral("offset")].toDouble()), 16);
        const QRegularExpression line(QStringLiteral("\\n *%1: [0-9a-f ]+ %2(  # [^\\n]*)?\\n")
                                          .arg(offset, QRegularExpression::escape(o[QStringLiteral("text")].toString())));
        QVERIFY2(isa.out.contains(line), qPrintable(offset + QStringLiteral(": ") + o[QStringLiteral("text")].toString()));
      }
      // predicted: every loop's cycles x iterations, rounds of parallel calls, over the clock
      double cycles = 0;
      for (const QJsonValue& l : loops)
        cycles += l.toObject()[QStringLiteral("cycles_per_iteration")].toDouble() *
                  l.toObject()[QStringLiteral("iterations")].toDouble();
      QCOMPARE(k[QStringLiteral("predicted_cycles_per_call")].toDouble(), cycles);
      const double calls = k[QStringLiteral("calls")].toDouble(), parallel = k[QStringLiteral("parallel")].toDouble();
      const double ms = cycles * std::ceil(calls / parallel) / (k[QStringLiteral("clock_mhz")].toDouble() * 1e3);
      QVERIFY(std::abs(k[QStringLiteral("predicted_ms")].toDouble() - ms) <= 1e-9 * ms);
      QVERIFY2(k[QStringLiteral("measured_ms")].toDouble() > 0, qPrintable(r.out));
    }
  }

  void text() {
    const McaResult r = runUopcMca({QStringLiteral("mca"), m_program, QStringLiteral("--kernel"), QStringLiteral("0"),
                                    QStringLiteral("--no-run")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("==== kernel #0 ")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("\\nhot loop 0x[0-9a-f]+\\.\\.0x[0-9a-f]+ \\(depth \\d\\): "
                                                              "[0-9.]+ cycles per iteration, bottleneck: "))),
             qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("\n  port pressure per iteration: ")));
    QVERIFY(r.out.contains(QStringLiteral("\n  offset uops  lat   rthr  instruction")));
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("\\npredicted: \\d+ cycles per call, "))));
    QVERIFY(!r.out.contains(QStringLiteral("measured:")));
  }

  void otherDevices() {
    const McaResult r = runUopcMca({QStringLiteral("mca"), m_program, QStringLiteral("--device"), QStringLiteral("INTERP")});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.out, QString());
    QCOMPARE(r.err, QStringLiteral("uopc mca: the throughput model is for CPU kernels (LLVM's MCA models the host "
                                   "CPU); INTERP is not the CPU\n"));
  }
};

UOPSCOPE_TEST(TestMca);
#include "test_mca.moc"
