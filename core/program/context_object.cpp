#include "core/program/context_object.h"

#include "core/frontend/callable.h"
#include "core/frontend/object.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/program/convert.h"
#include "core/program/training.h"

#include <fmt/format.h>

namespace uops::program {

using frontend::Args;
using frontend::ScriptError;
using frontend::Value;

namespace {

// tinygrad.helpers.TRAINING, a ContextVar: `if not TRAINING:`, `TRAINING.value`
// (an int), comparisons with its value; assigning `TRAINING.value` sets it as
// Context(TRAINING=...) does. Its value is training.h's, so the library's
// optimizers, BatchNorm and dropout read the one setting.
class TrainingVariable : public frontend::Object {
public:
  std::string typeName() const override { return "ContextVar"; }
  std::string repr() const override { return fmt::format("ContextVar('TRAINING', {})", trainingValue()); }
  std::optional<Value> getAttr(std::string_view name) override {
    if (name == "value") return Value(trainingValue());
    if (name == "key") return Value(std::string("TRAINING"));
    return std::nullopt;
  }
  std::vector<std::string> attributeNames() const override { return {"key", "value"}; }
  void setAttr(std::string_view name, const Value& value) override {
    if (name != "value") return Object::setAttr(name, value);
    const int64_t* i = value.get<int64_t>();
    const bool* b = value.get<bool>();
    if (!i && !b) throw ScriptError(fmt::format("TRAINING.value must be an int, not {}", value.typeName()));
    setTrainingValue(i ? *i : int64_t{*b});
  }
  bool truthy() override { return trainingMode(); }
  // comparisons come here as `TRAINING op other` (Python mirrors the reflected ones)
  std::optional<Value> binaryOp(frontend::BinaryOp op, const Value& other, bool) override {
    if (!frontend::isComparison(op)) return std::nullopt;
    return frontend::binaryOp(op, Value(trainingValue()), other);
  }
};

// Only TRAINING changes what a program computes (dropout, BatchNorm's batch
// statistics, optimizers' step); the others choose how tinygrad compiles and
// have their own controls here (uopc's options, the explorer's OptOps).
class ContextObject : public frontend::Object {
public:
  explicit ContextObject(int64_t training) : m_training(training) {}

  std::string typeName() const override { return "Context"; }
  std::string repr() const override {
    return fmt::format("Context(TRAINING={})", m_training);
  }
  const frontend::MethodTable* methods() const override {
    static const frontend::MethodTable table{
        {"__enter__",
         [](Args& a) {
           a.expectNone();
           auto& self = static_cast<ContextObject&>(*a.self().object());
           self.enter();
           return a.self();
         }},
        {"__exit__",
         [](Args& a) {
           auto& self = static_cast<ContextObject&>(*a.self().object());
           self.exit();
           return Value(false);
         }},
    };
    return &table;
  }

  // @Context(TRAINING=1): the function runs inside the context.
  Value call(Args& a) override {
    Value fn = a.bind({"fxn"})[0];
    auto self = std::static_pointer_cast<ContextObject>(shared_from_this());
    return frontend::makeNative("context_wrapper", [self, fn](Args& inner) {
      self->enter();
      try {
        Value r = frontend::callValue(fn, inner);
        self->exit();
        return r;
      } catch (...) {
        self->exit();
        throw;
      }
    });
  }

  void enter() {
    m_saved.push_back(trainingValue());
    setTrainingValue(m_training);
  }
  void exit() {
    if (m_saved.empty()) return;
    setTrainingValue(m_saved.back());
    m_saved.pop_back();
  }

private:
  int64_t m_training;
  std::vector<int64_t> m_saved; // nested entries of the same object
};

} // namespace

Value trainingVariable() {
  static const Value training(std::make_shared<TrainingVariable>());
  return training;
}

Value contextClass() {
  auto make = [](Args& a) -> Value {
    if (!a.positional().empty()) a.fail("takes keyword arguments only, e.g. Context(TRAINING=1)");
    int64_t training = trainingValue();
    for (const auto& [key, value] : a.keywords()) {
      if (key != "TRAINING")
        a.fail(fmt::format("context variable '{}' is not supported: only TRAINING changes what a "
                           "program computes",
                           key));
      const bool* b = value.get<bool>();
      training = b ? int64_t{*b} : toInt(a, value, "TRAINING");
    }
    return Value(std::make_shared<ContextObject>(training));
  };
  auto ctx = std::make_shared<frontend::NativeFunction>();
  ctx->name = "Context";
  ctx->fn = make;
  ctx->isType = true;
  return Value(frontend::NativeFunctionPtr(std::move(ctx)));
}

} // namespace uops::program
