#include "core/program/needed.h"

#include <vector>

namespace uops::program {
namespace {

struct Entry {
  frontend::ListPtr list; // held, so its address is not reused while remembered
  Tensor tensor;
};

std::vector<Entry>& entries() {
  thread_local std::vector<Entry> e;
  return e;
}

} // namespace

void rememberNeeded(const frontend::Value& value, const Tensor& tensor) {
  if (const frontend::ListPtr* list = value.get<frontend::ListPtr>())
    entries().push_back({*list, tensor});
}

std::optional<Tensor> neededTensor(const frontend::Value& value) {
  const frontend::ListPtr* list = value.get<frontend::ListPtr>();
  if (!list) return std::nullopt;
  for (const Entry& e : entries())
    if (e.list == *list) return e.tensor;
  return std::nullopt;
}

void forgetNeeded() {
  std::vector<Entry> old;
  old.swap(entries()); // freed outside the vector: a list's release may be long
}

} // namespace uops::program
