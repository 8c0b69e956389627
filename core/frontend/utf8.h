// UTF-8 helpers for the loader: validation, decoding and encoding of code points.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace uops::frontend::utf8 {

// Bytes of the well-formed sequence starting at s[i]; 0 when it is not one
// (overlong forms, surrogates and values above U+10FFFF are rejected, as the
// Unicode standard requires).
int sequenceLength(std::string_view s, size_t i);

// Byte offset of the first ill-formed sequence, if any.
std::optional<size_t> firstInvalid(std::string_view s);

// Decodes the code point at s[i] and advances i past it. An ill-formed byte
// decodes as itself (one byte), so callers never loop forever on bad input.
char32_t decode(std::string_view s, size_t& i);

void append(std::string& out, char32_t cp);

size_t countCodePoints(std::string_view s);

} // namespace uops::frontend::utf8
