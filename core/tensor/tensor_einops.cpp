// einops-style rearrange: "b c (h w) -> b h w c". Each side is a list of
// axis names; a parenthesised group is several axes as one (split on the
// left, merged on the right), "1" or "()" a size-1 axis, "..." the axes not
// named (once per side, not inside a group on the left). The input's groups
// are unflattened (sizes given or one inferred), the axes permuted into the
// right side's order, and its groups flattened.
#include "core/tensor/tensor_impl.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace uops {
namespace {

struct RearrangeSide {
  std::vector<std::string> names;                 // the atomic axes, in order
  std::vector<std::pair<size_t, size_t>> groups;  // [begin, end) of names per parenthesised group
  std::vector<std::pair<size_t, size_t>> axes;    // per axis of this side: [begin, end) of names
  std::vector<bool> grouped;                      // per axis: written in parentheses
};

[[noreturn]] void rearrangeError(const std::string& formula, const std::string& why) {
  throw TensorError(fmt::format("rearrange('{}'): {}", formula, why));
}

bool validAxisName(const std::string& n) {
  if (n == "...") return true;
  if (n.empty() || !(std::isalpha(static_cast<unsigned char>(n[0])) || n[0] == '_')) return false;
  if (n.front() == '_' || n.back() == '_') return false;
  return std::all_of(n.begin(), n.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

RearrangeSide parseRearrangeSide(const std::string& text, const std::string& formula) {
  RearrangeSide side;
  constexpr size_t kClosed = static_cast<size_t>(-1);
  size_t open = kClosed; // where the group being read began
  size_t i = 0;
  auto closeAxis = [&](size_t begin, bool grouped) {
    side.axes.push_back({begin, side.names.size()});
    side.grouped.push_back(grouped);
  };
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '(') {
      if (open != kClosed) rearrangeError(formula, "nested parentheses");
      open = side.names.size();
      ++i;
    } else if (c == ')') {
      if (open == kClosed) rearrangeError(formula, "bracket mismatch");
      side.groups.push_back({open, side.names.size()});
      closeAxis(open, true);
      open = kClosed;
      ++i;
    } else {
      size_t end = i;
      while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != '(' &&
             text[end] != ')')
        ++end;
      std::string name = text.substr(i, end - i);
      i = end;
      if (name == "\xE2\x80\xA6") name = "...";
      if (name == "1") {
        if (open != kClosed) rearrangeError(formula, "1 inside parentheses");
        side.groups.push_back({side.names.size(), side.names.size()}); // an empty group: a size-1 axis
        closeAxis(side.names.size(), true);
        continue;
      }
      if (!validAxisName(name)) rearrangeError(formula, fmt::format("invalid axis name {}", name));
      side.names.push_back(name);
      if (open == kClosed) closeAxis(side.names.size() - 1, false);
    }
  }
  if (open != kClosed) rearrangeError(formula, "bracket mismatch");
  return side;
}

} // namespace

Tensor Tensor::rearrange(const std::string& formula, const std::map<std::string, int64_t>& sizes) const {
  const size_t arrow = formula.find("->");
  if (arrow == std::string::npos || formula.find("->", arrow + 2) != std::string::npos)
    rearrangeError(formula, "need exactly one \"->\" in formula");
  RearrangeSide lhs = parseRearrangeSide(formula.substr(0, arrow), formula), rhs = parseRearrangeSide(formula.substr(arrow + 2), formula);
  std::vector<std::string> a = lhs.names, b = rhs.names;
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  if (a != b || std::adjacent_find(a.begin(), a.end()) != a.end()) rearrangeError(formula, "name mismatch");
  for (const auto& [name, size] : sizes)
    if (std::find(lhs.names.begin(), lhs.names.end(), name) == lhs.names.end())
      rearrangeError(formula, fmt::format("axis {} is not used in transform", name));
  for (const auto& [begin, end] : lhs.groups)
    for (size_t k = begin; k < end; ++k)
      if (lhs.names[k] == "...") rearrangeError(formula, "cannot have collapsed ellipsis (...) in lhs");
  if (std::count(lhs.names.begin(), lhs.names.end(), "...") > 1) rearrangeError(formula, "too many ellipses");
  // the input's axes by name (an ellipsis: the axes it stands for, ...0, ...1)
  const auto rank = static_cast<int64_t>(shape().size());
  const auto named = static_cast<int64_t>(lhs.axes.size());
  const bool ellipsis = std::count(lhs.names.begin(), lhs.names.end(), "...") == 1;
  if (ellipsis ? named - 1 > rank : named != rank)
    rearrangeError(formula, fmt::format("the input has {} axes, the left side {}", rank, named));
  auto expand = [&](const RearrangeSide& side) {
    std::vector<std::vector<std::string>> axes; // per axis of this side: its atomic names
    for (size_t axis = 0; axis < side.axes.size(); ++axis) {
      const auto [begin, end] = side.axes[axis];
      std::vector<std::string> atoms(side.names.begin() + static_cast<std::ptrdiff_t>(begin),
                                     side.names.begin() + static_cast<std::ptrdiff_t>(end));
      auto dots = std::find(atoms.begin(), atoms.end(), "...");
      if (dots == atoms.end()) {
        axes.push_back(atoms);
        continue;
      }
      std::vector<std::string> many;
      for (int64_t j = 0; j < rank - named + 1; ++j) many.push_back(fmt::format("...{}", j));
      if (!side.grouped[axis]) // the ellipsis alone: one axis each
        for (const std::string& m : many) axes.push_back({m});
      else { // inside a group on the right: merged
        atoms.erase(dots);
        atoms.insert(atoms.begin() + (dots - atoms.begin()), many.begin(), many.end());
        axes.push_back(atoms);
      }
    }
    return axes;
  };
  const std::vector<std::vector<std::string>> in = expand(lhs), out = expand(rhs);
  // unflatten each input axis into its atoms: sizes given, one inferred
  Shape atomShape;
  std::vector<std::string> atomNames;
  for (size_t axis = 0; axis < in.size(); ++axis) {
    const int64_t dim = shape()[axis];
    if (in[axis].size() == 1) {
      if (auto it = sizes.find(in[axis][0]); it != sizes.end() && it->second != dim)
        rearrangeError(formula, fmt::format("size provided for dimension {} incorrect", in[axis][0]));
      atomShape.push_back(dim);
      atomNames.push_back(in[axis][0]);
      continue;
    }
    int64_t known = 1, unknown = -1;
    for (size_t k = 0; k < in[axis].size(); ++k) {
      auto it = sizes.find(in[axis][k]);
      if (it != sizes.end()) known *= it->second;
      else if (unknown >= 0) rearrangeError(formula, fmt::format("cannot infer the sizes of {} and {}", in[axis][static_cast<size_t>(unknown)], in[axis][k]));
      else unknown = static_cast<int64_t>(k);
    }
    if (in[axis].empty() ? dim != 1 : (known == 0 || dim % known != 0 || (unknown < 0 && known != dim)))
      rearrangeError(formula, fmt::format("axis {} of size {} does not split as given", axis, dim));
    for (size_t k = 0; k < in[axis].size(); ++k) {
      auto it = sizes.find(in[axis][k]);
      atomShape.push_back(it != sizes.end() ? it->second : dim / known);
      atomNames.push_back(in[axis][k]);
    }
  }
  Tensor t = reshape(atomShape);
  Ints order;
  Shape merged;
  for (const std::vector<std::string>& axis : out) {
    int64_t size = 1;
    for (const std::string& name : axis) {
      auto at = std::find(atomNames.begin(), atomNames.end(), name) - atomNames.begin();
      order.push_back(at);
      size *= atomShape[static_cast<size_t>(at)];
    }
    merged.push_back(size);
  }
  return t.permute(order).reshape(merged);
}

} // namespace uops
