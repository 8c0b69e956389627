// The default layout at the two screen sizes it is designed for: the window
// fits a 1366x768 screen (no dock's content makes it taller), and at
// 1920x1080 the program dock shows a program's lines (60 characters) and the
// code dock a kernel's IR beside the graph.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"


#include <QDockWidget>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QTest>

using namespace uops::views;

namespace {

QDockWidget* dockOf(MainWindow& w, const char* name) {
  return w.findChild<QDockWidget*>(QString::fromLatin1(name) + QStringLiteral("Dock"));
}

} // namespace

class TestDefaultLayout : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

  void layOut(MainWindow& w, QSize screen) {
    w.resize(screen);
    w.fitDocks(screen);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(viewstest::examplePath("mlp_train.py"));
    w.session().waitForIdle();
  }

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void fitsA1366x768Screen() {
    MainWindow w;
    layOut(w, QSize(1366, 768));
    QVERIFY2(w.minimumSizeHint().height() <= 768, qPrintable(QString::number(w.minimumSizeHint().height())));
    QVERIFY2(w.height() <= 768, qPrintable(QString::number(w.height())));
    QVERIFY(dockOf(w, "Program")->width() >= 1366 / 5);
    QVERIFY(dockOf(w, "Code")->width() >= 1366 * 3 / 10);
    QVERIFY(w.centralWidget()->width() >= 1366 / 3);
  }

  void readsLinesAt1920x1080() {
    MainWindow w;
    layOut(w, QSize(1920, 1080));
    // the editor's lines are monospace
    const QFontMetrics metrics(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const int columns = dockOf(w, "Program")->width() / metrics.horizontalAdvance(QLatin1Char('m'));
    QVERIFY2(columns >= 50, qPrintable(QString::number(columns)));
    QVERIFY(dockOf(w, "Code")->width() >= 1920 * 3 / 10);
    QVERIFY(w.centralWidget()->width() >= 1920 * 2 / 5);
  }
};

UOPSCOPE_TEST(TestDefaultLayout);
#include "test_default_layout.moc"
