#include "core/rewrite/cancel.h"

namespace uops {
namespace {

thread_local const std::atomic<bool>* t_cancel = nullptr;

} // namespace

ScopedRewriteCancel::ScopedRewriteCancel(const std::atomic<bool>* flag) : m_previous(t_cancel) {
  t_cancel = flag;
}

ScopedRewriteCancel::~ScopedRewriteCancel() {
  t_cancel = m_previous;
}

bool rewriteCancelRequested() {
  return t_cancel && t_cancel->load(std::memory_order_relaxed);
}

} // namespace uops
