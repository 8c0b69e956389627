// Sequences: indexing, slicing, iteration and length of lists, tuples,
// strings, ranges and iterable host objects.
#pragma once

#include "core/frontend/value.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace uops::frontend {

// A slice resolved against a length, Python's slice.indices(): the first
// index, the step and how many elements it selects.
struct SliceIndices {
  int64_t start = 0;
  int64_t step = 1;
  int64_t count = 0;
};
SliceIndices resolveSlice(const Slice& slice, int64_t length); // step 0: ScriptError

// container[index] and container[index] = value (lists and host objects).
Value getItem(const Value& container, const Value& index);
void setItem(const Value& container, const Value& index, const Value& value);

// seq * n for a list, tuple or str (n <= 0 gives an empty one).
Value repeatSequence(const Value& seq, int64_t n);

// len(v), or nullopt when v has no length.
std::optional<int64_t> length(const Value& v);

// Walks any iterable: a list live (appending while iterating is seen, as in
// Python), a tuple, a str (one code point at a time), a range without
// materializing it, a host object through Object::iterate().
class Iterator {
public:
  // notIterable: the error when `iterable` is not, with {} for its type name.
  explicit Iterator(const Value& iterable,
                    std::string_view notIterable = "'{}' object is not iterable");
  bool next(Value& out);
  // How many items it yields, when known without running it (0 otherwise).
  int64_t count() const;

private:
  Value m_source;
  std::vector<Value> m_materialized; // for host objects
  bool m_useMaterialized = false;
  int64_t m_index = 0;
  size_t m_byte = 0; // for strings
};

// Whether `from` holds the list `target` at any depth (through containers,
// bound methods, function defaults and Object::forEachValue). Lists are the
// only mutable containers, so every cycle runs through a list mutation; the
// mutations refuse one, as reference counting would never free it.
bool holdsList(const Value& from, const List* target);
// The same for any container a program can mutate: a list, or an object
// (dict, instance, class) identified by its address.
bool holdsContainer(const Value& from, const void* target);

// Every element of an iterable (charges one step each).
std::vector<Value> toVector(const Value& iterable);

} // namespace uops::frontend
