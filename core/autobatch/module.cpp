#include "core/autobatch/module.h"

#include "core/autobatch/front_end.h"
#include "core/autobatch/passes.h"
#include "core/autobatch/vm.h"
#include "core/frontend/callable.h"
#include "core/frontend/load_error.h"
#include "core/frontend/object.h"
#include "core/frontend/parser.h"
#include "core/frontend/script_error.h"
#include "core/program/convert.h"
#include "core/program/extension_modules.h"
#include "core/program/host_eval.h"
#include "core/program/realization.h"
#include "core/engine/device_registry.h"

#include <map>

#include <fmt/format.h>

namespace uops::autobatch {
namespace {

using frontend::Args;
using frontend::Value;

class AutobatchFunction;

std::string summary(const std::string& function, int64_t batch, const std::string& device, const VmStats& s) {
  std::string head = fmt::format("{} (batch {}) on {}: ", function, batch, device);
  std::string times = fmt::format("compiled in {:.1f} ms, run {:.4f} ms", s.compileMs, s.runMs);
  if (s.memberKernel) {
    int64_t executions = 0;
    for (int64_t n : s.activeMembers) executions += n;
    return head + fmt::format("one member kernel, {} member-block executions, {}", executions, times);
  }
  std::string why = s.memberKernelWhyNot.empty() ? "" : fmt::format(" (no member kernel: {})", s.memberKernelWhyNot);
  return head + fmt::format("{} block executions{}, {} kernels {}", s.steps, why, s.kernels, times);
}

const frontend::Function* autobatchDef(const Value& v);

// One compiled program for one kind of call: its passes and its VM.
struct Compiled {
  std::vector<PassRecord> passes;
  std::unique_ptr<VirtualMachine> vm;
};

class AutobatchFunction : public frontend::Object, public std::enable_shared_from_this<AutobatchFunction> {
public:
  AutobatchFunction(Value fn, int64_t stackDepth, std::weak_ptr<program::LoadSession> session)
      : m_fn(std::move(fn)), m_stackDepth(stackDepth), m_session(std::move(session)) {}

  const frontend::Function* def() const { return frontend::asFunction(m_fn); }
  std::string typeName() const override { return "function"; }
  std::string repr() const override { return fmt::format("<autobatch function {}>", def()->name); }

  Value call(Args& a) override {
    if (!a.keywords().empty()) a.fail("an @autobatch function takes its batch arguments by position");
    std::vector<HostTensor> inputs;
    std::vector<TensorType> types;
    std::string device = "CPU";
    int64_t batch = batchOf(a, device);
    for (const Value& v : a.positional()) {
      HostTensor rows = batchRows(a, v, batch);
      types.push_back(TensorType{rows.dtype(), Shape(rows.shape().begin() + 1, rows.shape().end())});
      inputs.push_back(std::move(rows));
    }
    std::shared_ptr<program::LoadSession> session = m_session.lock();
    std::string runDevice = session ? session->device : "REF";
    try {
      Compiled& c = compiled(types, batch, runDevice);
      std::vector<HostTensor> outputs = c.vm->run(inputs);
      const VmStats& s = c.vm->stats();
      if (session) {
        program::LoadTimeRun run{fmt::format("{} (batch {})", def()->name, batch), runDevice, s.steps, s.kernels,
                                 s.compileMs, s.runMs, summary(def()->name, batch, runDevice, s), {}, {}};
        for (const PassRecord& p : c.passes) run.stages.emplace_back(p.stage, toText(p.program));
        auto detail = std::make_shared<AutobatchCall>();
        detail->function = def()->name;
        detail->batch = batch;
        detail->stackDepth = m_stackDepth;
        detail->passes = c.passes;
        detail->inputs = inputs;
        detail->outputs = outputs;
        detail->stats = s;
        detail->vmBlocks = c.vm->blocks();
        run.detail = std::move(detail);
        session->runs.push_back(std::move(run));
      }
      std::vector<Value> results;
      for (const HostTensor& out : outputs) results.push_back(program::wrap(program::tensorFrom(out, device)));
      return results.size() == 1 ? results[0] : Value::tuple(std::move(results));
    } catch (const AutobatchError& e) {
      if (e.location && def()->program) throw frontend::LoadError::at(def()->program->source, *e.location, e.what());
      throw frontend::ScriptError(e.what());
    }
  }

private:
  // The batch size: the leading axis of the tensor arguments (1 broadcasts).
  int64_t batchOf(Args& a, std::string& device) {
    int64_t batch = 1;
    bool seen = false;
    for (const Value& v : a.positional()) {
      const Tensor* t = program::asTensorPtr(v);
      if (!t) {
        if (!v.isNumber()) a.fail(fmt::format("an @autobatch argument is a tensor or a number, not {}", v.typeName()));
        continue;
      }
      if (!seen) device = t->device();
      seen = true;
      if (t->shape().empty() || t->shape()[0] == 1) continue;
      if (batch != 1 && t->shape()[0] != batch)
        a.fail(fmt::format("batch arguments of {} and {} members: the leading axes must agree (or be 1)", batch,
                           t->shape()[0]));
      batch = t->shape()[0];
    }
    return batch;
  }

  // An argument's value with `batch` rows (a number or a one-row tensor repeated).
  static HostTensor batchRows(Args& a, const Value& v, int64_t batch) {
    HostTensor value;
    if (const Tensor* t = program::asTensorPtr(v)) {
      program::Realizer* r = program::currentRealizer();
      if (r) r->realize({*t}, "@autobatch call");
      value = r ? r->hostValue(*t) : program::evaluateOnHost(*t);
      if (value.shape().empty()) value = value.withShape(Shape{1});
    } else {
      DType dtype = v.isBool() ? dtypes::bool_ : v.isInt() ? dtypes::int32 : dtypes::float32;
      value = HostTensor(dtype, Shape{1});
      if (v.isFloat()) value.setDouble(0, *v.get<double>());
      else if (v.isBool()) value.setBool(0, *v.get<bool>());
      else value.setInt(0, *v.get<int64_t>());
    }
    if (value.shape()[0] == batch) return value;
    if (value.shape()[0] != 1) a.fail("a batch argument's leading axis must be the batch size or 1");
    Shape shape = value.shape();
    shape[0] = batch;
    HostTensor out(value.dtype(), shape);
    std::span<const std::byte> row = value.bytes();
    std::span<std::byte> bytes = out.mutableBytes();
    for (int64_t m = 0; m < batch; ++m) std::copy(row.begin(), row.end(), bytes.begin() + m * static_cast<int64_t>(row.size()));
    return out;
  }

  Compiled& compiled(const std::vector<TensorType>& types, int64_t batch, const std::string& device) {
    std::string key = fmt::format("{}|{}", batch, device);
    for (const TensorType& t : types) key += "|" + typeText(t);
    auto it = m_cache.find(key);
    if (it != m_cache.end()) return *it->second;
    auto c = std::make_unique<Compiled>();
    Program built = buildProgram(*def(), autobatchDef);
    c->passes = runPasses(built, types, batch);
    VmOptions options;
    options.stackDepth = m_stackDepth;
    options.memberKernel = true;
    c->vm = std::make_unique<VirtualMachine>(c->passes.back().program, openDevice(device), batch, options);
    c->vm->compile();
    return *m_cache.emplace(key, std::move(c)).first->second;
  }

  Value m_fn;
  int64_t m_stackDepth;
  std::weak_ptr<program::LoadSession> m_session;
  std::map<std::string, std::unique_ptr<Compiled>> m_cache;
};

const frontend::Function* autobatchDef(const Value& v) {
  if (!v.isObject()) return nullptr;
  auto* f = dynamic_cast<AutobatchFunction*>(v.object().get());
  return f ? f->def() : nullptr;
}

Value decorate(Args& a, const Value& fn, int64_t stackDepth, const std::shared_ptr<program::LoadSession>& session) {
  const frontend::Function* f = frontend::asFunction(fn);
  if (!f || !f->body) a.fail(fmt::format("@autobatch decorates a def, not {}", fn.typeName()));
  if (stackDepth < 2) a.fail("max_stack_depth must be at least 2");
  return Value(std::make_shared<AutobatchFunction>(fn, stackDepth, session));
}

} // namespace

const AutobatchCall* autobatchCall(const program::LoadTimeRun& run) {
  return dynamic_cast<const AutobatchCall*>(run.detail.get());
}

void installAutobatchModule() {
  program::registerExtensionModule(
      "uopscope", [](frontend::Interpreter& interpreter, const std::shared_ptr<program::LoadSession>& session) {
        std::weak_ptr<program::LoadSession> weak = session;
        Value autobatch = frontend::makeNative("autobatch", [weak](Args& a) -> Value {
          [[maybe_unused]] auto [fn, stackDepth] = a.bind({{"fn", Value()}, {"max_stack_depth", int64_t{256}}});
          int64_t depth = program::toInt(a, stackDepth, "max_stack_depth");
          std::shared_ptr<program::LoadSession> s = weak.lock();
          if (!fn.isNone()) return decorate(a, fn, depth, s);
          return frontend::makeNative("autobatch", [weak, depth](Args& inner) -> Value {
            if (inner.positional().size() != 1) inner.fail("@autobatch(...) decorates one function");
            return decorate(inner, inner.positional()[0], depth, weak.lock());
          });
        });
        interpreter.registerModule("uopscope", {{"autobatch", autobatch}});
      });
}

} // namespace uops::autobatch
