#include "backends/opencl/probe_process.h"

#include "backends/opencl/cl_error.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>

#include <fcntl.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
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
  Fd() = default;
  explicit Fd(int fd) : m_fd(fd) {}
  ~Fd() { reset(); }
  Fd(Fd&& other) noexcept : m_fd(std::exchange(other.m_fd, -1)) {}
  Fd& operator=(Fd&& other) noexcept {
    if (this != &other) {
      reset();
      m_fd = std::exchange(other.m_fd, -1);
    }
    return *this;
  }
  int get() const { return m_fd; }
  void reset() {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
  }

private:
  int m_fd = -1;
};

size_t fileSize(int fd) {
  struct stat info {};
  return ::fstat(fd, &info) == 0 ? size_t(info.st_size) : 0;
}

std::string readFrom(int fd, size_t offset) {
  std::string text;
  char chunk[65536];
  for (auto at = off_t(offset);;) {
    const ssize_t n = ::pread(fd, chunk, sizeof chunk, at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return text;
    text.append(chunk, size_t(n));
    at += n;
  }
}

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

struct ProbeProcess::Child {
  pid_t pid = 0;
  Fd socket;          // our end: requests out, answers in
  Fd err;              // its stderr, a memory file
  std::string pending; // answer bytes read past the last line

  ~Child() {
    socket.reset(); // a live child reads the end of its input and exits
    if (pid > 0) ::waitpid(pid, nullptr, 0);
  }
};

ProbeProcess::ProbeProcess(std::string path, std::vector<std::string> args)
    : m_path(std::move(path)), m_args(std::move(args)) {}
ProbeProcess::~ProbeProcess() = default;

void ProbeProcess::start() {
  auto child = std::make_unique<Child>();
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0)
    fail("creating a socket for " + m_path, errno);
  child->socket = Fd(ends[0]);
  const Fd theirs(ends[1]);
  child->err = Fd(memfd_create("clprobe-stderr", MFD_CLOEXEC));
  if (child->err.get() < 0) fail("creating a memory file for " + m_path, errno);
  std::string folder =
      (std::filesystem::temp_directory_path() / "uopscope-clprobe-XXXXXX").string();
  if (!::mkdtemp(folder.data())) fail("creating a folder for " + m_path, errno);

  FileActions actions;
  // dup2 onto 0-2 clears close-on-exec for the child's copies only.
  posix_spawn_file_actions_adddup2(actions.get(), theirs.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(actions.get(), theirs.get(), STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(actions.get(), child->err.get(), STDERR_FILENO);
  posix_spawn_file_actions_addchdir_np(actions.get(), folder.c_str());
  std::vector<char*> argv{m_path.data()};
  for (std::string& arg : m_args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const int error = posix_spawn(&child->pid, m_path.c_str(), actions.get(), nullptr, argv.data(), environ);
  // glibc returns once the child has run exec, so it is in the folder by now:
  // removed, it stays empty (nothing can be made in it) and leaves nothing behind.
  ::rmdir(folder.c_str());
  if (error) {
    child->pid = 0;
    fail("starting " + m_path, error);
  }
  m_child = std::move(child);
}

// The child ended during a request: how, and what it wrote to stderr.
ProbeReply ProbeProcess::ended(ProbeReply reply, size_t errFrom) {
  int status = 0;
  while (::waitpid(m_child->pid, &status, 0) < 0 && errno == EINTR) {
  }
  m_child->pid = 0;
  reply.died = true;
  if (WIFSIGNALED(status)) reply.signal = WTERMSIG(status);
  else reply.exitStatus = WEXITSTATUS(status);
  reply.err = readFrom(m_child->err.get(), errFrom);
  m_child.reset();
  return reply;
}

void ProbeProcess::prestart() {
  std::lock_guard lock(m_mutex);
  if (!m_child) start();
}

ProbeReply ProbeProcess::ask(const std::string& request) {
  std::lock_guard lock(m_mutex);
  if (!m_child) start();
  const size_t errFrom = fileSize(m_child->err.get());
  ProbeReply reply;
  const std::string line = request + "\n";
  for (size_t sent = 0; sent < line.size();) {
    const ssize_t n = ::send(m_child->socket.get(), line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ended(std::move(reply), errFrom); // it died before reading it all
    sent += size_t(n);
  }
  std::string& pending = m_child->pending;
  for (char chunk[4096];;) {
    for (size_t end; (end = pending.find('\n')) != std::string::npos;) {
      std::string answer = pending.substr(0, end);
      pending.erase(0, end + 1);
      if (answer == "done") {
        reply.err = readFrom(m_child->err.get(), errFrom);
        return reply;
      }
      reply.lines.push_back(std::move(answer));
    }
    const ssize_t n = ::recv(m_child->socket.get(), chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ended(std::move(reply), errFrom);
    pending.append(chunk, size_t(n));
  }
}

std::string signalName(int signal) {
  if (const char* abbrev = sigabbrev_np(signal)) return std::string("SIG") + abbrev;
  return "signal " + std::to_string(signal);
}

} // namespace uops
