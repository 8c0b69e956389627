#include "backends/opencl/child_process.h"

#include "backends/opencl/cl_error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace uops {
namespace {

[[noreturn]] void fail(const std::string& doing, int error) {
  throw ClError(ClError::Kind::Usage, doing + ": " + std::strerror(error));
}

// A file descriptor closed on destruction.
class Fd {
public:
  explicit Fd(int fd) : m_fd(fd) {}
  ~Fd() {
    if (m_fd >= 0) ::close(m_fd);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return m_fd; }

private:
  int m_fd;
};

// A memory file, closed in children that are not handed it (close-on-exec).
int memoryFile(const char* name) {
  const int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) fail("creating a memory file for a child process", errno);
  return fd;
}

void writeAll(int fd, const std::string& text) {
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::pwrite(fd, text.data() + done, text.size() - done, off_t(done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail("writing a child process's input", errno);
    done += size_t(n);
  }
}

std::string readAll(int fd) {
  std::string text;
  char chunk[65536];
  for (off_t at = 0;;) {
    const ssize_t n = ::pread(fd, chunk, sizeof chunk, at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return text;
    text.append(chunk, size_t(n));
    at += n;
  }
}

// A fresh folder under the system's temporary folder, removed on destruction.
class TempFolder {
public:
  TempFolder() {
    std::string pattern = (std::filesystem::temp_directory_path() / "uopscope-child-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) fail("creating a folder for a child process", errno);
    m_path = pattern;
  }
  ~TempFolder() {
    std::error_code ignored; // a folder left behind is no reason to fail
    std::filesystem::remove_all(m_path, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::string& path() const { return m_path; }

private:
  std::string m_path;
};

// posix_spawn's file actions, destroyed on scope exit.
class FileActions {
public:
  FileActions() { posix_spawn_file_actions_init(&m_actions); }
  ~FileActions() { posix_spawn_file_actions_destroy(&m_actions); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
  posix_spawn_file_actions_t* get() { return &m_actions; }

private:
  posix_spawn_file_actions_t m_actions;
};

} // namespace

ChildOutcome runChild(const std::string& path, const std::string& input) {
  const Fd in(memoryFile("child-stdin")), out(memoryFile("child-stdout")),
      err(memoryFile("child-stderr"));
  writeAll(in.get(), input);
  const TempFolder folder;

  FileActions actions;
  // dup2 onto 0-2 clears close-on-exec for the child's copies only.
  posix_spawn_file_actions_adddup2(actions.get(), in.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(actions.get(), out.get(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(actions.get(), err.get(), STDERR_FILENO);
  posix_spawn_file_actions_addchdir_np(actions.get(), folder.path().c_str());
  char* const argv[] = {const_cast<char*>(path.c_str()), nullptr};
  pid_t pid = 0;
  if (const int error = posix_spawn(&pid, path.c_str(), actions.get(), nullptr, argv, environ))
    fail("starting " + path, error);

  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) fail("waiting for " + path, errno);
  ChildOutcome outcome;
  if (WIFSIGNALED(status)) outcome.signal = WTERMSIG(status);
  else outcome.exitStatus = WEXITSTATUS(status);
  outcome.out = readAll(out.get());
  outcome.err = readAll(err.get());
  return outcome;
}

std::string signalName(int signal) {
  if (const char* abbrev = sigabbrev_np(signal)) return std::string("SIG") + abbrev;
  return "signal " + std::to_string(signal);
}

} // namespace uops
