// The auto-batched program's data model (seed 001): a Program is a control
// flow graph of Blocks (instructions and one terminator), the Functions it may
// call, one global namespace of variables with their types (var_defs), the
// variables the inputs go into (vars_in) and the outputs come from
// (vars_out), and each variable's allocation (var_alloc: "a proof has been
// found that this strategy suffices").
//
// Blocks live in one pool per Program and are referred to by their index in
// it; a graph is a list of pool indices, entry first. Every variable holds
// one tensor (a tuple return is several variables), so a pattern of names is
// a list.
#pragma once

#include "core/frontend/source.h"
#include "core/ir/dtype.h"
#include "core/ir/uop.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace uops::autobatch {

struct PrimFn; // prim.h

// The reserved program-counter variable.
inline const std::string kProgramCounter = "__pc__";

enum class Allocation { Null, Temporary, Register, Full };
const char* allocationName(Allocation a); // "null", "temporary", "register", "full"

// A variable's type: dtype and shape of one member's value (no batch axis).
struct TensorType {
  DType dtype;
  Shape shape;
  friend bool operator==(const TensorType&, const TensorType&) = default;
};
std::string typeText(const TensorType& t); // "int32[]", "float32[4]"

// vars_out = function(vars_in), each output pushed onto its variable's stack,
// or written over its top where named in skipPush (pop-push fusion).
struct PrimOp {
  std::vector<std::string> in;
  std::vector<std::string> out;
  std::shared_ptr<const PrimFn> fn;
  std::set<std::string> skipPush;
  frontend::Location loc;
};

// vars_out = function(vars_in) for an auto-batched function, before lowering.
struct FunctionCallOp {
  std::string function;
  std::vector<std::string> in;
  std::vector<std::string> out;
  frontend::Location loc;
};

struct PopOp {
  std::vector<std::string> vars; // sorted
};

using Instruction = std::variant<PrimOp, FunctionCallOp, PopOp>;

// A block index meaning "leave the graph": return from the function (before
// lowering), halt (the main graph).
constexpr int kExit = -1;

struct BranchOp {
  std::string cond;
  int ifTrue = kExit;
  int ifFalse = kExit;
};
struct GotoOp {
  int target = kExit;
};
// Pushes `push` onto the program counter's stack and jumps to `target`.
struct PushGotoOp {
  int push = kExit;
  int target = kExit;
};
// Jumps to the block on top of the program counter's stack, popping it.
struct IndirectGotoOp {};

using Terminator = std::variant<BranchOp, GotoOp, PushGotoOp, IndirectGotoOp>;

struct Block {
  std::string label;    // "fib.2": stable, unique in the program
  std::string function; // the function whose body it belongs to
  std::vector<Instruction> instructions;
  Terminator terminator = GotoOp{};
  frontend::Location loc; // the source line that starts it
};

struct Function {
  std::string name;
  std::vector<int> blocks; // pool indices, entry first
  std::vector<std::string> varsIn;  // the formal parameters
  std::vector<std::string> varsOut; // where every return leaves its values
  frontend::Location loc;
};

struct Program {
  std::vector<Block> pool;
  std::vector<int> graph; // the main graph, entry first
  std::vector<Function> functions;
  std::map<std::string, TensorType> varDefs;
  std::vector<std::string> varsIn;
  std::vector<std::string> varsOut;
  std::map<std::string, Allocation> varAlloc;
  // The source file, for messages.
  std::string fileName;

  const Function* function(const std::string& name) const; // null if absent
  // The main graph as a Function (its inputs and outputs the program's).
  Function mainFunction() const;
  // A copy with var_defs and/or var_alloc replaced.
  Program replace(std::optional<std::map<std::string, TensorType>> varDefs,
                  std::optional<std::map<std::string, Allocation>> varAlloc) const;
  // Every variable the program names (instructions, terminators, in/out).
  std::set<std::string> variables() const;
};

// The deterministic text of a program: functions in order, blocks by label,
// each instruction with its source line; pops sorted.
std::string toText(const Program& program);
// One line of it: an instruction, a terminator (its targets by label).
std::string instructionText(const Instruction& ins);
std::string terminatorText(const Program& program, const Terminator& terminator);

// A program that cannot be built, typed, allocated or lowered: the message
// names the variable or function and, where known, the source location.
class AutobatchError : public std::runtime_error {
public:
  AutobatchError(const std::string& message, std::optional<frontend::Location> loc = {})
      : std::runtime_error(message), location(loc) {}
  std::optional<frontend::Location> location;
};

} // namespace uops::autobatch
