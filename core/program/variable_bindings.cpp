#include "core/program/variable_bindings.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace uops::program {
namespace {

std::vector<VariableBinding>& bindingRecord() {
  static std::vector<VariableBinding> record;
  return record;
}

std::vector<std::string>& activeAssignments() {
  static std::vector<std::string> active;
  return active;
}

} // namespace

void forgetVariableBindings() {
  bindingRecord().clear();
  activeAssignments().clear();
}

void recordVariableBinding(const std::string& name, int64_t min, int64_t max, int64_t value) {
  std::vector<VariableBinding>& record = bindingRecord();
  auto it = std::find_if(record.begin(), record.end(), [&](const VariableBinding& b) {
    return b.name == name && b.min == min && b.max == max;
  });
  if (it == record.end()) it = record.insert(record.end(), VariableBinding{name, min, max, {}, {}});
  it->values.push_back(value);
}

VariableValues currentVariableValues() {
  VariableValues out;
  for (const VariableBinding& b : bindingRecord())
    if (!b.values.empty()) out[b.name] = b.values.back();
  return out;
}

void recordFoldedUse(const std::string& name, const std::string& text) {
  for (VariableBinding& b : bindingRecord())
    if (b.name == name && std::find(b.folded.begin(), b.folded.end(), text) == b.folded.end())
      b.folded.push_back(text);
}

void recordSymbolicSize(const std::string& name, const std::string& text) {
  for (VariableBinding& b : bindingRecord())
    if (b.name == name && std::find(b.sized.begin(), b.sized.end(), text) == b.sized.end())
      b.sized.push_back(text);
}

std::vector<VariableBinding> takeVariableBindings() {
  std::vector<VariableBinding> out = std::move(bindingRecord());
  bindingRecord().clear();
  return out;
}

std::string describe(const VariableBinding& binding) {
  return fmt::format("{} in [{}, {}] bound to {}", binding.name, binding.min, binding.max,
                     fmt::join(binding.values, ", "));
}

BoundVariablesScope::BoundVariablesScope(std::vector<std::string> assignments)
    : m_pushed(assignments.size()) {
  for (std::string& a : assignments)
    activeAssignments().push_back(std::move(a));
}

BoundVariablesScope::~BoundVariablesScope() {
  std::vector<std::string>& active = activeAssignments();
  active.resize(active.size() - std::min(m_pushed, active.size()));
}

std::string boundVariablesNote() {
  const std::vector<std::string>& active = activeAssignments();
  if (active.empty()) return "";
  return fmt::format(" ({})", fmt::join(active, ", "));
}

} // namespace uops::program
