// The Run view's devices and throughput: the device list is the CPU and every
// OpenCL device; a kernel's work is 2*M*N*K flops for a matmul and its
// buffers' bytes; each row shows GFLOPS and GB/s at the median time; a run on
// an OpenCL device matches the reference evaluator.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/support/backend_devices.h"

#include "backends/opencl/cl_discovery.h"
#include "core/engine/device_registry.h"
#include "views/run/run_panel.h"
#include "views/run/timeline_view.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTest>

using namespace uops::views;

namespace {

const QString kMatmul = QStringLiteral("from tinygrad import Tensor\n\n"
                                       "a = Tensor.ones(64, 32).contiguous()\n"
                                       "b = Tensor.ones(32, 16).contiguous()\n"
                                       "out = [a @ b]\n");

// The scheduled kernel that reduces, or -1.
int reducingKernel(const Session& s) {
  const auto& kernels = s.run()->schedule.kernels;
  for (size_t i = 0; i < kernels.size(); ++i)
    for (const uops::UOp* u : uops::toposort(*kernels[i].ast))
      if (u->op() == uops::Op::Reduce) return static_cast<int>(i);
  return -1;
}

} // namespace

class TestRunDevices : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void listsEveryDevice() {
    MainWindow w;
    QComboBox* devices = w.runPanel()->device();
    // the machine's devices first, then the compile-only GPU targets (Run on
    // one of those says there is no such device here)
    int compileOnly = 0;
    for (const uops::DeviceDescription& d : uops::listDevices()) compileOnly += d.compileOnly ? 1 : 0;
    QVERIFY(compileOnly > 0);
    const int machine = 1 + static_cast<int>(uops::clDevices().size());
    QCOMPARE(devices->count(), machine + compileOnly);
    QCOMPARE(devices->itemData(0).toString(), QStringLiteral("CPU"));
    for (size_t i = 0; i < uops::clDevices().size(); ++i)
      QCOMPARE(devices->itemData(static_cast<int>(i) + 1).toString(), QString::fromStdString(uops::clDevices()[i].name));
    for (int i = machine; i < devices->count(); ++i)
      QVERIFY(uops::openDevice(devices->itemData(i).toString().toStdString()).description().compileOnly);
  }

  // A plain Run does not evaluate the program with the reference evaluator:
  // the check is a choice (Run > Check against reference, or the panel's box,
  // one state), and its verdict says which it was.
  void checksAgainstReferenceOnlyWhenAsked() {
    MainWindow w;
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/matmul.py"));
    w.session().waitForIdle();
    QVERIFY(!w.runPanel()->checkBox()->isChecked());
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY(w.session().lastRun() && w.session().lastRun()->error.isEmpty());
    QVERIFY(!w.session().lastRun()->check);
    QVERIFY2(w.runPanel()->verdict()->text().contains(QStringLiteral("not checked")),
             qPrintable(w.runPanel()->verdict()->text()));
    auto* action = w.findChild<QAction*>(QStringLiteral("checkReferenceAction"));
    QVERIFY(action && action->isCheckable() && !action->isChecked());
    action->trigger();
    QVERIFY(w.runPanel()->checkBox()->isChecked());
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY(w.session().lastRun()->check);
    QCOMPARE(w.session().lastRun()->check->status, uops::ReferenceCheck::Status::Matched);
    QVERIFY2(w.runPanel()->verdict()->text().contains(QStringLiteral("match the reference evaluator")),
             qPrintable(w.runPanel()->verdict()->text()));
  }

  // A program on two virtual CPU devices: each device is a lane of the
  // timeline with its kernels and the copies it receives.
  void showsMultiDeviceTimeline() {
    MainWindow w;
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/data_parallel.py"));
    w.session().waitForIdle();
    w.session().setCheckReference(true);
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    const auto& r = w.session().lastRun();
    QVERIFY(r && r->error.isEmpty());
    QVERIFY(r->check);
    QCOMPARE(r->check->status, uops::ReferenceCheck::Status::Matched);
    QCOMPARE(r->devices, int64_t{2});
    QVERIFY(r->copies > 0);
    TimelineView* timeline = w.runPanel()->timeline();
    QVERIFY(!timeline->isHidden());
    QCOMPARE(timeline->lanes(), QStringList({QStringLiteral("CPU"), QStringLiteral("CPU:1")}));
    bool copies = false, kernels = false;
    for (const uops::TimelineEvent& e : timeline->events()) (e.copy ? copies : kernels) = true;
    QVERIFY(copies && kernels);
    QVERIFY(w.runPanel()->verdict()->text().contains(QStringLiteral("2 devices")));
  }

  void countsMatmulWork() {
    MainWindow w;
    w.session().setSource(kMatmul, QStringLiteral("mm.py"));
    w.session().waitForIdle();
    int k = reducingKernel(w.session());
    QVERIFY(k >= 0);
    KernelWork work = kernelWork(w.session().run()->schedule.kernels[static_cast<size_t>(k)]);
    QCOMPARE(work.flops, 2.0 * 64 * 32 * 16); // a multiply and an accumulate per (i, j, k)
    QCOMPARE(work.bytes, (64.0 * 32 + 32 * 16 + 64 * 16) * 4);
  }

  // Integer arithmetic is not FLOPs: Tensor.rand's Threefry hashing does
  // thousands of integer ops per element and no floating-point ones but the
  // final scaling.
  void randomNumbersAreNotFlops() {
    MainWindow w;
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\nTensor.manual_seed(0)\nout = Tensor.rand(256)\n"),
                          QStringLiteral("rand.py"));
    w.session().waitForIdle();
    double flops = 0;
    for (const uops::ScheduledKernel& k : w.session().run()->schedule.kernels) flops += kernelWork(k).flops;
    QVERIFY2(flops <= 8.0 * 256, qPrintable(QString::number(flops))); // a few float ops per element at most
  }

  void showsThroughput() {
    MainWindow w;
    w.session().setSource(kMatmul, QStringLiteral("mm.py"));
    w.session().waitForIdle();
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    const auto& r = w.session().lastRun();
    QVERIFY(r && r->error.isEmpty());
    QCOMPARE(r->work.size(), r->kernels.size());
    int k = reducingKernel(w.session());
    const QAbstractItemModel* t = w.runPanel()->times()->model();
    QCOMPARE(t->headerData(3, Qt::Horizontal).toString(), QStringLiteral("GFLOPS"));
    QCOMPARE(t->headerData(4, Qt::Horizontal).toString(), QStringLiteral("GB/s"));
    double seconds = r->kernels[static_cast<size_t>(k)].medianMs() / 1e3;
    QCOMPARE(t->index(k, 3).data().toString(), QString::number(2.0 * 64 * 32 * 16 / seconds / 1e9, 'f', 3));
    QVERIFY(t->index(k, 4).data().toString().toDouble() > 0);
  }

  // A kernel whose compile fails (here LLVM's fatal error, then an OpenCL
  // compiler's abort, both injected) is an error in the Run view with the
  // compiler's message; the window lives on and the next run works
  void compilerFailureIsAnError() {
    MainWindow w;
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\nout = Tensor.ones(8, 8).contiguous().sum(1) * 3\n"),
                          QStringLiteral("fault.py"));
    w.session().waitForIdle();
    auto runWith = [&](const char* fault) {
      if (fault) qputenv("UOPSCOPE_INJECT_FAULT", fault);
      QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
      w.session().waitForIdle();
      qunsetenv("UOPSCOPE_INJECT_FAULT");
      return w.session().lastRun()->error;
    };
    QString error = runWith("llvm:r_");
    QVERIFY2(error.contains(QStringLiteral("fault injected by UOPSCOPE_INJECT_FAULT")), qPrintable(error));
    QVERIFY(w.runPanel()->verdict()->text().contains(QStringLiteral("fault injected")));
    QCOMPARE(runWith(nullptr), QString());
    if (uops::clDevices().empty()) QSKIP("no OpenCL device");
    w.runPanel()->device()->setCurrentIndex(1);
    error = runWith("opencl:r_");
    QVERIFY2(error.contains(QStringLiteral("the OpenCL compiler failed (SIGABRT)")), qPrintable(error));
    QCOMPARE(runWith(nullptr), QString());
  }

  void runsOnOpenCl() {
    if (uops::clDevices().empty()) QSKIP("no OpenCL device");
    MainWindow w;
    w.session().setSource(kMatmul, QStringLiteral("mm.py"));
    w.session().waitForIdle();
    w.runPanel()->device()->setCurrentIndex(1);
    w.session().setCheckReference(true);
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QString verdict = w.runPanel()->verdict()->text();
    QVERIFY2(verdict.startsWith(QStringLiteral("CL:0:")) && verdict.contains(QStringLiteral("match the reference")),
             qPrintable(verdict));
    QVERIFY(w.runPanel()->times()->model()->rowCount() >= 1);
  }
};

UOPSCOPE_TEST(TestRunDevices);
#include "test_run_devices.moc"
