#include "core/frontend/process_environment.h"

#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

#include <cstdlib>

namespace uops::frontend {

Value environmentVariable(std::string_view caller, const Value& key) {
  const std::string* name = key.get<std::string>();
  if (!name) throw ScriptError(fmt::format("{}() str expected, not {}", caller, key.typeName()));
  if (name->find('\0') != std::string::npos)
    throw ScriptError(fmt::format("{}() embedded null byte", caller));
  // getenv is safe here: nothing in this process sets variables while it runs.
  const char* text = std::getenv(name->c_str());
  return text ? Value(std::string(text)) : Value();
}

Value environmentReader() {
  return makeNative("_environ_get", [](Args& a) {
    auto [key] = a.bind({"key"});
    return environmentVariable("_environ_get", key);
  });
}

} // namespace uops::frontend
