// A stand-in for the tensor binding in frontend tests: every attribute,
// call, operator and subscript of a Duck gives another Duck, so any tensor
// program runs its Python parts without a Tensor API behind it.
#pragma once

#include "core/frontend/callable.h"
#include "core/frontend/interpreter.h"
#include "core/frontend/object.h"

#include <memory>
#include <string>

namespace uops::frontend::test {

class Duck : public Object {
public:
  explicit Duck(int* iterations) : m_iterations(iterations) {}
  std::string typeName() const override { return "Tensor"; }
  std::optional<Value> getAttr(std::string_view name) override {
    // Shapes feed range() and unpacking in the programs, so they are real.
    if (name == "shape") return Value::tuple({Value(2), Value(3), Value(4)});
    return another();
  }
  void setAttr(std::string_view, const Value&) override {}
  std::optional<Value> binaryOp(BinaryOp, const Value&, bool) override { return another(); }
  std::optional<Value> unaryOp(UnaryOp) override { return another(); }
  Value getItem(const Value&) override { return another(); }
  void setItem(const Value&, const Value&) override {}
  Value call(Args&) override { return another(); }
  std::optional<std::vector<Value>> iterate() override {
    ++*m_iterations; // a program that iterates tensors has duck-shaped outputs
    return std::vector<Value>{another(), another()};
  }
  std::optional<int64_t> length() override { return 2; }

private:
  Value another() const { return Value(std::make_shared<Duck>(m_iterations)); }
  int* m_iterations;
};

// What the `function` decorator returns: calls the user function, as the
// tensor binding's capture will, and reports the function it holds.
class Captured : public Object {
public:
  explicit Captured(Value fn) : m_fn(std::move(fn)) {}
  std::string typeName() const override { return "function"; }
  Value call(Args& args) override { return callValue(m_fn, args); }
  void forEachValue(const std::function<void(const Value&)>& visit) const override { visit(m_fn); }

private:
  Value m_fn;
};

// Registers `from tinygrad import Tensor, dtypes, function` (and tinygrad.nn)
// as ducks, with `function` a real decorator.
inline void registerDucks(Interpreter& interpreter, int* iterations) {
  Value function = makeNative("function", [](Args& a) {
    auto [fn] = a.bind({"fn"});
    return Value(std::make_shared<Captured>(fn));
  });
  interpreter.registerModule("tinygrad", {{"Tensor", Value(std::make_shared<Duck>(iterations))},
                                          {"dtypes", Value(std::make_shared<Duck>(iterations))},
                                          {"function", function}});
  interpreter.registerModule("tinygrad.nn",
                             {{"Linear", Value(std::make_shared<Duck>(iterations))}});
}

} // namespace uops::frontend::test
