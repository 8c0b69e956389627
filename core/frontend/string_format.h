// The string formatting operations of Python: printf-style `%` and
// str.format's replacement fields (f-strings are parsed, see FStringExpr).
#pragma once

#include "core/frontend/args.h"
#include "core/frontend/value.h"

#include <string>

namespace uops::frontend {

// "%s has %d items (%.2f%%)" % args: args is a tuple of values, a dict for
// %(name)s fields, or one value. Conversions s r a d i u f F e E g G x X o c %.
std::string percentFormat(const std::string& format, const Value& args);

// "{} {0} {name} {x.attr} {x[0]} {:>{w}} {!r}".format(*args, **kwargs).
std::string braceFormat(const std::string& format, const Args& args);

// repr() or str() for an f-string's or format field's !r / !s.
std::string convertField(const Value& value, char conversion);

} // namespace uops::frontend
