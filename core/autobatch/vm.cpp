#include "core/autobatch/vm.h"

#include "core/autobatch/group_roots.h"
#include "core/autobatch/host_values.h"
#include "core/autobatch/member_kernel.h"
#include "core/autobatch/member_set.h"
#include "core/autobatch/prim.h"
#include "core/engine/bound_schedule.h"
#include "core/engine/program_run.h"
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

// A variable's storage: the top row per member in a host buffer (kernels on
// host-memory devices read it where it is), and for FULL a stack of
// `depth` rows per member with per-member stack pointers.
struct Var {
  std::string name;
  Allocation alloc = Allocation::Null;
  TensorType type;
  int64_t rowBytes = 0;
  std::unique_ptr<HostBuffer> topBuffer; // [batch][row]
  std::byte* top = nullptr;              // its bytes (never shared, so never moved)
  // [depth][batch][row] (FULL), left uninitialized: the pages of depths no
  // member reaches are never touched (256 frames of 100,000 members is 100 MB
  // per variable; a run of depth 20 touches 8 MB of it)
  std::unique_ptr<std::byte[]> stack;
  std::vector<int64_t> sp;               // per member (FULL)
};

int64_t rowElements(const TensorType& t) {
  int64_t n = 1;
  for (int64_t d : t.shape) n *= d;
  return n;
}

// Calls f with the row size as a compile-time constant for the common sizes
// (the per-member copies in f's loops become single moves), else as is.
template <class F> void forRowSize(int64_t n, F&& f) {
  switch (n) {
  case 1: f(std::integral_constant<size_t, 1>{}); return;
  case 2: f(std::integral_constant<size_t, 2>{}); return;
  case 4: f(std::integral_constant<size_t, 4>{}); return;
  case 8: f(std::integral_constant<size_t, 8>{}); return;
  default: f(static_cast<size_t>(n));
  }
}

// Whether `u` is a constant, broadcast or reshaped.
bool isConstant(const UOp* u) {
  while (u->op() == Op::Expand || u->op() == Op::Reshape) u = u->src(0).get();
  return u->op() == Op::Const;
}

// Whether a kernel computing `roots` may trap on junk rows: integer division
// or remainder by a computed divisor (it may be zero), data-dependent
// indexing (out of range).
bool mayTrap(const std::vector<UOpPtr>& roots) {
  for (const UOp* u : toposort(std::span<const UOpPtr>(roots))) {
    if ((u->op() == Op::Idiv || u->op() == Op::Mod) && !u->dtype().isFloat() && !isConstant(u->src(1).get()))
      return true;
    if (u->op() == Op::Index) return true;
  }
  return false;
}

} // namespace

VmError stackOverflow(const std::string& var, const Block& where, int64_t depth, int64_t member) {
  return VmError(fmt::format("stack overflow: variable {} in function {} needs more than {} frames (member {}); "
                             "ask for a deeper stack: @autobatch(max_stack_depth={})",
                             var, where.function, depth, member, depth * 4),
                 where.loc);
}

VmError stackUnderflow(const std::string& var, const Block& where, int64_t member) {
  return VmError(fmt::format("stack underflow: popping variable {} in function {} with nothing pushed (member {})",
                             var, where.function, member),
                 where.loc);
}

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

// An input of a compiled group: the variable and, where the kernels cannot
// read its storage as it is, the buffer it is copied into (a device's own
// memory, or junk rows replaced where a kernel may trap).
struct GroupInput {
  Var* var = nullptr;
  int64_t bufferId = 0;
  std::unique_ptr<DeviceBuffer> buffer; // null: the kernels read var->topBuffer
  HostTensor staging;                   // for a device without host memory
};

// A run of computing prims of one block, compiled once.
struct Group {
  std::vector<size_t> prims;     // instruction indices
  std::vector<GroupInput> in;
  std::vector<UOpPtr> roots;     // one per prim, its output as the variable's type
  std::vector<Var*> out;         // per prim (null: a NULL variable)
  std::vector<char> push;        // per prim: push before writing (else update the top)
  bool traps = false;
  std::unique_ptr<BoundSchedule> bound;
  std::unique_ptr<ReferenceEvaluator> reference;
};

// A block's work in order: a group of kernels, or host work.
struct Action {
  enum class Kind { Group, Pop, Copy, Constant } kind;
  int group = -1;
  std::vector<Var*> in, out; // Pop: out; Copy: in -> out (null: NULL)
  std::vector<char> push;
  std::vector<std::byte> row; // Constant: one member's row
};

struct Plan {
  bool built = false;
  std::vector<Action> actions;
  std::vector<Group> groups;
};

struct VirtualMachine::Impl {
  Program program;
  Device& device;
  HostMemoryDevice* hostDevice; // null for a device with memory of its own
  int64_t batch;
  VmOptions options;
  std::vector<int> order;        // pool index per VM block
  std::vector<Block> blocks;     // in VM order, terminators as VM indices
  std::map<std::string, Var> vars;
  Var* pc = nullptr;
  std::vector<Plan> plans;
  VmStats stats;
  std::vector<int64_t> active;            // members at the running block
  std::vector<MemberSet> at;              // per block (and halt): the members there
  Clock::time_point started;
  bool running = false;
  std::unique_ptr<MemberKernel> member; // options.memberKernel, where possible
  bool memberTried = false;

  Impl(Program p, Device& d, int64_t b, VmOptions o)
      : program(std::move(p)), device(d), hostDevice(dynamic_cast<HostMemoryDevice*>(&d)), batch(b), options(o) {
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
    at.assign(blocks.size() + 1, MemberSet(batch));
    stats.executions.assign(blocks.size(), 0);
    stats.activeMembers.assign(blocks.size(), 0);
    for (const auto& [name, alloc] : program.varAlloc) {
      if (alloc == Allocation::Null) continue;
      auto def = program.varDefs.find(name);
      if (def == program.varDefs.end()) throw AutobatchError(fmt::format("variable {} has no type", name));
      Var v{name, alloc, def->second, rowElements(def->second) * def->second.dtype.itemSize(), {}, nullptr, {}, {}};
      v.topBuffer = std::make_unique<HostBuffer>(v.type.dtype, rowElements(v.type) * batch);
      v.top = v.topBuffer->value.mutableBytes().data();
      if (alloc == Allocation::Full) {
        v.stack.reset(new std::byte[static_cast<size_t>(v.rowBytes * batch * options.stackDepth)]);
        v.sp.assign(static_cast<size_t>(batch), 0);
      }
      vars.emplace(name, std::move(v));
    }
    pc = &var(kProgramCounter);
  }

  int halt() const { return static_cast<int>(blocks.size()); }

  Var& var(const std::string& name) {
    auto it = vars.find(name);
    if (it == vars.end()) throw AutobatchError(fmt::format("variable {} is never read: it has no storage", name));
    return it->second;
  }
  // The variable's storage, or null for a NULL one (written, never read).
  Var* stored(const std::string& name) {
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : &it->second;
  }

  std::byte* row(Var& v, int64_t m) { return v.top + m * v.rowBytes; }

  Shape batchShape(const TensorType& t) const { return autobatch::batchShape(t, batch); }

  // ---- stack discipline ----

  [[noreturn]] void overflow(const Var& v, int64_t m, const Block& where) {
    throw stackOverflow(v.name, where, options.stackDepth, m);
  }

  [[noreturn]] void underflow(const Var& v, int64_t m, const Block& where) { throw stackUnderflow(v.name, where, m); }

  // Pushes the active members' rows of a FULL variable (others have no stack).
  void push(Var& v, const Block& where) {
    if (v.alloc != Allocation::Full) return;
    const int64_t depth = options.stackDepth, b = batch;
    int64_t high = stats.stackHighWater;
    int64_t* sps = v.sp.data();
    std::byte* stack = v.stack.get();
    const std::byte* top = v.top;
    forRowSize(v.rowBytes, [&](auto n) {
      for (int64_t m : active) {
        int64_t sp = sps[m];
        if (sp >= depth) overflow(v, m, where);
        std::memcpy(stack + (sp * b + m) * static_cast<int64_t>(n), top + m * static_cast<int64_t>(n), n);
        sps[m] = ++sp;
        high = std::max(high, sp);
      }
    });
    stats.stackHighWater = high;
  }

  void pop(Var& v, const Block& where) {
    if (v.alloc != Allocation::Full) return;
    const int64_t b = batch;
    int64_t* sps = v.sp.data();
    const std::byte* stack = v.stack.get();
    std::byte* top = v.top;
    forRowSize(v.rowBytes, [&](auto n) {
      for (int64_t m : active) {
        int64_t sp = sps[m] - 1;
        if (sp < 0) underflow(v, m, where);
        std::memcpy(top + m * static_cast<int64_t>(n), stack + (sp * b + m) * static_cast<int64_t>(n), n);
        sps[m] = sp;
      }
    });
  }

  // Writes `rows` ([batch][row] of the variable's type) for the active members.
  void write(Var& v, const std::byte* rows, bool pushFirst, const Block& where) {
    if (pushFirst && v.alloc == Allocation::Full && rows != v.top) {
      pushAndWrite(v, rows, where);
      return;
    }
    if (pushFirst) push(v, where);
    if (rows == v.top) return; // already there (x = x)
    // every row at once where that is cheaper: for all members, or for a
    // TEMPORARY (read only in this block, where other members' rows are junk)
    // when the members are more than a few
    bool whole = static_cast<int64_t>(active.size()) == batch ||
                 (v.alloc == Allocation::Temporary && static_cast<int64_t>(active.size()) * 8 >= batch);
    if (whole) {
      std::memcpy(v.top, rows, static_cast<size_t>(v.rowBytes * batch));
      return;
    }
    std::byte* top = v.top;
    forRowSize(v.rowBytes, [&](auto n) {
      for (int64_t m : active)
        std::memcpy(top + m * static_cast<int64_t>(n), rows + m * static_cast<int64_t>(n), n);
    });
  }

  // push then write in one pass over the members
  void pushAndWrite(Var& v, const std::byte* rows, const Block& where) {
    const int64_t depth = options.stackDepth, b = batch;
    int64_t high = stats.stackHighWater;
    int64_t* sps = v.sp.data();
    std::byte* stack = v.stack.get();
    std::byte* top = v.top;
    forRowSize(v.rowBytes, [&](auto n) {
      const int64_t size = static_cast<int64_t>(n);
      for (int64_t m : active) {
        int64_t sp = sps[m];
        if (sp >= depth) overflow(v, m, where);
        std::memcpy(stack + (sp * b + m) * size, top + m * size, n);
        std::memcpy(top + m * size, rows + m * size, n);
        sps[m] = ++sp;
        high = std::max(high, sp);
      }
    });
    stats.stackHighWater = high;
  }

  // One row for every active member.
  void writeRow(Var& v, const std::byte* one, bool pushFirst, const Block& where) {
    if (pushFirst) push(v, where);
    std::byte* top = v.top;
    forRowSize(v.rowBytes, [&](auto n) {
      for (int64_t m : active) std::memcpy(top + m * static_cast<int64_t>(n), one, n);
    });
  }

  // A host value converted to the variable's dtype, one row per member.
  std::vector<std::byte> rowsOf(const Var& v, const HostTensor& value) {
    HostTensor t = convertTo(value, v.type.dtype, value.shape());
    std::span<const std::byte> bytes = t.bytes();
    if (static_cast<int64_t>(bytes.size()) != v.rowBytes * batch)
      throw AutobatchError(fmt::format("a value of {} elements for variable {} ({} per member, {} members)",
                                       t.numel(), v.name, rowElements(v.type), batch));
    return {bytes.begin(), bytes.end()};
  }

  // The variable's rows with members not at the block reading an active member's row.
  void fillRows(std::byte* out, Var& v) {
    std::memcpy(out, v.top, static_cast<size_t>(v.rowBytes * batch));
    if (static_cast<int64_t>(active.size()) == batch) return;
    std::vector<char> isActive(static_cast<size_t>(batch), 0);
    for (int64_t m : active) isActive[static_cast<size_t>(m)] = 1;
    const std::byte* fill = row(v, active.front());
    for (int64_t m = 0; m < batch; ++m)
      if (!isActive[static_cast<size_t>(m)]) std::memcpy(out + m * v.rowBytes, fill, static_cast<size_t>(v.rowBytes));
  }

  HostTensor hostOf(const Var& v) const {
    return HostTensor::fromBytes(v.type.dtype, batchShape(v.type),
                                 std::span<const std::byte>(v.top, static_cast<size_t>(v.rowBytes * batch)));
  }

  // ---- compiling a block ----

  void build(size_t k) {
    Plan& plan = plans[k];
    if (plan.built) return;
    const Block& b = blocks[k];
    for (size_t i = 0; i < b.instructions.size();) {
      const Instruction& ins = b.instructions[i];
      if (const PopOp* pop = std::get_if<PopOp>(&ins)) {
        Action a{Action::Kind::Pop, -1, {}, {}, {}, {}};
        for (const std::string& name : pop->vars)
          if (Var* v = stored(name); v && v->alloc == Allocation::Full) a.out.push_back(v);
        plan.actions.push_back(std::move(a));
        ++i;
        continue;
      }
      const PrimOp& op = std::get<PrimOp>(ins);
      if (op.fn->computes()) {
        Group g;
        g.prims = computingRun(b, i);
        i += g.prims.size();
        compileGroup(b, g);
        plan.actions.push_back({Action::Kind::Group, static_cast<int>(plan.groups.size()), {}, {}, {}, {}});
        plan.groups.push_back(std::move(g));
        continue;
      }
      Action a{op.fn->kind == PrimFn::Kind::Copy ? Action::Kind::Copy : Action::Kind::Constant, -1, {}, {}, {}, {}};
      for (const std::string& name : op.out) {
        a.out.push_back(stored(name));
        a.push.push_back(!op.skipPush.contains(name));
      }
      if (a.kind == Action::Kind::Copy) {
        for (const std::string& name : op.in) a.in.push_back(&var(name));
      } else if (a.out[0]) {
        const HostTensor row = constantRow(*op.fn, a.out[0]->type);
        a.row.assign(row.bytes().begin(), row.bytes().end());
      }
      plan.actions.push_back(std::move(a));
      ++i;
    }
    plan.built = true;
  }

  void compileGroup(const Block& b, Group& g) {
    auto t0 = Clock::now();
    GroupRoots built = groupRoots(program, b, g.prims, batch);
    for (const GroupRoots::Input& in : built.inputs) g.in.push_back({&var(in.var), in.bufferId, nullptr, {}});
    g.roots = std::move(built.roots);
    for (const std::string& out : built.outputs) g.out.push_back(stored(out));
    g.push = std::move(built.push);
    g.traps = mayTrap(g.roots);
    if (!device.runsKernels()) {
      g.reference = std::make_unique<ReferenceEvaluator>();
    } else {
      std::optional<CodegenTarget> target;
      if (device.target()) target = runTarget(device, true);
      PipelineRun lowered = runPipeline(g.roots, {.trace = false, .target = target});
      g.bound = std::make_unique<BoundSchedule>(device, lowered);
      for (GroupInput& in : g.in) {
        // host memory: kernels read the variable's storage, or a copy with junk rows replaced
        if (!hostDevice || g.traps) in.buffer = device.allocate(in.var->type.dtype, rowElements(in.var->type) * batch);
        if (!hostDevice) in.staging = HostTensor(in.var->type.dtype, Shape{rowElements(in.var->type) * batch});
        g.bound->bind(in.bufferId, in.buffer ? *in.buffer : *in.var->topBuffer);
      }
      stats.kernels += static_cast<int64_t>(g.bound->kernels().size());
    }
    stats.compileMs += msSince(t0);
  }

  // Runs the group's kernels and writes their results.
  void runGroup(Group& g, const Block& b) {
    ++stats.launches;
    if (g.reference) {
      for (GroupInput& in : g.in) {
        HostTensor rows(in.var->type.dtype, batchShape(in.var->type));
        fillRows(rows.mutableBytes().data(), *in.var);
        g.reference->setBuffer(in.bufferId, rows);
      }
      std::vector<HostTensor> results = g.reference->evaluate(g.roots);
      for (size_t j = 0; j < results.size(); ++j)
        if (g.out[j]) {
          std::vector<std::byte> rows = rowsOf(*g.out[j], results[j]);
          write(*g.out[j], rows.data(), g.push[j], b);
        }
      return;
    }
    for (GroupInput& in : g.in) {
      if (!in.buffer) continue;
      if (hostDevice) {
        fillRows(HostMemoryDevice::host(*in.buffer).value.mutableBytes().data(), *in.var);
      } else {
        fillRows(in.staging.mutableBytes().data(), *in.var);
        device.copyIn(*in.buffer, in.staging);
      }
    }
    const std::vector<DeviceBuffer*>& outs = g.bound->run();
    // every result read before any is written: one may be a variable's own storage
    std::vector<HostTensor> results;
    results.reserve(outs.size());
    for (size_t j = 0; j < outs.size(); ++j) {
      if (!g.out[j]) {
        results.emplace_back();
        continue;
      }
      HostTensor value = hostDevice ? HostMemoryDevice::host(*outs[j]).value : device.copyOut(*outs[j]);
      bool aliased = false;
      for (const GroupInput& in : g.in) aliased = aliased || (!in.buffer && outs[j] == in.var->topBuffer.get());
      if (aliased) value = HostTensor::fromBytes(value.dtype(), value.shape(), value.bytes());
      results.push_back(std::move(value));
    }
    for (size_t j = 0; j < outs.size(); ++j) {
      Var* v = g.out[j];
      if (!v) continue;
      const HostTensor& value = results[j];
      if (value.dtype() == v->type.dtype && value.numel() * value.dtype().itemSize() == v->rowBytes * batch) {
        write(*v, value.bytes().data(), g.push[j], b);
      } else {
        std::vector<std::byte> rows = rowsOf(*v, value);
        write(*v, rows.data(), g.push[j], b);
      }
    }
  }

  // ---- running ----

  void execute(int k) {
    const Block& b = blocks[static_cast<size_t>(k)];
    build(static_cast<size_t>(k));
    Plan& plan = plans[static_cast<size_t>(k)];
    ++stats.executions[static_cast<size_t>(k)];
    stats.activeMembers[static_cast<size_t>(k)] += static_cast<int64_t>(active.size());
    for (Action& a : plan.actions) {
      switch (a.kind) {
      case Action::Kind::Group: runGroup(plan.groups[static_cast<size_t>(a.group)], b); break;
      case Action::Kind::Pop:
        for (Var* v : a.out) pop(*v, b);
        break;
      case Action::Kind::Constant:
        if (a.out[0]) writeRow(*a.out[0], a.row.data(), a.push[0], b);
        break;
      case Action::Kind::Copy: copy(a, b); break;
      }
    }
    terminate(b);
  }

  // out_k = in_k for the active members, every read before any write
  // (`a, b = b, a` reads a variable a later copy writes).
  void copy(const Action& a, const Block& b) {
    bool overlaps = false;
    for (size_t j = 0; j < a.out.size(); ++j)
      for (size_t k = 0; k < a.in.size(); ++k) overlaps = overlaps || (j != k && a.out[j] == a.in[k]);
    std::vector<std::vector<std::byte>> values;
    if (overlaps)
      for (Var* in : a.in) values.emplace_back(in->top, in->top + in->rowBytes * batch);
    for (size_t j = 0; j < a.out.size(); ++j) {
      Var* out = a.out[j];
      if (!out) continue;
      Var& src = *a.in[j];
      const std::byte* rows = overlaps ? values[j].data() : src.top;
      if (src.type == out->type) {
        write(*out, rows, a.push[j], b);
      } else {
        HostTensor value = HostTensor::fromBytes(src.type.dtype, batchShape(src.type),
                                                 std::span<const std::byte>(rows, static_cast<size_t>(src.rowBytes * batch)));
        std::vector<std::byte> converted = rowsOf(*out, value);
        write(*out, converted.data(), a.push[j], b);
      }
    }
  }

  int32_t pcOf(int64_t m) const {
    int32_t v;
    std::memcpy(&v, pc->top + m * sizeof v, sizeof v);
    return v;
  }
  void setPc(int64_t m, int32_t value) { std::memcpy(pc->top + m * sizeof value, &value, sizeof value); }
  // Member m goes to block `target`.
  void jump(int64_t m, int32_t target) {
    setPc(m, target);
    at[static_cast<size_t>(target)].add(m);
  }

  void terminate(const Block& b) {
    if (const BranchOp* br = std::get_if<BranchOp>(&b.terminator)) {
      Var& cond = var(br->cond);
      if (cond.type.dtype.isBool() && cond.rowBytes == 1) {
        for (int64_t m : active) jump(m, cond.top[m] != std::byte{0} ? br->ifTrue : br->ifFalse);
      } else {
        int64_t stride = rowElements(cond.type);
        HostTensor values = hostOf(cond);
        for (int64_t m : active) jump(m, values.getBool(m * stride) ? br->ifTrue : br->ifFalse);
      }
    } else if (const GotoOp* g = std::get_if<GotoOp>(&b.terminator)) {
      for (int64_t m : active) jump(m, g->target);
    } else if (const PushGotoOp* pg = std::get_if<PushGotoOp>(&b.terminator)) {
      // one pass: the return block onto the pc's stack, the pc to the callee
      if (pc->alloc != Allocation::Full) throw VmError("a call without a program counter stack", b.loc);
      const int32_t back = pg->push;
      int64_t high = stats.stackHighWater;
      int64_t* sps = pc->sp.data();
      std::byte* stack = pc->stack.get();
      for (int64_t m : active) {
        int64_t sp = sps[m];
        if (sp >= options.stackDepth) overflow(*pc, m, b);
        std::memcpy(stack + (sp * batch + m) * 4, &back, 4);
        sps[m] = ++sp;
        high = std::max(high, sp);
        jump(m, pg->target);
      }
      stats.stackHighWater = high;
    } else {
      // one pass: pop the return block into the pc and go there
      if (pc->alloc != Allocation::Full) throw VmError("a return without a program counter stack", b.loc);
      int64_t* sps = pc->sp.data();
      const std::byte* stack = pc->stack.get();
      for (int64_t m : active) {
        int64_t sp = sps[m] - 1;
        if (sp < 0) underflow(*pc, m, b);
        int32_t back;
        std::memcpy(&back, stack + (sp * batch + m) * 4, 4);
        sps[m] = sp;
        jump(m, back);
      }
    }
  }

  void start(const std::vector<HostTensor>& inputs) {
    if (inputs.size() != program.varsIn.size())
      throw AutobatchError(fmt::format("{} inputs for {} input variables", inputs.size(), program.varsIn.size()));
    for (auto& [name, v] : vars) {
      std::memset(v.top, 0, static_cast<size_t>(v.rowBytes * batch));
      std::fill(v.sp.begin(), v.sp.end(), 0);
    }
    active.resize(static_cast<size_t>(batch));
    for (int64_t m = 0; m < batch; ++m) active[static_cast<size_t>(m)] = m;
    const Block& entry = blocks.front();
    for (size_t i = 0; i < inputs.size(); ++i) {
      Var* v = stored(program.varsIn[i]);
      if (!v) continue;
      std::vector<std::byte> rows = rowsOf(*v, inputs[i]);
      write(*v, rows.data(), true, entry);
    }
    // the pc's stack holds the halt index under the entry: main's final return halts
    for (MemberSet& members : at) members.clear();
    for (int64_t m = 0; m < batch; ++m) setPc(m, halt());
    push(*pc, entry);
    for (int64_t m = 0; m < batch; ++m) jump(m, 0);
    stats.steps = 0;
    std::fill(stats.executions.begin(), stats.executions.end(), 0);
    std::fill(stats.activeMembers.begin(), stats.activeMembers.end(), 0);
    stats.stackHighWater = 0;
    stats.runMs = 0;
    started = Clock::now();
    running = true;
  }

  // Every member through the member kernel; the variables the outputs come
  // from hold their values after it, every member at halt.
  std::vector<HostTensor> runMemberKernel(const std::vector<HostTensor>& inputs) {
    stats.steps = 0;
    std::fill(stats.executions.begin(), stats.executions.end(), 0);
    std::vector<HostTensor> out = member->run(inputs, stats);
    stats.memberKernel = true;
    for (size_t j = 0; j < out.size(); ++j) {
      Var& v = var(program.varsOut[j]);
      std::span<const std::byte> bytes = out[j].bytes();
      std::copy(bytes.begin(), bytes.end(), v.top);
    }
    for (MemberSet& members : at) members.clear();
    for (int64_t i = 0; i < batch; ++i) setPc(i, halt());
    running = false;
    return out;
  }

  // The lowest-numbered block some member is at; halt() when none.
  int nextBlock() const {
    for (size_t k = 0; k + 1 < at.size(); ++k)
      if (!at[k].empty()) return static_cast<int>(k);
    return halt();
  }

  bool step() {
    if (!running) return false;
    int next = nextBlock();
    if (next == halt()) {
      running = false;
      stats.runMs = msSince(started);
      return false;
    }
    if (stats.steps >= options.maxSteps)
      throw VmError(fmt::format("the program ran {} block executions without halting (an endless loop for some member?)",
                                stats.steps));
    if (options.cancel && options.cancel->load()) throw VmError("cancelled");
    at[static_cast<size_t>(next)].takeAll(active);
    execute(next);
    ++stats.steps;
    return true;
  }
};

VirtualMachine::VirtualMachine(Program program, Device& device, int64_t batch, VmOptions options)
    : m(std::make_unique<Impl>(std::move(program), device, batch, options)) {}

VirtualMachine::~VirtualMachine() = default;

void VirtualMachine::compile() {
  if (m->options.memberKernel && !m->memberTried) {
    m->memberTried = true;
    auto t0 = Clock::now();
    m->member = MemberKernel::build(m->program, m->blocks, m->device, m->batch, m->options,
                                    m->stats.memberKernelWhyNot);
    m->stats.compileMs += msSince(t0);
    if (m->member) m->stats.kernels = 1;
  }
  if (m->member) return; // the blocks are compiled when step() needs them
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
  if (m->member) return m->runMemberKernel(inputs);
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

int VirtualMachine::nextBlock() const {
  return m->nextBlock();
}

std::vector<int32_t> VirtualMachine::programCounters() const {
  std::vector<int32_t> out;
  for (int64_t i = 0; i < m->batch; ++i) out.push_back(m->pcOf(i));
  return out;
}

HostTensor VirtualMachine::value(const std::string& name) const {
  return m->hostOf(m->var(name));
}

std::vector<int64_t> VirtualMachine::stackDepths(const std::string& name) const {
  const Var& v = m->var(name);
  if (v.alloc != Allocation::Full) return std::vector<int64_t>(static_cast<size_t>(m->batch), 0);
  return v.sp;
}

HostTensor VirtualMachine::stackValues(const std::string& name, int64_t member) const {
  const Var& v = m->var(name);
  Shape shape{v.alloc == Allocation::Full ? v.sp.at(static_cast<size_t>(member)) : 0};
  shape.insert(shape.end(), v.type.shape.begin(), v.type.shape.end());
  std::vector<std::byte> rows;
  for (int64_t f = 0; f < shape[0]; ++f) {
    const std::byte* frame = v.stack.get() + (f * m->batch + member) * v.rowBytes;
    rows.insert(rows.end(), frame, frame + v.rowBytes);
  }
  return HostTensor::fromBytes(v.type.dtype, shape, rows);
}

const Program& VirtualMachine::program() const {
  return m->program;
}

const VmStats& VirtualMachine::stats() const {
  return m->stats;
}

std::vector<LoweredKernel> VirtualMachine::kernels(int block) const {
  std::vector<LoweredKernel> out;
  const Plan& plan = m->plans.at(static_cast<size_t>(block));
  for (const Group& g : plan.groups)
    if (g.bound) out.insert(out.end(), g.bound->kernels().begin(), g.bound->kernels().end());
  return out;
}

} // namespace uops::autobatch
