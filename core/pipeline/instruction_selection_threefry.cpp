// Threefry-2x32-20 as primitive ops, the same rounds as core/runtime/threefry.cpp
// (the oracle) on uint32 halves of the uint64 counter and key.
#include "core/pipeline/instruction_selection.h"

#include "core/ir/build.h"

#include <array>

namespace uops {
namespace {

UOpPtr u32(int64_t v) {
  return constant(dtypes::uint32, v);
}

// Casting to a narrower integer wraps: the low word.
UOpPtr lowWord(const UOpPtr& x) {
  return cast(x, dtypes::uint32);
}
UOpPtr highWord(const UOpPtr& x) {
  return cast(alu(Op::Shr, {x, constant(dtypes::uint64, int64_t{32})}), dtypes::uint32);
}

UOpPtr rotl(const UOpPtr& x, int n) {
  return alu(Op::Or, {alu(Op::Shl, {x, u32(n)}), alu(Op::Shr, {x, u32(32 - n)})});
}

} // namespace

UOpPtr decomposeThreefry(const UOpPtr& counter, const UOpPtr& key) {
  constexpr std::array<int, 8> kRotations = {13, 15, 26, 6, 17, 29, 16, 24};
  const std::array<UOpPtr, 3> ks = {
      lowWord(key), highWord(key),
      alu(Op::Xor, {alu(Op::Xor, {lowWord(key), highWord(key)}), u32(0x1BD11BDA)})};
  UOpPtr x0 = alu(Op::Add, {lowWord(counter), ks[0]});
  UOpPtr x1 = alu(Op::Add, {highWord(counter), ks[1]});
  for (int group = 0; group < 5; ++group) {
    for (int r = 0; r < 4; ++r) {
      x0 = alu(Op::Add, {x0, x1});
      x1 = alu(Op::Xor, {rotl(x1, kRotations[(group % 2) * 4 + r]), x0});
    }
    x0 = alu(Op::Add, {x0, ks[(group + 1) % 3]});
    x1 = alu(Op::Add, {x1, alu(Op::Add, {ks[(group + 2) % 3], u32(group + 1)})});
  }
  UOpPtr hi = alu(Op::Shl, {cast(x1, dtypes::uint64), constant(dtypes::uint64, int64_t{32})});
  return alu(Op::Or, {hi, cast(x0, dtypes::uint64)});
}

} // namespace uops
