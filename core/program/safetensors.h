// tinygrad.nn.state's safe_load / safe_save: safetensors files next to the
// program (a model with real weights can be inspected). A program names a
// file, not a path: a plain name ending in .safetensors, in the program's own
// directory; anything else is a load error, so a program still reaches no
// other part of the file system.
#pragma once

#include "core/frontend/value.h"

#include <filesystem>
#include <string>

namespace uops::program {

// The directory safe_load / safe_save use while a program loads on this
// thread (empty: the program has none, and they are errors).
void setProgramDirectory(std::filesystem::path directory);

frontend::Value safeLoadFunction();
frontend::Value safeSaveFunction();

} // namespace uops::program
