// Python's text for floats and strings, shared by repr() and the AST printer.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace uops::frontend {

// repr(float): the shortest digits that read back to the same double, fixed
// notation for exponents in [-4, 16) with at least one decimal ("1.0"),
// scientific otherwise ("1e-05", "1e+16"); "inf", "-inf", "nan".
std::string formatFloat(double value);

// repr(str): single quotes unless the text has a single quote and no double
// quote; backslash escapes for the quote, backslash and control characters.
std::string quoteString(std::string_view text);

// Reads a decimal float spelling without underscores ("1.5", ".5", "1e-3",
// "2."), rounding correctly; values past the double range become inf (or 0.0
// when they underflow), as Python reads them. nullopt if it is not one.
std::optional<double> parseDecimalFloat(std::string_view spelling);

} // namespace uops::frontend
