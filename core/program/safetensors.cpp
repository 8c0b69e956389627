#include "core/program/safetensors.h"

#include "core/frontend/callable.h"
#include "core/frontend/dict.h"
#include "core/frontend/script_error.h"
#include "core/program/convert.h"
#include "core/program/host_eval.h"
#include "core/program/realization.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstring>
#include <fstream>
#include <utility>

#include <fmt/format.h>

namespace uops::program {

using frontend::Args;
using frontend::ScriptError;
using frontend::Value;

namespace {

thread_local std::filesystem::path t_directory;

constexpr uintmax_t kMaxFileBytes = uintmax_t{1} << 30;

const std::array<std::pair<const char*, DType>, 13>& safeDTypes() {
  static const std::array<std::pair<const char*, DType>, 13> names{{
      {"BOOL", dtypes::bool_},
      {"I8", dtypes::int8},
      {"U8", dtypes::uint8},
      {"I16", dtypes::int16},
      {"U16", dtypes::uint16},
      {"I32", dtypes::int32},
      {"U32", dtypes::uint32},
      {"I64", dtypes::int64},
      {"U64", dtypes::uint64},
      {"F16", dtypes::float16},
      {"BF16", dtypes::bfloat16},
      {"F32", dtypes::float32},
      {"F64", dtypes::float64},
  }};
  return names;
}

DType dtypeNamed(const std::string& name) {
  for (const auto& [n, d] : safeDTypes())
    if (name == n) return d;
  throw ScriptError(fmt::format("safetensors dtype '{}' is not supported", name));
}

const char* nameOf(DType dtype) {
  for (const auto& [n, d] : safeDTypes())
    if (d == dtype) return n;
  throw ScriptError(fmt::format("safe_save cannot store {}", toString(dtype)));
}

// The file a program names, in its own directory.
std::filesystem::path fileNamed(const std::string& name) {
  if (t_directory.empty())
    throw ScriptError("this program has no directory to read or write safetensors files in");
  if (name.empty() || name.find_first_of("/\\") != std::string::npos || name == "." ||
      name == ".." || !name.ends_with(".safetensors"))
    throw ScriptError(fmt::format("'{}' is not a file name ending in .safetensors: a program reads "
                                  "and writes files next to itself only",
                                  name));
  return t_directory / name;
}

Value load(const std::string& name) {
  std::filesystem::path path = fileNamed(name);
  std::error_code ec;
  uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) throw ScriptError(fmt::format("cannot read '{}': {}", name, ec.message()));
  if (size > kMaxFileBytes) throw ScriptError(fmt::format("'{}' is larger than 1 GiB", name));
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes(static_cast<size_t>(size));
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size)) || size < 8)
    throw ScriptError(fmt::format("cannot read '{}' as a safetensors file", name));
  uint64_t headerSize = 0;
  std::memcpy(&headerSize, bytes.data(), 8); // little-endian, as the format is
  if (headerSize > size - 8) throw ScriptError(fmt::format("'{}': header past the end", name));
  nlohmann::ordered_json header;
  try {
    header = nlohmann::ordered_json::parse(bytes.begin() + 8,
                                           bytes.begin() + 8 + static_cast<long>(headerSize));
  } catch (const std::exception& e) {
    throw ScriptError(fmt::format("'{}': bad header: {}", name, e.what()));
  }
  size_t dataStart = 8 + headerSize;
  std::vector<std::pair<Value, Value>> items;
  for (const auto& [key, entry] : header.items()) {
    if (key == "__metadata__") continue;
    try {
      DType dtype = dtypeNamed(entry.at("dtype").get<std::string>());
      Shape shape = entry.at("shape").get<std::vector<int64_t>>();
      auto offsets = entry.at("data_offsets").get<std::array<uint64_t, 2>>();
      uint64_t want = static_cast<uint64_t>(shapeProduct(shape)) * dtype.itemSize();
      if (offsets[1] < offsets[0] || offsets[1] - offsets[0] != want ||
          dataStart + offsets[1] > size)
        throw ScriptError("data offsets do not match its dtype and shape");
      std::string data(bytes.data() + dataStart + offsets[0], static_cast<size_t>(want));
      items.emplace_back(Value(key), wrap(Tensor::fromBytes(std::move(data), dtype, shape)));
    } catch (const ScriptError& e) {
      throw ScriptError(fmt::format("'{}': tensor '{}': {}", name, key, e.what()));
    } catch (const nlohmann::json::exception& e) {
      throw ScriptError(fmt::format("'{}': tensor '{}': {}", name, key, e.what()));
    }
  }
  return frontend::makeDict(std::move(items));
}

void save(const Value& tensors, const std::string& name, const Value& metadata, const Args& a) {
  frontend::Dict* dict = frontend::asDict(tensors);
  if (!dict) a.fail(fmt::format("tensors must be a dict of name to Tensor, not {}",
                                tensors.typeName()));
  std::vector<std::pair<std::string, Tensor>> named;
  for (const auto& [key, value] : dict->items()) {
    const std::string* k = key.get<std::string>();
    const Tensor* t = asTensorPtr(value);
    if (!k || !t) a.fail("tensors must be a dict of name to Tensor");
    if (t->isWeak()) a.fail("safe_save requires concrete dtypes");
    named.emplace_back(*k, *t);
  }
  std::vector<Tensor> roots;
  for (const auto& [key, t] : named)
    roots.push_back(t);
  std::vector<HostTensor> values;
  if (Realizer* r = currentRealizer()) {
    r->realize(roots, "safe_save");
    for (const Tensor& t : roots)
      values.push_back(r->hostValue(t));
  } else {
    values = evaluateOnHost(roots);
  }
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  if (!metadata.isNone()) {
    frontend::Dict* m = frontend::asDict(metadata);
    if (!m) a.fail("metadata must be a dict of str to str");
    nlohmann::ordered_json meta = nlohmann::ordered_json::object();
    for (const auto& [key, value] : m->items()) {
      const std::string *k = key.get<std::string>(), *v = value.get<std::string>();
      if (!k || !v) a.fail("metadata must be a dict of str to str");
      meta[*k] = *v;
    }
    header["__metadata__"] = meta;
  }
  uint64_t offset = 0;
  for (size_t i = 0; i < named.size(); ++i) {
    uint64_t n = values[i].bytes().size();
    header[named[i].first] = {{"dtype", nameOf(values[i].dtype())},
                              {"shape", values[i].shape()},
                              {"data_offsets", {offset, offset + n}}};
    offset += n;
  }
  std::string text = header.dump();
  text.append((8 - text.size() % 8) % 8, ' ');
  std::filesystem::path path = fileNamed(name);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  uint64_t headerSize = text.size();
  out.write(reinterpret_cast<const char*>(&headerSize), 8);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  for (const HostTensor& v : values)
    out.write(reinterpret_cast<const char*>(v.bytes().data()),
              static_cast<std::streamsize>(v.bytes().size()));
  if (!out) a.fail(fmt::format("cannot write '{}'", name));
}

} // namespace

void setProgramDirectory(std::filesystem::path directory) {
  t_directory = std::move(directory);
}

Value safeLoadFunction() {
  return frontend::makeNative("safe_load", [](Args& a) {
    auto [fn] = a.bind({"fn"});
    return load(toStr(a, fn, "fn"));
  });
}

Value safeSaveFunction() {
  return frontend::makeNative("safe_save", [](Args& a) {
    auto [tensors, fn, metadata] = a.bind({"tensors", "fn", {"metadata", Value()}});
    save(tensors, toStr(a, fn, "fn"), metadata, a);
    return Value();
  });
}

} // namespace uops::program
