// The variables a program bound while it loaded (`Variable(...).bind(v)`),
// each with the values it was bound to in order: what the explorer and
// `uopc run --verbose` show. Process-wide, like the RNG seed: the loader
// clears it before each program (under its lock) and takes it at the end.
#pragma once

#include "core/ir/variable.h"

#include <cstdint>
#include <string>
#include <vector>

namespace uops::program {

struct VariableBinding {
  std::string name;
  int64_t min = 0;
  int64_t max = 0;
  std::vector<int64_t> values; // every bind() in program order
  // Expressions over it whose bound value sized a tensor ("(start_pos+1)"):
  // graphs over those hold the value, so their kernels lower per value.
  std::vector<std::string> folded = {};
  // Expressions over it that size a tensor kept symbolic (symbolic_shape.h):
  // the kernels over those take the variable and compile once.
  std::vector<std::string> sized = {};
  friend bool operator==(const VariableBinding&, const VariableBinding&) = default;
};

void forgetVariableBindings();
void recordVariableBinding(const std::string& name, int64_t min, int64_t max, int64_t value);
std::vector<VariableBinding> takeVariableBindings();
// The value each variable was bound to last (whether a rebinding changes it:
// realizeWritesBeforeRebinding); graphs carry their own values.
VariableValues currentVariableValues();
void recordFoldedUse(const std::string& name, const std::string& text);
void recordSymbolicSize(const std::string& name, const std::string& text);

// "start_pos in [1, 11] bound to 5, 6, 7"
std::string describe(const VariableBinding& binding);

// The bound variables a TinyJit call was given ("start_pos=5"), for as long
// as the call runs: each realization inside it names them in its reason
// ("realize() (start_pos=5)"), as tinygrad's jit runs its kernels with them.
class BoundVariablesScope {
public:
  explicit BoundVariablesScope(std::vector<std::string> assignments);
  ~BoundVariablesScope();
  BoundVariablesScope(const BoundVariablesScope&) = delete;
  BoundVariablesScope& operator=(const BoundVariablesScope&) = delete;

private:
  size_t m_pushed;
};
// " (start_pos=5)" inside such a call, "" outside.
std::string boundVariablesNote();

} // namespace uops::program
