// Exceptions: Python's exception classes as classes of the program (raised,
// caught by type, subclassed: `class ShapeError(ValueError): pass`), the
// C++ exception that carries a raised one out of the interpreter, and how
// `except` sees the interpreter's own errors.
#pragma once

#include "core/frontend/load_error.h"
#include "core/frontend/value.h"

#include <string>

namespace uops::frontend {

struct ExecState;

// A raised exception on its way to an `except` (or, uncaught, to the host
// as the LoadError it is: at the raise, "ValueError: message").
class ProgramException : public LoadError {
public:
  ProgramException(LoadError where, Value exception)
      : LoadError(std::move(where)), m_exception(std::move(exception)) {}
  const Value& exception() const { return m_exception; }

private:
  Value m_exception;
};

// BaseException, Exception, ValueError, TypeError, KeyError, ... as builtins.
void installExceptions(ExecState& state);

// "ValueError: message", or "ValueError" without one: how an uncaught
// exception reads, as the last line of Python's traceback.
std::string describeException(const Value& exception);

// What `raise value` raises: an exception instance as it is, an exception
// class instantiated without arguments. Throws ScriptError otherwise.
Value exceptionToRaise(const Value& value);

// Whether `exception` is an instance of `type` (a class or a tuple of them),
// for `except type:`. Throws ScriptError when type is no exception class.
bool exceptionMatches(const Value& exception, const Value& type);

// The limits that keep a program safe (the step budget, recursion depth,
// memory, a stopped load) end it: no `except` catches them.
bool isCatchable(const LoadError& error);

// The exception instance a caught error stands for: a raised one itself;
// for the interpreter's own errors, the Python type their message names
// (ZeroDivisionError, KeyError, IndexError, AttributeError, NameError,
// AssertionError, ImportError, TypeError, ValueError), else RuntimeError
// (an error of the Tensor API or another host binding), with the message.
Value caughtException(const LoadError& error, ExecState& state);

} // namespace uops::frontend
