// A rendered kernel's launch on CUDA (backends/cuda/cuda_launch_shape.h):
// grid = global / local, block = local, and the launches the driver cannot
// take refused with the reason, naming the kernel.
#include "tests/support/test_registry.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_launch_shape.h"

#include <QtTest>

namespace {

uops::RenderedKernel launchOf(std::vector<int64_t> global, std::vector<int64_t> local) {
  uops::RenderedKernel r;
  r.global = std::move(global);
  r.local = std::move(local);
  return r;
}

QString refusal(std::vector<int64_t> global, std::vector<int64_t> local) {
  try {
    uops::cudaLaunchShape(launchOf(std::move(global), std::move(local)), "r_k");
  } catch (const uops::CudaError& e) {
    if (e.kind() != uops::CudaError::Kind::Usage) return QStringLiteral("not a usage error");
    return QString::fromUtf8(e.what());
  }
  return {};
}

} // namespace

class TestLaunchShape : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void gridIsGlobalOverLocal() {
    const uops::CudaLaunchShape s = uops::cudaLaunchShape(launchOf({64, 32}, {4, 8}), "r_k");
    QCOMPARE(s.grid, (std::array<unsigned, 3>{16, 4, 1}));
    QCOMPARE(s.block, (std::array<unsigned, 3>{4, 8, 1}));
    QCOMPARE(QString::fromStdString(uops::formatLaunchShape(s)), QStringLiteral("grid 16x4x1, block 4x8x1"));
  }

  void threeDimensions() {
    const uops::CudaLaunchShape s = uops::cudaLaunchShape(launchOf({6, 10, 128}, {3, 5, 2}), "r_k");
    QCOMPARE(s.grid, (std::array<unsigned, 3>{2, 2, 64}));
    QCOMPARE(s.block, (std::array<unsigned, 3>{3, 5, 2}));
  }

  // no work-group: a block of one thread per grid point; no grid: one thread
  void withoutLocalOrGlobal() {
    QCOMPARE(uops::cudaLaunchShape(launchOf({7}, {}), "r_k").grid, (std::array<unsigned, 3>{7, 1, 1}));
    QCOMPARE(uops::cudaLaunchShape(launchOf({7}, {}), "r_k").block, (std::array<unsigned, 3>{1, 1, 1}));
    QCOMPARE(uops::cudaLaunchShape(launchOf({}, {}), "r_k"), uops::CudaLaunchShape{});
  }

  void refused() {
    QCOMPARE(refusal({10}, {4}), QStringLiteral("kernel r_k (global 10, local 4) cannot launch on CUDA: the local size 4 "
                                                "does not divide the global size 10 (dimension 0)"));
    QCOMPARE(refusal({64, 64}, {64, 32}),
             QStringLiteral("kernel r_k (global 64x64, local 64x32) cannot launch on CUDA: 2048 threads per block, at "
                            "most 1024"));
    QCOMPARE(refusal({2, 2, 2, 2}, {1, 1, 1, 1}),
             QStringLiteral("kernel r_k (global 2x2x2x2, local 1x1x1x1) cannot launch on CUDA: more than three dimensions"));
    QCOMPARE(refusal({128, 1, 128}, {1, 1, 128}),
             QStringLiteral("kernel r_k (global 128x1x128, local 1x1x128) cannot launch on CUDA: a block holds at most 64 "
                            "threads in dimension 2"));
    QCOMPARE(refusal({1, 70000}, {1, 1}),
             QStringLiteral("kernel r_k (global 1x70000, local 1x1) cannot launch on CUDA: a grid holds at most 65535 "
                            "blocks in dimension 1"));
  }
};

UOPSCOPE_TEST(TestLaunchShape);
#include "test_launch_shape.moc"
