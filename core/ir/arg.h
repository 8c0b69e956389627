// Arg: the op-dependent argument of a UOp. Part of the node's identity.
//
// Which kind each op carries (the verifier enforces it):
//   Const            ConstValue (the node's dtype says how to read it)
//   Param            ParamArg            Buffer   BufferArg
//   Binary, Source   std::string (bytes / text)
//   Permute          Ints (axis order)   Flip     Bools
//   Replicated       Ints (axes)         Slice    int64_t (size in elements of the node dtype)
//   Reduce           ReduceArg           GetTuple int64_t (index)
//   Load             LoadArg             Range    RangeArg
//   Special          std::string (name)  Ins, Custom, CustomFunction, Wmma: std::string
//   everything else  None
// Cast, Bitcast, Buffer and Param keep their target dtype in the node's dtype
// field, which is also part of the identity: the spec's "dtype from arg".
#pragma once

#include "core/ir/axis_type.h"
#include "core/ir/dtype.h"
#include "core/ir/op.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace uops {

using Ints = std::vector<int64_t>;
using Bools = std::vector<bool>;

// A scalar constant. Integers of every width are stored as int64_t (uint64
// values above INT64_MAX by their bit pattern); floats as double.
using ConstValue = std::variant<bool, int64_t, double>;

// A device name ("CPU", "CL:0") or an n-tuple of them (multi-device, n >= 2).
struct DeviceArg {
  std::vector<std::string> names;
  bool isTuple() const { return names.size() > 1; }
  friend bool operator==(const DeviceArg&, const DeviceArg&) = default;
};
using DeviceRef = std::shared_ptr<const DeviceArg>; // null: no device (constants, ranges)

// A symbolic variable (tinygrad's `Variable`, the spec's "min_max from src"
// Param): a scalar index Param without a buffer slot (-1), named, whose
// min_max is [min, max]. Its value is not in the graph: a kernel takes it as
// an argument (README.md, "Symbolic variables").
struct VariableRange {
  std::string name;
  int64_t min = 0;
  int64_t max = 0;
  friend bool operator==(const VariableRange&, const VariableRange&) = default;
};

struct ParamArg {
  int64_t slot = 0;
  std::optional<DeviceArg> device;
  std::optional<AddrSpace> addrSpace;
  std::optional<VariableRange> variable;
  friend bool operator==(const ParamArg&, const ParamArg&) = default;
};

struct BufferArg {
  int64_t id = 0;   // identity: two buffers of equal size and device are still two buffers
  int64_t size = 0; // elements per device
  DeviceArg device;
  AddrSpace addrSpace = AddrSpace::Global;
  friend bool operator==(const BufferArg&, const BufferArg&) = default;
};

struct ReduceArg {
  Op op = Op::Add; // Add, Max or Mul
  Ints axes;       // empty when reducing over Range sources
  friend bool operator==(const ReduceArg&, const ReduceArg&) = default;
};

struct LoadArg {
  std::optional<DeviceArg> device; // none: stays on the source's device
  AddrSpace addrSpace = AddrSpace::Global;
  friend bool operator==(const LoadArg&, const LoadArg&) = default;
};

struct RangeArg {
  int64_t id = 0; // distinguishes ranges with equal bounds
  AxisType type = AxisType::Loop;
  friend bool operator==(const RangeArg&, const RangeArg&) = default;
};

using Arg = std::variant<std::monostate, bool, int64_t, double, std::string, Ints, Bools,
                         ParamArg, BufferArg, ReduceArg, LoadArg, RangeArg>;

// Equality that treats doubles bitwise (NaN equals itself, -0.0 differs from 0.0),
// so interning sees every constant as itself.
bool argEqual(const Arg& a, const Arg& b);
size_t hashValue(const Arg& arg);

// The Arg alternative holding a constant value, or nullopt.
std::optional<ConstValue> argConstValue(const Arg& arg);
Arg toArg(const ConstValue& v);

std::string toString(const DeviceArg& d); // "CPU" or ("CL:0", "CL:1")

} // namespace uops
