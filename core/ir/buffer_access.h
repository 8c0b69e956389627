// What an Index addresses: the Param or Buffer under its After chain (After
// passes its buffer through), and the REG buffers a kernel keeps.
#pragma once

#include "core/ir/uop.h"

#include <cstdint>

namespace uops {

// The Param or Buffer `index` (an Index) addresses.
const UOp& addressedBuffer(const UOp& index);

// The elements of a Param buffer (its pointer's size, else its shape's first extent).
int64_t paramElements(const UOp& param);

// Whether `access` (a Load or Store through an Index of a Param) reads or writes
// inside its buffer wherever its index can be, by the index's min_max alone.
bool accessInBounds(const UOp& access);

// Whether `u` is a Buffer in REG address space.
bool isRegisterBuffer(const UOp& u);

// The REG Buffer a Load or Store accesses through its Index, or null.
const UOp* registerAccessed(const UOp& access);

// One more than the largest REG Buffer id under `root` (0 without any): the
// first id a new REG buffer may take.
int64_t firstFreeRegisterId(const UOp& root);

} // namespace uops
