#include "core/rewrite/rewrite_filter.h"

namespace uops {
namespace {
thread_local RewriteFilter* tRewriteFilter = nullptr;
} // namespace

RewriteFilter* currentRewriteFilter() {
  return tRewriteFilter;
}

ScopedRewriteFilter::ScopedRewriteFilter(RewriteFilter* filter) : m_previous(tRewriteFilter) {
  tRewriteFilter = filter;
}

ScopedRewriteFilter::~ScopedRewriteFilter() {
  tRewriteFilter = m_previous;
}

} // namespace uops
