// Symbolic sizes through elementwise ops, reductions and matmuls
// (core/program/symbolic_ops.h): attention written out by hand over a
// kv-cache sized by start_pos (scores, softmax, weighted sum) and a program
// of every op kind keep the size symbolic, so each position's realizations
// are one graph (the schedule cache's key: lowered and compiled once) and
// the kernels take start_pos as an argument, masking the positions past it.
// The numbers are tinygrad's (tests/cpu/models/*.py run with tinygrad
// a9069c1 on CPU).
#include "tests/support/test_registry.h"
#include "tests/support/decode_steps.h"
#include "tests/support/backend_devices.h"
#include "tests/support/symbolic_gates.h"

#include "core/engine/device_registry.h"
#include "core/engine/program_run.h"
#include "core/engine/schedule_cache.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/ir/minmax.h"
#include "core/ir/variable.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/program.h"

#include <QTest>

#include <map>

namespace {

constexpr const char* kHandwrittenPrinted =
    "1 [-1.8667, 3.34, -4.9582, 2.1936, -4.4681, -0.8056, -2.4951, -0.6566]\n"
    "2 [-2.8235, 2.0452, -0.7827, 0.2111, -2.4433, -0.5834, -1.2405, 2.3644]\n"
    "3 [0.9006, 0.3401, -4.1227, 2.8483, -1.701, -0.0917, 0.0817, -1.5721]\n"
    "4 [-3.3368, -3.3674, 3.9268, -1.4802, 1.7769, -1.6408, -0.1449, 2.0462]\n"
    "5 [-1.9124, 3.0298, -4.4492, 2.0028, -4.0938, -0.7277, -2.4271, -0.3778]\n"
    "6 [3.7424, -1.4357, 0.2584, -0.5197, -0.1635, 3.8841, 5.0457, 3.7596]\n"
    "7 [-1.9055, 3.2763, -4.8896, 2.134, -4.3712, -0.8319, -2.4965, -0.6899]\n";

constexpr const char* kSymbolicOpsPrinted =
    "4 sum0 [2.5198, -1.0801, -0.934, -1.4402]\n"
    "4 max0 [2.7368, 0.818, 0.2405, -0.526]\n"
    "4 min0 [0.3665, 0.2053, 0.2922, 0.4518]\n"
    "4 mean0 [0.504, -0.216, -0.1868, -0.288]\n"
    "4 argmax0 [0, 4, 2, 0]\n"
    "4 argmin0 [0, 3, 4, 0]\n"
    "4 sum_all [15.7629]\n"
    "4 softmax0 [-0.8555, -0.9098, 0.1642, 1.3533]\n"
    "4 logsm0 [-0.8555, -0.9098, 0.1642, 1.3533]\n"
    "4 where [5.4158, 3.287, -4.8376]\n"
    "4 cmp [1, 3, 4, 5]\n"
    "4 rowsum [0.2144]\n"
    "4 contract [-1.131, -1.2521, -0.3514, 4.2369, -0.4211, -1.9017, 1.8975, -0.1404, 0.3111, -0.1775, 0.3603, -2.5179, 1.4554, -0.5245, -0.0044, -1.1537]\n"
    "4 keep [1.4678, 1.5083, 1.579]\n"
    "5 sum0 [1.528, -0.314, -2.1439, -2.4166]\n"
    "5 max0 [2.7368, 0.818, 0.2405, -0.526]\n"
    "5 min0 [0.3665, 0.2053, 0.2922, 0.3767]\n"
    "5 mean0 [0.2547, -0.0523, -0.3573, -0.4028]\n"
    "5 argmax0 [0, 4, 2, 0]\n"
    "5 argmin0 [0, 3, 4, 0]\n"
    "5 sum_all [18.529]\n"
    "5 softmax0 [-0.8765, -0.7835, 0.123, 1.2805]\n"
    "5 logsm0 [-0.8765, -0.7835, 0.123, 1.2805]\n"
    "5 where [4.519, 5.9451, -4.3241]\n"
    "5 cmp [1, 3, 5, 6]\n"
    "5 rowsum [3.9827]\n"
    "5 contract [0.4186, -0.7861, 0.2269, 3.7253, -1.618, -2.2616, 1.4508, 0.2548, 2.2013, 0.3909, 1.0657, -3.142, 2.9808, -0.0658, 0.5649, -1.6573]\n"
    "5 keep [1.4678, 1.5083, 1.579]\n"
    "6 sum0 [1.2328, -1.6695, -2.8228, -2.1407]\n"
    "6 max0 [2.7368, 0.818, 0.2405, -0.4482]\n"
    "6 min0 [0.3665, 0.2053, 0.2922, 0.3767]\n"
    "6 mean0 [0.1761, -0.2385, -0.4033, -0.3058]\n"
    "6 argmax0 [0, 4, 2, 0]\n"
    "6 argmin0 [6, 6, 4, 0]\n"
    "6 sum_all [20.8049]\n"
    "6 softmax0 [-0.7814, -0.7273, 0.137, 1.0411]\n"
    "6 logsm0 [-0.7814, -0.7273, 0.137, 1.0411]\n"
    "6 where [6.0509, 7.2573, -3.7766]\n"
    "6 cmp [2, 4, 6, 6]\n"
    "6 rowsum [2.3069]\n"
    "6 contract [0.1777, -1.0542, 0.1424, 3.6503, -2.724, -3.4923, 1.0629, -0.0895, 1.6473, -0.2255, 0.8714, -3.3144, 3.206, 0.1847, 0.6439, -1.5872]\n"
    "6 keep [1.4678, 1.5083, 1.579]\n";

// No tensor sized by start_pos took its folded twin ("(start_pos+1) by ...").
void symOpsExpectNoFolds(const uops::program::LoadedProgram& p) {
  QVERIFY(!p.variables.empty());
  for (const std::string& f : p.variables.at(0).folded) QVERIFY2(f.find(" by ") == std::string::npos, f.c_str());
  QCOMPARE(p.variables.at(0).sized, (std::vector<std::string>{"(start_pos+1)"}));
}

} // namespace

class TestSymbolicOps : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void handwrittenAttentionCompilesOnce() {
    uops::program::LoadedProgram p = decodesteps::loadTestModel("handwritten_attention.py", "CPU");
    QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(kHandwrittenPrinted));
    auto steps = decodesteps::decodeSteps(p);
    QVERIFY(steps.count(5) && steps.count(6) && steps.count(7));
    // at 5 and 6: the step's output, then its cache writes before the next
    // position is bound; at 7, the last, the output only
    QCOMPARE(steps.at(5).size(), size_t{2});
    QCOMPARE(steps.at(6), steps.at(5));
    QCOMPARE(steps.at(7).size(), size_t{1});
    QCOMPARE(steps.at(7).front(), steps.at(5).front());
    symOpsExpectNoFolds(p);
  }

  void handwrittenAttentionOnOtherDevices() {
    for (const char* device : {"REF", "INTERP", "CL:0"}) {
      if (!uops::test::deviceOpens(device)) continue; // CL:0 where this machine has OpenCL
      uops::program::LoadedProgram p = decodesteps::loadTestModel("handwritten_attention.py", device);
      QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(kHandwrittenPrinted));
    }
  }

  // sum, max, min, mean, argmax, argmin, softmax, log_softmax over the
  // symbolic axis, elementwise ops between two sized tensors, where,
  // comparisons, a sum over the other axis, matmuls contracting over the
  // symbolic axis and keeping it.
  void everyOpKeepsTheSize() {
    for (const char* device : {"CPU", "REF"}) {
      uops::program::LoadedProgram p = decodesteps::loadTestModel("symbolic_ops.py", device);
      QCOMPARE(QString::fromStdString(p.printed), QString::fromUtf8(kSymbolicOpsPrinted));
      auto steps = decodesteps::decodeSteps(p);
      QVERIFY(steps.count(4) && steps.count(5) && steps.count(6));
      QCOMPARE(steps.at(4).size(), size_t{14});
      QCOMPARE(steps.at(5), steps.at(4));
      QCOMPARE(steps.at(6), steps.at(4));
      symOpsExpectNoFolds(p);
    }
  }

  // Two variables, both rebound between steps: pos offsets the cache write
  // and sizes the keys, n sizes the table's rows; the scores are sized by
  // both, the softmax reduces over n and the sum over pos+1.
  void twoVariablesKeepTheirSizes() {
    for (const char* device : {"CPU", "REF"}) {
      uops::program::LoadedProgram p = decodesteps::loadTestModel("two_variables.py", device);
      QCOMPARE(QString::fromStdString(p.printed),
               QStringLiteral("1 3 [1.553, -2.6657, -0.4459, -1.2884]\n"
                              "2 5 [-3.1207, -0.6551, -0.4014, 0.7906]\n"
                              "3 4 [-5.483, 2.6346, -0.5875, 0.1121]\n"
                              "4 6 [-3.0784, 0.0054, -0.7773, -0.8428]\n"
                              "5 2 [8.1109, -10.3371, -6.4707, -3.5105]\n"));
      // the step's output realization is one graph for every (pos, n)
      std::vector<std::vector<uops::UOpPtr>> outputs;
      for (const uops::program::RealizedSchedule& s : p.schedules)
        if (s.variables.count("pos") && s.variables.count("n"))
          outputs.push_back(uops::canonicalBuffers(s.graphs).roots);
      QCOMPARE(outputs.size(), size_t{5});
      for (const auto& o : outputs) QCOMPARE(o, outputs.front());
      QCOMPARE(p.variables.size(), size_t{2});
      for (const uops::program::VariableBinding& b : p.variables) {
        for (const std::string& f : b.folded) QVERIFY2(f.find(" by ") == std::string::npos, f.c_str());
        QCOMPARE(b.sized.size(), size_t{1});
      }
    }
  }

  // The scores' softmax of the hand-written step reduces over the cache's
  // length (12) with a gate that holds exactly below start_pos+1: for start_pos
  // 5, 6 and 7 and every index of the Range.
  void softmaxGateIsTheSymbolicSize() {
    const symbolicgates::Checked checked =
        symbolicgates::checkStartPosGates(decodesteps::loadTestModel("handwritten_attention.py", "CPU"), 12);
    QCOMPARE(checked.error, QString());
    QVERIFY(checked.gates > 0);
  }
};

UOPSCOPE_TEST(TestSymbolicOps);
#include "test_symbolic_ops.moc"
