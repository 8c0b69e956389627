#include "core/ir/arg.h"

#include <bit>
#include <functional>

#include <fmt/format.h>

namespace uops {
namespace {

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2)); }

size_t hashString(const std::string& s) { return std::hash<std::string>{}(s); }

size_t hashDevice(const DeviceArg& d) {
  size_t h = 0x5157;
  for (const auto& n : d.names) h = mix(h, hashString(n));
  return h;
}

struct ArgHasher {
  size_t operator()(std::monostate) const { return 0x1234; }
  size_t operator()(bool b) const { return b ? 0x77 : 0x78; }
  size_t operator()(int64_t i) const { return std::hash<int64_t>{}(i); }
  size_t operator()(double d) const { return std::hash<uint64_t>{}(std::bit_cast<uint64_t>(d)); }
  size_t operator()(const std::string& s) const { return hashString(s); }
  size_t operator()(const Ints& v) const {
    size_t h = 0x1111;
    for (int64_t i : v) h = mix(h, std::hash<int64_t>{}(i));
    return h;
  }
  size_t operator()(const Bools& v) const {
    size_t h = 0x2222;
    for (bool b : v) h = mix(h, b);
    return h;
  }
  size_t operator()(const ParamArg& p) const {
    size_t h = mix(0x3333, std::hash<int64_t>{}(p.slot));
    if (p.device) h = mix(h, hashDevice(*p.device));
    if (p.addrSpace) h = mix(h, static_cast<size_t>(*p.addrSpace) + 1);
    if (p.variable)
      h = mix(mix(mix(h, std::hash<std::string>{}(p.variable->name)), std::hash<int64_t>{}(p.variable->min)),
              std::hash<int64_t>{}(p.variable->max));
    return h;
  }
  size_t operator()(const BufferArg& b) const {
    return mix(mix(mix(mix(0x4444, std::hash<int64_t>{}(b.id)), std::hash<int64_t>{}(b.size)), hashDevice(b.device)),
               static_cast<size_t>(b.addrSpace));
  }
  size_t operator()(const ReduceArg& r) const {
    return mix((*this)(r.axes), static_cast<size_t>(r.op));
  }
  size_t operator()(const LoadArg& l) const {
    size_t h = mix(0x5555, static_cast<size_t>(l.addrSpace));
    return l.device ? mix(h, hashDevice(*l.device)) : h;
  }
  size_t operator()(const RangeArg& r) const {
    return mix(mix(0x6666, std::hash<int64_t>{}(r.id)), static_cast<size_t>(r.type));
  }
};

} // namespace

bool argEqual(const Arg& a, const Arg& b) {
  if (a.index() != b.index()) return false;
  if (const double* da = std::get_if<double>(&a))
    return std::bit_cast<uint64_t>(*da) == std::bit_cast<uint64_t>(std::get<double>(b));
  return a == b;
}

size_t hashValue(const Arg& arg) { return mix(arg.index(), std::visit(ArgHasher{}, arg)); }

std::optional<ConstValue> argConstValue(const Arg& arg) {
  if (const bool* b = std::get_if<bool>(&arg)) return ConstValue(*b);
  if (const int64_t* i = std::get_if<int64_t>(&arg)) return ConstValue(*i);
  if (const double* d = std::get_if<double>(&arg)) return ConstValue(*d);
  return std::nullopt;
}

Arg toArg(const ConstValue& v) {
  return std::visit([](auto x) { return Arg(x); }, v);
}

std::string toString(const DeviceArg& d) {
  if (d.names.size() == 1) return d.names[0];
  std::string s = "(";
  for (size_t i = 0; i < d.names.size(); ++i)
    s += fmt::format("{}\"{}\"", i ? ", " : "", d.names[i]);
  return s + ")";
}

} // namespace uops
