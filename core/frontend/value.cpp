#include "core/frontend/value.h"

#include "core/frontend/callable.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"

namespace uops::frontend {

int64_t Range::size() const {
  // In 128 bits: stop - start can overflow int64.
  __int128 span = static_cast<__int128>(stop) - start;
  if (step > 0) return span <= 0 ? 0 : static_cast<int64_t>((span - 1) / step + 1);
  return span >= 0 ? 0 : static_cast<int64_t>((-span - 1) / -static_cast<__int128>(step) + 1);
}

Value Value::list(std::vector<Value> items) {
  return Value(std::make_shared<List>(std::move(items)));
}

Value Value::tuple(std::vector<Value> items) {
  return Value(TuplePtr(std::make_shared<const Tuple>(std::move(items))));
}

const std::vector<Value>* Value::items() const {
  if (const ListPtr* l = get<ListPtr>()) return &(*l)->items;
  if (const TuplePtr* t = get<TuplePtr>()) return &(*t)->items;
  return nullptr;
}

void Value::tooLarge() {
  throw ScriptError("integer is too large (the limit is 2**63 - 1)");
}

std::string Value::typeName() const {
  struct Visitor {
    std::string operator()(NoneType) const { return "NoneType"; }
    std::string operator()(bool) const { return "bool"; }
    std::string operator()(int64_t) const { return "int"; }
    std::string operator()(double) const { return "float"; }
    std::string operator()(const std::string&) const { return "str"; }
    std::string operator()(const ListPtr&) const { return "list"; }
    std::string operator()(const TuplePtr&) const { return "tuple"; }
    std::string operator()(const Slice&) const { return "slice"; }
    std::string operator()(EllipsisType) const { return "ellipsis"; }
    std::string operator()(const Range&) const { return "range"; }
    std::string operator()(const FunctionPtr&) const { return "function"; }
    std::string operator()(const NativeFunctionPtr& f) const {
      return f->isType ? "type" : "builtin_function_or_method";
    }
    std::string operator()(const NamespacePtr&) const { return "module"; }
    std::string operator()(const ObjectPtr& o) const { return o->typeName(); }
  };
  return std::visit(Visitor{}, m_v);
}

namespace {
// Values whose owners died while a release loop runs on this thread.
thread_local std::vector<Value>* t_releasing = nullptr;
} // namespace

void releaseValues(std::vector<Value>& items) noexcept {
  if (items.empty()) return;
  if (t_releasing) {
    for (Value& v : items)
      t_releasing->push_back(std::move(v));
    items.clear();
    return;
  }
  std::vector<Value> pending = std::move(items);
  t_releasing = &pending;
  while (!pending.empty()) {
    Value last = std::move(pending.back());
    pending.pop_back();
    // `last` dies here; if it held the final reference to a container, that
    // container's destructor appends its elements to `pending`.
  }
  t_releasing = nullptr;
}

List::~List() {
  releaseValues(items);
}

Tuple::~Tuple() {
  releaseValues(items);
}

} // namespace uops::frontend
