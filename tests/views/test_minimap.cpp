// A graph too big to read whole opens at a zoom where its labels read, on its
// result, with the minimap showing the rest: the part in view outlined, a
// click there moves the view; a graph that fits shows whole, without it.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"
#include "views/graph/graph_minimap.h"

#include <QElapsedTimer>
#include <QTest>

using namespace uops::views;

namespace {

QRectF shownPart(GraphView* g) { return g->mapToScene(g->viewport()->rect()).boundingRect(); }

} // namespace

class TestMinimap : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void bigGraphsOpenReadableWithAMinimap() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(viewstest::chainProgram(300), QStringLiteral("chain.py"));
    w.session().waitForIdle();
    w.session().selectStage(0); // it opens on a kernel: the whole program is chosen in Stages
    w.session().waitForIdle();
    GraphView* g = w.graph();
    QVERIFY(g->nodeCount() > 1000);
    // labels read: the view's scale is the readable one, not the fitted one
    QVERIFY2(g->transform().m11() >= 0.75, qPrintable(QString::number(g->transform().m11())));
    QVERIFY(!shownPart(g).contains(g->scene()->sceneRect()));
    // the result (the graph's root, drawn at the bottom) is in view
    int root = -1;
    for (int i = 0; i < g->nodeCount(); ++i)
      if (g->layout().nodes[static_cast<size_t>(i)].node == g->layout().root.get()) root = i;
    QVERIFY(root >= 0);
    QVERIFY(shownPart(g).contains(g->layout().nodes[static_cast<size_t>(root)].box.center()));
    GraphMinimap* map = g->minimap();
    QVERIFY(map->isVisible());
    QRectF outline = map->outline();
    QVERIFY(!outline.isEmpty());
    QVERIFY(outline.width() < map->width() && outline.height() < map->height());
    // a click on the minimap's other end moves the view there
    const QPointF before = shownPart(g).center();
    const QPoint far = outline.center().y() > map->height() / 2 ? QPoint(map->width() / 2, 3)
                                                                : QPoint(map->width() / 2, map->height() - 3);
    QTest::mouseClick(map, Qt::LeftButton, {}, far);
    const QPointF after = shownPart(g).center();
    QVERIFY2(std::abs(after.y() - before.y()) > shownPart(g).height() / 2,
             qPrintable(QStringLiteral("%1 -> %2").arg(before.y()).arg(after.y())));
    QVERIFY(map->outline().center() != outline.center());
    // Ctrl+0's fit shows it all: no minimap
    g->fit();
    QVERIFY(!map->isVisible());
    QElapsedTimer clock;
    clock.start();
    map->redraw();
    qInfo("minimap of %d nodes drawn in %lld ms", g->nodeCount(), clock.elapsed());
  }

  void smallGraphsShowWhole() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\nout = [Tensor([1.0, 2.0]) + 1]\n"),
                          QStringLiteral("small.py"));
    w.session().waitForIdle();
    QVERIFY(w.graph()->nodeCount() > 3);
    QVERIFY(shownPart(w.graph()).contains(w.graph()->scene()->sceneRect().adjusted(1, 1, -1, -1)));
    QVERIFY(!w.graph()->minimap()->isVisible());
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestMinimap);
#include "test_minimap.moc"
