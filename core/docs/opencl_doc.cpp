#include "core/docs/opencl_doc.h"

#include <string>

namespace uops::docs {
namespace {

constexpr std::string_view kClBuiltin = "builtin";
constexpr std::string_view kClQualifier = "qualifier";

constexpr OpenClDoc kOpenClDocs[] = {
    {"__kernel", kClQualifier, "Marks a function the host can launch as a kernel.", "__kernel void name(...)",
     "every kernel"},
    {"__global", kClQualifier, "The pointer points into global memory, visible to every work-item.",
     "__global float* buf", "GLOBAL buffers"},
    {"__local", kClQualifier, "Memory shared by the work-items of one workgroup.", "__local float name[n]",
     "LOCAL buffers (GROUP_REDUCE)"},
    {"get_global_id", kClBuiltin, "The work-item's index in the whole launch along a dimension.",
     "size_t get_global_id(uint dim)", "Special gidx (GLOBAL ranges without locals)"},
    {"get_group_id", kClBuiltin, "The workgroup's index along a dimension.", "size_t get_group_id(uint dim)",
     "Special gidx (GLOBAL ranges)"},
    {"get_local_id", kClBuiltin, "The work-item's index within its workgroup along a dimension.",
     "size_t get_local_id(uint dim)", "Special lidx (LOCAL ranges)"},
    {"barrier", kClBuiltin, "Wait until every work-item of the workgroup arrives; with "
                            "CLK_LOCAL_MEM_FENCE, local memory writes are visible after it.",
     "void barrier(cl_mem_fence_flags flags)", "Barrier"},
    {"CLK_LOCAL_MEM_FENCE", kClQualifier, "barrier's flag: order local memory accesses.", "a barrier flag",
     "Barrier"},
    {"as_float", kClBuiltin, "Reinterpret the bits of a 32-bit value as float.", "float as_float(x)",
     "Bitcast; float tricks in casts"},
    {"as_double", kClBuiltin, "Reinterpret the bits of a 64-bit value as double.", "double as_double(x)",
     "Bitcast"},
    {"as_uint", kClBuiltin, "Reinterpret the bits of a 32-bit value as uint.", "uint as_uint(x)",
     "Bitcast; bfloat16 casts"},
    {"as_ushort", kClBuiltin, "Reinterpret the bits of a 16-bit value as ushort.", "ushort as_ushort(x)",
     "Bitcast of half"},
    {"convert_T_rte", kClBuiltin, "Convert to type T (convert_float_rte: float), rounding to nearest even.",
     "T convert_T_rte(x)", "Cast to float32"},
    {"convert_T_sat_rtz", kClBuiltin, "Convert to integer type T (convert_int_sat_rtz: int), rounding toward "
                                      "zero and saturating at T's range; NaN becomes 0.",
     "T convert_T_sat_rtz(x)", "Cast float -> integer"},
    {"vloadn", kClBuiltin, "Read n consecutive elements as one vector (vload4: four).",
     "floatn vloadn(size_t i, const float* p)", "a Load of an upcast group"},
    {"vstoren", kClBuiltin, "Write a vector as n consecutive elements (vstore4: four).",
     "vstoren(floatn v, size_t i, float* p)", "a Store of an upcast group"},
    {"isunordered", kClBuiltin, "Whether a or b is NaN.", "isunordered(a, b)", "Max on floats (NaN propagates)"},
    {"restrict", kClQualifier, "The pointer is the only way its memory is reached in the kernel.",
     "float* restrict p", "distinct kernel buffers"},
    {"fmax", kClBuiltin, "The larger of two floats; the other one if either is NaN.", "fmax(a, b)",
     "Max on floats"},
    {"max", kClBuiltin, "The larger of two integers.", "max(a, b)", "Max on integers"},
    {"fmod", kClBuiltin, "Floating-point remainder with the dividend's sign.", "fmod(a, b)", "Mod on floats"},
    {"exp2", kClBuiltin, "2^x.", "exp2(x)", "Exp2"},
    {"log2", kClBuiltin, "log2(x).", "log2(x)", "Log2"},
    {"sin", kClBuiltin, "sin(x).", "sin(x)", "Sin"},
    {"sqrt", kClBuiltin, "Square root.", "sqrt(x)", "Sqrt"},
    {"trunc", kClBuiltin, "Round toward zero to an integral value.", "trunc(x)", "Trunc; Idiv on floats"},
    {"select", kClBuiltin, "Per-lane choice: b where c's sign bit (vectors) or c (scalars) is set, else a.",
     "select(a, b, c)", "Where on vectors"},
    {"isnan", kClBuiltin, "Whether x is NaN.", "isnan(x)", "casts that map NaN"},
    {"isfinite", kClBuiltin, "Whether x is neither infinite nor NaN.", "isfinite(x)", "saturating casts"},
    {"vload_half", kClBuiltin, "Read a half from memory as float.", "float vload_half(size_t i, const half* p)",
     "Load of float16"},
    {"vstore_half_rte", kClBuiltin, "Write a float to memory as half, rounding to nearest even.",
     "vstore_half_rte(float v, size_t i, half* p)", "Store of float16"},
};

} // namespace

std::span<const OpenClDoc> openclDocs() { return kOpenClDocs; }

std::string openclDocName(std::string_view word) {
  auto digitsFrom = [&](size_t i) {
    if (i >= word.size()) return false;
    for (; i < word.size(); ++i)
      if (word[i] < '0' || word[i] > '9') return false;
    return true;
  };
  if (word.starts_with("vload") && digitsFrom(5)) return "vloadn";
  if (word.starts_with("vstore") && digitsFrom(6)) return "vstoren";
  if (word.starts_with("convert_") && word.ends_with("_sat_rtz")) return "convert_T_sat_rtz";
  if (word.starts_with("convert_") && word.ends_with("_rte")) return "convert_T_rte";
  return std::string(word);
}

const OpenClDoc* openclDoc(std::string_view word) {
  const std::string name = openclDocName(word);
  for (const OpenClDoc& doc : kOpenClDocs)
    if (doc.name == name) return &doc;
  return nullptr;
}

} // namespace uops::docs
