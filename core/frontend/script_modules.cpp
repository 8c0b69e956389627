// The standard modules a model file imports for the script around its model
// (`import os, sys, argparse, time` and `from pathlib import Path` at the top
// of tinygrad's examples): importing works, and so do the harmless uses the
// module level makes (`sys.path.append(os.getcwd())`, `time.perf_counter()`).
// `abc` declares interfaces without enforcing them. A program has no file system or command line,
// so `argparse.ArgumentParser` and `gzip.open` are a load error when called, and `pathlib.Path` is
// a pure path whose file-system methods are (pure_path.h).
#include "core/frontend/builtins_impl.h"
#include "core/frontend/classes.h"
#include "core/frontend/dict.h"
#include "core/frontend/process_environment.h"
#include "core/frontend/pure_path.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <cstdint>
#include <limits>
#include <string_view>

#include <unistd.h>

namespace uops::frontend {
namespace {

std::shared_ptr<Namespace> scriptModule(const char* name) {
  auto module = std::make_shared<Namespace>();
  module->name = name;
  return module;
}

Value scriptUnavailable(const char* qualified, const char* why) {
  std::string message = fmt::format("{}: not available to a program ({})", qualified, why);
  return makeNative(qualified, [message](Args&) -> Value { throw ScriptError(message); });
}

double scriptSeconds(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(t.time_since_epoch()).count();
}

} // namespace

void installScriptModules(ExecState& state) {
  // os.getcwd() is the program's folder, which imports already search
  auto os = scriptModule("os");
  os->members.insert_or_assign("getcwd", makeNative("getcwd", [](Args& a) -> Value {
    a.expectNone();
    return Value(".");
  }));
  os->members.insert_or_assign("sep", Value("/"));
  // the process's environment, as tinygrad.helpers.getenv reads it
  // (`BERT_SIZE=tiny uopc run ...` for examples/mlperf's configurations)
  os->members.insert_or_assign("getenv", makeNative("getenv", [](Args& a) -> Value {
                                 auto [key, fallback] = a.bind({"key", {"default", Value()}});
                                 Value text = environmentVariable("getenv", key);
                                 return text.isNone() ? fallback : text;
                               }));
  auto environ = Dict::make();
  for (char** entry = ::environ; *entry; ++entry) {
    std::string_view text(*entry);
    const size_t eq = text.find('=');
    if (eq != std::string_view::npos)
      environ->set(Value(std::string(text.substr(0, eq))), Value(std::string(text.substr(eq + 1))));
  }
  os->members.insert_or_assign("environ", Value(environ));
  state.modules.insert_or_assign("os", std::move(os));

  // sys.path is a list a program may append to; imports search the program's
  // folder and the module path whatever it holds
  auto sys = scriptModule("sys");
  sys->members.insert_or_assign("path", Value::list({}));
  sys->members.insert_or_assign("argv", Value::list({Value("")}));
  sys->members.insert_or_assign("maxsize", Value(std::numeric_limits<int64_t>::max()));
  state.modules.insert_or_assign("sys", std::move(sys));

  // the clocks of `time`, for programs that time their own steps
  auto time = scriptModule("time");
  for (const char* name : {"time", "perf_counter", "monotonic"}) {
    bool wall = std::string_view(name) == "time";
    time->members.insert_or_assign(name, makeNative(name, [wall](Args& a) -> Value {
      a.expectNone();
      if (wall)
        return Value(std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count());
      return Value(scriptSeconds(std::chrono::steady_clock::now()));
    }));
  }
  state.modules.insert_or_assign("time", std::move(time));

  // `abc` for model code that declares an interface (class Embedder(ABC) with @abstractmethod
  // members): ABC is a plain base class and abstractmethod passes its function through, so a
  // class that leaves a method abstract is not refused when instantiated
  auto abc = scriptModule("abc");
  abc->members.insert_or_assign("ABC", Value(std::make_shared<Class>("ABC", objectClass())));
  abc->members.insert_or_assign("abstractmethod", makeNative("abstractmethod", [](Args& a) {
                                  return a.bind({"funcobj"})[0];
                                }));
  state.modules.insert_or_assign("abc", std::move(abc));

  // gzip for tokenizers that read a compressed vocabulary (clip.py): opening one is a load error
  auto gzip = scriptModule("gzip");
  gzip->members.insert_or_assign("open", scriptUnavailable("gzip.open", "it has no file system"));
  state.modules.insert_or_assign("gzip", std::move(gzip));

  // `string`'s constants (examples/mlperf/metrics.py strips string.punctuation)
  auto string = scriptModule("string");
  const std::string lower = "abcdefghijklmnopqrstuvwxyz", upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const std::string digits = "0123456789", punctuation = R"(!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~)",
                    whitespace = " \t\n\r\x0b\x0c";
  for (const auto& [name, text] : std::initializer_list<std::pair<const char*, std::string>>{
           {"ascii_lowercase", lower},
           {"ascii_uppercase", upper},
           {"ascii_letters", lower + upper},
           {"digits", digits},
           {"hexdigits", digits + "abcdefABCDEF"},
           {"octdigits", "01234567"},
           {"punctuation", punctuation},
           {"whitespace", whitespace},
           {"printable", digits + lower + upper + punctuation + whitespace}})
    string->members.insert_or_assign(name, Value(text));
  state.modules.insert_or_assign("string", std::move(string));

  auto argparse = scriptModule("argparse");
  argparse->members.insert_or_assign("ArgumentParser",
                                     scriptUnavailable("argparse.ArgumentParser", "it has no command line"));
  state.modules.insert_or_assign("argparse", std::move(argparse));

  auto pathlib = scriptModule("pathlib");
  for (const char* name : {"Path", "PosixPath", "PurePath", "PurePosixPath"})
    pathlib->members.insert_or_assign(name, makeNative(name, makePurePath));
  state.modules.insert_or_assign("pathlib", std::move(pathlib));
}

} // namespace uops::frontend
