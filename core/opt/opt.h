// OptOps: the spec's kernel optimizations, a triple (op, axis, arg) applied
// left to right to a kernel's ranges (axis k is the k-th range in nesting
// order, as kernelRanges lists them and the kernel name shows them).
//
// Text form, one op each, separated by spaces or ';' (parseOpts/formatOpts
// round-trip):
//   Split(AXIS, FACTOR, TARGET)       TARGET an AxisType name: LOCAL, THREAD,
//   Split(AXIS, FACTOR, TARGET, top)  UPCAST, UNROLL, GROUP_REDUCE
//   Padto(AXIS, MULTIPLE)
//   Swap(AXIS, OTHER)
//   Nolocals
//   TC(AXIS)                          AXIS the reduce axis of a matrix product:
//                                     the target's tile (8x8x4 on the CPU) as a
//                                     Wmma, its rows and columns UPCAST, its k UNROLL
#pragma once

#include "core/ir/axis_type.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

enum class OptOpKind : uint8_t { Split, Padto, Swap, Nolocals, TC };

struct Opt {
  OptOpKind op = OptOpKind::Split;
  int axis = 0;
  int64_t amount = 0;               // Split: factor k; Padto: multiple m
  AxisType target = AxisType::Upcast; // Split: the new sub-axis's type
  bool top = false;                 // Split: the new sub-axis is the outer one
  int other = 0;                    // Swap: the second axis

  friend bool operator==(const Opt&, const Opt&) = default;
};

// A text form that does not parse: the message says where and why.
class OptParseError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

std::string formatOpt(const Opt& opt);
std::string formatOpts(const std::vector<Opt>& opts); // joined by "; "
std::vector<Opt> parseOpts(std::string_view text);    // throws OptParseError

} // namespace uops
