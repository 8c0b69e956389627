// Shared by the tensor tests: graphs printed as compact expressions, inputs,
// spec verification and std::string to QString.
#pragma once

#include "core/ir/shape.h"
#include "core/ir/verify.h"
#include "core/tensor/tensor.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <string>

#include <fmt/format.h>

Q_DECLARE_METATYPE(uops::Tensor)

namespace tensortest {

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// The TensorError `f` throws, or "no error".
inline QString errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const uops::TensorError& e) {
    return qs(e.what());
  }
  return QStringLiteral("no error");
}

// An input tensor: a distinct Buffer of the shape (printed as a, b, c, ...).
inline uops::Tensor input(const uops::Shape& shape, uops::DType dtype = uops::dtypes::float32) {
  return uops::Tensor::empty(shape, dtype);
}

inline std::string constText(const uops::ConstValue& v) {
  if (auto* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
  if (auto* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
  std::string s = fmt::format("{}", std::get<double>(v));
  if (s.find_first_of(".eni") == std::string::npos) s += ".0";
  return s;
}

// Compact expression of a tensor graph: `Add(a, Mul(b, -1))`. Inputs made by
// input() are letters in order of first appearance; broadcast constants
// (Const, Reshape(Const), Expand(Reshape(Const))) print as their value;
// movement ops print their shape operands; Cast and Bitcast their dtype.
class ExprPrinter {
public:
  // Inputs are named in the order they were created (their Buffer ids).
  std::string print(const uops::UOpPtr& u) {
    if (m_names.empty()) {
      for (const uops::UOp* n : uops::toposort(*u))
        if (n->op() == uops::Op::Buffer) m_names.emplace(n->argAs<uops::BufferArg>().id, "");
      char next = 'a';
      for (auto& [id, name] : m_names)
        name = std::string(1, next++);
    }
    return printNode(u);
  }

private:
  std::string printNode(const uops::UOpPtr& u) {
    using uops::Op;
    if (auto c = broadcastConst(*u)) return constText(*c);
    if (u->op() == Op::Reshape && u->src(0)->op() == Op::Buffer) {
      return m_names.at(u->src(0)->argAs<uops::BufferArg>().id);
    }
    std::string name(uops::opName(u->op()));
    std::vector<std::string> parts;
    switch (u->op()) {
    case Op::Binary:
      return fmt::format("Binary[{}]", u->argAs<std::string>().size());
    case Op::Reshape:
    case Op::Expand:
      parts = {printNode(u->src(0)), uops::toString(*uops::shapeOperandValues(*u->src(1)))};
      break;
    case Op::Pad:
    case Op::Shrink:
      parts = {printNode(u->src(0)), uops::toString(*uops::shapeOperandValues(*u->src(1))),
               uops::toString(*uops::shapeOperandValues(*u->src(2)))};
      break;
    case Op::Permute:
      parts = {printNode(u->src(0)), uops::toString(u->argAs<uops::Ints>())};
      break;
    case Op::Flip: {
      std::vector<std::string> flags;
      for (bool f : u->argAs<uops::Bools>())
        flags.push_back(f ? "T" : "F");
      parts = {printNode(u->src(0)), fmt::format("{}", fmt::join(flags, ""))};
      break;
    }
    case Op::Reduce: {
      const auto& r = u->argAs<uops::ReduceArg>();
      parts = {printNode(u->src(0)), std::string(uops::opName(r.op)), uops::toString(r.axes)};
      break;
    }
    case Op::Cast:
    case Op::Bitcast:
      parts = {printNode(u->src(0)), std::string(uops::scalarName(u->dtype().scalar))};
      break;
    default:
      for (const auto& s : u->src())
        parts.push_back(printNode(s));
    }
    return fmt::format("{}({})", name, fmt::join(parts, ", "));
  }

  static std::optional<uops::ConstValue> broadcastConst(const uops::UOp& u) {
    const uops::UOp* x = &u;
    if (x->op() == uops::Op::Expand) x = x->src(0).get();
    if (x->op() == uops::Op::Reshape) x = x->src(0).get();
    return x->constValue();
  }
  std::map<int64_t, std::string> m_names;
};

inline std::string expr(const uops::Tensor& t) {
  return ExprPrinter().print(t.uop());
}

// Empty when the graph obeys the spec; otherwise the verifier's report.
inline std::string verifyText(const uops::Tensor& t) {
  return uops::formatErrors(uops::verify(t.uop()));
}

inline std::string shapeText(const uops::Tensor& t) {
  return uops::toString(t.shape());
}
inline std::string dtypeText(const uops::Tensor& t) {
  return std::string(uops::scalarNumpyName(t.dtype().scalar));
}

} // namespace tensortest
