#include "core/rewrite/listener.h"

namespace uops {
namespace {
thread_local RewriteListener* tListener = nullptr;
} // namespace

RewriteListener* currentRewriteListener() {
  return tListener;
}

ScopedRewriteListener::ScopedRewriteListener(RewriteListener* listener) : m_previous(tListener) {
  tListener = listener;
}

ScopedRewriteListener::~ScopedRewriteListener() {
  tListener = m_previous;
}

} // namespace uops
