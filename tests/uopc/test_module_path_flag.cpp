// uopc's --path, run as a user runs it: a program importing a package from a
// folder outside its own fails without the flag and runs with it, on `run`
// and on a lowering command (`stages`), and the flag repeats.
#include "tests/support/uopc_process.h"
#include "tests/support/test_registry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

void writeFile(const QString& path, const char* text) {
  QDir().mkpath(QFileInfo(path).path());
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

} // namespace

class TestModulePathFlag : public QObject {
  Q_OBJECT

  QTemporaryDir m_lib, m_other, m_dir;
  QString m_program;

private Q_SLOTS:
  void initTestCase() {
    writeFile(m_lib.filePath(QStringLiteral("extra/models/scale.py")),
              "from tinygrad import Tensor\nfrom tinygrad.helpers import fetch\ndef double(x): return x * 2\n");
    writeFile(m_other.filePath(QStringLiteral("offset.py")), "ONE = 1.0\n");
    m_program = m_dir.filePath(QStringLiteral("main.py"));
    writeFile(m_program, "from tinygrad import Tensor\nfrom extra.models.scale import double\nfrom offset import ONE\n"
                         "print((double(Tensor([1.0, 2.5])) + ONE).tolist())\n");
  }

  void runFindsModulesOnThePath() {
    auto without = uops::testsupport::runUopcProcess({QStringLiteral("run"), m_program, QStringLiteral("--json")});
    QCOMPARE(without.code, 1);
    QVERIFY2(without.err.contains(QStringLiteral("no module named 'extra.models.scale'")), qPrintable(without.err));
    auto with = uops::testsupport::runUopcProcess({QStringLiteral("run"), m_program, QStringLiteral("--device"),
                                                   QStringLiteral("CPU"), QStringLiteral("--json"), QStringLiteral("--path"),
                                                   m_lib.path(), QStringLiteral("--path"), m_other.path()});
    QVERIFY2(with.code == 0, qPrintable(with.err));
    QVERIFY2(with.out.startsWith(QStringLiteral(R"({"outputs": [{"dtype": "float32", "shape": [2], "data": [3.0, 6.0])")),
             qPrintable(with.out));
  }

  void loweringCommandsTakeIt() {
    auto stages = uops::testsupport::runUopcProcess({QStringLiteral("stages"), m_program, QStringLiteral("--path"),
                                                     m_lib.path(), QStringLiteral("--path"), m_other.path()});
    QVERIFY2(stages.code == 0, qPrintable(stages.err));
    auto missing = uops::testsupport::runUopcProcess(
        {QStringLiteral("stages"), m_program, QStringLiteral("--path"), m_dir.filePath(QStringLiteral("nowhere"))});
    QVERIFY(missing.code != 0);
    QVERIFY2(missing.err.contains(QStringLiteral("--path")), qPrintable(missing.err));
  }
};

UOPSCOPE_TEST(TestModulePathFlag);
#include "test_module_path_flag.moc"
