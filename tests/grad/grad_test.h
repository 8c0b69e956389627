// Shared by the gradient tests: float64 leaves, evaluation through the
// reference evaluator, central finite differences, and graphs printed as
// compact expressions.
#pragma once

#include "core/grad/gradient.h"
#include "core/ir/shape.h"
#include "core/ir/verify.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QMetaType>
#include <QString>

#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace gradtest {

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

struct Input {
  uops::Shape shape;
  std::vector<double> data;
};

inline uops::Tensor leaf(const Input& in, uops::DType dtype = uops::dtypes::float64) {
  std::vector<uops::Scalar> v(in.data.begin(), in.data.end());
  return uops::Tensor::fromFlat(v, in.shape, dtype);
}

inline std::vector<double> values(const uops::Tensor& t) {
  return uops::ReferenceEvaluator().evaluate(t.uop()).toDoubles();
}

// Deterministic, uneven weights, so a non-scalar output's gradient is not uniform.
inline uops::Tensor weightsFor(const uops::Tensor& out) {
  std::vector<uops::Scalar> w;
  for (int64_t i = 0; i < out.numel(); ++i)
    w.push_back(0.25 + 0.75 * std::sin(1.0 + 1.7 * static_cast<double>(i)));
  return uops::Tensor::fromFlat(w, out.shape(), out.dtype());
}

using Fn = std::function<uops::Tensor(const std::vector<uops::Tensor>&)>;

// sum(f(leaves) * weights): a scalar whose gradient reaches every output element.
inline uops::Tensor weightedLoss(const Fn& f, const std::vector<uops::Tensor>& leaves) {
  uops::Tensor out = f(leaves);
  return (out * weightsFor(out)).sum();
}

// Empty when the gradients of f agree with central differences at `inputs`;
// otherwise the first disagreement or a spec violation in the gradient graph. Run in float64: h =
// 1e-6 leaves errors near 1e-10, far below the tolerance.
inline std::string checkGradients(const Fn& f, const std::vector<Input>& inputs, double tol = 1e-6,
                                  double h = 1e-6) {
  std::vector<uops::Tensor> leaves;
  for (const Input& in : inputs)
    leaves.push_back(leaf(in));
  std::vector<uops::Tensor> grads = uops::gradient(weightedLoss(f, leaves), leaves);
  for (size_t i = 0; i < inputs.size(); ++i) {
    // The backward graph obeys the spec as the forward graph does.
    std::string errors = uops::formatErrors(uops::verify(grads[i].uop()));
    if (!errors.empty())
      return fmt::format("input {}: gradient graph breaks the spec:\n{}", i, errors);
    std::vector<double> analytic = values(grads[i]);
    if (analytic.size() != inputs[i].data.size())
      return fmt::format("input {}: gradient has {} values", i, analytic.size());
    for (size_t j = 0; j < analytic.size(); ++j) {
      auto at = [&](double delta) {
        std::vector<Input> moved = inputs;
        moved[i].data[j] += delta;
        std::vector<uops::Tensor> ls;
        for (const Input& in : moved)
          ls.push_back(leaf(in));
        return values(weightedLoss(f, ls)).at(0);
      };
      double numeric = (at(h) - at(-h)) / (2 * h);
      if (!(std::fabs(analytic[j] - numeric) <= tol * (1 + std::fabs(numeric))))
        return fmt::format("input {} element {}: gradient {}, finite difference {}", i, j,
                           analytic[j], numeric);
    }
  }
  return {};
}

// The conformance rule for float32 results: within 1e-5 + 1e-4 |want|.
inline std::string compareValues(const std::vector<double>& got, const std::vector<double>& want,
                                 double atol = 1e-5, double rtol = 1e-4) {
  if (got.size() != want.size())
    return fmt::format("{} values, expected {}", got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    if (!(std::fabs(got[i] - want[i]) <= atol + rtol * std::fabs(want[i])))
      return fmt::format("index {}: got {}, expected {}", i, got[i], want[i]);
  return {};
}

inline std::string constText(const uops::ConstValue& v) {
  if (auto* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
  if (auto* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
  std::string s = fmt::format("{}", std::get<double>(v));
  if (s.find_first_of(".eni") == std::string::npos) s += ".0";
  return s;
}

// Compact expression of a graph: tensors made by Tensor::empty are letters in
// creation order, Params are p<slot>, broadcast constants print as their value,
// shape operands as tuples. Shared nodes print again at each use.
class GraphText {
public:
  std::string print(const uops::UOpPtr& u) {
    using uops::Op;
    if (m_names.empty()) {
      for (const uops::UOp* n : uops::toposort(*u))
        if (n->op() == Op::Buffer) m_names.emplace(n->argAs<uops::BufferArg>().id, "");
      char next = 'a';
      for (auto& [id, name] : m_names)
        name = std::string(1, next++);
    }
    return node(*u);
  }

private:
  std::string node(const uops::UOp& u) {
    using uops::Op;
    if (auto c = broadcastConst(u)) return constText(*c);
    if (u.op() == Op::Reshape && u.src(0)->op() == Op::Buffer)
      return m_names.at(u.src(0)->argAs<uops::BufferArg>().id);
    if (u.op() == Op::Param) return fmt::format("p{}", u.argAs<uops::ParamArg>().slot);
    std::vector<std::string> parts;
    auto shapeOf = [](const uops::UOp& s) { return uops::toString(*uops::shapeOperandValues(s)); };
    switch (u.op()) {
    case Op::Reshape:
    case Op::Expand:
      parts = {node(*u.src(0)), shapeOf(*u.src(1))};
      break;
    case Op::Pad:
    case Op::Shrink:
      parts = {node(*u.src(0)), shapeOf(*u.src(1)), shapeOf(*u.src(2))};
      break;
    case Op::Permute:
      parts = {node(*u.src(0)), uops::toString(u.argAs<uops::Ints>())};
      break;
    case Op::GetTuple:
      parts = {node(*u.src(0)), std::to_string(u.argAs<int64_t>())};
      break;
    case Op::Reduce: {
      const auto& r = u.argAs<uops::ReduceArg>();
      parts = {node(*u.src(0)), std::string(uops::opName(r.op)), uops::toString(r.axes)};
      break;
    }
    case Op::Cast:
      parts = {node(*u.src(0)), std::string(uops::scalarName(u.dtype().scalar))};
      break;
    default:
      for (const auto& s : u.src())
        parts.push_back(node(*s));
    }
    return fmt::format("{}({})", uops::opName(u.op()), fmt::join(parts, ", "));
  }

  static std::optional<uops::ConstValue> broadcastConst(const uops::UOp& u) {
    const uops::UOp* x = &u;
    if (x->op() == uops::Op::Expand) x = x->src(0).get();
    if (x->op() == uops::Op::Reshape) x = x->src(0).get();
    return x->constValue();
  }
  std::map<int64_t, std::string> m_names;
};

inline std::string graph(const uops::Tensor& t) {
  return GraphText().print(t.uop());
}

} // namespace gradtest

Q_DECLARE_METATYPE(gradtest::Fn)
Q_DECLARE_METATYPE(std::vector<gradtest::Input>)
