#include "core/render/llvm_dialect.h"

#include "core/render/codegen_error.h"

namespace uops {

std::string LlvmDialect::gridIndexIntrinsic(GridIndex, int) const {
  throw CodegenError("Render", name() + " has no launch grid");
}

std::vector<std::string> LlvmDialect::barrier() const {
  throw CodegenError("Render", name() + " has no work-group barrier");
}

std::vector<std::string> LlvmDialect::barrierDeclarations() const {
  return {};
}

std::string LlvmDialect::kernelAttributes(const std::vector<int64_t>&) const {
  return "nounwind";
}

WarpWmmaLines LlvmDialect::warpWmma(const WarpWmma& call) const {
  throw CodegenError("Render", name() + " has no " + formatWmmaTile(call.tile) + " matrix instruction");
}

std::vector<std::string> LlvmDialect::moduleMetadata(const std::string&, int) const {
  return {};
}

namespace {

class CpuDialect final : public LlvmDialect {
public:
  std::string name() const override { return "CPU"; }
  bool launchesGrid() const override { return false; }
};

} // namespace

const LlvmDialect& cpuDialect() {
  static const CpuDialect dialect;
  return dialect;
}

} // namespace uops
