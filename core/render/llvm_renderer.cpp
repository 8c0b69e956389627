#include "core/render/llvm_renderer.h"

#include "core/opt/kernel_ranges.h"
#include "core/render/lowered_kernel.h"
#include "core/render/render_llvm.h"
#include "core/render/vector_ops.h"

namespace uops {
namespace {

class LlvmRenderer final : public Renderer {
public:
  // null: the CPU's (cpuDialect)
  explicit LlvmRenderer(std::shared_ptr<const LlvmDialect> dialect) : m_dialect(std::move(dialect)) {}
  RenderLanguage language() const override { return RenderLanguage::LlvmIr; }
  std::string name() const override { return "LLVM IR (" + dialect().name() + ")"; }
  RenderedKernel render(const LoweredKernel& k) const override {
    // explicit vectors on the CPU (GPU dialects keep their scalar lanes)
    const bool cpu = !m_dialect;
    LlvmRenderOptions options{
        .halfInstructions = k.target.halfInstructions,
        .explicitVectors = cpu ? explicitVectorsFor(k.ast, k.target.vectorBits) : ExplicitVectors{},
        .orderedMax = cpu && k.target.maximumByOrderedMax,
        .streamingStoreBytes = cpu ? k.target.streamingStoreBytes : 0,
        .scaleInstruction = cpu && k.target.scaleInstruction,
        .fractionInstruction = cpu && k.target.fractionInstruction,
    };
    return renderLlvm(k.linear, k.memory, k.name.text, expansionOf(k.ast), dialect(), options);
  }

private:
  const LlvmDialect& dialect() const { return m_dialect ? *m_dialect : cpuDialect(); }
  std::shared_ptr<const LlvmDialect> m_dialect;
};

} // namespace

std::shared_ptr<const Renderer> llvmCpuRenderer() {
  static const auto renderer = std::make_shared<const LlvmRenderer>(nullptr);
  return renderer;
}

std::shared_ptr<const Renderer> llvmRenderer(std::shared_ptr<const LlvmDialect> dialect) {
  return std::make_shared<const LlvmRenderer>(std::move(dialect));
}

} // namespace uops
