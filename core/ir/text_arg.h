// How each Arg alternative is written in textual IR (the syntax is listed in text.h).
#pragma once

#include "core/ir/arg.h"
#include "core/ir/text_lexer.h"

#include <string>

namespace uops::text {

// The text after `arg=`, or "" for no arg. `op` and `dtype` are the node's: they
// pick the empty-tuple kind and the unsigned spelling of uint64 constants.
std::string printArg(Op op, DType dtype, const Arg& arg);
// Reads what printArg writes (and the same with other spacing or key order).
Arg parseArg(Cursor& in, Op op, DType dtype);

std::string printDevice(const DeviceArg& device); // "CPU", ("CL:0", "CL:1") or ()

} // namespace uops::text
