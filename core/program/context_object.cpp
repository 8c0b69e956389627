#include "core/program/context_object.h"

#include "core/frontend/callable.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"
#include "core/program/convert.h"
#include "core/program/training.h"

#include <fmt/format.h>

namespace uops::program {

using frontend::Args;
using frontend::ScriptError;
using frontend::Value;

namespace {

// Only TRAINING changes what a program computes (dropout, BatchNorm's batch
// statistics, optimizers' step); the others choose how tinygrad compiles and
// have their own controls here (uopc's options, the explorer's OptOps).
class ContextObject : public frontend::Object {
public:
  explicit ContextObject(bool training) : m_training(training) {}

  std::string typeName() const override { return "Context"; }
  std::string repr() const override {
    return fmt::format("Context(TRAINING={})", m_training ? 1 : 0);
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
    m_saved.push_back(trainingMode());
    setTrainingMode(m_training);
  }
  void exit() {
    if (m_saved.empty()) return;
    setTrainingMode(m_saved.back());
    m_saved.pop_back();
  }

private:
  bool m_training;
  std::vector<bool> m_saved; // nested entries of the same object
};

} // namespace

Value contextClass() {
  auto make = [](Args& a) -> Value {
    if (!a.positional().empty()) a.fail("takes keyword arguments only, e.g. Context(TRAINING=1)");
    bool training = trainingMode();
    for (const auto& [key, value] : a.keywords()) {
      if (key != "TRAINING")
        a.fail(fmt::format("context variable '{}' is not supported: only TRAINING changes what a "
                           "program computes",
                           key));
      training = toBool(a, value, "TRAINING");
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
