// The Graph view's selection and the node inspector, driven through the real
// widgets: a click on a node box selects and outlines it and the inspector
// shows what core computes for it; clicking a source moves the selection;
// Ctrl+F finds by op name or node number, Enter goes to the next match.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"

#include <QGraphicsRectItem>
#include <QListWidget>
#include <QTest>

using namespace uops::views;

namespace {

// Whether node `index` of the view lies inside its visible area.
bool visible(GraphView* g, int index) {
  QRectF shown = g->mapToScene(g->viewport()->rect()).boundingRect();
  return shown.contains(g->layout().nodes[static_cast<size_t>(index)].box.center());
}

} // namespace

class TestInspector : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // a layout keeps the graph it laid out: its nodes stay valid after every
  // other holder (a replaced run) let go
  void layoutOwnsItsGraph() {
    uops::UOpPtr a = uops::constant(uops::dtypes::float32, 2.718281);
    uops::UOpPtr root = uops::alu(uops::Op::Add, {a, a});
    GraphLayout layout = layoutGraph(root);
    std::weak_ptr<const uops::UOp> alive = root;
    a.reset();
    root.reset();
    QVERIFY(!alive.expired());
    QCOMPARE(layout.nodes.size(), size_t{2});
    for (const LaidOutNode& n : layout.nodes) QVERIFY(n.node->op() == uops::Op::Const || n.node->op() == uops::Op::Add);
  }

  void clickShowsTheNode() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify", {1400, 900}));
    GraphView* g = w.graph();
    // the last node is the root: pick one with sources, and click its box
    int index = g->nodeCount() - 2;
    while (index > 0 && g->layout().nodes[static_cast<size_t>(index)].node->src().empty()) --index;
    const LaidOutNode& n = g->layout().nodes[static_cast<size_t>(index)];
    g->centerOn(n.box.center());
    QTest::mouseClick(g->viewport(), Qt::LeftButton, {}, g->mapFromScene(n.box.center()));
    QCOMPARE(g->selected(), index);
    const uops::UOp& u = *n.node;
    NodeInspector* in = w.inspector();
    QCOMPARE(in->field(QStringLiteral("op")), QString::fromUtf8(uops::opName(u.op()).data()));
    QCOMPARE(in->field(QStringLiteral("id")), QStringLiteral("%%1").arg(n.number));
    QCOMPARE(in->field(QStringLiteral("dtype")), QString::fromStdString(uops::toString(u.dtype())));
    QCOMPARE(in->field(QStringLiteral("shape")), QString::fromStdString(uops::toString(u.shape())));
    QCOMPARE(in->field(QStringLiteral("min_max")), QString::fromStdString(uops::toString(u.minMax())));
    QCOMPARE(in->field(QStringLiteral("device")),
             u.device() ? QString::fromStdString(uops::toString(*u.device())) : QStringLiteral("none"));
    QCOMPARE(in->field(QStringLiteral("axis")), u.axis() ? QString::number(*u.axis()) : QStringLiteral("none"));
    QCOMPARE(in->sources()->count(), static_cast<int>(u.src().size()));
    QVERIFY(in->users()->count() >= 1);
    // clicking a source moves the selection there
    QListWidgetItem* first = in->sources()->item(0);
    QTest::mouseClick(in->sources()->viewport(), Qt::LeftButton, {}, in->sources()->visualItemRect(first).center());
    QCOMPARE(g->selected(), g->indexOf(u.src(0).get()));
    QCOMPARE(in->field(QStringLiteral("op")), QString::fromUtf8(uops::opName(u.src(0)->op()).data()));
    // and a user of that source leads back
    int back = -1;
    for (int i = 0; i < in->users()->count(); ++i)
      if (in->users()->item(i)->text().startsWith(QStringLiteral("%%1 ").arg(n.number))) back = i;
    QVERIFY(back >= 0);
    QTest::mouseClick(in->users()->viewport(), Qt::LeftButton, {}, in->users()->visualItemRect(in->users()->item(back)).center());
    QCOMPARE(g->selected(), index);
  }

  void findsByOpAndNumber() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify", {1400, 900}));
    GraphView* g = w.graph();
    QVERIFY(!w.findBar()->isVisible());
    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(w.findBar()->isVisible());
    QVERIFY(w.findBar()->hasFocus());
    QTest::keyClicks(w.findBar(), QStringLiteral("range"));
    int first = g->selected();
    QVERIFY(first >= 0);
    QCOMPARE(g->layout().nodes[static_cast<size_t>(first)].node->op(), uops::Op::Range);
    QVERIFY(visible(g, first));
    QTest::keyClick(w.findBar(), Qt::Key_Return);
    int second = g->selected();
    QVERIFY(second > first);
    QCOMPARE(g->layout().nodes[static_cast<size_t>(second)].node->op(), uops::Op::Range);
    QVERIFY(visible(g, second));
    // a node number
    const LaidOutNode& target = g->layout().nodes[3];
    w.findBar()->clear();
    QTest::keyClicks(w.findBar(), QStringLiteral("%%1").arg(target.number));
    QCOMPARE(g->selected(), 3);
    QCOMPARE(w.inspector()->field(QStringLiteral("id")), QStringLiteral("%%1").arg(target.number));
    // nothing matches: the selection stays
    w.findBar()->clear();
    QTest::keyClicks(w.findBar(), QStringLiteral("zzz"));
    QCOMPARE(g->selected(), 3);
  }
};

UOPSCOPE_TEST(TestInspector);
#include "test_inspector.moc"
