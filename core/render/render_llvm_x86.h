// AVX-512's whole-vector float instructions on any lane count: vscalefps /
// vscalefpd (a * 2^floor(n)) and vreduceps / vreducepd rounding to nearest
// (x - rint(x)). The instructions take 128-, 256- or 512-bit vectors: one
// register (lanes 0) or a shorter vector is widened into the next of them and
// its lanes taken back, a longer one split into 512-bit parts and joined, so
// every lane gets the instruction's value (its special cases included).
#pragma once

#include "core/render/render_llvm_writer.h"

#include <string>

namespace uops::llvmir {

// a * 2^floor(n), rounded once; NaN where either is NaN
std::string x86Scalef(Writer& w, DType d, size_t lanes, const std::string& a, const std::string& n);
// x - rint(x) (ties to even), exact; +0 for an infinite x, NaN for NaN
std::string x86FractionNearest(Writer& w, DType d, size_t lanes, const std::string& x);

} // namespace uops::llvmir
