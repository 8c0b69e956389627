// OpenClDoc: the OpenCL C builtins and qualifiers the OpenCL renderer
// (core/render/render_opencl*.cpp) writes, explained for the source pane.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace uops::docs {

struct OpenClDoc {
  std::string_view name;      // "get_global_id", "__local", "vload_half"
  std::string_view kind;      // "builtin" or "qualifier"
  std::string_view meaning;
  std::string_view signature; // how it is called, or what it qualifies
  std::string_view uopOrigin; // the UOps the renderer writes it for
};

std::span<const OpenClDoc> openclDocs();
// The name a word of OpenCL C is documented under: vload4 -> vloadn,
// convert_int_sat_rtz -> convert_T_sat_rtz.
std::string openclDocName(std::string_view word);
// The entry of a word of OpenCL C, or nullptr.
const OpenClDoc* openclDoc(std::string_view word);

} // namespace uops::docs
