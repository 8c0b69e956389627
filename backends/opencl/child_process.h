// Private: one run of an executable in a child process, for the probes
// (cl_probe.h). Its stdin is `input`; its stdout and stderr are collected in
// memory files (no pipes to keep drained, no SIGPIPE when it dies early); it
// runs in a fresh temporary folder removed afterwards (PoCL's kernel
// compiler may leave files in the current folder). Safe to call from
// several threads.
#pragma once

#include <string>

namespace uops {

struct ChildOutcome {
  int exitStatus = -1; // its exit status; -1 when a signal ended it
  int signal = 0;      // the signal that ended it, 0 when it exited
  std::string out;     // its stdout
  std::string err;     // its stderr

  bool succeeded() const { return signal == 0 && exitStatus == 0; }
};

// Runs `path` with no arguments and this process's environment; waits for
// it. Throws ClError (Usage) when the child cannot be started.
ChildOutcome runChild(const std::string& path, const std::string& input);

// "SIGABRT" for SIGABRT; "signal 70" for a number without a name.
std::string signalName(int signal);

} // namespace uops
