// CUDA:0 on a fake driver (fake_cuda_driver.h): what needs no card. Kernels
// lowered for the device's target compile to PTX for its compute capability
// and are handed to the driver's JIT; launches marshal each Param's buffer as
// its device pointer over grid = global / local; times are the CUDA events';
// a PTX the JIT rejects fails the run with the kernel's name and the JIT's
// log; the ISA shows the PTX and SASS when a disassembler is on PATH, else
// why not. Every public conformance program runs through the device.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "tests/cuda/fake_cuda_driver.h"
#include "backends/cuda/cuda_arch.h"
#include "backends/cuda/cuda_device.h"
#include "backends/cuda/cuda_peaks.h"
#include "backends/cuda/cuda_device_info.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_launch_shape.h"
#include "core/render/codegen_target.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/program_run.h"
#include "core/program/scheduled_run.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace cudatest;

namespace {

QString fakeQs(const std::string& s) {
  return QString::fromStdString(s);
}

bool fakeHas(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<uops::UOpPtr> programRoots(const std::string& text) {
  uops::program::LoadedProgram p = uops::program::loadProgram("program.py", text);
  return uops::program::rootsOf(p.outputTensors());
}

const char* kAddProgram = "from tinygrad import Tensor\n"
                          "a = Tensor.empty(256, 64)\n"
                          "b = Tensor.empty(256, 64)\n"
                          "out = (a + b).exp2()\n";

std::vector<uops::LoweredKernel> lowered(uops::Device& device, const std::string& text) {
  const uops::CodegenTarget target = uops::runTarget(device, true);
  uops::PipelineRun run = uops::runPipeline(programRoots(text), {.trace = false, .target = target,
                                                                  .rangeify = uops::rangeifyOptionsFor(target)});
  if (run.failed()) throw std::runtime_error(run.stages.back().error);
  return run.kernels;
}

QString conformanceDir() {
  return QStringLiteral(UOPSCOPE_SOURCE_DIR "/../shared/conformance/programs");
}

// PATH for one test, restored after it
class ScopedPath {
public:
  explicit ScopedPath(const QString& path) : m_old(qgetenv("PATH")) { qputenv("PATH", path.toUtf8()); }
  ~ScopedPath() { qputenv("PATH", m_old); }

private:
  QByteArray m_old;
};

} // namespace

class TestFakeDevice : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void init() { resetFakeCuda(); }

  void describesTheCard() {
    std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
    QCOMPARE(fakeQs(device->name()), QStringLiteral("CUDA:0"));
    QCOMPARE(fakeQs(device->description().description), QStringLiteral("CUDA:0 NVIDIA H200 (sm_90, CUDA driver)"));
    QVERIFY(device->description().accelerator && !device->description().compileOnly);
    QVERIFY(device->target()->launchGrid && device->target()->locals && device->target()->warpSize == 32);
    QVERIFY(!device->target()->tensorCores.empty()); // sm_90: mma.sync
    QCOMPARE(fakeQs(device->target()->device), QStringLiteral("CUDA:0"));
    const std::vector<uops::LoweredKernel> kernels = lowered(*device, kAddProgram);
    QCOMPARE(kernels.size(), size_t{1});
    QVERIFY2(fakeHas(kernels[0].rendered.text, "rendered by UOpScope for NVPTX (sm_90)"), kernels[0].rendered.text.c_str());
  }

  // the registry's kind and `uopc devices`' lines from the driver's answers
  void listsTheCard() {
    static const uops::CudaDriverLoad load{fakeCudaDriver(), "", 13000};
    const uops::DeviceKind kind = uops::cudaDeviceKind([]() -> const uops::CudaDriverLoad& { return load; });
    QCOMPARE(fakeQs(kind.prefix), QStringLiteral("CUDA"));
    QVERIFY(kind.indexed);
    const std::vector<uops::DeviceDescription> listed = kind.list();
    QCOMPARE(listed.size(), size_t{1});
    QCOMPARE(fakeQs(listed[0].name), QStringLiteral("CUDA:0"));
    QVERIFY(listed[0].accelerator);
    QCOMPARE(fakeQs(kind.open("CUDA:0")->description().description), fakeQs(listed[0].description));
    QCOMPARE(fakeQs(uops::cudaDevicesListing(load)),
             QStringLiteral("CUDA:0  NVIDIA H200  [sm_90, 132 SMs, 141.0 GiB, driver CUDA 13.0]\n"));
  }

  // the launch: each Param's buffer as its CUdeviceptr, in slot order, over
  // the kernel's grid; its time is the events'
  void launchMarshalsBuffers() {
    std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
    const uops::LoweredKernel k = lowered(*device, kAddProgram).at(0);
    std::shared_ptr<uops::DeviceProgram> program = device->compile(k);
    QCOMPARE(fakeCuda().loadedPtx.size(), size_t{1});
    QVERIFY(fakeHas(fakeCuda().loadedPtx[0], ".target sm_90"));
    QVERIFY(fakeHas(fakeCuda().loadedPtx[0], ".visible .entry " + k.rendered.entry + "("));

    std::vector<std::unique_ptr<uops::DeviceBuffer>> owned;
    std::vector<uops::DeviceBuffer*> buffers;
    for (const uops::KernelParam& p : k.params) {
      owned.push_back(device->allocate(p.dtype, p.size));
      buffers.push_back(owned.back().get());
    }
    const std::vector<uops::cu::CUdeviceptr> pointers(fakeCuda().allocations.end() - static_cast<long>(k.params.size()),
                                                      fakeCuda().allocations.end());
    fakeCuda().elapsedMs = 0.375f;
    QCOMPARE(program->run(buffers), 0.375);
    QCOMPARE(fakeCuda().launches.size(), size_t{1});
    const FakeLaunch& launch = fakeCuda().launches[0];
    QCOMPARE(fakeQs(launch.entry), fakeQs(k.rendered.entry));
    QCOMPARE(k.params.size(), size_t{3});
    QCOMPARE(launch.args, pointers);
    const uops::CudaLaunchShape shape = uops::cudaLaunchShape(k.rendered, k.name.text);
    QCOMPARE(launch.grid, shape.grid);
    QCOMPARE(launch.block, shape.block);
    int64_t threads = 1;
    for (int d = 0; d < 3; ++d) threads *= int64_t{launch.grid[d]} * launch.block[d];
    QCOMPARE(threads, k.rendered.workItems());

    // fewer buffers than Params: refused before the driver sees it
    QVERIFY_THROWS_EXCEPTION(uops::DeviceError, program->run(std::span(buffers).first(1)));
    QCOMPARE(fakeCuda().launches.size(), size_t{1});
  }

  void copiesRoundTrip() {
    std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
    uops::HostTensor in(uops::dtypes::float32, uops::Shape{4});
    for (int i = 0; i < 4; ++i) in.setDouble(i, 1.5 * i);
    auto a = device->allocate(uops::dtypes::float32, 4), b = device->allocate(uops::dtypes::float32, 4);
    device->copyIn(*a, in);
    device->copy(*a, *b);
    const uops::HostTensor out = device->copyOut(*b);
    for (int i = 0; i < 4; ++i) QCOMPARE(out.getDouble(i), 1.5 * i);
    const size_t live = fakeCuda().memory.size();
    a.reset();
    QCOMPARE(fakeCuda().memory.size(), live - 1); // freed with its buffer
  }

  // a whole run through core's schedule: one launch per kernel, the events' times
  void programRunsThroughTheSchedule() {
    std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
    fakeCuda().elapsedMs = 0.25f;
    uops::RunSettings twice;
    twice.repeat = 2;
    const uops::DeviceRun run = uops::runProgram(*device,
                                                 programRoots("from tinygrad import Tensor\n"
                                                              "x = Tensor.rand(32, 48)\n"
                                                              "out = x.softmax(axis=1)\n"),
                                                 twice);
    QVERIFY(run.kernels >= 1);
    QCOMPARE(fakeCuda().launches.size(), static_cast<size_t>(run.kernels * 2));
    QCOMPARE(run.times.size(), static_cast<size_t>(run.kernels));
    for (const uops::KernelTimes& t : run.times)
      for (double ms : t.ms) QCOMPARE(ms, 0.25);
  }

  // the driver's JIT rejects the PTX: the run fails with an error naming the
  // kernel and quoting the JIT's log, nothing launched
  void jitFailureIsContained() {
    std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
    const std::string kernel = lowered(*device, kAddProgram).at(0).name.text;
    fakeCuda().loadResult = uops::cu::CUDA_ERROR_INVALID_PTX;
    fakeCuda().jitLog = "ptxas application ptx input, line 17; error   : Unknown symbol 'data9'\n"
                        "ptxas fatal   : Ptx assembly aborted due to errors\n";
    try {
      uops::runProgram(*device, programRoots(kAddProgram));
      QFAIL("the run succeeded");
    } catch (const uops::CudaError& e) {
      QCOMPARE(e.kind(), uops::CudaError::Kind::Jit);
      QCOMPARE(e.result(), uops::cu::CUDA_ERROR_INVALID_PTX);
      QCOMPARE(fakeQs(e.what()),
               fakeQs("loading kernel '" + kernel +
                    "' on CUDA:0: the driver's PTX JIT (cuModuleLoadDataEx) failed with CUDA_ERROR_INVALID_PTX (218: a "
                    "PTX JIT compilation failed)\nJIT log:\nptxas application ptx input, line 17; error   : Unknown "
                    "symbol 'data9'\nptxas fatal   : Ptx assembly aborted due to errors"));
    }
    QVERIFY(fakeCuda().launches.empty());
  }

  void isaWithoutADisassembler() {
    QTemporaryDir empty;
    ScopedPath path(empty.path());
    std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
    const std::string isa = device->compile(lowered(*device, kAddProgram).at(0))->machineCode();
    QVERIFY2(isa.starts_with("// PTX for sm_90 from LLVM's NVPTX back end, loaded by the driver's JIT\n"), isa.c_str());
    QVERIFY2(fakeHas(isa, ".target sm_90"), isa.c_str());
    QVERIFY2(isa.ends_with("\n// SASS: neither cuobjdump nor nvdisasm is on PATH (the CUDA toolkit's): PTX only\n"),
             isa.substr(isa.size() - std::min<size_t>(isa.size(), 300)).c_str());
    QCOMPARE(fakeCuda().linked, 0);
  }

  // cuobjdump on PATH: the cubin the driver links from the PTX, disassembled
  void isaWithSass() {
    QTemporaryDir tools;
    QFile script(tools.filePath(QStringLiteral("cuobjdump")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\necho \"SASS of $1 $(head -c 4 \"$2\" | tail -c 3)\"\n");
    script.close();
    script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    ScopedPath path(tools.path() + QStringLiteral(":/usr/bin:/bin")); // the script uses head and tail
    std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
    const std::string isa = device->compile(lowered(*device, kAddProgram).at(0))->machineCode();
    QVERIFY2(isa.ends_with("\n// SASS of the cubin the driver links from the PTX\nSASS of -sass ELF\n"),
             isa.substr(isa.size() - std::min<size_t>(isa.size(), 300)).c_str());
    QCOMPARE(fakeCuda().linked, 1);
  }

  // the roofline's kernels compile for the card: fma chains and 16-byte copies
  void peakKernelsCompile() {
    const std::string ptx = uops::compileGpuAssembly(uops::cudaPeakKernelsIr(), "fma_peak", uops::cudaArch(9, 0).target);
    QVERIFY2(fakeHas(ptx, ".visible .entry fma_peak(") && fakeHas(ptx, ".visible .entry copy_peak("), ptx.c_str());
    QVERIFY2(fakeHas(ptx, "fma.rn.f32"), ptx.c_str());
    const std::string copy = ptx.substr(ptx.find(".entry copy_peak("));
    QVERIFY2(fakeHas(copy, "ld.global.nc.v4.f32") && fakeHas(copy, "st.global.v4.f32"), copy.c_str());
  }

  void conformanceRuns_data() {
    QTest::addColumn<QString>("path");
    if (!QDir(conformanceDir()).exists()) QSKIP("the shared conformance corpus is not present in this checkout");
    const QStringList expected = QDir(conformanceDir()).entryList({QStringLiteral("*.expected.json")}, QDir::Files);
    QVERIFY(expected.size() >= 50);
    for (QString e : expected) {
      const QString name = e.remove(QStringLiteral(".expected.json"));
      QTest::newRow(qPrintable(name)) << conformanceDir() + QLatin1Char('/') + name + QStringLiteral(".py");
    }
  }

  // every kernel of every public conformance program: PTX for sm_90 the JIT
  // is given, a launch shape CUDA takes, a launch per kernel
  void conformanceRuns() {
    QFETCH(QString, path);
    std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
    uops::program::LoadedProgram p = uops::program::loadProgramFile(path.toStdString(), uops::program::LoadOptions::on("CPU"));
    const uops::DeviceRun run = uops::runProgram(*device, uops::program::rootsOf(p.outputTensors()));
    QCOMPARE(fakeCuda().launches.size(), static_cast<size_t>(run.kernels));
    for (const std::string& ptx : fakeCuda().loadedPtx) {
      QVERIFY2(fakeHas(ptx, ".target sm_90"), ptx.c_str());
      QVERIFY2(fakeHas(ptx, ".visible .entry "), ptx.c_str());
    }
  }
};

UOPSCOPE_TEST(TestFakeDevice);
#include "test_fake_device.moc"
