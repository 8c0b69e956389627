#include "core/program/symbolic_view.h"

#include "core/frontend/object.h"
#include "core/ir/build.h"
#include "core/ir/variable.h"
#include "core/program/symbolic_int.h"

namespace uops::program {

using frontend::Value;

namespace {

// One axis: its offset (an index expression or a Const) and its length.
struct AxisView {
  UOpPtr offset;
  int64_t size = 0;
};

// `size` elements from `start` on an axis of `dim` as a symbolic view, when
// start is a bound symbolic int and the view fits for every value in its range.
std::optional<AxisView> symbolicAxisOfSize(const Value& start, int64_t size, int64_t dim) {
  UOpPtr offset = symbolicExpr(start);
  if (!offset || size < 0) return std::nullopt;
  const MinMax& range = offset->minMax();
  if (range.isFloat || range.lo < 0 || range.hi + size > dim) return std::nullopt;
  return AxisView{offset, size};
}

// start:stop, when stop - start is the same for every value.
std::optional<AxisView> symbolicAxis(const Value& start, const Value& stop, int64_t dim) {
  std::optional<int64_t> size = constantDifference(start, stop);
  if (!size) return std::nullopt;
  return symbolicAxisOfSize(start, *size, dim);
}

Tensor shrunk(const Tensor& t, const std::vector<AxisView>& axes) {
  UOpList offsets;
  Shape sizes;
  for (const AxisView& a : axes) {
    offsets.push_back(a.offset);
    sizes.push_back(a.size);
  }
  return Tensor(shrinkAt(t.uop(), offsets, sizes), t.device(), t.isWeak());
}

std::vector<AxisView> wholeAxes(const Tensor& t) {
  std::vector<AxisView> axes;
  for (int64_t d : t.shape()) axes.push_back({constIndex(0), d});
  return axes;
}

// The input axis each item of a basic index reads (-1: None or Ellipsis).
std::vector<int64_t> inputAxes(const std::vector<Value>& items, size_t rank) {
  size_t consuming = 0;
  for (const Value& v : items)
    if (!v.isNone() && !v.is<frontend::EllipsisType>()) ++consuming;
  std::vector<int64_t> out;
  int64_t axis = 0;
  for (const Value& v : items) {
    if (v.isNone()) {
      out.push_back(-1);
    } else if (v.is<frontend::EllipsisType>()) {
      out.push_back(-1);
      axis += static_cast<int64_t>(rank) - static_cast<int64_t>(consuming);
    } else {
      out.push_back(axis++);
    }
  }
  return out;
}

// The axes views of `index`'s symbolic items and the index left for getitem.
std::optional<std::pair<std::vector<AxisView>, Value>> symbolicViews(const Tensor& t, const Value& index) {
  if (t.isMultiDevice()) return std::nullopt;
  std::vector<Value> items = index.isTuple() ? *index.items() : std::vector<Value>{index};
  std::vector<int64_t> axes = inputAxes(items, t.shape().size());
  std::vector<AxisView> view = wholeAxes(t);
  bool any = false;
  for (size_t i = 0; i < items.size(); ++i) {
    if (axes[i] >= 0 && axes[i] < static_cast<int64_t>(view.size()) && isSymbolicInt(items[i])) {
      // t[start_pos]: the view of length 1 at the offset, indexed at 0; an
      // offset whose range reaches past the axis (or below 0, where Python
      // counts from the end) takes the bound value
      std::optional<AxisView> a = symbolicAxisOfSize(items[i], 1, t.shape()[static_cast<size_t>(axes[i])]);
      if (!a) continue;
      view[static_cast<size_t>(axes[i])] = *a;
      items[i] = Value(int64_t{0});
      any = true;
      continue;
    }
    const auto* s = items[i].get<frontend::Slice>();
    if (!s || !s->startObject || !s->stop || (s->step && *s->step != 1) || axes[i] < 0 ||
        axes[i] >= static_cast<int64_t>(view.size()))
      continue;
    Value start(s->startObject);
    Value stop = s->stopObject ? Value(s->stopObject) : Value(*s->stop);
    std::optional<AxisView> a = symbolicAxis(start, stop, t.shape()[static_cast<size_t>(axes[i])]);
    if (!a) continue;
    view[static_cast<size_t>(axes[i])] = *a;
    items[i] = Value(frontend::Slice{});
    any = true;
  }
  if (!any) return std::nullopt;
  Value rest = index.isTuple() ? Value::tuple(std::move(items)) : items.front();
  return std::pair{std::move(view), rest};
}

// `x` (the view's shape) placed at the views' offsets in `shape`, zero elsewhere.
Tensor placedAt(const Tensor& x, const std::vector<AxisView>& axes, const Shape& shape) {
  Shape before, padded;
  UOpList back;
  for (size_t k = 0; k < axes.size(); ++k) {
    const MinMax& range = axes[k].offset->minMax();
    auto lo = static_cast<int64_t>(range.lo), hi = static_cast<int64_t>(range.hi);
    before.push_back(hi);
    padded.push_back(shape[k] + hi - lo);
    back.push_back(range.isConst() ? constIndex(0) : constIndex(hi) - axes[k].offset);
  }
  return Tensor(shrinkAt(pad(x.uop(), before, padded), back, shape), x.device(), x.isWeak());
}

} // namespace

std::optional<std::pair<Tensor, Value>> shrinkAtSymbolicSlices(const Tensor& t, const Value& index) {
  std::optional<std::pair<std::vector<AxisView>, Value>> views = symbolicViews(t, index);
  if (!views) return std::nullopt;
  return std::pair{shrunk(t, views->first), views->second};
}

std::optional<Tensor> setAtSymbolicSlices(const Tensor& t, const Value& index, const ViewWrite& write) {
  std::optional<std::pair<std::vector<AxisView>, Value>> views = symbolicViews(t, index);
  if (!views) return std::nullopt;
  const auto& [axes, rest] = *views;
  Tensor written = write(shrunk(t, axes), rest);
  Tensor mask = Tensor::full(written.shape(), true, dtypes::bool_, t.device());
  return placedAt(mask, axes, t.shape()).where(placedAt(written, axes, t.shape()), t);
}

std::optional<Tensor> shrinkAtSymbolicStarts(const Tensor& t, const Value& arg) {
  const std::vector<Value>* items = arg.items();
  if (!items || t.isMultiDevice() || items->size() != t.shape().size()) return std::nullopt;
  std::vector<AxisView> view = wholeAxes(t);
  bool any = false;
  for (size_t k = 0; k < items->size(); ++k) {
    const Value& item = (*items)[k];
    if (item.isNone()) continue;
    const std::vector<Value>* pair = item.items();
    if (!pair || pair->size() != 2) return std::nullopt;
    if (!symbolicExpr((*pair)[0])) {
      const int64_t* start = (*pair)[0].get<int64_t>();
      std::optional<int64_t> size = constantDifference((*pair)[0], (*pair)[1]);
      if (!start || !size || *start < 0 || *size < 0 || *start + *size > t.shape()[k])
        return std::nullopt; // shrink itself takes (or refuses) them
      view[k] = {constIndex(*start), *size};
      continue;
    }
    std::optional<AxisView> a = symbolicAxis((*pair)[0], (*pair)[1], t.shape()[k]);
    if (!a) return std::nullopt;
    view[k] = *a;
    any = true;
  }
  if (!any) return std::nullopt;
  return shrunk(t, view);
}

} // namespace uops::program
