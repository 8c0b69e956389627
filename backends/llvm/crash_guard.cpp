#include "backends/llvm/crash_guard.h"

#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/ErrorHandling.h>

#include <cstdio>
#include <exception>
#include <mutex>
#include <string>

namespace uops {

// The reason of the last fatal error on this thread, for the guard to report.
static thread_local std::string t_fatalReason;

static void onFatalError(void*, const char* reason, bool) {
  if (llvm::CrashRecoveryContext* guard = llvm::CrashRecoveryContext::GetCurrent()) {
    t_fatalReason = reason;
    guard->HandleExit(1); // longjmps back into runGuarded; does not return
  }
  // Outside a guard, what LLVM does without a handler: print, then LLVM exits.
  std::fprintf(stderr, "LLVM ERROR: %s\n", reason);
}

static void installOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Process-wide: signal handlers that only act on threads inside a guard
    // (a crash elsewhere falls through to the handlers installed before).
    llvm::CrashRecoveryContext::Enable();
    llvm::install_fatal_error_handler(onFatalError);
  });
}

bool runGuarded(const std::function<void()>& work, std::string& failure) {
  installOnce();
  t_fatalReason.clear();
  std::exception_ptr thrown;
  llvm::CrashRecoveryContext guard;
  // C++ exceptions must not unwind through LLVM (built without them): catch
  // inside, rethrow once RunSafely has returned.
  const bool finished = guard.RunSafely([&] {
    try {
      work();
    } catch (...) {
      thrown = std::current_exception();
    }
  });
  if (thrown) std::rethrow_exception(thrown);
  if (finished) return true;
  failure = t_fatalReason.empty() ? "LLVM crashed while compiling (signal " +
                                        std::to_string(guard.RetCode - 128) + ")"
                                  : t_fatalReason;
  return false;
}

} // namespace uops
