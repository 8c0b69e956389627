// SmallPagesScope: while one is alive (on any thread), memory the process
// touches for the first time comes in small pages, not transparent huge pages.
//
// Lowering allocates tens of MB of small, short-lived nodes; a 2 MB huge page
// zeroed for each first touch costs more than the TLB saves, most of all right
// after another process freed much memory (uopc bench-compile after a tinygrad
// run: mlp_train 40-52 ms on huge pages, 31-35 ms without). Kernel buffers
// (HostTensor, PoCL's) want huge pages: a 16M-element sum ran 2.1 ms on them
// and 3.8 ms without. The allocator asks for huge pages everywhere
// (app/allocator_config.cpp); lowering holds a scope. Linux's
// PR_SET_THP_DISABLE is per process: a buffer first touched while another
// thread lowers gets small pages (slower, never wrong). Elsewhere a no-op.
// A scope also has its thread's heap grow by populated chunks (heap_populate.h).
#pragma once

namespace uops {

class SmallPagesScope {
public:
  SmallPagesScope();
  ~SmallPagesScope();
  SmallPagesScope(const SmallPagesScope&) = delete;
  SmallPagesScope& operator=(const SmallPagesScope&) = delete;
};

} // namespace uops
