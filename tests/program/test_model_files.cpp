// What tinygrad's model files need to load as they are (extra/models/*.py
// from a checkout on the module path): the names they import at module level
// resolve, the ones that would reach the network or torch files are errors
// naming themselves, and a kv-cache written through a subscript's assign
// keeps what was written (tinygrad's values, recorded with DEV=CPU).
#include "tests/support/test_registry.h"
#include "program_test.h"

#include "core/program/program.h"

#include <QtTest>

using namespace programtest;

namespace {

std::string loadErrorOf(const char* text) {
  try {
    uops::program::loadProgram("model.py", text);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

} // namespace

class TestModelFiles : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void subscriptAssignWritesIntoItsTensor() {
    // extra/models/llama.py's cache update: cache_kv[:, :, start:end].assign(...)
    uops::program::LoadedProgram p = uops::program::loadProgram("kv.py", R"(from tinygrad import Tensor
cache = Tensor.zeros(2, 4, 3).contiguous().realize()
for pos in range(2):
  cache[:, pos:pos+1, :].assign(Tensor.full((2, 1, 3), pos + 1.0)).realize()
keys = cache[0, 0:2]
d = Tensor.zeros(4).contiguous().realize()
w = d[1:3].assign(Tensor([5.0, 6.0]))
print(cache.sum().item(), keys.tolist(), d.tolist(), w.tolist())
)");
    QCOMPARE(qs(p.printed), QStringLiteral("18.0 [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]] [0.0, 5.0, 6.0, 0.0] [5.0, 6.0]\n"));
  }

  void functionBodyAssignsIntoTheObjectItWasGiven() {
    // examples/beautiful_mnist.py: BatchNorm inside an @function __call__
    // updates its running statistics in a jitted training step; the update is
    // computed from the call's arguments, as tinygrad's (values from tinygrad
    // at a9069c1, DEV=CPU)
    uops::program::LoadedProgram p = uops::program::loadProgram("bn.py", R"(from tinygrad import Tensor, TinyJit, nn, function, Context
class Net:
  def __init__(self):
    self.l = nn.Linear(3, 2)
    self.l.weight, self.l.bias = Tensor([[0.5, -1.0, 2.0], [1.0, 0.25, -0.5]]), Tensor([0.0, 1.0])
    self.bn = nn.BatchNorm(2)
  @function
  def __call__(self, x): return self.bn(self.l(x)).relu()
  @TinyJit
  @Context(TRAINING=1)
  def step(self, x):
    self.opt.zero_grad()
    loss = self(x).sum().backward()
    return loss.realize(*self.opt.schedule_step())
net = Net()
net.opt = nn.optim.SGD(nn.state.get_parameters(net), lr=0.05)
x = Tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [0.0, 1.0, 0.0], [2.0, 2.0, 2.0]])
r = lambda t: [round(v, 4) for v in t.flatten().tolist()]
for i in range(2): print(round(net.step(x).item(), 4))
print(r(net.bn.running_mean), r(net.bn.running_var), net.bn.num_batches_tracked.item(), r(net.l.weight))
out = net.bn.running_mean
)");
    QCOMPARE(qs(p.printed), QStringLiteral("3.5125\n2.7856\n[0.7387, 0.3907] [4.0684, 1.0386] 2 "
                                           "[0.5181, -0.9927, 1.9991, 1.0106, 0.2862, -0.4591]\n"));
  }

  void importsOfModelFilesResolve() {
    uops::program::LoadedProgram p = uops::program::loadProgram("imports.py", R"(import collections, math
from tinygrad import Tensor, Variable, Device, dtypes
from tinygrad.helpers import fetch, get_child
from tinygrad.nn.state import torch_load
from tinygrad.tensor import cast
from pathlib import Path
class Net:
  def __init__(self): self.layers = [{"w": Tensor([1.0, 2.0])}]
  # bert.py's loader default, evaluated when the class is defined
  def load(self, path: str = Path(__file__).parent.parent / "datasets" / "wiki"): return path
half = dtypes.float16 in Device[Device.DEFAULT].renderer.supported_dtypes()
print(half, collections.OrderedDict(a=1), get_child(cast(Net, Net()), "layers.0.w").tolist(), Net().load())
)");
    QCOMPARE(qs(p.printed), QStringLiteral("True {'a': 1} [1.0, 2.0] datasets/wiki\n"));
  }

  // mask_rcnn.py's `from tinygrad.tensor import _to_np_dtype`: numpy's scalar
  // types, as tinygrad prints them; a dtype numpy here lacks is an error
  void numpyTypesOfDtypes() {
    uops::program::LoadedProgram p = uops::program::loadProgram(
        "np_types.py", R"(from tinygrad.tensor import _to_np_dtype, dtypes
print(_to_np_dtype(dtypes.float32), _to_np_dtype(dtypes.int32), _to_np_dtype(dtypes.bool), _to_np_dtype(dtypes.uint8))
)");
    QCOMPARE(qs(p.printed),
             QStringLiteral("<class 'numpy.float32'> <class 'numpy.int32'> <class 'numpy.bool_'> "
                            "<class 'numpy.uint8'>\n"));
    try {
      uops::program::loadProgram(
          "half.py",
          "from tinygrad.tensor import _to_np_dtype, dtypes\nt = _to_np_dtype(dtypes.float16)\n");
      QFAIL("float16 has no numpy type here");
    } catch (const std::exception& e) {
      QVERIFY2(std::string(e.what()).find("numpy here has no float16") != std::string::npos,
               e.what());
    }
  }

  void weightLoadersSayWhyTheyCannotRun() {
    const std::string fetchError = loadErrorOf("from tinygrad.helpers import fetch\nfetch('https://example.com/w.pth')\n");
    QVERIFY2(fetchError.find("RuntimeError: tinygrad.helpers.fetch('https://example.com/w.pth'): no network is "
                             "available to a program here") != std::string::npos,
             fetchError.c_str());
    const std::string torchError = loadErrorOf("from tinygrad.nn.state import torch_load\ntorch_load('w.pth')\n");
    QVERIFY2(torchError.find("RuntimeError: tinygrad.nn.state.torch_load: no torch files are available to a program "
                             "here") != std::string::npos,
             torchError.c_str());
    const std::string defaultdictError = loadErrorOf("import collections\nd = collections.defaultdict(dict)\n");
    QVERIFY2(defaultdictError.find("collections.defaultdict: not supported by the program loader") != std::string::npos,
             defaultdictError.c_str());
  }
};

UOPSCOPE_TEST(TestModelFiles);
#include "test_model_files.moc"
