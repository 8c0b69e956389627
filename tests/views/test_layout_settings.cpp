// The window's docks and tabs come back as the user left them: a dock moved
// to another side, one closed and another tab raised are saved on close
// (QSettings) and restored by the next window.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include <QDockWidget>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace uops::views;

class TestLayoutSettings : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() {
    viewstest::isolateSettings(m_settings);
  }

  void restoresDocks() {
    auto dockOf = [](MainWindow& w, const char* name) {
      return w.findChild<QDockWidget*>(QString::fromLatin1(name) + QStringLiteral("Dock"));
    };
    {
      MainWindow w;
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      QCOMPARE(w.dockWidgetArea(dockOf(w, "Inspector")), Qt::RightDockWidgetArea);
      w.addDockWidget(Qt::LeftDockWidgetArea, dockOf(w, "Inspector"));
      dockOf(w, "Kernels")->close();
      w.showView(QStringLiteral("rewrites"));
      QVERIFY(w.close());
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.dockWidgetArea(dockOf(w, "Inspector")), Qt::LeftDockWidgetArea);
    QVERIFY(!dockOf(w, "Kernels")->isVisible());
    QVERIFY(dockOf(w, "Run")->isVisible());
    // the Rewrites tab is the raised one of its group
    QVERIFY(!dockOf(w, "Rewrites")->visibleRegion().isEmpty());
    QVERIFY(dockOf(w, "Stages")->visibleRegion().isEmpty());
  }
};

UOPSCOPE_TEST(TestLayoutSettings);
#include "test_layout_settings.moc"
