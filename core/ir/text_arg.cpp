#include "core/ir/text_arg.h"

#include <bit>
#include <optional>

#include <fmt/format.h>

namespace uops::text {
namespace {

// An empty tuple carries no element to tell Ints from Bools; Flip's is Bools.
bool emptyTupleIsBools(Op op) {
  return op == Op::Flip;
}

template <class T, class F> std::string printTuple(const std::vector<T>& items, F item) {
  if (items.size() == 1) return "(" + item(items[0]) + ",)";
  std::string s = "(";
  for (size_t i = 0; i < items.size(); ++i)
    s += (i ? ", " : "") + item(items[i]);
  return s + ")";
}

std::string printInts(const Ints& v) {
  return printTuple(v, [](int64_t i) { return std::to_string(i); });
}

std::string printBool(bool b) {
  return b ? "True" : "False";
}

struct ArgPrinter {
  Op op;
  DType dtype;

  std::string operator()(std::monostate) const { return ""; }
  std::string operator()(bool b) const { return printBool(b); }
  std::string operator()(int64_t i) const {
    // uint64 constants above INT64_MAX are stored by their bits; print the value.
    if (op == Op::Const && dtype.scalar == ScalarType::UInt64)
      return std::to_string(static_cast<uint64_t>(i));
    return std::to_string(i);
  }
  std::string operator()(double d) const { return formatFloat(d); }
  std::string operator()(const std::string& s) const { return quoteString(s); }
  std::string operator()(const Ints& v) const {
    if (v.empty() && emptyTupleIsBools(op)) return "ints()";
    return printInts(v);
  }
  std::string operator()(const Bools& v) const {
    if (v.empty() && !emptyTupleIsBools(op)) return "bools()";
    return printTuple(v, [](bool b) { return printBool(b); });
  }
  std::string operator()(const ParamArg& p) const {
    std::string s = fmt::format("(slot={}", p.slot);
    if (p.device) s += ", device=" + printDevice(*p.device);
    if (p.addrSpace) s += fmt::format(", addrspace={}", addrSpaceName(*p.addrSpace));
    if (p.variable) s += fmt::format(", var={}, min={}, max={}", quoteString(p.variable->name), p.variable->min, p.variable->max);
    return s + ")";
  }
  std::string operator()(const BufferArg& b) const {
    return fmt::format("(id={}, size={}, device={}, addrspace={})", b.id, b.size,
                       printDevice(b.device), addrSpaceName(b.addrSpace));
  }
  std::string operator()(const ReduceArg& r) const {
    return fmt::format("({}, axes={})", opName(r.op), printInts(r.axes));
  }
  std::string operator()(const LoadArg& l) const {
    std::string device = l.device ? "device=" + printDevice(*l.device) + ", " : "";
    return fmt::format("({}addrspace={})", device, addrSpaceName(l.addrSpace));
  }
  std::string operator()(const RangeArg& r) const {
    return fmt::format("({}, {})", r.id, axisTypeName(r.type));
  }
};

// Items up to and including ')', the '(' already read: `a, b` or `a, b,`.
template <class F> void parseItems(Cursor& in, F item) {
  in.skipSpaces();
  while (!in.tryConsume(')')) {
    item();
    in.skipSpaces();
    if (in.tryConsume(')')) return;
    in.expect(',', "',' or ')'");
    in.skipSpaces();
  }
}

Ints parseIntsAfterParen(Cursor& in) {
  Ints v;
  parseItems(in, [&] { v.push_back(in.integer()); });
  return v;
}

bool parseBool(Cursor& in) {
  int col = in.column();
  std::string_view word = in.identifier();
  if (word == "True") return true;
  if (word == "False") return false;
  in.failAt(col, fmt::format("expected True or False, got {}", word.empty() ? in.token() : word));
}

Bools parseBoolsAfterParen(Cursor& in) {
  Bools v;
  parseItems(in, [&] { v.push_back(parseBool(in)); });
  return v;
}

DeviceArg parseDevice(Cursor& in) {
  if (in.peek() == '"') return DeviceArg{{in.string()}};
  in.expect('(', "a device: \"CPU\" or (\"CL:0\", \"CL:1\")");
  DeviceArg d;
  parseItems(in, [&] { d.names.push_back(in.string()); });
  return d;
}

AddrSpace parseAddrSpace(Cursor& in) {
  int col = in.column();
  std::string_view word = in.identifier();
  if (auto space = addrSpaceFromName(word)) return *space;
  in.failAt(col, fmt::format("unknown addrspace '{}' (expected GLOBAL, LOCAL or REG)",
                             word.empty() ? in.token() : word));
}

// `key=value, ...)`: the Param, Buffer and Load args, told apart by their keys.
struct RecordFields {
  std::optional<int64_t> slot, id, size, min, max;
  std::optional<std::string> var;
  std::optional<VariableRange> variable; // var, min and max, all three given
  std::optional<DeviceArg> device;
  std::optional<AddrSpace> addrSpace;
};

template <class T>
void setOnce(Cursor& in, int col, std::string_view key, std::optional<T>& field, T value) {
  if (field) in.failAt(col, fmt::format("key '{}' given twice", key));
  field = std::move(value);
}

RecordFields parseRecordFields(Cursor& in) {
  RecordFields f;
  parseItems(in, [&] {
    int col = in.column();
    std::string_view key = in.identifier();
    in.skipSpaces();
    in.expect('=', "'=' after a key");
    in.skipSpaces();
    if (key == "slot") return setOnce(in, col, key, f.slot, in.integer());
    if (key == "id") return setOnce(in, col, key, f.id, in.integer());
    if (key == "size") return setOnce(in, col, key, f.size, in.integer());
    if (key == "device") return setOnce(in, col, key, f.device, parseDevice(in));
    if (key == "addrspace") return setOnce(in, col, key, f.addrSpace, parseAddrSpace(in));
    if (key == "var") return setOnce(in, col, key, f.var, in.string());
    if (key == "min") return setOnce(in, col, key, f.min, in.integer());
    if (key == "max") return setOnce(in, col, key, f.max, in.integer());
    in.failAt(col, fmt::format("unknown key '{}' (expected slot, id, size, device, addrspace, var, min or max)",
                               key));
  });
  if (f.var || f.min || f.max) {
    if (!f.var || !f.min || !f.max) in.failAt(in.column(), "a variable's Param arg needs var, min and max");
    f.variable = VariableRange{*f.var, *f.min, *f.max};
  }
  return f;
}

Arg parseRecord(Cursor& in) {
  int col = in.column();
  RecordFields f = parseRecordFields(in);
  if (f.slot) {
    if (f.id || f.size) in.failAt(col, "a Param arg takes slot, device, addrspace, var, min and max only");
    return ParamArg{*f.slot, std::move(f.device), f.addrSpace, std::move(f.variable)};
  }
  if (f.variable) in.failAt(col, "var, min and max belong to a Param arg (slot=-1)");
  AddrSpace space = f.addrSpace.value_or(AddrSpace::Global);
  if (f.id || f.size) {
    if (!f.id || !f.size || !f.device) in.failAt(col, "a Buffer arg needs id, size and device");
    return BufferArg{*f.id, *f.size, std::move(*f.device), space};
  }
  return LoadArg{std::move(f.device), space};
}

// `(Add, axes=(1,))`, the '(' already read and the op name next.
Arg parseReduceArg(Cursor& in) {
  int col = in.column();
  std::string_view name = in.identifier();
  auto op = opFromName(name);
  if (!op) in.failAt(col, fmt::format("unknown op '{}'", name));
  in.skipSpaces();
  in.expect(',', "',' after the reduce op");
  in.skipSpaces();
  if (!in.tryConsume("axes")) in.fail(fmt::format("expected axes=(...), got {}", in.token()));
  in.skipSpaces();
  in.expect('=', "'=' after axes");
  in.skipSpaces();
  in.expect('(', "'(' starting the axes");
  ReduceArg r{*op, parseIntsAfterParen(in)};
  in.skipSpaces();
  in.tryConsume(',');
  in.skipSpaces();
  in.expect(')', "')' closing the reduce arg");
  return r;
}

// `(3, LOOP)` or `(3, 4)`, the '(' already read and an integer next.
Arg parseIntsOrRange(Cursor& in) {
  int64_t first = in.integer();
  in.skipSpaces();
  if (in.tryConsume(')')) return Ints{first};
  in.expect(',', "',' or ')'");
  in.skipSpaces();
  int col = in.column();
  std::string_view word = in.identifier();
  if (word.empty()) {
    Ints rest = parseIntsAfterParen(in);
    rest.insert(rest.begin(), first);
    return rest;
  }
  auto type = axisTypeFromName(word);
  if (!type) in.failAt(col, fmt::format("unknown axis type '{}'", word));
  in.skipSpaces();
  in.expect(')', "')' closing the range arg");
  return RangeArg{first, *type};
}

// Everything that starts with '(' (already read).
Arg parseParenArg(Cursor& in, Op op) {
  in.skipSpaces();
  if (in.tryConsume(')')) return emptyTupleIsBools(op) ? Arg(Bools{}) : Arg(Ints{});
  size_t start = in.pos();
  std::string_view word = in.identifier();
  if (word.empty()) return parseIntsOrRange(in);
  in.skipSpaces();
  bool isKey = in.peek() == '=';
  in.reset(start);
  if (isKey) return parseRecord(in);
  if (word == "True" || word == "False") return parseBoolsAfterParen(in);
  if (word == "inf" || word == "nan") in.fail("a tuple arg holds integers, not floats");
  return parseReduceArg(in);
}

Arg parseNumberArg(Cursor& in, Op op, DType dtype) {
  int col = in.column();
  Number n = in.number();
  switch (n.kind) {
  case Number::Kind::Int:
    return n.i;
  case Number::Kind::Float:
    return n.f;
  case Number::Kind::UInt:
    if (op == Op::Const && dtype.scalar == ScalarType::UInt64) return std::bit_cast<int64_t>(n.u);
    in.failAt(col,
              fmt::format("integer {} out of range (only uint64 constants exceed int64)", n.u));
  }
  in.failAt(col, "unreadable number");
}

} // namespace

std::string printDevice(const DeviceArg& device) {
  if (device.names.size() == 1) return quoteString(device.names[0]);
  return printTuple(device.names, [](const std::string& n) { return quoteString(n); });
}

std::string printArg(Op op, DType dtype, const Arg& arg) {
  return std::visit(ArgPrinter{op, dtype}, arg);
}

Arg parseArg(Cursor& in, Op op, DType dtype) {
  char c = in.peek();
  if (c == '"') return in.string();
  if (in.tryConsume('(')) return parseParenArg(in, op);
  if (c == '-' || (c >= '0' && c <= '9')) return parseNumberArg(in, op, dtype);
  int col = in.column();
  size_t start = in.pos();
  std::string_view word = in.identifier();
  if (word == "True") return true;
  if (word == "False") return false;
  if (word == "inf" || word == "nan") {
    in.reset(start);
    return parseNumberArg(in, op, dtype);
  }
  if (word == "ints" && in.tryConsume('(')) return parseIntsAfterParen(in);
  if (word == "bools" && in.tryConsume('(')) return parseBoolsAfterParen(in);
  in.reset(start);
  in.failAt(col, fmt::format("expected an arg, got {}", in.token()));
}

} // namespace uops::text
