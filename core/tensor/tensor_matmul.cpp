// Products: dot / matmul by broadcast multiply and sum, and einsum.
#include "core/tensor/tensor_impl.h"

#include <algorithm>
#include <map>
#include <numeric>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::dot(const Tensor& w, std::optional<DType> dtype) const {
  int64_t dx = ndim(), dw = w.ndim();
  if (dx == 0 || dw == 0)
    fail(fmt::format("both tensors need to be at least 1D, got {}D and {}D", dx, dw));
  int64_t axisW = -std::min<int64_t>(dw, 2);
  if (shape().back() != w.size(axisW))
    fail(fmt::format("cannot dot {} and {}", toString(shape()), toString(w.shape())));
  // x (..., n, 1, k) times w (..., 1, m, k) summed over k: the contraction of
  // x's last axis with w's second-to-last.
  int64_t ones = std::min<int64_t>({dx - 1, dw - 1, 1});
  Shape xs(shape().begin(), shape().end() - 1);
  xs.insert(xs.end(), static_cast<size_t>(ones), 1);
  xs.push_back(shape().back());
  Shape ws(w.shape().begin(), w.shape().end() - std::min<int64_t>(dw, 2));
  ws.insert(ws.end(), static_cast<size_t>(ones), 1);
  ws.insert(ws.end(), w.shape().end() + axisW, w.shape().end());
  Tensor x = reshape(xs), y = w.reshape(ws).transpose(-1, axisW);
  Tensor r = x.mul(y).sum(-1, false, dtype);
  return dtype ? r.cast(*dtype) : castTo(r, leastUpperType(promoType(x), promoType(y)));
}

Tensor Tensor::matmul(const Tensor& x, std::optional<DType> dtype) const {
  return dot(x, dtype);
}

namespace {

std::vector<std::string> splitOn(const std::string& s, char sep) {
  std::vector<std::string> out{""};
  for (char c : s) {
    if (c == sep)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

size_t countOf(const std::string& s, char c) {
  return static_cast<size_t>(std::count(s.begin(), s.end(), c));
}

// Letters occurring once, sorted: numpy's implicit output.
std::string implicitOutput(const std::string& lhs, const std::string& exclude = "") {
  std::string out;
  for (char c : lhs)
    if (std::isalpha(static_cast<unsigned char>(c)) && countOf(lhs, c) == 1 &&
        exclude.find(c) == std::string::npos)
      out += c;
  std::sort(out.begin(), out.end());
  return out;
}

// "..." becomes fresh letters, right-aligned across operands like broadcasting.
std::string expandEllipsis(const std::string& formula, const std::vector<Tensor>& xs) {
  std::string letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", ell;
  for (char c : letters)
    if (formula.find(c) == std::string::npos) ell += c;
  size_t arrow = formula.find("->");
  std::vector<std::string> inputs = splitOn(formula.substr(0, arrow), ',');
  std::vector<int64_t> counts;
  for (size_t i = 0; i < inputs.size(); ++i) {
    bool has = inputs[i].find("...") != std::string::npos;
    int64_t nd = i < xs.size() ? xs[i].ndim() : 0;
    counts.push_back(has ? std::max<int64_t>(0, nd - static_cast<int64_t>(inputs[i].size()) + 3)
                         : 0);
  }
  int64_t most = *std::max_element(counts.begin(), counts.end());
  std::string lhs;
  for (size_t i = 0; i < inputs.size(); ++i) {
    size_t at = inputs[i].find("...");
    if (at != std::string::npos)
      inputs[i].replace(
          at, 3, ell.substr(static_cast<size_t>(most - counts[i]), static_cast<size_t>(counts[i])));
    lhs += (i ? "," : "") + inputs[i];
  }
  std::string prefix = ell.substr(0, static_cast<size_t>(most));
  if (arrow == std::string::npos) return lhs + "->" + prefix + implicitOutput(lhs, ell);
  std::string rhs = formula.substr(arrow + 2);
  if (size_t at = rhs.find("..."); at != std::string::npos) rhs.replace(at, 3, prefix);
  return lhs + "->" + rhs;
}

} // namespace

Tensor Tensor::einsum(const std::string& formulaIn, const std::vector<Tensor>& operands,
                      std::optional<DType> dtype) {
  std::string formula;
  for (char c : formulaIn)
    if (c != ' ') formula += c;
  if (formula.find("...") != std::string::npos) formula = expandEllipsis(formula, operands);
  size_t arrow = formula.find("->");
  std::string lhs = formula.substr(0, arrow);
  std::string rhs = arrow == std::string::npos ? implicitOutput(lhs) : formula.substr(arrow + 2);
  std::vector<std::string> inputs = splitOn(lhs, ',');
  if (inputs.size() != operands.size())
    fail(fmt::format("number of operands doesn't match, expected {}, got {}", inputs.size(),
                     operands.size()));
  std::vector<Tensor> xs = operands;
  std::map<char, int64_t> sizes;
  for (size_t i = 0; i < xs.size(); ++i) {
    std::string& s = inputs[i];
    if (static_cast<int64_t>(s.size()) != xs[i].ndim())
      fail(fmt::format("einsum operand {} has {} dims but '{}' names {}", i, xs[i].ndim(), s,
                       s.size()));
    // A repeated letter takes the diagonal of its two axes (trace-like terms).
    for (size_t j = 0; j < s.size(); ++j) {
      size_t k = s.find(s[j], j + 1);
      if (k == std::string::npos) continue;
      char c = s[j];
      Ints order;
      for (int64_t d = 0; d < xs[i].ndim(); ++d)
        if (d != static_cast<int64_t>(j) && d != static_cast<int64_t>(k)) order.push_back(d);
      order.insert(order.end(), {static_cast<int64_t>(j), static_cast<int64_t>(k)});
      xs[i] = xs[i].permute(order).diagonal(0, -2, -1);
      s.erase(k, 1);
      s.erase(j, 1);
      s += c;
      j = static_cast<size_t>(-1);
    }
    for (size_t j = 0; j < s.size(); ++j) {
      int64_t n = xs[i].shape()[j];
      auto [it, fresh] = sizes.emplace(s[j], n);
      if (!fresh && it->second != n)
        fail(fmt::format("einsum size mismatch for '{}': {} vs {}", s[j], it->second, n));
    }
  }
  // Every operand laid out over all letters in alphabetical order, 1 where absent.
  std::string alpha;
  for (const auto& [c, n] : sizes)
    alpha += c;
  std::optional<Tensor> product;
  for (size_t i = 0; i < xs.size(); ++i) {
    std::string sorted = inputs[i];
    std::sort(sorted.begin(), sorted.end());
    Ints order;
    for (char c : sorted)
      order.push_back(static_cast<int64_t>(inputs[i].find(c)));
    Shape shape;
    for (char c : alpha)
      shape.push_back(sorted.find(c) == std::string::npos ? 1 : sizes[c]);
    Tensor x = inputs[i].empty() ? xs[i] : xs[i].permute(order).reshape(shape);
    product = product ? (product->dtype().isBool() ? product->bitwiseAnd(x) : product->mul(x)) : x;
  }
  Ints summed;
  for (size_t i = 0; i < alpha.size(); ++i)
    if (rhs.find(alpha[i]) == std::string::npos) summed.push_back(static_cast<int64_t>(i));
  Tensor r = product->sum(summed, false, dtype);
  // The remaining letters are alphabetical; put them in the output's order.
  std::string remaining = rhs;
  std::sort(remaining.begin(), remaining.end());
  Ints order;
  for (char c : rhs)
    order.push_back(static_cast<int64_t>(remaining.find(c)));
  return r.permute(order);
}

} // namespace uops
