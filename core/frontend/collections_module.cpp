// The `collections` module as far as model files need it to import:
// `OrderedDict` is dict (a dict keeps insertion order here, as in Python 3.7+);
// defaultdict, namedtuple, Counter and deque, which model files use only in
// weight-conversion helpers, are a load error when called.
#include "core/frontend/builtins_impl.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

void installCollectionsModule(ExecState& state) {
  auto collections = std::make_shared<Namespace>();
  collections->name = "collections";
  collections->members.insert_or_assign("OrderedDict", state.builtins.at("dict"));
  for (const char* name : {"defaultdict", "namedtuple", "Counter", "deque"}) {
    std::string qualified = fmt::format("collections.{}", name);
    collections->members.insert_or_assign(name, makeNative(name, [qualified](Args&) -> Value {
      throw ScriptError(fmt::format("{}: not supported by the program loader", qualified));
    }));
  }
  state.modules.insert_or_assign("collections", std::move(collections));
}

} // namespace uops::frontend
