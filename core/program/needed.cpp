#include "core/program/needed.h"

#include <vector>

namespace uops::program {
namespace {

// A list (tolist()) or an object (numpy()'s array), held so its address is
// not reused while remembered.
struct Entry {
  std::shared_ptr<const void> held;
  Tensor tensor;
};

std::shared_ptr<const void> identityOf(const frontend::Value& value) {
  if (const frontend::ListPtr* list = value.get<frontend::ListPtr>()) return *list;
  if (value.isObject()) return value.object();
  return nullptr;
}

std::vector<Entry>& entries() {
  thread_local std::vector<Entry> e;
  return e;
}

} // namespace

void rememberNeeded(const frontend::Value& value, const Tensor& tensor) {
  if (std::shared_ptr<const void> held = identityOf(value)) entries().push_back({std::move(held), tensor});
}

std::optional<Tensor> neededTensor(const frontend::Value& value) {
  std::shared_ptr<const void> held = identityOf(value);
  if (!held) return std::nullopt;
  for (const Entry& e : entries())
    if (e.held == held) return e.tensor;
  return std::nullopt;
}

void forgetNeeded() {
  std::vector<Entry> old;
  old.swap(entries()); // freed outside the vector: a list's release may be long
}

} // namespace uops::program
