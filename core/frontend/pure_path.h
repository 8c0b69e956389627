// pathlib.Path(*parts) as a pure POSIX path (pure_path.cpp): path arithmetic works, the file
// system is a load error.
#pragma once

#include "core/frontend/args.h"
#include "core/frontend/value.h"

namespace uops::frontend {

Value makePurePath(Args& a);

} // namespace uops::frontend
