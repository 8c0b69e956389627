#include "core/render/opencl_renderer.h"

#include "core/render/lowered_kernel.h"
#include "core/render/render_opencl.h"
#include "core/opt/heuristics.h"
#include "core/render/vector_access.h"

#include <algorithm>

namespace uops {
namespace {

class OpenClRenderer final : public Renderer {
public:
  RenderLanguage language() const override { return RenderLanguage::OpenClC; }
  std::string name() const override { return "OpenCL C"; }
  RenderedKernel render(const LoweredKernel& k) const override {
    RenderedKernel out = renderOpenCl(k.linear, k.memory, opencl::vectorAccessFor(k.ast), k.name.text);
    // a small kernel in work-groups of one, built for a quick compile (apply_opt.h: kSmallGridItems)
    if (k.target.workItemVectorizer && out.local.empty() && isSmallKernel(k.ast)) {
      out.local.assign(std::max<size_t>(out.global.size(), 1), 1);
      out.quickBuild = true;
    }
    return out;
  }
};

} // namespace

std::shared_ptr<const Renderer> openClRenderer() {
  static const auto renderer = std::make_shared<const OpenClRenderer>();
  return renderer;
}

} // namespace uops
