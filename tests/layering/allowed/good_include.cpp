// A file of core/rewrite that includes only itself and core/ir, which its
// DEPS reach: check_layering.cmake lets it pass (test_layering.cmake).
#include "core/ir/uop.h"
#include "core/rewrite/graph_rewrite.h"
