// Shared by the nn tests: tensors as QtTest data, inputs built the way the
// tinygrad snippets in the comments build them, and value rows checked through
// the ReferenceEvaluator against tinygrad's numbers.
#pragma once

#include "core/ir/shape.h"
#include "core/ir/verify.h"
#include "core/nn/nn.h"
#include "core/runtime/reference_evaluator.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QTest>

#include <cmath>
#include <functional>
#include <string>

Q_DECLARE_METATYPE(uops::Tensor)

namespace nntest {
// A case that builds its tensor when run (a QtTest data column).
using Build = std::function<uops::Tensor()>;
} // namespace nntest

Q_DECLARE_METATYPE(nntest::Build)

namespace nntest {

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// tinygrad's `pat(shape, a, m, off, scale)` of the snippets:
// ((Tensor.arange(n) * a) % m - off).float().reshape(*shape) * scale, exact
// small binary fractions in a scrambled order.
inline uops::Tensor pat(const uops::Shape& shape, int64_t a, int64_t m, int64_t off, double scale) {
  int64_t n = uops::shapeProduct(shape);
  return ((uops::Tensor::arange(n) * a).mod(m) - off).toFloat().reshape(shape) * scale;
}

inline QString shapeText(const uops::Tensor& t) {
  return qs(uops::toString(t.shape()));
}
inline QString dtypeText(const uops::Tensor& t) {
  return qs(std::string(uops::scalarNumpyName(t.dtype().scalar)));
}

inline QList<double> values(const uops::Tensor& t) {
  uops::HostTensor v = uops::ReferenceEvaluator().evaluate(t.uop());
  QList<double> out;
  for (double d : v.toDoubles())
    out << d;
  return out;
}

// Empty when every value is within atol + rtol * |want| (NaN matches NaN,
// infinities match exactly); otherwise the first mismatch, for the failure.
inline QString mismatch(const QList<double>& got, const QList<double>& want, double rtol,
                        double atol) {
  if (got.size() != want.size())
    return QStringLiteral("%1 values, expected %2").arg(got.size()).arg(want.size());
  for (qsizetype i = 0; i < got.size(); ++i) {
    double g = got[i], w = want[i];
    bool same =
        (std::isnan(g) && std::isnan(w)) || g == w || std::abs(g - w) <= atol + rtol * std::abs(w);
    if (!same)
      return QStringLiteral("value %1: got %2, expected %3")
          .arg(i)
          .arg(g, 0, 'g', 9)
          .arg(w, 0, 'g', 9);
  }
  return {};
}

// The columns of a value table: the built tensor, tinygrad's shape, dtype and
// flattened values.
inline void addValueColumns() {
  QTest::addColumn<uops::Tensor>("result");
  QTest::addColumn<QString>("shape");
  QTest::addColumn<QString>("dtype");
  QTest::addColumn<QList<double>>("data");
}

// Checks the current row of a value table: shape, dtype, the spec verifier on
// the graph, then the values.
inline void checkValueRow(double rtol = 1e-5, double atol = 1e-6) {
  QFETCH(uops::Tensor, result);
  QFETCH(QString, shape);
  QFETCH(QString, dtype);
  QFETCH(QList<double>, data);
  QCOMPARE(shapeText(result), shape);
  QCOMPARE(dtypeText(result), dtype);
  QCOMPARE(qs(uops::formatErrors(uops::verify(result.uop()))), QString());
  QCOMPARE(mismatch(values(result), data, rtol, atol), QString());
}

} // namespace nntest
