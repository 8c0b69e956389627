#include "core/program/environment.h"

#include "core/frontend/args.h"
#include "core/frontend/callable.h"

#include <fmt/format.h>

#include <cstdlib>

namespace uops::program {

using frontend::Args;
using frontend::Value;

Value environmentReader() {
  return frontend::makeNative("_environ_get", [](Args& a) {
    auto [key] = a.bind({"key"});
    const std::string* name = key.get<std::string>();
    if (!name) a.fail(fmt::format("str expected, not {}", key.typeName()));
    if (name->find('\0') != std::string::npos) a.fail("embedded null byte");
    // getenv is safe here: nothing in this process sets variables while it runs.
    const char* text = std::getenv(name->c_str());
    return text ? Value(std::string(text)) : Value();
  });
}

} // namespace uops::program
