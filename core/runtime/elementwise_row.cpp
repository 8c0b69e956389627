#include "core/runtime/elementwise_row.h"

#include "core/runtime/integer_types.h"
#include "core/runtime/scalar_ops.h"
#include "core/runtime/tensor_elementwise.h"

#include <array>
#include <type_traits>

namespace uops {
namespace {

bool rowIsCompare(Op op) {
  return isComparison(op) || op == Op::Not;
}

template <class T> const T* rowData(const HostTensor& t) {
  return reinterpret_cast<const T*>(t.bytes().data());
}

// y[j] = f(a[j], b[j], c[j]) for j < count: operands of type T, the result of
// type R; operands past the op's count read as 0.
template <class T, class R, class F>
void rowLoop(std::span<const HostTensor* const> in, HostTensor& out, int64_t count, F&& f) {
  const T* a = rowData<T>(*in[0]);
  const T* b = in.size() > 1 ? rowData<T>(*in[1]) : nullptr;
  const T* c = in.size() > 2 ? rowData<T>(*in[2]) : nullptr;
  R* y = reinterpret_cast<R*>(out.mutableBytes().data());
  const size_t n = static_cast<size_t>(count);
  if (c) {
    for (size_t j = 0; j < n; ++j)
      y[j] = f(a[j], b[j], c[j]);
  } else if (b) {
    for (size_t j = 0; j < n; ++j)
      y[j] = f(a[j], b[j], T(0));
  } else {
    for (size_t j = 0; j < n; ++j)
      y[j] = f(a[j], T(0), T(0));
  }
}

// A float op in T as floatOp computes it (operands read as getDouble does,
// the result stored as setDouble does). Add, Sub, Mul and Neg are one
// operation in T, which is what floatOp does for float32 and float64.
template <class T> void floatRow(Op op, ScalarType t, std::span<const HostTensor* const> in, HostTensor& out, int64_t n) {
  switch (op) {
  case Op::Add: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return a + b; });
  case Op::Sub: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return a - b; });
  case Op::Mul: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return a * b; });
  case Op::Neg: return rowLoop<T, T>(in, out, n, [](T a, T, T) { return -a; });
  default:
    return rowLoop<T, T>(in, out, n, [op, t](T a, T b, T c) {
      return static_cast<T>(floatOp(op, t, static_cast<double>(a), static_cast<double>(b), static_cast<double>(c)));
    });
  }
}

// An integer op in T as intOp computes it: modulo 2^64 on the sign-extended
// operands, wrapped to T, which for these ops is the op modulo 2^n in T's
// unsigned type; shift amounts modulo the width, Shr arithmetic for signed T.
template <class T> void intRow(Op op, ScalarType t, std::span<const HostTensor* const> in, HostTensor& out, int64_t n) {
  using U = std::make_unsigned_t<T>;
  constexpr U mask = static_cast<U>(sizeof(T) * 8 - 1);
  switch (op) {
  case Op::Add: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return static_cast<T>(static_cast<U>(uint64_t{static_cast<U>(a)} + uint64_t{static_cast<U>(b)})); });
  case Op::Sub: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return static_cast<T>(static_cast<U>(uint64_t{static_cast<U>(a)} - uint64_t{static_cast<U>(b)})); });
  case Op::Mul: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return static_cast<T>(static_cast<U>(uint64_t{static_cast<U>(a)} * uint64_t{static_cast<U>(b)})); });
  case Op::Xor: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return static_cast<T>(a ^ b); });
  case Op::Or: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return static_cast<T>(a | b); });
  case Op::And: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return static_cast<T>(a & b); });
  case Op::Shl:
    return rowLoop<T, T>(in, out, n, [](T a, T b, T) {
      return static_cast<T>(static_cast<U>(static_cast<uint64_t>(static_cast<U>(a)) << (static_cast<U>(b) & mask)));
    });
  case Op::Shr: return rowLoop<T, T>(in, out, n, [](T a, T b, T) { return static_cast<T>(a >> (static_cast<U>(b) & mask)); });
  default: {
    using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>; // sign-extended as getUInt
    auto bits = [](T v) { return static_cast<uint64_t>(static_cast<Wide>(v)); };
    return rowLoop<T, T>(in, out, n, [op, t, bits](T a, T b, T c) { return static_cast<T>(intOp(op, t, bits(a), bits(b), bits(c))); });
  }
  }
}

// A comparison of T operands into bools (stored as 0 or 1), as
// elementwiseElement compares them: floats as doubles, integers sign-extended.
template <class T> void compareRow(Op op, ScalarType t, std::span<const HostTensor* const> in, HostTensor& out, int64_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    rowLoop<T, uint8_t>(in, out, n, [op](T a, T b, T) {
      return static_cast<uint8_t>(floatCompare(op, static_cast<double>(a), static_cast<double>(b)));
    });
  } else {
    using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
    rowLoop<T, uint8_t>(in, out, n, [op, t](T a, T b, T) {
      return static_cast<uint8_t>(intCompare(op, t, static_cast<uint64_t>(static_cast<Wide>(a)),
                                             static_cast<uint64_t>(static_cast<Wide>(b))));
    });
  }
}

// Where with a bool condition copies the chosen element's bytes, as U.
template <class U> void whereRow(std::span<const HostTensor* const> in, HostTensor& out, int64_t count) {
  const uint8_t* cond = rowData<uint8_t>(*in[0]);
  const U* a = rowData<U>(*in[1]);
  const U* b = rowData<U>(*in[2]);
  U* y = reinterpret_cast<U*>(out.mutableBytes().data());
  for (size_t j = 0; j < static_cast<size_t>(count); ++j)
    y[j] = cond[j] != 0 ? a[j] : b[j];
}

// The ops and dtypes with loops over the element type; false for the others.
bool typedRow(Op op, std::span<const HostTensor* const> in, HostTensor& out, int64_t n) {
  if (op == Op::Cast || in.size() > 3) return false;
  if (op == Op::Where) {
    if (in[0]->dtype().scalar != ScalarType::Bool) return false;
    switch (out.itemSize()) {
    case 1: return whereRow<uint8_t>(in, out, n), true;
    case 2: return whereRow<uint16_t>(in, out, n), true;
    case 4: return whereRow<uint32_t>(in, out, n), true;
    case 8: return whereRow<uint64_t>(in, out, n), true;
    default: return false;
    }
  }
  DType operands = in[0]->dtype();
  for (const HostTensor* t : in)
    if (t->dtype() != operands) return false;
  ScalarType t = operands.scalar;
  if (rowIsCompare(op)) {
    if (t == ScalarType::Float32) return compareRow<float>(op, t, in, out, n), true;
    if (t == ScalarType::Float64) return compareRow<double>(op, t, in, out, n), true;
    return withIntegerType(t, [&]<class T>() { compareRow<T>(op, t, in, out, n); });
  }
  if (operands != out.dtype()) return false;
  if (t == ScalarType::Float32) return floatRow<float>(op, t, in, out, n), true;
  if (t == ScalarType::Float64) return floatRow<double>(op, t, in, out, n), true;
  // other dtypes (bool, float16, bfloat16, index) take the per-element accessors
  return withIntegerType(t, [&]<class T>() { intRow<T>(op, t, in, out, n); });
}

} // namespace

void elementwiseRow(Op op, std::span<const HostTensor* const> in, HostTensor& out, int64_t count) {
  if (typedRow(op, in, out, count)) return;
  std::array<ElementRef, 3> refs{};
  const size_t operands = std::min(in.size(), refs.size());
  for (int64_t j = 0; j < count; ++j) {
    for (size_t k = 0; k < operands; ++k)
      refs[k] = {in[k], j};
    elementwiseElement(op, std::span(refs.data(), operands), out, j);
  }
}

} // namespace uops
