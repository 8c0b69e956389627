#include "core/numpy/np_reduce.h"

#include "core/frontend/script_error.h"
#include "core/numpy/np_elementwise.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>

namespace uops::numpy {

using frontend::ScriptError;

namespace {

double roundTo(NpType t, double v) { return t == NpType::Float32 ? static_cast<double>(static_cast<float>(v)) : v; }

// numpy's pairwise_sum: blocks of 128 summed in 8 lanes, halves recursively.
double pairwiseSum(const double* a, int64_t n, NpType t) {
  if (n < 8) {
    double r = 0.0;
    for (int64_t i = 0; i < n; ++i)
      r = roundTo(t, r + a[i]);
    return r;
  }
  if (n <= 128) {
    double r[8];
    for (int k = 0; k < 8; ++k)
      r[k] = a[k];
    int64_t i = 8;
    for (; i < n - (n % 8); i += 8)
      for (int k = 0; k < 8; ++k)
        r[k] = roundTo(t, r[k] + a[i + k]);
    double res = roundTo(t, roundTo(t, roundTo(t, r[0] + r[1]) + roundTo(t, r[2] + r[3])) +
                                roundTo(t, roundTo(t, r[4] + r[5]) + roundTo(t, r[6] + r[7])));
    for (; i < n; ++i)
      res = roundTo(t, res + a[i]);
    return res;
  }
  int64_t n2 = n / 2;
  n2 -= n2 % 8;
  return roundTo(t, pairwiseSum(a, n2, t) + pairwiseSum(a + n2, n - n2, t));
}

NpType sumType(NpType t) { return isFloat(t) ? t : NpType::Int64; }

} // namespace

int64_t normalizeAxis(int64_t axis, int64_t ndim) {
  if (axis < -ndim || axis >= ndim)
    throw ScriptError(fmt::format("axis {} is out of bounds for array of dimension {}", axis, ndim));
  return axis < 0 ? axis + ndim : axis;
}

NdArray reduce(const NdArray& a, Reduction r, std::optional<int64_t> axisArg, bool keepdims) {
  // Lay the data out as [outer, n, inner] around the reduced axis.
  int64_t outer = 1, n = a.size(), inner = 1;
  NpShape outShape;
  if (axisArg) {
    int64_t axis = normalizeAxis(*axisArg, a.ndim());
    n = a.shape[static_cast<size_t>(axis)];
    for (int64_t d = 0; d < a.ndim(); ++d) {
      if (d < axis) outer *= a.shape[static_cast<size_t>(d)];
      if (d > axis) inner *= a.shape[static_cast<size_t>(d)];
      if (d != axis || keepdims) outShape.push_back(d == axis ? 1 : a.shape[static_cast<size_t>(d)]);
    }
  } else if (keepdims) {
    outShape.assign(a.shape.size(), 1);
  }
  bool isArg = r == Reduction::ArgMax || r == Reduction::ArgMin;
  if (n == 0 && (r == Reduction::Max || r == Reduction::Min || isArg))
    throw ScriptError(fmt::format("zero-size array to reduction operation {} which has no identity",
                                  r == Reduction::Max ? "maximum" : r == Reduction::Min ? "minimum"
                                  : r == Reduction::ArgMax ? "argmax" : "argmin"));
  NpType out = a.dtype;
  switch (r) {
  case Reduction::Sum:
  case Reduction::Prod: out = sumType(a.dtype); break;
  case Reduction::Mean: out = isFloat(a.dtype) ? a.dtype : NpType::Float64; break;
  case Reduction::ArgMax:
  case Reduction::ArgMin: out = NpType::Int64; break;
  case Reduction::Any:
  case Reduction::All: out = NpType::Bool; break;
  case Reduction::Max:
  case Reduction::Min: break;
  }
  NdArray result{out, outShape, std::vector<double>(static_cast<size_t>(outer * inner))};
  std::vector<double> lane(static_cast<size_t>(n));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      for (int64_t k = 0; k < n; ++k)
        lane[static_cast<size_t>(k)] = a.data[static_cast<size_t>((o * n + k) * inner + i)];
      double v = 0;
      // a reduction along the innermost (contiguous) axis sums pairwise;
      // across rows numpy adds row after row
      bool pairwise = inner == 1;
      switch (r) {
      case Reduction::Sum:
      case Reduction::Mean: {
        NpType acc = r == Reduction::Mean ? out : sumType(a.dtype);
        if (pairwise && isFloat(acc)) {
          // a cast on the way (an int array's mean) goes through numpy's
          // 8192-element buffers, each summed pairwise
          int64_t chunk = acc == a.dtype ? std::max<int64_t>(n, 1) : 8192;
          v = 0;
          for (int64_t k = 0; k < n; k += chunk)
            v = roundTo(acc, v + pairwiseSum(lane.data() + k, std::min(chunk, n - k), acc));
        } else {
          v = 0;
          for (double x : lane)
            v = roundTo(acc, v + x);
        }
        if (r == Reduction::Mean) v = roundTo(out, v / static_cast<double>(n));
        break;
      }
      case Reduction::Prod:
        v = 1;
        for (double x : lane)
          v = roundTo(out, v * x);
        break;
      case Reduction::Max:
      case Reduction::Min:
      case Reduction::ArgMax:
      case Reduction::ArgMin: {
        bool wantMax = r == Reduction::Max || r == Reduction::ArgMax;
        int64_t best = 0;
        for (int64_t k = 1; k < n; ++k) {
          double x = lane[static_cast<size_t>(k)], b = lane[static_cast<size_t>(best)];
          if (std::isnan(b)) break; // NaN wins, first one
          if (std::isnan(x) || (wantMax ? x > b : x < b)) best = k;
        }
        v = isArg ? static_cast<double>(best) : lane[static_cast<size_t>(best)];
        break;
      }
      case Reduction::Any:
      case Reduction::All: {
        bool any = false, all = true;
        for (double x : lane) {
          any = any || x != 0;
          all = all && x != 0;
        }
        v = (r == Reduction::Any ? any : all) ? 1 : 0;
        break;
      }
      }
      result.data[static_cast<size_t>(o * inner + i)] = castTo(out, v);
    }
  }
  return result;
}

NdArray variance(const NdArray& a, std::optional<int64_t> axis, bool keepdims, int64_t ddof, bool root) {
  NdArray mean = reduce(a, Reduction::Mean, axis, true);
  NdArray dev = binaryOp(frontend::BinaryOp::Sub, {a, false}, {mean, false});
  NdArray squares = binaryOp(frontend::BinaryOp::Mul, {dev, false}, {dev, false});
  NdArray sum = reduce(squares, Reduction::Sum, axis, keepdims);
  int64_t n = axis ? a.shape[static_cast<size_t>(normalizeAxis(*axis, a.ndim()))] : a.size();
  double count = static_cast<double>(std::max<int64_t>(n - ddof, 0));
  for (double& v : sum.data) {
    v = roundTo(sum.dtype, v / count);
    if (root) v = sum.dtype == NpType::Float32 ? static_cast<double>(std::sqrt(static_cast<float>(v))) : std::sqrt(v);
  }
  return sum;
}

} // namespace uops::numpy
