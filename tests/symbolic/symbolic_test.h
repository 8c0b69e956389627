// Shared by the symbolic tests: named variables with known ranges, rendering
// with their names, and UOpPtr as a QtTest data column.
#pragma once

#include "core/ir/build.h"
#include "core/symbolic/render_expr.h"

#include <QMetaType>
#include <QString>

#include <string>

Q_DECLARE_METATYPE(uops::UOpPtr)

namespace symtest {

using namespace uops;

inline UOpPtr x() {
  return range(16, 0);
} // [0, 15]
inline UOpPtr y() {
  return range(4, 1);
} // [0, 3]
inline UOpPtr z() {
  return range(8, 2);
} // [0, 7]
inline UOpPtr a() {
  return param(0, dtypes::index, {});
} // any index
inline UOpPtr i() {
  return param(1, dtypes::int32, {});
} // any int32
inline UOpPtr f() {
  return param(2, dtypes::float32, {});
} // any float
inline UOpPtr b() {
  return param(3, dtypes::bool_, {});
} // any bool
inline UOpPtr idx(int64_t v) {
  return constIndex(v);
}
inline UOpPtr i32(int64_t v) {
  return constant(dtypes::int32, v);
}
inline UOpPtr f32(double v) {
  return constant(dtypes::float32, v);
}
inline UOpPtr boolean(bool v) {
  return constant(dtypes::bool_, v);
}

// x, y, z for the ranges, a, i, f, b for the params.
inline std::string render(const UOpPtr& u) {
  RenderOptions opts;
  opts.name = [](const UOp& n) -> std::optional<std::string> {
    if (n.op() == Op::Range) {
      static const char* names[] = {"x", "y", "z"};
      int64_t id = n.argAs<RangeArg>().id;
      if (id >= 0 && id < 3) return names[id];
    }
    if (n.op() == Op::Param) {
      static const char* names[] = {"a", "i", "f", "b"};
      int64_t slot = n.argAs<ParamArg>().slot;
      if (slot >= 0 && slot < 4) return names[slot];
    }
    return std::nullopt;
  };
  return renderExpr(u, opts);
}

inline QString qrender(const UOpPtr& u) {
  return QString::fromStdString(render(u));
}

} // namespace symtest
