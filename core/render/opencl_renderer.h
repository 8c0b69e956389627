// The OpenCL C renderer a CodegenTarget carries (core/render/renderer.h):
// renderOpenCl (render_opencl.h) with the UPCAST lanes vectorAccessFor
// chooses; on a driver that vectorizes across work-items, a small kernel gets
// work-groups of one and a quick build.
#pragma once

#include "core/render/renderer.h"

#include <memory>

namespace uops {

std::shared_ptr<const Renderer> openClRenderer();

} // namespace uops
