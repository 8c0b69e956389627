// The process's one Graphviz context and the lock every use of it holds:
// Graphviz is not thread-safe, and the explorer lays graphs out on a worker
// thread while an export may render one.
#pragma once

#include <mutex>

struct GVC_s;

namespace uops::graphviz {

std::mutex& graphvizMutex();
// Never freed: freeing a context frees the font names it interned, while
// Graphviz's pango plugin keeps a pointer to the last one it measured text
// for, and compares the next layout's font with it (a use after free that
// AddressSanitizer caught in the second layout).
GVC_s* graphvizContext();

} // namespace uops::graphviz
