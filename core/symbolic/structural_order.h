// A total order on nodes by structure, never by address, so canonical operand
// order and sorted sums come out the same on every run (CodingStandards.rst:
// output order never depends on pointer values).
//
// Lexicographic: op (spec order), dtype, arg, tag, source count, then the
// sources depth-first. Consts come before everything that is not a Source op;
// a Range orders by its id, so r0 < r1. Iterative: any depth.
#pragma once

#include "core/ir/uop.h"

namespace uops {

// <0, 0 or >0. Zero only for the same node (interning makes equal structure
// the same pointer).
int compareStructure(const UOp& a, const UOp& b);

inline bool structurallyBefore(const UOp& a, const UOp& b) {
  return compareStructure(a, b) < 0;
}

} // namespace uops
