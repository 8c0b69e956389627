// Movement-op chains composed into strided views: every element is found where
// the movement ops themselves put it, in as few views as the chain allows.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include "core/runtime/strided_view.h"

#include <QTest>

#include <functional>

using namespace uops;
using namespace uops::testing;

namespace {

// The chain's value at every index, read through the views composed from the
// chain: element + 1 of a 0, 1, 2... input, 0 in a Pad's padding, as the
// movement ops give it on 1, 2, 3...
QString throughViews(const UOpPtr& top, const UOpPtr& input, size_t& views) {
  StridedViews v = viewsOfChain(top, input);
  views = v.size();
  const Shape& shape = top->shape();
  HostTensor out(dtypes::int32, shape);
  std::vector<int64_t> index(shape.size(), 0), scratch;
  for (int64_t i = 0; i < out.numel(); ++i) {
    int64_t offset = 0;
    out.setInt(i, v.locate(index, offset, scratch) ? offset + 1 : 0);
    for (size_t k = shape.size(); k-- > 0;) {
      if (++index[k] < shape[k]) break;
      index[k] = 0;
    }
  }
  return show(out);
}

using Chain = std::function<UOpPtr(const UOpPtr&)>;

// Both readings of chain(input): through the views, and op by op over 1, 2, 3...
void compareReadings(const Shape& shape, const Chain& chain, size_t expectViews) {
  UOpPtr x = arange(dtypes::int32, shape);
  size_t views = 0;
  QString viaViews = throughViews(chain(x), x, views);
  QCOMPARE(viaViews, show(eval(chain(x + constant(dtypes::int32, int64_t{1})))));
  QCOMPARE(views, expectViews);
}

} // namespace

class TestStridedView : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // Splits and merges of contiguous axes, Expand, Permute, Flip, Shrink and
  // Pad fold into one view.
  void foldableChainIsOneView() {
    compareReadings({2, 3, 4}, [](const UOpPtr& x) {
      UOpPtr y = reshape(x, {6, 4});
      y = flip(y, {false, true});
      y = shrink(y, {1, 1}, {4, 3});
      y = pad(reshape(y, {2, 2, 1, 3}), {0, 1, 0, 1}, {2, 4, 1, 5});
      y = permute(y, {3, 0, 2, 1});
      return expand(y, {5, 2, 3, 4});
    }, 1);
  }

  // The windows of a pooling (repeat, flatten, unflatten with another row
  // length) cannot be one set of strides: a second view, and the same elements.
  void poolingWindowsTakeTwoViews() {
    constexpr int64_t n = 5, k = 3;
    compareReadings({1, n}, [](const UOpPtr& x) {
      UOpPtr padded = pad(x, {0, 1}, {1, n + 2});
      UOpPtr rows = expand(reshape(padded, {1, 1, n + 2}), {1, k + 1, n + 2});
      UOpPtr flat = shrink(reshape(rows, {1, (k + 1) * (n + 2)}), {0, 0}, {1, k * (n + 3)});
      return permute(shrink(reshape(flat, {1, k, n + 3}), {0, 0, 0}, {1, k, n}), {0, 2, 1});
    }, 2);
  }

  // A padded axis merged with another is not a box any more: a second view.
  void reshapeOfPaddingTakesTwoViews() {
    compareReadings({3, 2}, [](const UOpPtr& x) {
      UOpPtr y = reshape(pad(x, {0, 1}, {3, 4}), {12});
      return reshape(shrink(y, {2}, {8}), {2, 4});
    }, 2);
  }
};

UOPSCOPE_TEST(TestStridedView);
#include "test_strided_view.moc"
