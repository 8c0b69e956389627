// libFuzzer target for the tensor-program loader: lex, parse, print and run
// arbitrary bytes with a small step budget. Any crash, hang, sanitizer report,
// leak, or exception other than LoadError escaping the loader is a bug.
#include "frontend/duck.h"

#include "core/frontend/ast_print.h"
#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"
#include "core/frontend/parser.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace uops::frontend;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::shared_ptr<const Program> program;
  try {
    program = parseProgram("fuzz.py", text);
  } catch (const LoadError& e) {
    if (std::string(e.what()).empty()) std::abort(); // an error always has a text
    return 0;
  }
  // The printer walks every node the parser can build.
  std::string printed = ast::printModule(program->module, true);
  (void)printed;

  Interpreter interpreter;
  Limits limits;
  limits.maxSteps = 20'000; // enough to run real programs, small enough to keep executions fast
  interpreter.setLimits(limits);
  int iterations = 0;
  test::registerDucks(interpreter, &iterations);
  size_t printedBytes = 0;
  interpreter.setPrintSink([&](std::string_view s) { printedBytes += s.size(); });
  try {
    interpreter.run(program);
  } catch (const LoadError& e) {
    if (e.line() < 1 || e.col() < 1) std::abort(); // every error has a location
  }
  return 0;
}
