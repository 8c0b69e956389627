// Host values as the VM's oracles and the VM itself hold them: a value
// converted to a variable's dtype and shape (one element broadcast), and a
// Python constant as a one-element tensor (float64 or int64, a weak scalar
// until a variable's type converts it).
#pragma once

#include "core/autobatch/prim.h"
#include "core/autobatch/program.h"
#include "core/frontend/value.h"
#include "core/runtime/host_tensor.h"

namespace uops::autobatch {

// `value` as `dtype` and `shape`: elementwise, or its only element everywhere.
HostTensor convertTo(const HostTensor& value, DType dtype, const Shape& shape);

// A Python number or bool as a one-element tensor.
HostTensor pythonConstant(const frontend::Value& c);

// What a Constant or Zero prim writes, as one member's row of `type` ([n] for
// n elements): its Python scalar (or 0) converted to the type's dtype.
HostTensor constantRow(const PrimFn& fn, const TensorType& type);

} // namespace uops::autobatch
