// Shared by the program tests: load a program from text, evaluate its outputs
// with the reference evaluator, and print values compactly for comparisons.
#pragma once

#include "core/frontend/load_error.h"
#include "core/frontend/number_format.h"
#include "core/ir/shape.h"
#include "core/program/device_run.h"
#include "core/program/host_eval.h"
#include "core/program/program.h"

#include <QString>

#include <QStringList>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <string>
#include <vector>

#include <fmt/format.h>

namespace programtest {

// The bundled examples' folder (resources/examples).
inline QString examplesDir() {
  return QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples");
}

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// A float as Python's repr of the shortest decimal that reads back to the
// same value (float64 as a double, the narrower floats as a float): float32
// 0.1 is "0.1", 10 is "10.0", 1e-5 is "1e-05". make_binding_cases.py writes
// tinygrad's values the same way.
inline std::string shortFloat(double value, bool isDouble) {
  if (isDouble || !std::isfinite(value)) return uops::frontend::formatFloat(value);
  char buf[32];
  for (int digits = 1; digits < 10; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    double back = std::strtod(buf, nullptr);
    if (static_cast<float>(back) == static_cast<float>(value))
      return uops::frontend::formatFloat(back);
  }
  return uops::frontend::formatFloat(value);
}

// One element as the tests write it: shortFloat, ints, True/False.
inline std::string element(const uops::HostTensor& v, int64_t i) {
  uops::DType d = v.dtype();
  if (d.isBool()) return v.getBool(i) ? "True" : "False";
  if (d.isFloat()) return shortFloat(v.getDouble(i), d == uops::dtypes::float64);
  if (d == uops::dtypes::uint64) return std::to_string(v.getUInt(i));
  return std::to_string(v.getInt(i));
}

// "float32 (2, 2) [1, 2.5, 3, 4]": dtype, shape, row-major values.
inline std::string flat(const uops::HostTensor& v) {
  std::string out =
      fmt::format("{} {} [", uops::scalarNumpyName(v.dtype().scalar), uops::toString(v.shape()));
  for (int64_t i = 0; i < v.numel(); ++i)
    out += (i ? ", " : "") + element(v, i);
  return out + "]";
}

// Values, flat, joined by " | ".
inline QString joined(const std::vector<uops::HostTensor>& values) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? " | " : "") + flat(values[i]);
  return qs(out);
}

inline uops::program::LoadedProgram load(const std::string& source,
                                         const std::string& fileName = "test.py") {
  return uops::program::loadProgram(fileName, source);
}

// Every output of the program, flat, joined by " | "; or the load error as
// "line:col: message". `fileName` places the program (its directory is where
// safe_load and safe_save find files).
inline QString run(const std::string& source, const std::string& fileName = "test.py") {
  try {
    uops::program::LoadedProgram p = load(source, fileName);
    return joined(uops::program::evaluateOnHost(p.outputTensors()));
  } catch (const uops::frontend::LoadError& e) {
    return qs(fmt::format("{}:{}: {}", e.line(), e.col(), e.message()));
  }
}

// run() on a device by name (core/program/device_run.h's one path).
inline QString runOn(const std::string& source, const std::string& device) {
  return joined(uops::program::runOnDevice(load(source).outputTensors(), device).outputs);
}

// Whether two texts of run() agree: the same dtypes, shapes and element
// counts; ints, bools and words exactly; floats within the conformance
// corpus's tolerances (1e-5 + 1e-4 |want|, float16 / bfloat16 1e-2 + 1e-2 |want|).
inline bool sameOutputs(const QString& got, const QString& want) {
  if (got == want) return true;
  const QStringList g = got.split(QStringLiteral(" | ")), w = want.split(QStringLiteral(" | "));
  if (g.size() != w.size()) return false;
  for (qsizetype i = 0; i < g.size(); ++i) {
    qsizetype gv = g[i].indexOf(QStringLiteral(") [")), wv = w[i].indexOf(QStringLiteral(") ["));
    if (gv < 0 || gv != wv || g[i].left(gv) != w[i].left(wv)) return false;
    bool narrow =
        w[i].startsWith(QStringLiteral("float16")) || w[i].startsWith(QStringLiteral("bfloat16"));
    bool isFloat =
        w[i].startsWith(QStringLiteral("float")) || w[i].startsWith(QStringLiteral("bfloat"));
    const QStringList gs = g[i].mid(gv + 3).chopped(1).split(QStringLiteral(", "));
    const QStringList ws = w[i].mid(wv + 3).chopped(1).split(QStringLiteral(", "));
    if (gs.size() != ws.size()) return false;
    for (qsizetype k = 0; k < gs.size(); ++k) {
      if (gs[k] == ws[k]) continue;
      bool okG = false, okW = false;
      double a = gs[k].toDouble(&okG), b = ws[k].toDouble(&okW);
      double tol = narrow ? 1e-2 + 1e-2 * std::fabs(b) : 1e-5 + 1e-4 * std::fabs(b);
      if (!isFloat || !okG || !okW || !(std::fabs(a - b) <= tol)) return false;
    }
  }
  return true;
}

// "from tinygrad import ..." plus the body: every test program imports the same names.
inline std::string program(const std::string& body) {
  return "from tinygrad import Tensor, dtypes, function\n" + body;
}

} // namespace programtest
