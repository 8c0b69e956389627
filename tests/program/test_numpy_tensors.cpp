// numpy at a program's edges: Tensor(np_array) keeps the array's dtype and
// Tensor.numpy() gives an ndarray, as tinygrad does; a program that builds
// its batches with numpy and trains two steps prints what tinygrad printed
// (recorded with tinygrad a9069c177a9d, DEV=CPU, numpy 1.24).
#include "tests/support/test_registry.h"
#include "program_test.h"

#include <QtTest>

using namespace programtest;

namespace {

const char* kInterop = R"(import numpy as np
from tinygrad import Tensor, dtypes
a = np.array([1., 2.])
print(Tensor(a).dtype, Tensor(a.astype(np.float32)).dtype, Tensor(np.array([1, 2], dtype=np.int32)).dtype, Tensor(np.arange(3)).dtype, Tensor(np.array([True, False])).dtype, Tensor(np.array([7], dtype=np.uint8)).dtype)
print(Tensor(np.arange(6).reshape(2, 3)).shape, Tensor(np.array(2.5)).shape, Tensor(np.array([1.5, 2.5]), dtype=dtypes.int32).tolist())
print(repr(Tensor([1., 2.]).numpy()), repr(Tensor([[1, 2]]).numpy()), repr(Tensor(3.5).numpy()), repr(Tensor([True, False]).numpy()))
x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
y = (x * 2).sum(axis=1).numpy()
print(y, y.dtype, type(y).__name__, y.mean(), np.allclose(y, [12., 44., 76.]))
print((Tensor(np.array([1., 2.])) * 3).numpy())
)";

const char* kInteropPrinted = R"(dtypes.double dtypes.float dtypes.int dtypes.long dtypes.bool dtypes.uchar
(2, 3) () [1, 2]
array([1., 2.], dtype=float32) array([[1, 2]], dtype=int32) array(3.5, dtype=float32) array([ True, False])
[12. 44. 76.] float32 ndarray 44.0 True
[3. 6.]
)";

const char* kBatchPrinted = R"([[-0.7031873  -0.49028236 -0.32181433 -1.7550787 ]
 [ 0.20666447 -2.0112646  -0.5572507   0.337217  ]]
array([0, 0, 1, 1, 0, 0, 1, 0], dtype=int32) 39 int32
step 0 loss 0.488049 [38 14 31 59]
step 1 loss 0.444279 [43 58 49 61]
[[-164  -72]
 [-201   56]
 [ 439 -360]]
)";

} // namespace

class TestNumpyTensors : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void tensorsAndArrays() {
    uops::program::LoadedProgram p = load(kInterop);
    QCOMPARE(qs(p.printed), QString::fromUtf8(kInteropPrinted));
  }

  void numpyMakesTheTensorAnOutput() {
    uops::program::LoadedProgram p = load("import numpy as np\nfrom tinygrad import Tensor\na = Tensor([1.5]) * 2\nprint(a.numpy())");
    QCOMPARE(joined(uops::program::evaluateOnHost(p.outputTensors())), QStringLiteral("float32 (1,) [3.0]"));
  }

  void batchBuiltWithNumpyTrainsAsTinygrad() {
    std::string path = (examplesDir() + QStringLiteral("/numpy_batch.py")).toStdString();
    uops::program::LoadedProgram p = uops::program::loadProgramFile(path);
    if (qs(p.printed) != QString::fromUtf8(kBatchPrinted)) qWarning().noquote() << "printed:\n" << qs(p.printed);
    QCOMPARE(qs(p.printed), QString::fromUtf8(kBatchPrinted));
  }

  void numpyScalarIsNoTensor() {
    QCOMPARE(run("import numpy as np\nfrom tinygrad import Tensor\nout = Tensor(np.float32(2.5))"),
             QStringLiteral("3:7: Tensor() cannot create a Tensor from float32"));
  }
};

UOPSCOPE_TEST(TestNumpyTensors);
#include "test_numpy_tensors.moc"
