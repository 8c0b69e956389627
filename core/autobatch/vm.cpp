#include "core/autobatch/vm.h"

#include "core/autobatch/prim.h"
#include "core/pipeline/device_schedule.h"
#include "core/pipeline/program_run.h"
#include "core/program/convert.h"
#include "core/runtime/reference_evaluator.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <optional>

#include <fmt/format.h>

namespace uops::autobatch {
namespace {

using frontend::Value;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Var {
  std::string name;
  Allocation alloc = Allocation::Null;
  TensorType type;
  int64_t rowBytes = 0;
  std::vector<std::byte> top;   // [batch][row]
  std::vector<std::byte> stack; // [depth][batch][row] (FULL)
  std::vector<int64_t> sp;      // per member (FULL)
};

int64_t rowElements(const TensorType& t) {
  int64_t n = 1;
  for (int64_t d : t.shape) n *= d;
  return n;
}

// The function a block belongs to, for messages: "fib" rather than "fib.loop1".
std::string functionOf(const Block& b) {
  return b.function;
}

} // namespace

std::vector<int> vmBlockOrder(const Program& lowered) {
  std::vector<int> out{lowered.graph.front()};
  auto trivial = [&](int b) {
    for (const Instruction& ins : lowered.pool.at(static_cast<size_t>(b)).instructions)
      if (std::holds_alternative<PrimOp>(ins)) return false;
    return true;
  };
  for (size_t i = 1; i < lowered.graph.size(); ++i)
    if (trivial(lowered.graph[i])) out.push_back(lowered.graph[i]);
  for (size_t i = 1; i < lowered.graph.size(); ++i)
    if (!trivial(lowered.graph[i])) out.push_back(lowered.graph[i]);
  return out;
}

// A run of computing prims of one block, compiled once.
struct Group {
  std::vector<size_t> prims;          // instruction indices
  std::vector<std::string> inputs;    // variables read from storage
  std::vector<int64_t> bufferIds;     // their placeholders' Buffer ids
  std::vector<UOpPtr> roots;          // one per prim, its output as the variable's type
  std::unique_ptr<PreparedSchedule> prepared;
  std::unique_ptr<ReferenceEvaluator> reference;
};

struct Plan {
  bool built = false;
  // per instruction: the group it starts (index), or -1 for host work; -2 inside a group
  std::vector<int> groupAt;
  std::vector<Group> groups;
};

struct VirtualMachine::Impl {
  Program program;
  Device& device;
  int64_t batch;
  VmOptions options;
  std::vector<int> order;        // pool index per VM block
  std::vector<Block> blocks;     // in VM order, terminators as VM indices
  std::map<std::string, Var> vars;
  std::vector<Plan> plans;
  VmStats stats;
  std::vector<int64_t> active;   // members at the running block
  Clock::time_point started;
  bool running = false;

  Impl(Program p, Device& d, int64_t b, VmOptions o) : program(std::move(p)), device(d), batch(b), options(o) {
    if (!program.functions.empty()) throw AutobatchError("the VM runs lowered programs (no functions)");
    order = vmBlockOrder(program);
    std::map<int, int> index;
    for (size_t i = 0; i < order.size(); ++i) index[order[i]] = static_cast<int>(i);
    int halt = static_cast<int>(order.size());
    auto map = [&](int target) { return target == kExit ? halt : index.at(target); };
    for (int pool : order) {
      Block block = program.pool.at(static_cast<size_t>(pool));
      std::visit(
          [&](auto& t) {
            using T = std::decay_t<decltype(t)>;
            if constexpr (std::is_same_v<T, BranchOp>) {
              t.ifTrue = map(t.ifTrue);
              t.ifFalse = map(t.ifFalse);
            } else if constexpr (std::is_same_v<T, GotoOp>) {
              t.target = map(t.target);
            } else if constexpr (std::is_same_v<T, PushGotoOp>) {
              t.push = map(t.push);
              t.target = map(t.target);
            }
          },
          block.terminator);
      blocks.push_back(std::move(block));
    }
    plans.resize(blocks.size());
    stats.executions.assign(blocks.size(), 0);
    stats.activeMembers.assign(blocks.size(), 0);
    for (const auto& [name, alloc] : program.varAlloc) {
      if (alloc == Allocation::Null) continue;
      auto def = program.varDefs.find(name);
      if (def == program.varDefs.end()) throw AutobatchError(fmt::format("variable {} has no type", name));
      Var v{name, alloc, def->second, rowElements(def->second) * def->second.dtype.itemSize(), {}, {}, {}};
      v.top.assign(static_cast<size_t>(v.rowBytes * batch), std::byte{0});
      if (alloc == Allocation::Full) {
        v.stack.assign(static_cast<size_t>(v.rowBytes * batch * options.stackDepth), std::byte{0});
        v.sp.assign(static_cast<size_t>(batch), 0);
      }
      vars.emplace(name, std::move(v));
    }
  }

  int halt() const { return static_cast<int>(blocks.size()); }

  Var& var(const std::string& name) {
    auto it = vars.find(name);
    if (it == vars.end()) throw AutobatchError(fmt::format("variable {} is never read: it has no storage", name));
    return it->second;
  }

  std::byte* row(Var& v, int64_t m) { return v.top.data() + m * v.rowBytes; }

  // ---- stack discipline ----

  void pushRow(Var& v, int64_t m, const Block& where) {
    if (v.alloc != Allocation::Full) return;
    int64_t& sp = v.sp[static_cast<size_t>(m)];
    if (sp >= options.stackDepth)
      throw VmError(fmt::format("stack overflow: variable {} in function {} needs more than {} frames (member {}); "
                                "ask for a deeper stack: @autobatch(max_stack_depth={})",
                                v.name, functionOf(where), options.stackDepth, m, options.stackDepth * 4),
                    where.loc);
    std::memcpy(v.stack.data() + (sp * batch + m) * v.rowBytes, row(v, m), static_cast<size_t>(v.rowBytes));
    ++sp;
    stats.stackHighWater = std::max(stats.stackHighWater, sp);
  }

  void popRow(Var& v, int64_t m, const Block& where) {
    if (v.alloc != Allocation::Full) return;
    int64_t& sp = v.sp[static_cast<size_t>(m)];
    if (sp <= 0)
      throw VmError(fmt::format("stack underflow: popping variable {} in function {} with nothing pushed (member {})",
                                v.name, functionOf(where), m),
                    where.loc);
    --sp;
    std::memcpy(row(v, m), v.stack.data() + (sp * batch + m) * v.rowBytes, static_cast<size_t>(v.rowBytes));
  }

  // Writes `rows` ([batch][row] bytes of the variable's type) for the active members.
  void write(const std::string& name, const std::byte* rows, bool push, const Block& where) {
    auto it = vars.find(name);
    if (it == vars.end()) return; // NULL: written, never read
    Var& v = it->second;
    for (int64_t m : active) {
      if (push) pushRow(v, m, where);
      std::memcpy(row(v, m), rows + m * v.rowBytes, static_cast<size_t>(v.rowBytes));
    }
  }

  // A host value converted to the variable's dtype, one row per member.
  std::vector<std::byte> rowsOf(const Var& v, const HostTensor& value) {
    HostTensor t = value;
    if (t.dtype() != v.type.dtype) {
      HostTensor cast(v.type.dtype, t.shape());
      for (int64_t i = 0; i < t.numel(); ++i) {
        if (v.type.dtype.isFloat()) cast.setDouble(i, t.getDouble(i));
        else cast.setInt(i, t.getInt(i));
      }
      t = cast;
    }
    std::span<const std::byte> bytes = t.bytes();
    if (static_cast<int64_t>(bytes.size()) != v.rowBytes * batch)
      throw AutobatchError(fmt::format("a value of {} elements for variable {} ({} per member, {} members)",
                                       t.numel(), v.name, rowElements(v.type), batch));
    return {bytes.begin(), bytes.end()};
  }

  HostTensor constantRows(const Var& v, const Value& c) {
    Shape shape{batch};
    shape.insert(shape.end(), v.type.shape.begin(), v.type.shape.end());
    HostTensor t(v.type.dtype, shape);
    for (int64_t i = 0; i < t.numel(); ++i) {
      if (c.isFloat()) t.setDouble(i, *c.get<double>());
      else if (c.isBool()) t.setBool(i, *c.get<bool>());
      else t.setInt(i, *c.get<int64_t>());
    }
    return t;
  }

  // A variable's rows as an input: members not at the block read an active member's row.
  HostTensor inputRows(Var& v) {
    Shape shape{batch};
    shape.insert(shape.end(), v.type.shape.begin(), v.type.shape.end());
    HostTensor t(v.type.dtype, shape);
    std::span<std::byte> out = t.mutableBytes();
    if (static_cast<int64_t>(active.size()) == batch) {
      std::memcpy(out.data(), v.top.data(), v.top.size());
      return t;
    }
    const std::byte* fill = row(v, active.front());
    for (int64_t m = 0; m < batch; ++m) std::memcpy(out.data() + m * v.rowBytes, fill, static_cast<size_t>(v.rowBytes));
    for (int64_t m : active) std::memcpy(out.data() + m * v.rowBytes, row(v, m), static_cast<size_t>(v.rowBytes));
    return t;
  }

  // ---- compiling a block ----

  void build(size_t k) {
    Plan& plan = plans[k];
    if (plan.built) return;
    const Block& b = blocks[k];
    plan.groupAt.assign(b.instructions.size(), -1);
    for (size_t i = 0; i < b.instructions.size();) {
      const PrimOp* op = std::get_if<PrimOp>(&b.instructions[i]);
      if (!op || !op->fn->computes()) {
        ++i;
        continue;
      }
      Group g;
      while (i < b.instructions.size()) {
        const PrimOp* p = std::get_if<PrimOp>(&b.instructions[i]);
        if (!p || !p->fn->computes()) break;
        g.prims.push_back(i);
        plan.groupAt[i] = g.prims.size() == 1 ? static_cast<int>(plan.groups.size()) : -2;
        ++i;
      }
      compileGroup(b, g);
      plan.groups.push_back(std::move(g));
    }
    plan.built = true;
  }

  void compileGroup(const Block& b, Group& g) {
    auto t0 = Clock::now();
    std::map<std::string, Value> env;
    std::vector<UOpPtr> placeholders;
    for (size_t i : g.prims) {
      const PrimOp& op = std::get<PrimOp>(b.instructions[i]);
      std::vector<Value> inputs;
      for (const std::string& name : op.in) {
        auto it = env.find(name);
        if (it == env.end()) {
          Var& v = var(name);
          Shape shape{batch};
          shape.insert(shape.end(), v.type.shape.begin(), v.type.shape.end());
          Tensor ph = Tensor::empty(shape, v.type.dtype);
          UOpPtr buf = ph.uop();
          while (buf->op() != Op::Buffer) buf = buf->src(0);
          g.inputs.push_back(name);
          g.bufferIds.push_back(buf->argAs<BufferArg>().id);
          it = env.emplace(name, program::wrap(ph)).first;
        }
        inputs.push_back(it->second);
      }
      Value result;
      try {
        result = applyPrim(*op.fn, inputs);
      } catch (const AutobatchError&) {
        throw;
      } catch (const std::exception& e) {
        throw AutobatchError(e.what(), op.loc);
      }
      const std::string& out = op.out.at(0);
      auto def = program.varDefs.find(out);
      if (def == program.varDefs.end()) throw AutobatchError(fmt::format("variable {} has no type", out), op.loc);
      Shape shape{batch};
      shape.insert(shape.end(), def->second.shape.begin(), def->second.shape.end());
      Tensor t = result.isNumber() ? Tensor::full(shape, scalarOf(result), def->second.dtype)
                                   : *program::asTensorPtr(result);
      if (t.dtype() != def->second.dtype) t = t.cast(def->second.dtype);
      if (t.shape() != shape) t = t.expand(shape);
      env[out] = program::wrap(t);
      g.roots.push_back(t.uop());
    }
    if (!device.runsKernels()) {
      g.reference = std::make_unique<ReferenceEvaluator>();
    } else {
      std::optional<CodegenTarget> target;
      if (device.target()) target = runTarget(device, true);
      PipelineRun lowered = runPipeline(g.roots, {.trace = false, .target = target});
      g.prepared = std::make_unique<PreparedSchedule>(device, lowered);
      stats.kernels += static_cast<int64_t>(g.prepared->kernels().size());
    }
    stats.compileMs += msSince(t0);
  }

  static Scalar scalarOf(const Value& v) {
    if (v.isFloat()) return Scalar(*v.get<double>());
    if (v.isBool()) return Scalar(*v.get<bool>());
    return Scalar(*v.get<int64_t>());
  }

  std::vector<HostTensor> runGroup(Group& g) {
    ++stats.launches;
    if (g.reference) {
      for (size_t i = 0; i < g.inputs.size(); ++i) g.reference->setBuffer(g.bufferIds[i], inputRows(var(g.inputs[i])));
      return g.reference->evaluate(g.roots);
    }
    BufferValues inputs;
    for (size_t i = 0; i < g.inputs.size(); ++i) inputs.emplace(g.bufferIds[i], inputRows(var(g.inputs[i])));
    return g.prepared->run(inputs);
  }

  // ---- running ----

  void execute(int k) {
    const Block& b = blocks[static_cast<size_t>(k)];
    build(static_cast<size_t>(k));
    Plan& plan = plans[static_cast<size_t>(k)];
    ++stats.executions[static_cast<size_t>(k)];
    stats.activeMembers[static_cast<size_t>(k)] += static_cast<int64_t>(active.size());
    for (size_t i = 0; i < b.instructions.size(); ++i) {
      const Instruction& ins = b.instructions[i];
      if (plan.groupAt[i] >= 0) {
        Group& g = plan.groups[static_cast<size_t>(plan.groupAt[i])];
        std::vector<HostTensor> results = runGroup(g);
        for (size_t j = 0; j < g.prims.size(); ++j) {
          const PrimOp& op = std::get<PrimOp>(b.instructions[g.prims[j]]);
          const std::string& out = op.out.at(0);
          auto it = vars.find(out);
          if (it == vars.end()) continue;
          std::vector<std::byte> rows = rowsOf(it->second, results[j]);
          write(out, rows.data(), !op.skipPush.contains(out), b);
        }
        continue;
      }
      if (plan.groupAt[i] == -2) continue;
      if (const PopOp* pop = std::get_if<PopOp>(&ins)) {
        for (const std::string& name : pop->vars) {
          auto it = vars.find(name);
          if (it == vars.end()) continue;
          for (int64_t m : active) popRow(it->second, m, b);
        }
        continue;
      }
      const PrimOp& op = std::get<PrimOp>(ins);
      if (op.fn->kind == PrimFn::Kind::Copy) {
        std::vector<std::vector<std::byte>> values; // all reads before any write
        for (const std::string& name : op.in) values.push_back(var(name).top);
        for (size_t j = 0; j < op.out.size(); ++j) {
          auto it = vars.find(op.out[j]);
          if (it == vars.end()) continue;
          Var& src = var(op.in[j]);
          std::vector<std::byte> rows = src.type == it->second.type ? values[j] : rowsOf(it->second, hostOf(src, values[j]));
          write(op.out[j], rows.data(), !op.skipPush.contains(op.out[j]), b);
        }
      } else {
        auto it = vars.find(op.out.at(0));
        if (it == vars.end()) continue;
        HostTensor rows = op.fn->kind == PrimFn::Kind::Constant ? constantRows(it->second, op.fn->args.at(0).constant)
                                                                : constantRows(it->second, Value(int64_t{0}));
        write(op.out[0], reinterpret_cast<const std::byte*>(rows.bytes().data()), !op.skipPush.contains(op.out[0]), b);
      }
    }
    terminate(b);
  }

  HostTensor hostOf(const Var& v, const std::vector<std::byte>& rows) const {
    Shape shape{batch};
    shape.insert(shape.end(), v.type.shape.begin(), v.type.shape.end());
    return HostTensor::fromBytes(v.type.dtype, shape, rows);
  }

  void setPc(int64_t m, int32_t value) { std::memcpy(row(var(kProgramCounter), m), &value, sizeof value); }

  void terminate(const Block& b) {
    Var& pc = var(kProgramCounter);
    if (const BranchOp* br = std::get_if<BranchOp>(&b.terminator)) {
      Var& cond = var(br->cond);
      HostTensor values = hostOf(cond, cond.top);
      for (int64_t m : active) setPc(m, values.getBool(m * rowElements(cond.type)) ? br->ifTrue : br->ifFalse);
    } else if (const GotoOp* g = std::get_if<GotoOp>(&b.terminator)) {
      for (int64_t m : active) setPc(m, g->target);
    } else if (const PushGotoOp* pg = std::get_if<PushGotoOp>(&b.terminator)) {
      for (int64_t m : active) {
        setPc(m, pg->push);
        pushRow(pc, m, b);
        setPc(m, pg->target);
      }
    } else {
      for (int64_t m : active) popRow(pc, m, b);
    }
  }

  int32_t pcOf(int64_t m) {
    int32_t v;
    std::memcpy(&v, row(var(kProgramCounter), m), sizeof v);
    return v;
  }

  void start(const std::vector<HostTensor>& inputs) {
    if (inputs.size() != program.varsIn.size())
      throw AutobatchError(fmt::format("{} inputs for {} input variables", inputs.size(), program.varsIn.size()));
    for (auto& [name, v] : vars) {
      std::fill(v.top.begin(), v.top.end(), std::byte{0});
      std::fill(v.sp.begin(), v.sp.end(), 0);
    }
    active.resize(static_cast<size_t>(batch));
    for (int64_t m = 0; m < batch; ++m) active[static_cast<size_t>(m)] = m;
    const Block& entry = blocks.front();
    for (size_t i = 0; i < inputs.size(); ++i) {
      auto it = vars.find(program.varsIn[i]);
      if (it == vars.end()) continue;
      std::vector<std::byte> rows = rowsOf(it->second, inputs[i]);
      write(program.varsIn[i], rows.data(), true, entry);
    }
    // the pc's stack holds the halt index under the entry: main's final return halts
    Var& pc = var(kProgramCounter);
    for (int64_t m = 0; m < batch; ++m) {
      setPc(m, halt());
      pushRow(pc, m, entry);
      setPc(m, 0);
    }
    stats.steps = 0;
    std::fill(stats.executions.begin(), stats.executions.end(), 0);
    std::fill(stats.activeMembers.begin(), stats.activeMembers.end(), 0);
    stats.stackHighWater = 0;
    stats.runMs = 0;
    started = Clock::now();
    running = true;
  }

  bool step() {
    if (!running) return false;
    int next = halt();
    for (int64_t m = 0; m < batch; ++m) next = std::min(next, pcOf(m));
    if (next == halt()) {
      running = false;
      stats.runMs = msSince(started);
      return false;
    }
    if (stats.steps >= options.maxSteps)
      throw VmError(fmt::format("the program ran {} block executions without halting (an endless loop for some member?)",
                                stats.steps));
    if (options.cancel && options.cancel->load()) throw VmError("cancelled");
    active.clear();
    for (int64_t m = 0; m < batch; ++m)
      if (pcOf(m) == next) active.push_back(m);
    execute(next);
    ++stats.steps;
    return true;
  }
};

VirtualMachine::VirtualMachine(Program program, Device& device, int64_t batch, VmOptions options)
    : m(std::make_unique<Impl>(std::move(program), device, batch, options)) {}

VirtualMachine::~VirtualMachine() = default;

void VirtualMachine::compile() {
  for (size_t k = 0; k < m->blocks.size(); ++k) m->build(k);
}

void VirtualMachine::start(const std::vector<HostTensor>& inputs) {
  m->start(inputs);
}

bool VirtualMachine::step() {
  return m->step();
}

std::vector<HostTensor> VirtualMachine::run(const std::vector<HostTensor>& inputs) {
  compile();
  start(inputs);
  while (step()) {
  }
  return outputs();
}

std::vector<HostTensor> VirtualMachine::outputs() const {
  std::vector<HostTensor> out;
  for (const std::string& name : m->program.varsOut) out.push_back(value(name));
  return out;
}

const std::vector<Block>& VirtualMachine::blocks() const {
  return m->blocks;
}

std::vector<int32_t> VirtualMachine::programCounters() const {
  std::vector<int32_t> out;
  for (int64_t i = 0; i < m->batch; ++i) out.push_back(m->pcOf(i));
  return out;
}

HostTensor VirtualMachine::value(const std::string& name) const {
  const Var& v = m->var(name);
  return m->hostOf(v, v.top);
}

std::vector<int64_t> VirtualMachine::stackDepths(const std::string& name) const {
  const Var& v = m->var(name);
  if (v.alloc != Allocation::Full) return std::vector<int64_t>(static_cast<size_t>(m->batch), 0);
  return v.sp;
}

const Program& VirtualMachine::program() const {
  return m->program;
}

const VmStats& VirtualMachine::stats() const {
  return m->stats;
}

} // namespace uops::autobatch
