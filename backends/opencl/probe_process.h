// Private: the probe executable kept running as a server, one per device
// name and process (cl_probe.h). Starting it costs what opening OpenCL costs
// (PoCL: about 0.3 s, loading its LLVM and kernel library), so one child
// answers every probe until it dies; the next probe starts a new one.
//
// Requests are one line of JSON on the child's stdin, answers the lines on
// its stdout up to "done" (cl_probe_request.h). Both ends are one Unix
// socket, so a child that dies mid-request is an end of file (and writing
// to it an error, not SIGPIPE); its stderr goes to a memory file. It runs in
// a removed temporary folder, where PoCL's kernel compiler cannot leave the
// files it writes to the current folder (graphs of kernels it rejects). A child whose
// parent ends sees its stdin close and exits. Thread-safe: requests wait
// for each other (PoCL compiles one work-group function at a time anyway).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace uops {

struct ProbeReply {
  std::vector<std::string> lines; // stdout lines before "done" (or before it died)
  bool died = false;              // ended during the request (then respawned on the next)
  int signal = 0;                 // the signal that ended it, 0 when it exited
  int exitStatus = 0;             // its exit status when it exited
  std::string err;                // its stderr since the request began
};

class ProbeProcess {
public:
  // `args` follow the executable's path on the child's command line.
  explicit ProbeProcess(std::string path, std::vector<std::string> args = {});
  ~ProbeProcess();
  ProbeProcess(const ProbeProcess&) = delete;
  ProbeProcess& operator=(const ProbeProcess&) = delete;

  // Sends one request line (no newline in it) and reads the answer. Throws
  // ClError (Usage) when the child cannot be started.
  ProbeReply ask(const std::string& request);
  // Starts the child now if none runs, so that its own start-up (opening
  // OpenCL) overlaps the parent's work until the first request.
  void prestart();

private:
  struct Child; // probe_process.cpp
  void start();
  ProbeReply ended(ProbeReply reply, size_t errFrom);

  std::string m_path;
  std::vector<std::string> m_args;
  std::mutex m_mutex;
  std::unique_ptr<Child> m_child; // null until the first request, and after a death
};

// "SIGABRT" for SIGABRT; "signal 70" for a number without a name.
std::string signalName(int signal);

} // namespace uops
