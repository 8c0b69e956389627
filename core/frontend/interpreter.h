// Interpreter: runs a parsed tensor program's Python with Python's semantics;
// host code plugs in modules, globals and objects (see object.h).
#pragma once

#include "core/frontend/parser.h"
#include "core/frontend/source.h"
#include "core/frontend/value.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace uops::frontend {

struct ExecState;

// AddressSanitizer's redzones make each native frame about three times larger:
// the stack limit scales with them, so a sanitized build reports the same
// errors (the call depth first) as a plain one.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr size_t kNativeFrameScale = 3;
#else
inline constexpr size_t kNativeFrameScale = 1;
#endif

struct Limits {
  int64_t maxSteps = 10'000'000; // statements, iterations, calls, collection elements
  int maxCallDepth = 200;        // nested calls of user functions
  // Stack the interpreter may use below its entry point before it reports
  // "maximum recursion depth exceeded"; the thread running it needs more
  // than this (8 MiB main threads and QThreads have plenty).
  size_t maxStackBytes = (size_t{2} << 20) * kNativeFrameScale;
};

// One call of print(): its arguments, where it was called, the text it printed.
struct PrintRecord {
  std::vector<Value> args;
  Location loc;
  std::string text;
};

// What a run leaves behind for the layer that picks the program's outputs
// (PROGRAM_FORMAT.md, "Which tensors are the program's outputs").
struct RunResult {
  std::vector<PrintRecord> prints;
  // The value of the last assignment executed at module level (in program
  // order, including inside module-level for/if/while); for `a, b = e` the
  // value of e.
  std::optional<Value> lastAssignment;
  Location lastAssignmentLoc;
};

// The program's outputs by PROGRAM_FORMAT.md's rules, given what a tensor
// is: every tensor passed to print() in order; otherwise the last module-level
// assignment's value if it is a tensor or a non-empty list/tuple of tensors.
// While host code runs under an interpreter on this thread: the line of the
// program's own code whose call led to it (for "realized at line N").
std::optional<Location> programCallLocation();

// A `for` loop of the program's own code that is running: its line, the
// iteration it is on (1-based) and how many it makes when that is known
// (a range, list, tuple; 0 otherwise).
struct LoopPosition {
  int line = 0;
  int64_t iteration = 0;
  int64_t count = 0;
};
// The program's own loops running now on this thread, outermost first
// (loops inside library code are not the program's steps).
std::vector<LoopPosition> programLoops();

// The program's outputs (PROGRAM_FORMAT.md): the printed tensors, else the
// last assignment's tensor or list/tuple of tensors (nested lists and tuples
// flattened in order); none where the assignment holds anything else.
std::vector<Value> selectOutputs(const RunResult& result,
                                 const std::function<bool(const Value&)>& isTensor);

// One interpreter runs on one thread at a time; separate interpreters may
// run on separate threads.
class Interpreter {
public:
  Interpreter(); // with Python's builtins and the `math` module
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // A name every program sees without importing it, like a builtin.
  void registerGlobal(std::string name, Value value);
  // Adds members to a module, creating it (and its parent packages, e.g.
  // "tinygrad" for "tinygrad.nn") if needed. `from tinygrad import Tensor`
  // then binds the member; an unregistered module or member is a load error.
  void registerModule(const std::string& dottedName,
                      std::vector<std::pair<std::string, Value>> members);

  // A module written in the program language (a library such as tinygrad.nn):
  // run at the start of each run, in registration order, in a module scope of
  // its own whose `__name__` is `dottedName`; its top-level names become the
  // module's members. Its errors name its own file.
  void registerSourceModule(const std::string& dottedName, std::shared_ptr<const Program> program);
  // Folders where `import name` looks for name.py after the program's own
  // folder (local_modules.h).
  void setModulePath(std::vector<std::filesystem::path> folders);

  void setLimits(const Limits& limits);
  const Limits& limits() const;
  // Receives print()'s text (nothing is written to stdout).
  void setPrintSink(std::function<void(std::string_view)> sink);

  // Runs a program in a fresh module scope and returns what it printed and
  // assigned. Throws LoadError (file:line:col, the line, a caret) for any
  // failure, including exceptions from native bindings.
  const RunResult& run(std::shared_ptr<const Program> program);
  // parseProgram + run.
  const RunResult& load(std::string fileName, std::string text);

  const RunResult& result() const;
  std::optional<Value> global(std::string_view name) const;
  std::vector<std::string> globalNames() const; // sorted; the program's own (not __file__)

private:
  std::shared_ptr<ExecState> m_state;
};

} // namespace uops::frontend
