// A file of core/rewrite that includes a floor above it and the explorer:
// check_layering.cmake must refuse both includes (test_layering.cmake).
#include "core/ir/uop.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/pipeline/codegen.h"

#include "views/session/session.h"
