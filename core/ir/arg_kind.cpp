#include "core/ir/arg_kind.h"

namespace uops {

ArgKind expectedArgKind(Op op) {
  switch (op) {
  case Op::Const:
    return ArgKind::Const;
  case Op::Param:
    return ArgKind::Param;
  case Op::Buffer:
    return ArgKind::Buffer;
  case Op::Binary:
  case Op::Source:
  case Op::Special:
  case Op::Ins:
  case Op::Custom:
  case Op::CustomFunction:
  case Op::Wmma:
    return ArgKind::String;
  case Op::Permute:
  case Op::Replicated:
    return ArgKind::Ints;
  case Op::Flip:
    return ArgKind::Bools;
  case Op::Slice:
  case Op::GetTuple:
    return ArgKind::Int;
  case Op::Reduce:
    return ArgKind::Reduce;
  case Op::Load:
    return ArgKind::Load;
  case Op::Range:
    return ArgKind::Range;
  case Op::Reshape:
  case Op::Expand:
  case Op::Pad:
  case Op::Shrink:
  case Op::Index:
  case Op::Stack:
  case Op::Bitcast:
  case Op::Function:
  case Op::Call:
  case Op::Tuple:
  case Op::Store:
  case Op::End:
  case Op::After:
  case Op::Group:
  case Op::Sink:
  case Op::Linear:
  case Op::Recip:
  case Op::Trunc:
  case Op::Cast:
  case Op::Add:
  case Op::Mul:
  case Op::Max:
  case Op::Mod:
  case Op::Idiv:
  case Op::CmpLt:
  case Op::CmpNe:
  case Op::Xor:
  case Op::Or:
  case Op::And:
  case Op::Shr:
  case Op::Shl:
  case Op::Where:
  case Op::Neg:
  case Op::Sub:
  case Op::Div:
  case Op::CmpGt:
  case Op::CmpGe:
  case Op::CmpLe:
  case Op::CmpEq:
  case Op::Not:
  case Op::Exp2:
  case Op::Log2:
  case Op::Sin:
  case Op::Sqrt:
  case Op::Pow:
  case Op::Mulacc:
  case Op::Fma:
  case Op::Ldexp:
  case Op::FracNearest:
  case Op::Threefry:
  case Op::Contiguous:
  case Op::ContiguousBackward:
  case Op::Detach:
  case Op::Barrier:
  case Op::If:
  case Op::Endif:
  case Op::AtomicAdd:
  case Op::Program:
    return ArgKind::None;
  }
  return ArgKind::None;
}

bool argHasKind(const Arg& arg, ArgKind kind) {
  switch (kind) {
  case ArgKind::None:
    return std::holds_alternative<std::monostate>(arg);
  case ArgKind::Const:
    return argConstValue(arg).has_value();
  case ArgKind::Int:
    return std::holds_alternative<int64_t>(arg);
  case ArgKind::String:
    return std::holds_alternative<std::string>(arg);
  case ArgKind::Ints:
    return std::holds_alternative<Ints>(arg);
  case ArgKind::Bools:
    return std::holds_alternative<Bools>(arg);
  case ArgKind::Param:
    return std::holds_alternative<ParamArg>(arg);
  case ArgKind::Buffer:
    return std::holds_alternative<BufferArg>(arg);
  case ArgKind::Reduce:
    return std::holds_alternative<ReduceArg>(arg);
  case ArgKind::Load:
    return std::holds_alternative<LoadArg>(arg);
  case ArgKind::Range:
    return std::holds_alternative<RangeArg>(arg);
  }
  return false;
}

std::string_view argKindName(ArgKind kind) {
  switch (kind) {
  case ArgKind::None:
    return "None";
  case ArgKind::Const:
    return "a bool, int or float constant";
  case ArgKind::Int:
    return "int";
  case ArgKind::String:
    return "string";
  case ArgKind::Ints:
    return "Ints";
  case ArgKind::Bools:
    return "Bools";
  case ArgKind::Param:
    return "ParamArg";
  case ArgKind::Buffer:
    return "BufferArg";
  case ArgKind::Reduce:
    return "ReduceArg";
  case ArgKind::Load:
    return "LoadArg";
  case ArgKind::Range:
    return "RangeArg";
  }
  return "?";
}

std::string_view argAlternativeName(const Arg& arg) {
  struct Name {
    std::string_view operator()(std::monostate) const { return "None"; }
    std::string_view operator()(bool) const { return "bool"; }
    std::string_view operator()(int64_t) const { return "int"; }
    std::string_view operator()(double) const { return "float"; }
    std::string_view operator()(const std::string&) const { return "string"; }
    std::string_view operator()(const Ints&) const { return "Ints"; }
    std::string_view operator()(const Bools&) const { return "Bools"; }
    std::string_view operator()(const ParamArg&) const { return "ParamArg"; }
    std::string_view operator()(const BufferArg&) const { return "BufferArg"; }
    std::string_view operator()(const ReduceArg&) const { return "ReduceArg"; }
    std::string_view operator()(const LoadArg&) const { return "LoadArg"; }
    std::string_view operator()(const RangeArg&) const { return "RangeArg"; }
  };
  return std::visit(Name{}, arg);
}

} // namespace uops
