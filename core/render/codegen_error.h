// CodegenError: a kernel the stages after Rangeify cannot lower (an op the
// target cannot render, ranges that do not nest, an access that may be out of
// bounds). A user can cause it with a hand-written or badly optimized kernel,
// so it is a message, never an abort.
#pragma once

#include <stdexcept>
#include <string>

namespace uops {

class CodegenError : public std::runtime_error {
public:
  CodegenError(std::string stage, const std::string& message)
      : std::runtime_error(message), m_stage(std::move(stage)) {}
  // The stage that refused the kernel: "Linearize", "Render", ...
  const std::string& stage() const { return m_stage; }

private:
  std::string m_stage;
};

} // namespace uops
