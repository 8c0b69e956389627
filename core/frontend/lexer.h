// The lexer: source text to tokens, Python's rules for the subset the loader reads.
#pragma once

#include "core/frontend/source.h"
#include "core/frontend/token.h"

#include <vector>

namespace uops::frontend {

// Splits a program into tokens, ending with Newline (when the last line has
// tokens), one Dedent per open indentation level, and End. Implements
// INDENT/DEDENT, implicit line joining inside brackets, backslash
// continuations, comments, int/float literals (0x/0o/0b, underscores,
// exponents) and string literals (single, double, triple quotes, escapes,
// raw prefixes). Throws LoadError for ill-formed input: invalid UTF-8, null
// bytes, stray characters, unterminated strings, bad indentation, brackets
// nested over 200 deep or indentation over 100 levels.
std::vector<Token> tokenize(const SourceFile& source);

} // namespace uops::frontend
