// Value: what a Python expression in a tensor program evaluates to.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace uops::frontend {

class Value;
class Object;
struct List;
struct Tuple;
struct Function;
struct NativeFunction;
struct Namespace;

struct NoneType {
  friend bool operator==(NoneType, NoneType) { return true; }
};
struct EllipsisType {
  friend bool operator==(EllipsisType, EllipsisType) { return true; }
};

// start:stop:step with Python's optional parts. Bounds are ints: that is all
// lists, tuples and tensors accept.
struct Slice {
  std::optional<int64_t> start, stop, step;
  // The host objects start and stop came from through __index__ (a bound
  // symbolic int), for hosts that index with more than the value.
  std::shared_ptr<Object> startObject, stopObject;
  friend bool operator==(const Slice& a, const Slice& b) {
    return a.start == b.start && a.stop == b.stop && a.step == b.step;
  }
};

struct Range {
  int64_t start = 0;
  int64_t stop = 0;
  int64_t step = 1;
  int64_t size() const;
  int64_t at(int64_t i) const { return start + i * step; } // i in [0, size())
  friend bool operator==(const Range&, const Range&) = default;
};

using ListPtr = std::shared_ptr<List>; // lists are mutable and shared, as in Python
using TuplePtr = std::shared_ptr<const Tuple>;
using FunctionPtr = std::shared_ptr<const Function>;
using NativeFunctionPtr = std::shared_ptr<const NativeFunction>;
using NamespacePtr = std::shared_ptr<const Namespace>;
using ObjectPtr = std::shared_ptr<Object>;

// None | bool | int (int64; overflow is an error) | float | str (UTF-8) |
// list | tuple | slice | Ellipsis | range | function (a def or lambda) |
// native function (builtins, bound methods of host objects) | namespace
// (modules) | host object (tensors, dtypes: see object.h).
class Value {
public:
  using Variant =
      std::variant<NoneType, bool, int64_t, double, std::string, ListPtr, TuplePtr, Slice,
                   EllipsisType, Range, FunctionPtr, NativeFunctionPtr, NamespacePtr, ObjectPtr>;

  Value() = default;
  Value(NoneType) {}
  Value(bool b) : m_v(b) {}
  // Any integer type; an unsigned value past int64 is an error (ScriptError).
  // (Type traits rather than <concepts>: Qt's moc cannot parse that header.)
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
  Value(T i) : m_v(checkedInt(i)) {}
  Value(double d) : m_v(d) {}
  Value(std::string s) : m_v(std::move(s)) {}
  Value(std::string_view s) : m_v(std::string(s)) {}
  Value(const char* s) : m_v(std::string(s)) {}
  template <class T> Value(T*) = delete; // not a bool: a pointer is never a Value
  Value(ListPtr v) : m_v(std::move(v)) {}
  Value(TuplePtr v) : m_v(std::move(v)) {}
  Value(Slice v) : m_v(v) {}
  Value(EllipsisType v) : m_v(v) {}
  Value(Range v) : m_v(v) {}
  Value(FunctionPtr v) : m_v(std::move(v)) {}
  Value(NativeFunctionPtr v) : m_v(std::move(v)) {}
  Value(NamespacePtr v) : m_v(std::move(v)) {}
  template <class T, std::enable_if_t<std::is_base_of_v<Object, T>, int> = 0>
  Value(std::shared_ptr<T> v) : m_v(ObjectPtr(std::move(v))) {}

  static Value list(std::vector<Value> items);
  static Value tuple(std::vector<Value> items);

  template <class T> bool is() const { return std::holds_alternative<T>(m_v); }
  template <class T> const T* get() const { return std::get_if<T>(&m_v); }
  const Variant& variant() const { return m_v; }

  bool isNone() const { return is<NoneType>(); }
  bool isBool() const { return is<bool>(); }
  bool isInt() const { return is<int64_t>(); } // not bool
  bool isIntLike() const { return is<int64_t>() || is<bool>(); }
  bool isFloat() const { return is<double>(); }
  bool isNumber() const { return is<int64_t>() || is<bool>() || is<double>(); }
  bool isStr() const { return is<std::string>(); }
  bool isList() const { return is<ListPtr>(); }
  bool isTuple() const { return is<TuplePtr>(); }
  bool isObject() const { return is<ObjectPtr>(); }

  // The list's or tuple's elements, or null.
  const std::vector<Value>* items() const;
  const ObjectPtr& object() const { return std::get<ObjectPtr>(m_v); } // precondition: isObject()

  // Python's name for the type: "int", "list", "function"; a host object's typeName().
  std::string typeName() const;

private:
  template <class T> static int64_t checkedInt(T i) {
    if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(int64_t)) {
      if (i > static_cast<T>(INT64_MAX)) tooLarge();
    }
    return static_cast<int64_t>(i);
  }
  [[noreturn]] static void tooLarge();

  Variant m_v;
};

// Lists and tuples release their elements iteratively: a list nested a
// million deep (x = [x] in a loop) must not overflow the stack when freed.
struct List {
  std::vector<Value> items;
  List() = default;
  explicit List(std::vector<Value> v) : items(std::move(v)) {}
  ~List();
  List(const List&) = delete;
  List& operator=(const List&) = delete;
};

struct Tuple {
  std::vector<Value> items;
  explicit Tuple(std::vector<Value> v) : items(std::move(v)) {}
  ~Tuple();
  Tuple(const Tuple&) = delete;
  Tuple& operator=(const Tuple&) = delete;
};

// A module: `import tinygrad`, `math`, or any namespace a binding registers.
struct Namespace {
  std::string name;
  std::map<std::string, Value, std::less<>> members;
};

// Hands `items` to the thread's release loop (see List); used by every
// container of Values that can nest.
void releaseValues(std::vector<Value>& items) noexcept;

} // namespace uops::frontend
