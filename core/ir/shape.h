// The shape derived property: every op's rule from the spec's tables.
#pragma once

#include "core/ir/uop.h"

#include <string>

namespace uops {

// The shape of a node that would be built from these fields, or nullopt with the
// reason in *why (when given) if the spec's rule does not hold.
std::optional<Shape> inferShape(Op op, DType dtype, const UOpList& src, const Arg& arg,
                                std::string* why = nullptr);

// The values of a shape operand (the s', o of Reshape, Expand, Pad, Shrink and
// the shape of Param): a Stack of integer Consts. nullopt if it is not one.
std::optional<Shape> shapeOperandValues(const UOp& operand);

// Right-aligned broadcast of two shapes; nullopt if an axis is neither equal nor 1.
std::optional<Shape> broadcastShapes(const Shape& a, const Shape& b);

std::string toString(const Shape& s); // "(3, 4)", "()", "(5,)"
int64_t shapeProduct(const Shape& s);

} // namespace uops
