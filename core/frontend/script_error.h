// ScriptError: a Python-level error raised without a location.
#pragma once

#include <stdexcept>
#include <string>

namespace uops::frontend {

// Thrown by value operations and native bindings ("unsupported operand
// type(s) for +: 'int' and 'str'", "reshape() got an unexpected keyword
// argument 'foo'"). The interpreter turns it, like any std::exception a
// binding throws, into a LoadError at the expression that raised it.
class ScriptError : public std::runtime_error {
public:
  explicit ScriptError(const std::string& message) : std::runtime_error(message) {}
};

// "'Tensor' object has no attribute 'foo'": what getattr(x, name, default)
// and hasattr() catch.
class AttributeError : public ScriptError {
public:
  using ScriptError::ScriptError;
};

} // namespace uops::frontend
