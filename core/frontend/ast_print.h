// Prints the AST as compact S-expressions, for tests and debugging.
#pragma once

#include "core/frontend/ast.h"

#include <string>

namespace uops::frontend::ast {

// Forms: names and constants print as Python writes them (x, 1, 1.5, 'a',
// None, ...); compound nodes as (head children...), e.g. (+ a b),
// (call (. x reshape) 2 (kw axis 1)), (sub x (tuple (slice 1 _ _) None)),
// (= (tuple a b) value), (def f (x (= y 1)) (return x)).
// With locations, every node's head gets @line:col.
std::string printExpr(const Expr& expr, bool withLocations = false);
std::string printStmt(const Stmt& stmt, bool withLocations = false);
std::string printModule(const Module& module, bool withLocations = false); // one statement a line

} // namespace uops::frontend::ast
