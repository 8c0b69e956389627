// Shared by the rewrite tests: a small prefix printer for readable comparisons
// ("Add(r0, 1)"), and UOpPtr as a QtTest data column.
#pragma once

#include "core/ir/build.h"
#include "core/rewrite/match.h"

#include <QMetaType>
#include <QString>

#include <string>

Q_DECLARE_METATYPE(uops::UOpPtr)

namespace rwtest {

// Two ranges (r0 of 16, r1 of 4) and constants, the leaves of the test graphs.
inline uops::UOpPtr r0() {
  return uops::range(16, 0);
}
inline uops::UOpPtr r1() {
  return uops::range(4, 1);
}
inline uops::UOpPtr idx(int64_t v) {
  return uops::constIndex(v);
}
inline uops::UOpPtr i32(int64_t v) {
  return uops::constant(uops::dtypes::int32, v);
}
inline uops::UOpPtr f32(double v) {
  return uops::constant(uops::dtypes::float32, v);
}
// The value of an index constant.
inline int64_t value(const uops::UOpPtr& c) {
  return std::get<int64_t>(*c->constValue());
}
// A rule's rewrite to its capture "x".
inline uops::UOpPtr keepX(const uops::Match& m) {
  return m["x"];
}

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// Op(src, ...) with constants as numbers and ranges as r<id>. Recursive: test graphs are small.
inline std::string show(const uops::UOpPtr& u) {
  using namespace uops;
  if (!u) return "<null>";
  if (u->op() == Op::Const) {
    auto v = u->constValue();
    if (const bool* b = std::get_if<bool>(&*v)) return *b ? "True" : "False";
    if (const int64_t* i = std::get_if<int64_t>(&*v)) return std::to_string(*i);
    return std::to_string(std::get<double>(*v));
  }
  if (u->op() == Op::Range) return "r" + std::to_string(u->argAs<RangeArg>().id);
  std::string out(opName(u->op()));
  out += "(";
  for (size_t i = 0; i < u->src().size(); ++i)
    out += (i ? ", " : "") + show(u->src(i));
  return out + ")";
}

inline QString qshow(const uops::UOpPtr& u) {
  return qs(show(u));
}

} // namespace rwtest
