// The OpenCL renderer's expressions: C types of dtypes, literals, and one
// expression per elementwise op with the reference evaluator's semantics.
// Internal to render_opencl*.cpp.
#pragma once

#include "core/ir/uop.h"

#include <set>
#include <string>
#include <vector>

namespace uops::opencl {

std::string cType(DType d);   // bool, char, ..., long, ulong, float, double (float16/bfloat16: float)
std::string memType(DType d); // a buffer element: uchar for bool, half, ushort for bfloat16
bool isNarrow(DType d);       // float16 or bfloat16: float in registers
class Helpers;
// v (a float) rounded to d's format when d is float16 or bfloat16.
std::string roundTo(DType d, const std::string& v, Helpers& h);
void useBFloatHelpers(Helpers& h); // float_to_bf16, bf16_to_float
std::string literal(const UOp& c);

// Helper functions the program defines when used (their definitions come first).
class Helpers {
public:
  std::string use(const std::string& name, const std::string& definition);
  const std::vector<std::string>& definitions() const { return m_definitions; }

private:
  std::set<std::string> m_names;
  std::vector<std::string> m_definitions;
};

// The expression for an elementwise op, a Cast or a Bitcast of `args` (the
// sources' C expressions). Throws CodegenError (stage "Render") for what it
// cannot render.
std::string expression(const UOp& u, const std::vector<std::string>& args, Helpers& helpers);

} // namespace uops::opencl
