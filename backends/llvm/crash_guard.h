// LLVM ends the process on a fatal error (report_fatal_error: "Cannot
// select", broken invariants in codegen) and on a crash. A compile is a
// user action, so runGuarded turns both into a JitError (Codegen) instead.
//
// How: LLVM's CrashRecoveryContext (what clang uses to run cc1 in-process)
// longjmps out of the failed work. Whatever the work allocated is leaked on
// purpose, since LLVM's objects may be half-updated; the caller must not
// touch (or destroy) LLVM objects the work was using after a failure.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace uops {

// Runs work on this thread. Returns false after a fatal error or crash inside
// it (LLVM's reason is in the thrown JitError's text when there is one).
// Exceptions thrown by work propagate normally (they never cross LLVM's frames).
bool runGuarded(const std::function<void()>& work, std::string& failure);

// After a fatal error LLVM's objects may be half-updated, so they are never
// destroyed; they stay reachable from here, so a leak checker (the sanitizer
// build's) sees them as kept, not leaked.
template <class T> void abandon(std::unique_ptr<T> object) {
  static std::mutex mutex;
  static auto* kept = new std::vector<const void*>();
  std::lock_guard<std::mutex> lock(mutex);
  kept->push_back(object.release());
}

// A compile's module, context and target machine after a fatal error.
template <class... T> void abandonAll(std::unique_ptr<T>... objects) {
  (abandon(std::move(objects)), ...);
}

} // namespace uops
