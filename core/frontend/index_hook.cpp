#include "core/frontend/index_hook.h"

#include "core/frontend/callable.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

std::optional<int64_t> hostIndex(const Value& v) {
  if (!v.isObject()) return std::nullopt;
  const MethodTable* table = v.object()->methods();
  if (!table || !table->method("__index__")) return std::nullopt;
  std::optional<Value> method = v.object()->getAttr("__index__");
  if (!method) return std::nullopt;
  Value r = callValue(*method, {});
  if (const int64_t* i = r.get<int64_t>()) return *i;
  throw ScriptError(fmt::format("__index__ returned non-int (type {})", r.typeName()));
}

} // namespace uops::frontend
