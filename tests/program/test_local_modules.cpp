// Modules of the program's own (core/frontend/local_modules.h): `import
// model` and `from layers.block import Block` find the files in the
// program's folder or on the module path, run them once, and give their
// names; a cycle and an error inside a module are load errors at the
// right file and line.
#include "tests/support/test_registry.h"
#include "program_test.h"

#include "core/program/program.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace programtest;

namespace {

void write(const QTemporaryDir& dir, const QString& name, const char* text) {
  const QString path = dir.filePath(name);
  QDir().mkpath(QFileInfo(path).path());
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

std::string loadError(const QString& path, const uops::program::LoadOptions& options = {}) {
  try {
    uops::program::loadProgramFile(path.toStdString(), options);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

} // namespace

class TestLocalModules : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void importsTheProgramsOwnFiles() {
    QTemporaryDir dir;
    write(dir, QStringLiteral("model.py"),
          "from tinygrad import Tensor\nprint('model loaded')\nclass Scale:\n  def __init__(self, k): self.k = k\n"
          "  def __call__(self, x): return x * self.k\n");
    write(dir, QStringLiteral("layers/block.py"), "from model import Scale\ndef block(x): return Scale(2)(x) + 1\n");
    write(dir, QStringLiteral("main.py"),
          "from tinygrad import Tensor\nimport model\nfrom layers.block import block\nimport model as m\n"
          "print(block(model.Scale(3)(Tensor([1.0, 2.0]))).tolist(), m.__name__)\n");
    uops::program::LoadedProgram p = uops::program::loadProgramFile(dir.filePath(QStringLiteral("main.py")).toStdString());
    // model.py runs once, however many times it is imported
    QCOMPARE(qs(p.printed), QStringLiteral("model loaded\n[7.0, 13.0] model\n"));
  }

  void findsModulesOnThePath() {
    QTemporaryDir dir, lib;
    write(lib, QStringLiteral("util.py"), "TWO = 2\n");
    write(dir, QStringLiteral("main.py"), "from tinygrad import Tensor\nfrom util import TWO\nprint(TWO)\n");
    QVERIFY(loadError(dir.filePath(QStringLiteral("main.py"))).find("no module named 'util'") != std::string::npos);
    uops::program::LoadOptions options;
    options.modulePath = {lib.path().toStdString()};
    QCOMPARE(uops::program::loadProgramFile(dir.filePath(QStringLiteral("main.py")).toStdString(), options).printed,
             std::string("2\n"));
  }

  // `from package import module` imports the submodule (tinygrad's
  // examples/mlperf/helpers.py: `from extra.models import bert`); a folder
  // with an __init__.py runs it as the package, one without is a namespace
  void importsSubmodulesOfPackages() {
    QTemporaryDir dir;
    write(dir, QStringLiteral("models/bert.py"), "SIZE = 'tiny'\n");
    write(dir, QStringLiteral("models/nested/deep.py"), "def f(): return 7\n");
    write(dir, QStringLiteral("pkg/__init__.py"), "print('pkg init')\nVERSION = 3\n");
    write(dir, QStringLiteral("pkg/mod.py"), "from pkg import VERSION\nDOUBLE = VERSION * 2\n");
    write(dir, QStringLiteral("main.py"),
          "from models import bert\nfrom models.nested import deep\nimport pkg\nfrom pkg import "
          "mod, VERSION\n"
          "import models\nprint(bert.SIZE, deep.f(), VERSION, mod.DOUBLE, models.bert.SIZE)\n");
    uops::program::LoadedProgram p =
        uops::program::loadProgramFile(dir.filePath(QStringLiteral("main.py")).toStdString());
    QCOMPARE(qs(p.printed), QStringLiteral("pkg init\ntiny 7 3 6 tiny\n"));
    write(dir, QStringLiteral("missing.py"), "from models import nothing\n");
    const std::string missing = loadError(dir.filePath(QStringLiteral("missing.py")));
    QVERIFY2(missing.find("cannot import name 'nothing' from 'models'") != std::string::npos,
             missing.c_str());
  }

  void errorsNameTheModulesFile() {
    QTemporaryDir dir;
    write(dir, QStringLiteral("a.py"), "import b\n");
    write(dir, QStringLiteral("b.py"), "import a\n");
    write(dir, QStringLiteral("bad.py"), "x = 1\ny = undefined_name\n");
    write(dir, QStringLiteral("cycle.py"), "import a\n");
    write(dir, QStringLiteral("uses_bad.py"), "import bad\n");
    const std::string cycle = loadError(dir.filePath(QStringLiteral("cycle.py")));
    QVERIFY2(cycle.find("circular import: 'a' imports itself back") != std::string::npos, cycle.c_str());
    const std::string bad = loadError(dir.filePath(QStringLiteral("uses_bad.py")));
    QVERIFY2(bad.find("bad.py:2:5: name 'undefined_name' is not defined") != std::string::npos, bad.c_str());
  }
};

UOPSCOPE_TEST(TestLocalModules);
#include "test_local_modules.moc"
