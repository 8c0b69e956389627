#include "core/program/global_counters.h"

#include "core/frontend/args.h"
#include "core/frontend/callable.h"

#include <memory>

namespace uops::program {

frontend::Value globalCountersObject() {
  auto counters = std::make_shared<frontend::Namespace>();
  counters->name = "GlobalCounters";
  counters->members.insert_or_assign("reset", frontend::makeNative("reset", [](frontend::Args& a) -> frontend::Value {
    a.expectNone();
    return frontend::Value();
  }));
  for (const char* name : {"global_ops", "global_mem", "kernel_count", "mem_used"})
    counters->members.insert_or_assign(name, frontend::Value(int64_t{0}));
  counters->members.insert_or_assign("time_sum_s", frontend::Value(0.0));
  return frontend::Value(frontend::NamespacePtr(std::move(counters)));
}

} // namespace uops::program
