// A padded read's index: the reshapes around a pad write `flat % size` for
// elements outside the source, where the load's gate is false. Rangeify drops
// the modulo wherever the gate proves its operand in [0, size) (a 64-bit
// division per element less, and consecutive lanes stay consecutive), and the
// results do not change.
#include "tests/support/test_registry.h"
#include "core/nn/conv.h"
#include "core/tensor/tensor.h"
#include "tests/pipeline/rangeify_test.h"

#include <QTest>

using namespace uops;
using namespace rangeifytest;

namespace {

// The Mod nodes in the indices of a kernel's gated loads.
int gatedModulos(const UOp& ast) {
  int n = 0;
  for (const UOp* u : toposort(ast))
    if (u->op() == Op::Load && u->src().size() == 3 && u->src(0)->op() == Op::Index)
      for (const UOp* x : toposort(*u->src(0)->src(1))) n += x->op() == Op::Mod;
  return n;
}

int gatedLoads(const UOp& ast) {
  int n = 0;
  for (const UOp* u : toposort(ast)) n += u->op() == Op::Load && u->src().size() == 3;
  return n;
}

} // namespace

class TestGatedModulo : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void paddedConvolutionReadsWithoutModulo() {
    Tensor x = Tensor::empty({2, 3, 6, 6}), w = Tensor::empty({4, 3, 3, 3});
    std::vector<UOpPtr> roots{conv2d(x, w, {.padding = 1}).uop()};
    Schedule s = lowerToSchedule(roots);
    QCOMPARE(s.kernels.size(), size_t{1});
    QVERIFY(gatedLoads(*s.kernels[0].ast) > 0);
    QCOMPARE(gatedModulos(*s.kernels[0].ast), 0);
    std::optional<std::string> bad = mismatch(roots, s, randomInputs(roots));
    QVERIFY2(!bad, bad ? bad->c_str() : "");
  }

  // a pad then a flattening reshape: the output's column `i % 10` is a real
  // modulo (the gate bounds it to [3, 10), not i), so it stays
  void padThenReshapeKeepsItsColumn() {
    Tensor x = Tensor::empty({5, 7});
    std::vector<UOpPtr> roots{(x.pad({PadPair{std::pair<int64_t, int64_t>{1, 2}}, PadPair{std::pair<int64_t, int64_t>{3, 0}}}).reshape({8 * 10}) * 3.0).uop()};
    Schedule s = lowerToSchedule(roots);
    QVERIFY(gatedLoads(*s.kernels.back().ast) > 0);
    QCOMPARE(gatedModulos(*s.kernels.back().ast), 1);
    std::optional<std::string> bad = mismatch(roots, s, randomInputs(roots));
    QVERIFY2(!bad, bad ? bad->c_str() : "");
  }
};

UOPSCOPE_TEST(TestGatedModulo);
#include "test_gated_modulo.moc"
