// The Memory tab: the schedule's buffers over its kernels (the plan uopc
// memory prints, roles, shared storage, the peak and its live set), hovering
// a bar, clicking a kernel's column to select it in the Session and see its
// registers, and the plan again for an OpenCL device.
#include "tests/support/memory_chain.h"
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "core/engine/memory_report_print.h"
#include "views/memory/buffer_chart.h"
#include "views/memory/memory_panel.h"
#include "views/memory/register_chart.h"


#include <QTabWidget>

using namespace uops;
using namespace uops::views;

namespace {

using testsupport::kChain;
using testsupport::kChainPlan;

MemoryPanel* openChain(MainWindow& w) {
  w.resize(1400, 900);
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) return nullptr;
  w.session().setDevice(QStringLiteral("CPU"));
  w.session().setSource(QString::fromLatin1(kChain), QStringLiteral("chain.py"));
  w.session().waitForIdle();
  if (!w.showView(QStringLiteral("memory"))) return nullptr;
  return w.findChild<MemoryPanel*>();
}

// The item of kernel `kernel` in the chart's schedule; -1 if none.
int itemOfKernel(const ScheduleMemory& m, int64_t kernel) {
  for (size_t i = 0; i < m.items.size(); ++i)
    if (m.items[i].kernel == kernel) return static_cast<int>(i);
  return -1;
}

} // namespace

class TestMemoryView : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void showsTheSchedulesBuffers() {
    MainWindow w;
    MemoryPanel* panel = openChain(w);
    QVERIFY(panel);
    QVERIFY(panel->isVisible());
    BufferChart* chart = panel->buffers();
    QCOMPARE(QString::fromStdString(formatScheduleMemory(chart->memory())), QString::fromLatin1(kChainPlan));
    QCOMPARE(panel->summary(), QStringLiteral("5 items, 5 buffers; peak 32 B at #0 E_4; intermediates: 32 B planned in 2 slots, "
                                            "64 B one buffer each"));
    QCOMPARE(chart->peakText(), QStringLiteral("peak 32 B at #0 E_4: b0 b1"));
    // each bar is where its buffer is found, and says who writes and reads it
    for (int b = 0; b < static_cast<int>(chart->memory().buffers.size()); ++b)
      QCOMPARE(chart->bufferAt(chart->barRect(b).center()), b);
    QCOMPARE(chart->toolTipFor(2), QStringLiteral("b2: intermediate, 16 B float32\nwritten by #1 E_4\nread by #2 E_4\n"
                                                  "live at items 2-3\nstorage s0 (16 B), shared with b0"));
    QCOMPARE(chart->toolTipFor(4), QStringLiteral("b4: result, 4 B float32\nwritten by #3 r_4\nread by none\n"
                                                  "live at items 4-4\nits own storage"));
  }

  void clickingAKernelSelectsIt() {
    MainWindow w;
    MemoryPanel* panel = openChain(w);
    QVERIFY(panel);
    BufferChart* chart = panel->buffers();
    const int64_t sum = static_cast<int64_t>(w.session().run()->kernels.size()) - 1; // the reduction, last
    const int item = itemOfKernel(chart->memory(), sum);
    QVERIFY(item >= 0);
    QTest::mouseClick(chart, Qt::LeftButton, {}, chart->columnRect(item).center());
    const StageRecord& selected = w.session().stageRecord(w.session().selectedStage());
    QCOMPARE(QString::fromStdString(selected.stage), QStringLiteral("Register/Memory Plan"));
    QCOMPARE(static_cast<int64_t>(selected.kernelIndex), sum);
    QCOMPARE(chart->selectedItem(), item);
    const KernelRegisters& regs = panel->registers()->registers();
    QCOMPARE(static_cast<int64_t>(regs.kernel), sum);
    QCOMPARE(panel->kernelTitle(), QStringLiteral("kernel #3 r_4: 1 register in 1 slot over 22 instructions"));
    QCOMPARE(regs.registers.size(), size_t(1));
    RegisterChart* registers = panel->registers();
    QCOMPARE(registers->registerAt(registers->barRect(0).center()), 0);
    QCOMPARE(registers->toolTipFor(0), QStringLiteral("reg0: float32 x 1 in slot 0\nlive from 8 (Store) to 20 (Load)"));
    // selecting another kernel elsewhere (the Stages view, uopscope --kernel) moves the mark
    w.session().selectStage(w.session().findStage(QStringLiteral("Linearize"), 0));
    QCOMPARE(chart->selectedItem(), itemOfKernel(chart->memory(), 0));
    QCOMPARE(panel->registers()->registers().kernel, size_t(0));
  }

  // CL:0 lowers with the GPU's rules: the tab shows that schedule's plan.
  void followsTheDevice() {
    MainWindow w;
    MemoryPanel* panel = openChain(w);
    QVERIFY(panel);
    QVERIFY(w.session().setDevice(QStringLiteral("CL:0")));
    w.session().waitForIdle();
    QCOMPARE(QString::fromStdString(w.session().run()->kernels.at(0).target.device), QStringLiteral("CL:0"));
    const ScheduleMemory& m = panel->buffers()->memory();
    QCOMPARE(QString::fromStdString(formatScheduleMemory(m)),
             QString::fromStdString(formatScheduleMemory(scheduleMemory(*w.session().run()))));
    QCOMPARE(QString::fromStdString(formatScheduleMemory(m)), QString::fromLatin1(kChainPlan));
  }
};

UOPSCOPE_TEST(TestMemoryView);
#include "test_memory_view.moc"
