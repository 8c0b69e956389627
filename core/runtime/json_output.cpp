#include "core/runtime/json_output.h"

#include <cmath>

namespace uops {
namespace {

nlohmann::ordered_json element(const HostTensor& t, int64_t i) {
  DType d = t.dtype();
  if (d.isBool()) return t.getBool(i);
  if (d.isUnsigned()) return t.getUInt(i);
  if (!d.isFloat()) return t.getInt(i);
  double v = t.getDouble(i);
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  // The value exactly, as a double: its shortest decimal reads back to the
  // same double, hence to the same float32/float16/bfloat16.
  return v;
}

} // namespace

nlohmann::ordered_json tensorJson(const HostTensor& tensor) {
  nlohmann::ordered_json data = nlohmann::ordered_json::array();
  for (int64_t i = 0; i < tensor.numel() && !tensor.isVoid(); ++i)
    data.push_back(element(tensor, i));
  nlohmann::ordered_json out;
  out["dtype"] = std::string(scalarNumpyName(tensor.dtype().scalar));
  out["shape"] = tensor.shape();
  out["data"] = std::move(data);
  return out;
}

nlohmann::ordered_json runJson(std::span<const HostTensor> outputs, int64_t kernels) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const HostTensor& t : outputs)
    list.push_back(tensorJson(t));
  nlohmann::ordered_json out;
  out["outputs"] = std::move(list);
  out["kernels"] = kernels;
  return out;
}

namespace {

// Containers by hand for the spacing; scalars by nlohmann (escaping, number
// format). Appends to one string: a 16M-element output is one pass, not a
// string per element and per level.
void appendJsonLine(std::string& out, const nlohmann::ordered_json& value) {
  if (value.is_array()) {
    out += '[';
    for (size_t i = 0; i < value.size(); ++i) {
      if (i) out += ", ";
      appendJsonLine(out, value[i]);
    }
    out += ']';
  } else if (value.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.items()) {
      if (!first) out += ", ";
      out += nlohmann::ordered_json(key).dump();
      out += ": ";
      appendJsonLine(out, item);
      first = false;
    }
    out += '}';
  } else {
    out += value.dump();
  }
}

} // namespace

std::string formatJsonLine(const nlohmann::ordered_json& value) {
  std::string out;
  appendJsonLine(out, value);
  return out;
}

std::string formatRunJson(std::span<const HostTensor> outputs, int64_t kernels) {
  return formatJsonLine(runJson(outputs, kernels));
}

} // namespace uops
