// The module path in the explorer: a program importing from a folder outside
// its own fails to load until File > Module Path... names that folder; then
// it is lowered again at once and imports from it (uopscope --path sets the
// same list).
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QInputDialog>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace uops::views;

namespace {

void writeModuleFile(const QString& path, const char* text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
}

} // namespace

class TestModulePath : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() {
    viewstest::isolateSettings(m_settings);
  }

  void menuSetsTheFoldersImportsAreFoundIn() {
    QTemporaryDir lib, dir;
    QVERIFY(QDir(lib.path()).mkpath(QStringLiteral("models")));
    writeModuleFile(lib.filePath(QStringLiteral("models/scale.py")), "def double(x):\n  return x * 2\n");
    writeModuleFile(dir.filePath(QStringLiteral("main.py")),
                    "from tinygrad import Tensor\nfrom models.scale import double\nprint(double(Tensor([1.0, 2.5])).tolist())\n");
    MainWindow w;
    w.openFile(dir.filePath(QStringLiteral("main.py")));
    w.session().waitForIdle();
    QVERIFY2(w.session().lowered().error.contains(QStringLiteral("no module named 'models.scale'")),
             qPrintable(w.session().lowered().error));

    auto* action = w.findChild<QAction*>(QStringLiteral("modulePathAction"));
    QVERIFY(action);
    // the dialog shows the list as text; typing a folder and OK sets it
    QString shownText = QStringLiteral("(no dialog)");
    QTimer::singleShot(0, &w, [&shownText, folder = lib.path()] {
      auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
      if (!dialog) return;
      shownText = dialog->textValue();
      dialog->setTextValue(folder);
      dialog->accept();
    });
    action->trigger();
    QCOMPARE(shownText, QString());
    QCOMPARE(w.session().modulePath(), QStringList{lib.path()});
    w.session().waitForIdle();
    QCOMPARE(w.session().lowered().error, QString());
    QCOMPARE(w.session().lowered().printed, QStringLiteral("[2.0, 5.0]\n"));
  }
};

UOPSCOPE_TEST(TestModulePath);
#include "test_module_path.moc"
