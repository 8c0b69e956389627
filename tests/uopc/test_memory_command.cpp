// uopc memory, run as a user runs it: the exact plan of a small program
// (items, buffers with roles, writers, readers and shared storage, the peak
// and its live set) as text and as JSON, a kernel's registers, the same plan
// on an OpenCL device, and an unknown kernel as an error.
#include "tests/support/memory_chain.h"
#include "tests/support/uopc_process.h"
#include "tests/support/test_registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using MemoryResult = uops::testsupport::UopcRun;

MemoryResult runMemory(QStringList args) {
  args.prepend(QStringLiteral("memory"));
  return uops::testsupport::runUopcProcess(args);
}

using uops::testsupport::kChain;
using uops::testsupport::kChainPlan;

} // namespace

class TestMemoryCommand : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  QString m_chain;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_chain = m_dir.filePath(QStringLiteral("chain.py"));
    QFile f(m_chain);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kChain);
  }

  void printsTheSchedulesPlan() {
    MemoryResult r = runMemory({m_chain, QStringLiteral("--device"), QStringLiteral("CPU")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QString::fromLatin1(kChainPlan));
  }

  void printsItAsJson() {
    MemoryResult r = runMemory({m_chain, QStringLiteral("--json"), QStringLiteral("--device"), QStringLiteral("CPU")});
    QCOMPARE(r.code, 0);
    const QJsonObject s = QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("schedule")].toObject();
    QCOMPARE(s[QStringLiteral("items")].toArray().size(), 5);
    QCOMPARE(s[QStringLiteral("items")].toArray()[4].toObject()[QStringLiteral("label")].toString(), QStringLiteral("#3 r_4"));
    QVERIFY(s[QStringLiteral("items")].toArray()[0].toObject()[QStringLiteral("kernel")].isNull()); // the copy
    const QJsonArray buffers = s[QStringLiteral("buffers")].toArray();
    QCOMPARE(QString::fromUtf8(QJsonDocument(buffers[2].toObject()).toJson(QJsonDocument::Compact)),
             QStringLiteral(R"({"bytes":16,"dtype":"float32","first":2,"id":2,"last":3,"readers":[3],)"
                            R"("role":"intermediate","storage":0,"writers":[2]})"));
    QVERIFY(buffers[4].toObject()[QStringLiteral("storage")].isNull()); // the result keeps its own
    QCOMPARE(s[QStringLiteral("planned_bytes")].toInt(), 32);
    QCOMPARE(s[QStringLiteral("naive_bytes")].toInt(), 64);
    QCOMPARE(QString::fromUtf8(QJsonDocument(s[QStringLiteral("live_bytes")].toArray()).toJson(QJsonDocument::Compact)),
             QStringLiteral("[16,32,32,32,20]"));
    QCOMPARE(QString::fromUtf8(QJsonDocument(s[QStringLiteral("peak")].toObject()).toJson(QJsonDocument::Compact)),
             QStringLiteral(R"({"bytes":32,"item":1,"live":[0,1]})"));
  }

  // the sum's accumulator: one register, live from its first Store to its last Load
  void printsAKernelsRegisters() {
    MemoryResult r = runMemory({m_chain, QStringLiteral("--kernel"), QStringLiteral("r_4"), QStringLiteral("--device"),
                                QStringLiteral("CPU")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QStringLiteral("kernel #3 r_4: 1 register in 1 slot over 22 instructions\n"
                                   "register  dtype    size  slot  live\n"
                                   "reg0      float32  1     0     8-20 (Store .. Load)\n"));
    MemoryResult json = runMemory({m_chain, QStringLiteral("--kernel"), QStringLiteral("3"), QStringLiteral("--json"),
                                   QStringLiteral("--device"), QStringLiteral("CPU")});
    QCOMPARE(json.code, 0);
    const QJsonObject k =
        QJsonDocument::fromJson(json.out.toUtf8()).object()[QStringLiteral("kernels")].toArray()[0].toObject();
    QCOMPARE(k[QStringLiteral("label")].toString(), QStringLiteral("#3 r_4"));
    QCOMPARE(k[QStringLiteral("instructions")].toArray().size(), 22);
    QCOMPARE(k[QStringLiteral("instructions")].toArray()[8].toString(), QStringLiteral("Store"));
    QCOMPARE(QString::fromUtf8(QJsonDocument(k[QStringLiteral("registers")].toArray()).toJson(QJsonDocument::Compact)),
             QStringLiteral(R"([{"buffer":0,"dtype":"float32","first":8,"last":20,"size":1,"slot":0}])"));
  }

  // PoCL runs this chain's kernels as the CPU does: the same plan
  void sameOnOpenCl() {
    MemoryResult r = runMemory({m_chain, QStringLiteral("--device"), QStringLiteral("CL:0")});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QString::fromLatin1(kChainPlan));
  }

  void unknownKernel() {
    MemoryResult r = runMemory({m_chain, QStringLiteral("--kernel"), QStringLiteral("r_9"), QStringLiteral("--device"),
                                QStringLiteral("CPU")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("r_9")), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
  }
};

UOPSCOPE_TEST(TestMemoryCommand);
#include "test_memory_command.moc"
