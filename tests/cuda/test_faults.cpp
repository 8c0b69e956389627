// Driver failures on CUDA:0 of the fake driver (fake_cuda_driver.h), each a
// CudaError with the driver's name and text for its result, never a crash:
// memory running out (cuMemAlloc ->
// CUDA_ERROR_OUT_OF_MEMORY) and a launch the driver refuses (cuLaunchKernel
// -> CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES), after which the card still runs
// kernels, and a kernel that faults on the card (cuEventSynchronize ->
// CUDA_ERROR_ILLEGAL_ADDRESS), after which the context is lost and the error
// says so. The JIT's failure is test_fake_device's.
//
// Each run uses a program of its own on one CUDA:0 kept for the process:
// core's schedule cache keeps a compiled schedule (its buffers, on the device
// that compiled it) by program and device name.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "tests/cuda/fake_cuda_driver.h"
#include "backends/cuda/cuda_device.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_launch_shape.h"
#include "core/engine/program_run.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/scheduled_run.h"
#include "core/render/codegen_target.h"

#include <QtTest>

using namespace cudatest;

namespace {

std::vector<uops::UOpPtr> faultRoots(const std::string& text) {
  uops::program::LoadedProgram p = uops::program::loadProgram("program.py", text);
  return uops::program::rootsOf(p.outputTensors());
}

std::string faultProgram(const std::string& op) {
  return "from tinygrad import Tensor\n"
         "a = Tensor.empty(128, 64)\n"
         "b = Tensor.empty(128, 64)\n"
         "out = " + op + "\n";
}

uops::LoweredKernel faultKernel(uops::Device& device, const std::string& text) {
  const uops::CodegenTarget target = uops::runTarget(device, true);
  uops::PipelineRun run = uops::runPipeline(faultRoots(text), {.trace = false, .target = target,
                                                               .rangeify = uops::rangeifyOptionsFor(target)});
  if (run.failed() || run.kernels.size() != 1) throw std::runtime_error("expected one kernel");
  return run.kernels[0];
}

uops::Device& faultDevice() {
  static const std::unique_ptr<uops::Device> device = uops::makeCudaDevice(fakeCudaDriver(), 0);
  return *device;
}

// The CudaError `run` throws (a default one if it throws none).
uops::CudaError cudaErrorOf(const std::function<void()>& run) {
  try {
    run();
  } catch (const uops::CudaError& e) {
    return e;
  }
  return uops::CudaError(uops::CudaError::Kind::Usage, "no error");
}

// The card still works: a kernel compiles, launches and its output copies out.
bool cardStillRuns(uops::Device& device, const std::string& text) {
  const uops::LoweredKernel k = faultKernel(device, text);
  std::vector<std::unique_ptr<uops::DeviceBuffer>> owned;
  std::vector<uops::DeviceBuffer*> buffers;
  for (const uops::KernelParam& p : k.params) {
    owned.push_back(device.allocate(p.dtype, p.size));
    buffers.push_back(owned.back().get());
  }
  const size_t launched = fakeCuda().launches.size();
  device.compile(k)->run(buffers);
  device.copyOut(*owned[0]);
  return fakeCuda().launches.size() == launched + 1;
}

} // namespace

class TestFaults : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void init() { resetFakeCuda(); }

  // the second allocation fails: the run stops there, nothing launched
  void outOfMemoryIsContained() {
    uops::Device* device = &faultDevice();
    fakeCuda().allocationsLeft = 1;
    const uops::CudaError e = cudaErrorOf([&] { uops::runProgram(*device, faultRoots(faultProgram("a * b"))); });
    QCOMPARE(e.kind(), uops::CudaError::Kind::Call);
    QCOMPARE(e.result(), CUDA_ERROR_OUT_OF_MEMORY);
    QCOMPARE(QString::fromStdString(e.call()), QStringLiteral("cuMemAlloc_v2"));
    QCOMPARE(QString::fromStdString(e.what()),
             QStringLiteral("allocating 32768 bytes on CUDA:0: cuMemAlloc_v2 failed with CUDA_ERROR_OUT_OF_MEMORY "
                            "(2: out of memory)"));
    QCOMPARE(fakeCuda().allocations.size(), size_t{1});
    QVERIFY(fakeCuda().launches.empty());
    // memory back: the same program runs (its schedule kept, the buffers it
    // could not make made now)
    fakeCuda().allocationsLeft = -1;
    const uops::DeviceRun again = uops::runProgram(*device, faultRoots(faultProgram("a * b")));
    QCOMPARE(again.kernels, int64_t{1});
    QCOMPARE(fakeCuda().allocations.size(), size_t{3});
    QCOMPARE(fakeCuda().launches.size(), size_t{1});
  }

  // the driver refuses the launch (too many registers for the block, say)
  void launchRefusalIsContained() {
    uops::Device* device = &faultDevice();
    const std::string text = faultProgram("a + b * 3");
    const uops::LoweredKernel k = faultKernel(*device, text);
    const std::string shape = uops::formatLaunchShape(uops::cudaLaunchShape(k.rendered, k.name.text));
    fakeCuda().launchResult = CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
    const uops::CudaError e = cudaErrorOf([&] { uops::runProgram(*device, faultRoots(text)); });
    QCOMPARE(e.kind(), uops::CudaError::Kind::Call);
    QCOMPARE(e.result(), CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
    QCOMPARE(QString::fromStdString(e.what()),
             QString::fromStdString("launching '" + k.name.text + "' on CUDA:0 (" + shape +
                                    "): cuLaunchKernel failed with CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES (701: too many "
                                    "resources requested for launch)"));
    QVERIFY(fakeCuda().launches.empty());
    fakeCuda().launchResult = uops::cu::CUDA_SUCCESS;
    QVERIFY(cardStillRuns(*device, faultProgram("a + b * 4")));
  }

  // the kernel faults on the card: the launch went out, the wait for it fails
  void kernelFaultIsContained() {
    uops::Device* device = &faultDevice();
    const std::string text = faultProgram("(a * b).exp2()");
    const uops::LoweredKernel k = faultKernel(*device, text);
    const std::string shape = uops::formatLaunchShape(uops::cudaLaunchShape(k.rendered, k.name.text));
    fakeCuda().syncResult = CUDA_ERROR_ILLEGAL_ADDRESS;
    const uops::CudaError e = cudaErrorOf([&] { uops::runProgram(*device, faultRoots(text)); });
    QCOMPARE(e.kind(), uops::CudaError::Kind::Call);
    QCOMPARE(e.result(), CUDA_ERROR_ILLEGAL_ADDRESS);
    QCOMPARE(QString::fromStdString(e.what()),
             QString::fromStdString("launching '" + k.name.text + "' on CUDA:0 (" + shape +
                                    "): cuEventSynchronize failed with CUDA_ERROR_ILLEGAL_ADDRESS (700: an illegal "
                                    "memory access was encountered)\nThe card's context is lost after a kernel's "
                                    "fault: every later call on it fails; start the program again to use the card"));
    QCOMPARE(fakeCuda().launches.size(), size_t{1});
    QVERIFY(uops::cudaContextLost(uops::cu::CUDA_ERROR_LAUNCH_FAILED));
    QVERIFY(!uops::cudaContextLost(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES) && !uops::cudaContextLost(CUDA_ERROR_OUT_OF_MEMORY));
  }
};

UOPSCOPE_TEST(TestFaults);
#include "test_faults.moc"
