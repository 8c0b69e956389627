// A reference evaluator for which a Buffer nothing wrote reads as zeros (a
// program's Tensor.empty inputs): REF's runs and a program's host values.
#pragma once

#include "core/runtime/reference_evaluator.h"

namespace uops {

ReferenceEvaluator zeroFilledEvaluator();

} // namespace uops
