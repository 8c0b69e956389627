// The parser: tokens to AST by recursive descent, with Python's precedence.
#pragma once

#include "core/frontend/ast.h"
#include "core/frontend/source.h"

#include <memory>
#include <string>

namespace uops::frontend {

// A parsed program: its source (for error messages) and its AST. Function
// values made from the AST hold the Program, so it lives as long as they do.
struct Program {
  SourceFile source;
  ast::Module module;
};

// Limits that keep hostile input from exhausting the stack: brackets, unary
// operators and other recursive forms may nest 200 deep (CPython's limit for
// brackets); an expression tree may be 1000 levels high (a flat a+b+c+...
// is a left-leaning tree as high as it is long).
inline constexpr int kMaxNesting = 200;
inline constexpr int kMaxExprDepth = 1000;

// Lexes and parses; throws LoadError. An empty file is an empty program.
std::shared_ptr<const Program> parseProgram(std::string fileName, std::string text);

} // namespace uops::frontend
