// Cancelling a rewrite in flight. A ScopedRewriteCancel installs a flag for
// its thread; every graphRewrite on that thread looks at it every 1024 nodes
// and throws RewriteCancelled once it is set, so a long stage (a big graph's
// Rangeify, a wide kernel's Expand) stops within milliseconds instead of at
// the next stage. The lowering pipeline installs its cancel flag around each
// stage, on whichever thread runs it.
#pragma once

#include <atomic>
#include <stdexcept>

namespace uops {

struct RewriteCancelled : std::runtime_error {
  RewriteCancelled() : std::runtime_error("rewrite cancelled") {}
};

class ScopedRewriteCancel {
public:
  explicit ScopedRewriteCancel(const std::atomic<bool>* flag);
  ~ScopedRewriteCancel();
  ScopedRewriteCancel(const ScopedRewriteCancel&) = delete;
  ScopedRewriteCancel& operator=(const ScopedRewriteCancel&) = delete;

private:
  const std::atomic<bool>* m_previous;
};

// Whether this thread's installed flag is set.
bool rewriteCancelRequested();

} // namespace uops
