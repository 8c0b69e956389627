// Strided readers walked row by row: every element is visited once, in the
// order asked for, at the offset (or in the padding) the views themselves
// give for its multi-index; rows grow over axes that every reader sees as one.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include "core/runtime/strided_rows.h"
#include "core/runtime/strides.h"

#include <QTest>

using namespace uops;
using namespace uops::testing;

namespace {

// "offset" or "pad" of every element of every reader, in the walk's order,
// read row by row (rows.gather of 1 + offset, as int64) or index by index
// (locate at the multi-indices of `shape` taken in `order`).
QString rowsTestWalk(const Shape& shape, const std::vector<size_t>& order,
                     const std::vector<const StridedViews*>& readers, const Strides& strides,
                     bool byRows, int64_t* rowLength = nullptr) {
  QStringList out;
  if (byRows) {
    StridedRows rows(shape, order);
    std::vector<size_t> ids;
    for (const StridedViews* v : readers)
      ids.push_back(rows.add(*v));
    size_t plain = rows.add(strides);
    if (!rows.start()) return {};
    if (rowLength) *rowLength = rows.length();
    // a source of 1, 2, 3...: gathered, an element reads its offset + 1, padding 0
    std::vector<int64_t> source(4096);
    for (size_t i = 0; i < source.size(); ++i)
      source[i] = static_cast<int64_t>(i) + 1;
    std::vector<int64_t> row;
    do {
      std::vector<std::vector<int64_t>> gathered;
      for (size_t id : ids) {
        row.assign(static_cast<size_t>(rows.length()), -1);
        rows.gather<int64_t>(id, reinterpret_cast<const std::byte*>(source.data()), row.data());
        gathered.push_back(row);
      }
      StridedRows::Row target = rows.row(plain);
      for (int64_t j = 0; j < rows.length(); ++j) {
        QStringList element;
        for (const auto& g : gathered)
          element << QString::number(g[static_cast<size_t>(j)]);
        element << QString::number(target.offset + j * target.stride);
        out << element.join(QLatin1Char('/'));
      }
    } while (rows.next());
    return out.join(QLatin1Char(' '));
  }
  std::vector<int64_t> index(shape.size(), 0), scratch;
  for (int64_t n = shapeProduct(shape); n-- > 0;) {
    QStringList element;
    for (const StridedViews* v : readers) {
      int64_t offset = 0;
      element << QString::number(v->locate(index, offset, scratch) ? offset + 1 : 0);
    }
    int64_t target = 0;
    for (size_t k = 0; k < shape.size(); ++k)
      target += index[k] * strides[k];
    element << QString::number(target);
    out << element.join(QLatin1Char('/'));
    for (size_t p = order.size(); p-- > 0;) {
      size_t k = order[p];
      if (++index[k] < shape[k]) break;
      index[k] = 0;
    }
  }
  return out.join(QLatin1Char(' '));
}

} // namespace

class TestStridedRows : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // A transposed, flipped and padded view, a broadcast one and a two-view
  // pooling window read together over a permuted walk: each element where
  // locate puts it, in the walk's order, with an accumulator's strides beside.
  void rowsReadWhereTheViewsPutEachElement() {
    UOpPtr x = arange(dtypes::int32, {3, 4});
    UOpPtr transposed = expand(reshape(pad(flip(permute(x, {1, 0}), {true, false}), {1, 0}, {6, 3}),
                                       {6, 1, 3}),
                               {6, 2, 3});
    UOpPtr w = arange(dtypes::int32, {2, 3});
    UOpPtr broadcast = expand(reshape(w, {1, 2, 3}), {6, 2, 3});
    UOpPtr v = arange(dtypes::int32, {1, 5});
    UOpPtr padded = pad(v, {0, 1}, {1, 7});
    UOpPtr repeated = expand(reshape(padded, {1, 1, 7}), {1, 4, 7});
    UOpPtr flat = shrink(reshape(repeated, {1, 28}), {0, 0}, {1, 24});
    UOpPtr windows = permute(shrink(reshape(flat, {3, 8}), {0, 0}, {3, 6}), {1, 0}); // (6, 3)
    UOpPtr pooled = expand(reshape(windows, {6, 1, 3}), {6, 2, 3});
    StridedViews a = viewsOfChain(transposed, x), b = viewsOfChain(broadcast, w),
                 c = viewsOfChain(pooled, v);
    QCOMPARE(c.size(), size_t{2});
    const Shape shape{6, 2, 3};
    const Strides target{2, 1, 0};
    for (const std::vector<size_t>& order : {std::vector<size_t>{0, 1, 2}, std::vector<size_t>{1, 0, 2},
                                             std::vector<size_t>{2, 0, 1}}) {
      QString expected = rowsTestWalk(shape, order, {&a, &b, &c}, target, false);
      QCOMPARE(rowsTestWalk(shape, order, {&a, &b, &c}, target, true), expected);
      QCOMPARE(rowsTestWalk(shape, order, {&a, &b}, target, true), rowsTestWalk(shape, order, {&a, &b}, target, false));
    }
    // the first six elements: the transposed reader's Pad, w[0][0..2] and w[1][0..2] broadcast
    QVERIFY(rowsTestWalk(shape, {0, 1, 2}, {&a, &b}, target, true).startsWith(qs("0/1/0 0/2/0 0/3/0 0/4/1")));
  }

  // Axes every reader sees as one contiguous run are one row: a matmul's
  // operands reshaped from (4, 15) to (4, 3, 5) reduce over one row of 15, a
  // transposed reader splits it again, and a padded axis is never merged.
  void rowsMergeAxesThatEveryReaderSeesAsOne() {
    UOpPtr x = arange(dtypes::int32, {4, 15});
    StridedViews split = viewsOfChain(reshape(x, {4, 3, 5}), x);
    UOpPtr y = arange(dtypes::int32, {4, 5, 3});
    StridedViews transposed = viewsOfChain(permute(y, {0, 2, 1}), y);
    UOpPtr z = arange(dtypes::int32, {4, 3, 4});
    StridedViews padded = viewsOfChain(pad(z, {0, 0, 1}, {4, 3, 5}), z);
    const Shape shape{4, 3, 5};
    const Strides target{1, 0, 0};
    int64_t length = 0;
    QCOMPARE(rowsTestWalk(shape, {0, 1, 2}, {&split}, target, true, &length),
             rowsTestWalk(shape, {0, 1, 2}, {&split}, target, false));
    QCOMPARE(length, int64_t{15});
    QCOMPARE(rowsTestWalk(shape, {0, 1, 2}, {&split, &transposed}, target, true, &length),
             rowsTestWalk(shape, {0, 1, 2}, {&split, &transposed}, target, false));
    QCOMPARE(length, int64_t{5});
    QCOMPARE(rowsTestWalk(shape, {0, 1, 2}, {&split, &padded}, target, true, &length),
             rowsTestWalk(shape, {0, 1, 2}, {&split, &padded}, target, false));
    QCOMPARE(length, int64_t{5});
    // the kept axis walked last: one row of 4 per output pair
    QCOMPARE(rowsTestWalk(shape, {1, 2, 0}, {&split}, target, true, &length),
             rowsTestWalk(shape, {1, 2, 0}, {&split}, target, false));
    QCOMPARE(length, int64_t{4});
  }
};

UOPSCOPE_TEST(TestStridedRows);
#include "test_strided_rows.moc"
