// Verifier rules for the tensor-level groups: source, movement, reduce and call ops.
#include "core/ir/verify_rules.h"

#include <algorithm>

namespace uops::verify_detail {
namespace {

// A constant is a scalar whose value kind is its dtype's kind and fits in it.
void constRules(Rules& r) {
  DType d = r.u.dtype();
  if (!isValueType(d) || d.count != 1) return r.fail("dtype must be a scalar, got {}", toString(d));
  const ConstValue v = *r.u.constValue();
  std::string_view got = std::holds_alternative<bool>(v)     ? "bool"
                         : std::holds_alternative<double>(v) ? "float"
                                                             : "int";
  if (d.isBool() && !std::holds_alternative<bool>(v))
    return r.fail("{} needs a bool value, got {}", toString(d), got);
  if (d.isFloat() && !std::holds_alternative<double>(v))
    return r.fail("{} needs a float value, got {}", toString(d), got);
  if (!d.isInt()) return;
  if (!std::holds_alternative<int64_t>(v))
    return r.fail("{} needs an int value, got {}", toString(d), got);
  // uint64 stores any bit pattern; index and int64 hold any int64.
  if (d.scalar == ScalarType::UInt64) return;
  int64_t x = std::get<int64_t>(v);
  MinMax range = dtypeRange(d);
  if (x < range.lo || x > range.hi) r.fail("value {} out of range for {}", x, toString(d));
}

} // namespace

void Rules::dtypeIs(DType expected, std::string_view whose) {
  if (!(u.dtype() == expected))
    fail("dtype must be {} ({}), got {}", toString(expected), whose, toString(u.dtype()));
}

void Rules::isVoid() {
  if (!u.dtype().isVoid()) fail("dtype must be void, got {}", toString(u.dtype()));
}

void Rules::equalSources(size_t a, size_t b, std::string_view what) {
  if (!(src(a) == src(b)))
    fail("{} must have equal dtypes, got {} and {}", what, toString(src(a)), toString(src(b)));
}

void Rules::srcIsBool(size_t i, std::string_view what) {
  if (src(i).scalar != ScalarType::Bool) fail("{} must be bool, got {}", what, toString(src(i)));
}

void Rules::srcIsInt(size_t i, std::string_view what) {
  if (!src(i).isInt()) fail("{} must be index or an int, got {}", what, toString(src(i)));
}

void Rules::srcsAreOp(size_t from, Op op) {
  for (size_t i = from; i < u.src().size(); ++i)
    if (u.src(i)->op() != op)
      fail("source {} must be {}, got {}", i, opName(op), opName(u.src(i)->op()));
}

void sourceRules(Rules& r) {
  const UOp& u = r.u;
  if (u.op() == Op::Const) return constRules(r);
  if (u.op() == Op::Param) {
    if (u.dtype().isVoid()) r.fail("dtype must not be void");
    const ParamArg& p = u.argAs<ParamArg>();
    if (p.variable) {
      if (p.slot != -1) r.fail("a variable has no slot (-1), got {}", p.slot);
      if (!u.dtype().isInt() || !u.shape().empty()) r.fail("a variable is a scalar int");
      if (p.variable->min > p.variable->max)
        r.fail("variable {} has an empty range [{}, {}]", p.variable->name, p.variable->min, p.variable->max);
    } else if (p.slot < 0) {
      r.fail("slot must be >= 0, got {}", p.slot);
    }
  }
  if (u.op() == Op::Buffer) {
    const BufferArg& b = u.argAs<BufferArg>();
    if (!isValueType(u.dtype())) r.fail("dtype must be a value type, got {}", toString(u.dtype()));
    if (b.size < 0) r.fail("size must be >= 0, got {}", b.size);
    if (b.device.names.empty()) r.fail("device must name at least one device");
  }
  if (u.op() == Op::Binary) r.dtypeIs(dtypes::uint8, "raw bytes");
}

// Movement ops move elements and never change them: src[0]'s dtype, except
// Bitcast (reinterprets) and Slice (views the storage as another dtype).
void movementRules(Rules& r) {
  const UOp& u = r.u;
  if (u.op() == Op::Stack) {
    for (size_t i = 1; i < u.src().size(); ++i)
      r.equalSources(0, i, "sources");
    if (!u.src().empty()) r.sameAsSrc0();
    return;
  }
  if (u.op() == Op::Slice) {
    if (!isValueType(u.dtype())) r.fail("dtype must be a value type, got {}", toString(u.dtype()));
    return r.srcIsInt(1, "offset");
  }
  if (u.op() == Op::Bitcast) {
    if (!isValueType(u.dtype())) r.fail("target must be a value type, got {}", toString(u.dtype()));
    if (!isValueType(r.src(0))) r.fail("source must be a value type, got {}", toString(r.src(0)));
    return;
  }
  r.sameAsSrc0();
}

void reduceRules(Rules& r) {
  const ReduceArg& arg = r.u.argAs<ReduceArg>();
  if (arg.op != Op::Add && arg.op != Op::Max && arg.op != Op::Mul)
    r.fail("op must be Add, Max or Mul, got {}", opName(arg.op));
  r.sameAsSrc0();
  for (auto it = arg.axes.begin(); it != arg.axes.end(); ++it)
    if (std::find(arg.axes.begin(), it, *it) != it) r.fail("axis {} listed twice", *it);
  r.srcsAreOp(1, Op::Range);
}

// Function substitutes into a Tuple body; both it and Call take their body's
// dtype, GetTuple its element's.
void callRules(Rules& r) {
  const UOp& u = r.u;
  if (u.op() == Op::Function && u.src(0)->op() != Op::Tuple)
    r.fail("body must be a Tuple, got {}", opName(u.src(0)->op()));
  if (u.op() == Op::Function || u.op() == Op::Call) return r.sameAsSrc0();
  if (u.op() != Op::GetTuple) return;
  const UOp* t = u.src(0).get();
  if ((t->op() == Op::Function || t->op() == Op::Call) && !t->src().empty()) t = t->src(0).get();
  int64_t i = u.argAs<int64_t>();
  // A missing element is the shape rule's to report.
  if (t->op() == Op::Tuple && i >= 0 && static_cast<size_t>(i) < t->src().size())
    r.dtypeIs(t->src(static_cast<size_t>(i))->dtype(), fmt::format("element {}'s", i));
}

} // namespace uops::verify_detail
