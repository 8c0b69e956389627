#include "core/autobatch/member_kernel.h"

#include "core/autobatch/group_roots.h"
#include "core/autobatch/host_values.h"
#include "core/autobatch/prim.h"
#include "core/render/codegen_error.h"
#include "core/render/contractible.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/program_run.h"
#include "core/render/render_llvm_writer.h"
#include "core/render/renderer.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include <fmt/format.h>

namespace uops::autobatch {
namespace {

using llvmir::regType;
using llvmir::Writer;

// The program does not qualify for a member kernel: why.
struct NotPerMember {
  std::string why;
};

// The kernel's first Params; the variables' follow.
enum FixedSlot : int64_t { kControl, kStatus, kCounts, kHigh };
// Per thread in the status Param: what stopped it, and where.
enum StatusField : int64_t { kKind, kVar, kBlock, kMember, kStatusFields };
enum StatusKind : int64_t { kRunning, kOverflow, kUnderflow, kTooLong };

struct MemberVar {
  std::string name;
  DType dtype;
  bool full = false;
  std::string slot;  // the alloca holding its value
  std::string sp;    // FULL: the alloca holding its stack pointer
  std::string stack; // FULL: this thread's frames
  int64_t param = -1; // FULL: its frames' Param
};

bool isStoredType(const TensorType& t) {
  return t.shape.empty() && !t.dtype.isVoid() && t.dtype.count == 1;
}

// Writes the kernel: its Params, then the code (Writer lines), then the module.
class Generator {
public:
  Generator(const Program& program, const std::vector<Block>& blocks, const CodegenTarget& target, int64_t batch,
            const VmOptions& options, int64_t threads)
      : m_program(program), m_blocks(blocks), m_target(target), m_batch(batch), m_options(options),
        m_threads(threads) {}

  std::string generate();
  std::vector<KernelParam> params;
  std::vector<std::string> varNames; // by the index the status reports
  std::vector<int64_t> inputSlots;   // per vars_in: its Param (-1: a NULL variable)
  std::vector<int64_t> outputSlots;  // per vars_out

private:
  int64_t addParam(DType dtype, int64_t size, bool written) {
    int64_t slot = static_cast<int64_t>(params.size());
    params.push_back({slot, dtype, size, written});
    return slot;
  }
  static std::string data(int64_t slot) { return fmt::format("%data{}", slot); }
  std::string label() { return m_w.fresh().substr(1); }
  MemberVar& var(const std::string& name) {
    auto it = m_vars.find(name);
    if (it == m_vars.end()) throw NotPerMember{fmt::format("variable {} has no storage", name)};
    return it->second;
  }
  MemberVar* stored(const std::string& name) {
    auto it = m_vars.find(name);
    return it == m_vars.end() ? nullptr : &it->second;
  }
  int varIndex(const std::string& name) const {
    return static_cast<int>(std::find(varNames.begin(), varNames.end(), name) - varNames.begin());
  }

  void declareVariables();
  void entry();
  void memberStart();
  void block(int k);
  void halt();
  void stopIf(const std::string& cond, StatusKind kind, const std::string& varName, int k);
  void errorExit(StatusKind kind, const std::string& varName, int k);

  std::string load(const MemberVar& v) { return m_w.emit(fmt::format("load {0}, ptr {1}", regType(v.dtype), v.slot)); }
  void store(const MemberVar& v, const std::string& value) {
    m_w.line(fmt::format("store {} {}, ptr {}", regType(v.dtype), value, v.slot));
  }
  void push(const MemberVar& v, const std::string& value, int k);
  std::string pop(const MemberVar& v, int k);
  // A write of `value` to v, pushing its old value first where `pushFirst`.
  void write(const MemberVar& v, const std::string& value, bool pushFirst, int k) {
    if (pushFirst && v.full) push(v, load(v), k);
    store(v, value);
  }
  void group(const Block& b, const std::vector<size_t>& prims, int k);
  std::string constant(const MemberVar& v, const PrimFn& fn);
  void terminator(const Block& b, int k);

  const Program& m_program;
  const std::vector<Block>& m_blocks;
  const CodegenTarget& m_target;
  int64_t m_batch;
  const VmOptions& m_options;
  int64_t m_threads;
  Writer m_w;
  std::map<std::string, MemberVar> m_vars;
  std::vector<std::pair<int, std::string>> m_returns; // (block, the popped block index)
  std::set<int> m_returnTargets;
};

void Generator::declareVariables() {
  for (const auto& [name, alloc] : m_program.varAlloc) {
    if (alloc == Allocation::Null) continue;
    auto def = m_program.varDefs.find(name);
    if (def == m_program.varDefs.end()) throw AutobatchError(fmt::format("variable {} has no type", name));
    if (!isStoredType(def->second))
      throw NotPerMember{fmt::format("variable {} is {}, not a scalar per member", name, typeText(def->second))};
    int index = static_cast<int>(varNames.size());
    varNames.push_back(name);
    MemberVar v{name, def->second.dtype, alloc == Allocation::Full, fmt::format("%var{}", index), "", "", -1};
    if (v.full) {
      v.sp = fmt::format("%sp{}", index);
      v.stack = fmt::format("%frames{}", index);
      v.param = addParam(v.dtype, m_threads * m_options.stackDepth, true);
    }
    m_vars.emplace(name, std::move(v));
  }
  if (!stored(kProgramCounter) || !var(kProgramCounter).full)
    throw NotPerMember{"the program counter is not a stack"};
  for (const std::string& name : m_program.varsIn) {
    const MemberVar* v = stored(name);
    inputSlots.push_back(v ? addParam(v->dtype, m_batch, false) : -1);
  }
  for (const std::string& name : m_program.varsOut) outputSlots.push_back(addParam(var(name).dtype, m_batch, true));
}

void Generator::entry() {
  for (const KernelParam& p : params)
    m_w.line(fmt::format("{0} = load ptr, ptr %a{1}", data(p.slot), p.slot));
  for (const auto& [name, v] : m_vars) {
    m_w.line(fmt::format("{} = alloca {}", v.slot, regType(v.dtype)));
    if (!v.full) continue;
    m_w.line(fmt::format("{} = alloca i64", v.sp));
    std::string base = m_w.emit(fmt::format("mul i64 %tid, {}", m_options.stackDepth));
    m_w.line(fmt::format("{} = getelementptr {}, ptr {}, i64 {}", v.stack, llvmir::memType(v.dtype), data(v.param),
                         base));
  }
  for (size_t k = 0; k < m_blocks.size(); ++k) {
    m_w.line(fmt::format("%count{} = alloca i64", k));
    m_w.line(fmt::format("store i64 0, ptr %count{}", k));
  }
  m_w.line("%member = alloca i64");
  m_w.line("%steps = alloca i64");
  m_w.line("%high = alloca i64");
  m_w.line(fmt::format("%first = load i64, ptr {}", data(kControl)));
  m_w.line(fmt::format("%countp = getelementptr i64, ptr {}, i64 1", data(kControl)));
  m_w.line("%count = load i64, ptr %countp");
  m_w.line("%end = add i64 %first, %count");
  m_w.line(fmt::format("%highp = getelementptr i64, ptr {}, i64 %tid", data(kHigh)));
  m_w.line("%high0 = load i64, ptr %highp");
  m_w.line("store i64 %high0, ptr %high");
  m_w.line(fmt::format("%countbase = mul i64 %tid, {}", m_blocks.size()));
  m_w.line(fmt::format("%counts = getelementptr i64, ptr {}, i64 %countbase", data(kCounts)));
  m_w.line("%m0 = add i64 %first, %tid");
  m_w.line("store i64 %m0, ptr %member");
  m_w.line("br label %next");
}

void Generator::memberStart() {
  m_w.startBlock("next");
  m_w.line("%m = load i64, ptr %member");
  m_w.line("%more = icmp slt i64 %m, %end");
  m_w.line("br i1 %more, label %start, label %done");
  m_w.startBlock("start");
  for (const auto& [name, v] : m_vars) {
    store(v, llvmir::numKind(v.dtype) == llvmir::NumKind::Bool ? "false"
             : llvmir::isFloatKind(llvmir::numKind(v.dtype))   ? "0.0"
                                                               : "0");
    if (v.full) m_w.line(fmt::format("store i64 0, ptr {}", v.sp));
  }
  m_w.line("store i64 0, ptr %steps");
  // the entry writes the inputs as the VM's start does (pushing first), then the
  // program counter's stack holds halt under the entry
  for (size_t i = 0; i < m_program.varsIn.size(); ++i) {
    if (inputSlots[i] < 0) continue;
    const MemberVar& v = var(m_program.varsIn[i]);
    std::string p = m_w.emit(fmt::format("getelementptr {}, ptr {}, i64 %m", llvmir::memType(v.dtype),
                                         data(inputSlots[i])));
    std::string raw = m_w.emit(fmt::format("load {}, ptr {}", llvmir::memType(v.dtype), p));
    write(v, m_w.fromMemory(v.dtype, raw), true, 0);
  }
  push(var(kProgramCounter), std::to_string(m_blocks.size()), 0);
  m_w.line("br label %b0");
}

void Generator::push(const MemberVar& v, const std::string& value, int k) {
  std::string sp = m_w.emit(fmt::format("load i64, ptr {}", v.sp));
  stopIf(m_w.emit(fmt::format("icmp sge i64 {}, {}", sp, m_options.stackDepth)), kOverflow, v.name, k);
  std::string p = m_w.emit(fmt::format("getelementptr {}, ptr {}, i64 {}", llvmir::memType(v.dtype), v.stack, sp));
  m_w.line(fmt::format("store {} {}, ptr {}", llvmir::memType(v.dtype), m_w.toMemory(v.dtype, value), p));
  std::string next = m_w.emit(fmt::format("add i64 {}, 1", sp));
  m_w.line(fmt::format("store i64 {}, ptr {}", next, v.sp));
  std::string high = m_w.emit("load i64, ptr %high");
  std::string higher = m_w.emit(fmt::format("icmp sgt i64 {}, {}", next, high));
  std::string h = m_w.emit(fmt::format("select i1 {}, i64 {}, i64 {}", higher, next, high));
  m_w.line(fmt::format("store i64 {}, ptr %high", h));
}

std::string Generator::pop(const MemberVar& v, int k) {
  std::string sp = m_w.emit(fmt::format("load i64, ptr {}", v.sp));
  std::string below = m_w.emit(fmt::format("sub i64 {}, 1", sp));
  stopIf(m_w.emit(fmt::format("icmp slt i64 {}, 0", below)), kUnderflow, v.name, k);
  std::string p = m_w.emit(fmt::format("getelementptr {}, ptr {}, i64 {}", llvmir::memType(v.dtype), v.stack, below));
  std::string raw = m_w.emit(fmt::format("load {}, ptr {}", llvmir::memType(v.dtype), p));
  m_w.line(fmt::format("store i64 {}, ptr {}", below, v.sp));
  return m_w.fromMemory(v.dtype, raw);
}

// Where `cond` holds, the thread stops there (errorExit); the code goes on where it does not.
void Generator::stopIf(const std::string& cond, StatusKind kind, const std::string& varName, int k) {
  std::string ok = label(), stop = label();
  m_w.line(fmt::format("br i1 {}, label %{}, label %{}", cond, stop, ok));
  m_w.startBlock(stop);
  errorExit(kind, varName, k);
  m_w.startBlock(ok);
}

// Reports what stopped the thread (for the host to throw) and leaves.
void Generator::errorExit(StatusKind kind, const std::string& varName, int k) {
  std::string base = m_w.emit(fmt::format("mul i64 %tid, {}", int64_t{kStatusFields}));
  const std::string fields[kStatusFields] = {std::to_string(kind),
                                             std::to_string(varName.empty() ? -1 : varIndex(varName)),
                                             std::to_string(k), "%m"}; // kKind, kVar, kBlock, kMember
  for (int64_t f = 0; f < kStatusFields; ++f) {
    std::string at = m_w.emit(fmt::format("add i64 {}, {}", base, f));
    std::string p = m_w.emit(fmt::format("getelementptr i64, ptr {}, i64 {}", data(kStatus), at));
    m_w.line(fmt::format("store i64 {}, ptr {}", fields[f], p));
  }
  m_w.line("br label %done");
}

// A run of computing prims: lowered through the pipeline (one elementwise
// kernel or several), each kernel's per-element code rendered in the block with
// its loads reading the variables and its stores kept as values; then every
// result written, in order.
void Generator::group(const Block& b, const std::vector<size_t>& prims, int k) {
  GroupRoots g = groupRoots(m_program, b, prims, m_batch);
  CodegenTarget target = m_target;
  target.heuristics = false;
  target.threads = 1;
  PipelineRun lowered = runPipeline(g.roots, {.trace = false, .target = target});
  for (const StageRecord& s : lowered.stages)
    if (s.failed()) throw NotPerMember{fmt::format("a prim did not lower ({}: {})", s.stage, s.error)};
  if (lowered.schedule.copies) throw NotPerMember{"a prim copies between buffers"};
  // each buffer's value for this member: an input variable's, or a kernel's store
  std::map<int64_t, std::string> inputs, values;
  for (const GroupRoots::Input& in : g.inputs) inputs[in.bufferId] = in.var;
  auto valueOf = [&](int64_t id) -> std::string {
    if (auto it = values.find(id); it != values.end()) return it->second;
    auto in = inputs.find(id);
    if (in == inputs.end()) throw NotPerMember{"a prim reads a buffer it does not compute"};
    return values[id] = load(var(in->second));
  };
  for (size_t j = 0; j < lowered.kernels.size(); ++j) {
    const LoweredKernel& kernel = lowered.kernels[j];
    const ScheduledKernel& scheduled = lowered.schedule.kernels.at(j);
    for (const UOp* u : contractible(kernel.linear)) m_w.contract.insert(u);
    std::map<const UOp*, int64_t> bufferOf; // Param, After, Index -> buffer id
    const UOp* range = nullptr;
    for (const UOpPtr& node : kernel.linear->src()) {
      const UOp& u = *node;
      switch (u.op()) {
      case Op::Param:
        bufferOf[&u] = scheduled.buffers.at(static_cast<size_t>(u.argAs<ParamArg>().slot))->argAs<BufferArg>().id;
        break;
      case Op::Stack: // a Param's shape
        break;
      case Op::After:
        if (!bufferOf.count(u.src(0).get())) throw NotPerMember{"an ordering the member kernel does not follow"};
        bufferOf[&u] = bufferOf[u.src(0).get()];
        break;
      case Op::Range:
        if (range) throw NotPerMember{"a prim with a loop of its own"};
        range = &u;
        break;
      case Op::Index: {
        const UOp& offset = *u.src(1);
        bool member = u.src().size() == 2 && bufferOf.count(u.src(0).get()) &&
                      (&offset == range || (m_batch == 1 && offset.op() == Op::Const));
        if (!member) throw NotPerMember{"a prim reads other members' elements"};
        bufferOf[&u] = bufferOf[u.src(0).get()];
        break;
      }
      case Op::Load:
        if (u.src().size() != 1) throw NotPerMember{"a gated load"};
        m_w.bind(u, valueOf(bufferOf.at(u.src(0).get())));
        break;
      case Op::Store:
        values[bufferOf.at(u.src(0).get())] = m_w.operand(*u.src(1));
        break;
      case Op::End:
      case Op::Group:
        break;
      case Op::Const:
        m_w.bind(u, llvmir::literal(u));
        break;
      default:
        if (!llvmir::isRegisterOp(u.op())) throw NotPerMember{fmt::format("a prim lowers to {}", opName(u.op()))};
        if (u.dtype().count != 1) throw NotPerMember{"a vector operation"};
        llvmir::renderRegisterOp(m_w, u);
        break;
      }
    }
  }
  // every result read before any is written (a result may be an input's value)
  std::vector<std::string> results;
  for (const UOpPtr& r : lowered.schedule.results) {
    const UOp* buf = r.get();
    while (buf->op() == Op::Reshape) buf = buf->src(0).get();
    if (buf->op() != Op::Buffer) throw NotPerMember{"a prim's result is not a buffer"};
    results.push_back(valueOf(buf->argAs<BufferArg>().id));
  }
  for (size_t j = 0; j < results.size(); ++j)
    if (const MemberVar* out = stored(g.outputs[j])) write(*out, results[j], g.push[j], k);
}

// The batched VM's row of the constant (host_values.h), as a register literal.
std::string Generator::constant(const MemberVar& v, const PrimFn& fn) {
  const HostTensor row = constantRow(fn, TensorType{v.dtype, {}});
  llvmir::NumKind kind = llvmir::numKind(v.dtype);
  if (kind == llvmir::NumKind::Bool) return row.getBool(0) ? "true" : "false";
  if (llvmir::isFloatKind(kind)) return llvmir::floatLiteral(v.dtype, row.getDouble(0));
  return std::to_string(row.getInt(0));
}

void Generator::block(int k) {
  const Block& b = m_blocks[static_cast<size_t>(k)];
  m_w.startBlock(fmt::format("b{}", k));
  // member-block executions, and the bound on a member's blocks
  std::string c = m_w.emit(fmt::format("load i64, ptr %count{}", k));
  m_w.line(fmt::format("store i64 {}, ptr %count{}", m_w.emit(fmt::format("add i64 {}, 1", c)), k));
  std::string s = m_w.emit("load i64, ptr %steps");
  std::string s1 = m_w.emit(fmt::format("add i64 {}, 1", s));
  m_w.line(fmt::format("store i64 {}, ptr %steps", s1));
  stopIf(m_w.emit(fmt::format("icmp sgt i64 {}, {}", s1, m_options.maxSteps)), kTooLong, "", k);
  for (size_t i = 0; i < b.instructions.size();) {
    const Instruction& ins = b.instructions[i];
    if (const PopOp* p = std::get_if<PopOp>(&ins)) {
      for (const std::string& name : p->vars)
        if (const MemberVar* v = stored(name); v && v->full) store(*v, pop(*v, k));
      ++i;
      continue;
    }
    const PrimOp* op = std::get_if<PrimOp>(&ins);
    if (!op) throw NotPerMember{"a function call left after lowering"};
    if (op->fn->computes()) {
      std::vector<size_t> prims = computingRun(b, i);
      i += prims.size();
      group(b, prims, k);
      continue;
    }
    if (op->fn->kind == PrimFn::Kind::Copy) {
      std::vector<std::string> values;
      for (size_t j = 0; j < op->in.size(); ++j) values.push_back(load(var(op->in[j])));
      for (size_t j = 0; j < op->out.size(); ++j) {
        const MemberVar* out = stored(op->out[j]);
        if (!out) continue;
        if (out->dtype != var(op->in[j]).dtype) throw NotPerMember{fmt::format("a copy converts {}", out->name)};
        write(*out, values[j], !op->skipPush.contains(out->name), k);
      }
    } else if (const MemberVar* out = stored(op->out.at(0))) {
      write(*out, constant(*out, *op->fn), !op->skipPush.contains(out->name), k);
    }
    ++i;
  }
  terminator(b, k);
}

void Generator::terminator(const Block& b, int k) {
  const int halt = static_cast<int>(m_blocks.size());
  auto target = [&](int t) { return t == halt ? std::string("halt") : fmt::format("b{}", t); };
  if (const BranchOp* br = std::get_if<BranchOp>(&b.terminator)) {
    const MemberVar& cond = var(br->cond);
    std::string v = load(cond);
    llvmir::NumKind kind = llvmir::numKind(cond.dtype);
    if (kind != llvmir::NumKind::Bool)
      v = m_w.emit(llvmir::isFloatKind(kind) ? fmt::format("fcmp une {} {}, 0.0", regType(cond.dtype), v)
                                              : fmt::format("icmp ne {} {}, 0", regType(cond.dtype), v));
    m_w.line(fmt::format("br i1 {}, label %{}, label %{}", v, target(br->ifTrue), target(br->ifFalse)));
  } else if (const GotoOp* g = std::get_if<GotoOp>(&b.terminator)) {
    m_w.line(fmt::format("br label %{}", target(g->target)));
  } else if (const PushGotoOp* pg = std::get_if<PushGotoOp>(&b.terminator)) {
    push(var(kProgramCounter), std::to_string(pg->push), k);
    m_returnTargets.insert(pg->push);
    m_w.line(fmt::format("br label %{}", target(pg->target)));
  } else {
    std::string back = pop(var(kProgramCounter), k);
    // the switch is written once every return address is known (generate)
    m_w.line(fmt::format("br label %ret{}", k));
    m_returns.emplace_back(k, back);
  }
}

void Generator::halt() {
  m_w.startBlock("halt");
  for (size_t j = 0; j < m_program.varsOut.size(); ++j) {
    const MemberVar& v = var(m_program.varsOut[j]);
    std::string p = m_w.emit(fmt::format("getelementptr {}, ptr {}, i64 %m", llvmir::memType(v.dtype),
                                         data(outputSlots[j])));
    m_w.line(fmt::format("store {} {}, ptr {}", llvmir::memType(v.dtype), m_w.toMemory(v.dtype, load(v)), p));
  }
  m_w.line(fmt::format("%mnext = add i64 %m, {}", m_threads));
  m_w.line("store i64 %mnext, ptr %member");
  m_w.line("br label %next");
}

std::string Generator::generate() {
  addParam(dtypes::int64, 2, false);                                                   // kControl
  addParam(dtypes::int64, m_threads * kStatusFields, true);                           // kStatus
  addParam(dtypes::int64, m_threads * static_cast<int64_t>(m_blocks.size()), true);   // kCounts
  addParam(dtypes::int64, m_threads, true);                                            // kHigh
  declareVariables();
  entry();
  memberStart();
  for (size_t k = 0; k < m_blocks.size(); ++k) block(static_cast<int>(k));
  halt();
  // returns: the popped block index to its block (halt included)
  m_returnTargets.insert(static_cast<int>(m_blocks.size()));
  std::string cases;
  for (int t : m_returnTargets)
    cases += fmt::format(" i32 {}, label %{}", t,
                         t == static_cast<int>(m_blocks.size()) ? std::string("halt") : fmt::format("b{}", t));
  for (const auto& [k, back] : m_returns) {
    m_w.startBlock(fmt::format("ret{}", k));
    m_w.line(fmt::format("switch i32 {}, label %halt [{} ]", back, cases));
  }
  m_w.startBlock("done");
  m_w.line("%highlast = load i64, ptr %high");
  m_w.line("store i64 %highlast, ptr %highp");
  // this launch's member-block executions, added to the thread's totals
  for (size_t k = 0; k < m_blocks.size(); ++k) {
    std::string p = m_w.emit(fmt::format("getelementptr i64, ptr %counts, i64 {}", k));
    std::string before = m_w.emit(fmt::format("load i64, ptr {}", p));
    std::string mine = m_w.emit(fmt::format("load i64, ptr %count{}", k));
    m_w.line(fmt::format("store i64 {}, ptr {}", m_w.emit(fmt::format("add i64 {}, {}", before, mine)), p));
  }
  m_w.line("ret void");

  std::string out = "; the member kernel: every member of an auto-batched program runs on its own\n";
  for (const std::string& d : m_w.declarations()) out += d + "\n";
  for (llvmir::Helper h : m_w.helpers()) out += "\n" + llvmir::helperDefinition(h);
  out += "\n; the CPU device's ABI: void kernel(void** bufs, int64_t tid)\n";
  out += "define void @kernel(ptr %bufs, i64 %tid) #0 {\nentry:\n";
  for (const KernelParam& p : params)
    out += fmt::format("  %a{0} = getelementptr inbounds ptr, ptr %bufs, i64 {0}\n", p.slot);
  for (const std::string& line : m_w.lines()) out += line + "\n";
  out += "}\n\nattributes #0 = { nounwind }\n";
  return out;
}

} // namespace

struct MemberKernel::Impl {
  Device& device;
  const std::vector<Block>& blocks;
  const Program& program; // the VM's, as `blocks`
  int64_t batch;
  VmOptions options;
  int64_t threads = 1;
  std::vector<KernelParam> params;
  std::vector<std::string> varNames;
  std::vector<int64_t> inputSlots, outputSlots;
  std::shared_ptr<DeviceProgram> compiled;

  Impl(Device& d, const std::vector<Block>& b, const Program& p, int64_t n, VmOptions o)
      : device(d), blocks(b), program(p), batch(n), options(o) {}

  [[noreturn]] void fail(const std::vector<int64_t>& status) {
    const int64_t kind = status[kKind], block = status[kBlock], member = status[kMember];
    const Block& where = blocks.at(static_cast<size_t>(block));
    const std::string var = status[kVar] >= 0 ? varNames.at(static_cast<size_t>(status[kVar])) : "";
    if (kind == kOverflow) throw stackOverflow(var, where, options.stackDepth, member);
    if (kind == kUnderflow) throw stackUnderflow(var, where, member);
    throw VmError(fmt::format("member {} ran {} block executions without halting (an endless loop?)", member,
                              options.maxSteps),
                  where.loc);
  }
};

MemberKernel::MemberKernel(std::unique_ptr<Impl> impl) : m(std::move(impl)) {}
MemberKernel::~MemberKernel() = default;

std::unique_ptr<MemberKernel> MemberKernel::build(const Program& lowered, const std::vector<Block>& blocks,
                                                  Device& device, int64_t batch, const VmOptions& options,
                                                  std::string& whyNot) {
  const CodegenTarget* target = device.target();
  if (!target || !target->hostCode || target->renderer->language() != RenderLanguage::LlvmIr ||
      !device.runsKernels()) {
    whyNot = fmt::format("{} does not compile LLVM IR", device.name());
    return nullptr;
  }
  auto impl = std::make_unique<Impl>(device, blocks, lowered, batch, options);
  impl->threads = std::clamp<int64_t>(target->threads, 1, std::max<int64_t>(batch, 1));
  Generator gen(impl->program, blocks, *target, batch, options, impl->threads);
  std::string source;
  try {
    source = gen.generate();
  } catch (const NotPerMember& e) {
    whyNot = e.why;
    return nullptr;
  } catch (const CodegenError& e) {
    whyNot = fmt::format("a prim does not render per member: {}", e.what());
    return nullptr;
  }
  impl->params = gen.params;
  impl->varNames = gen.varNames;
  impl->inputSlots = gen.inputSlots;
  impl->outputSlots = gen.outputSlots;
  LoweredKernel kernel;
  kernel.target = *target;
  kernel.name = KernelName{"member_kernel", "", {}, {}};
  kernel.params = impl->params;
  kernel.rendered = {.language = RenderLanguage::LlvmIr,
                     .text = std::move(source),
                     .function = "kernel",
                     .entry = "kernel",
                     .global = {impl->threads}};
  impl->compiled = device.compile(kernel);
  return std::unique_ptr<MemberKernel>(new MemberKernel(std::move(impl)));
}

std::vector<HostTensor> MemberKernel::run(const std::vector<HostTensor>& inputs, VmStats& stats) {
  Impl& k = *m;
  if (inputs.size() != k.program.varsIn.size())
    throw AutobatchError(fmt::format("{} inputs for {} input variables", inputs.size(), k.program.varsIn.size()));
  std::vector<std::unique_ptr<DeviceBuffer>> buffers;
  for (const KernelParam& p : k.params) buffers.push_back(k.device.allocate(p.dtype, p.size));
  auto host = [&](int64_t slot) -> HostTensor& { return HostMemoryDevice::host(*buffers.at(static_cast<size_t>(slot))).value; };
  for (int64_t slot : {int64_t{kStatus}, int64_t{kCounts}, int64_t{kHigh}}) {
    std::span<std::byte> bytes = host(slot).mutableBytes();
    std::fill(bytes.begin(), bytes.end(), std::byte{0});
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (k.inputSlots[i] < 0) continue;
    HostTensor& dst = host(k.inputSlots[i]);
    HostTensor value = convertTo(inputs[i], dst.dtype(), inputs[i].shape());
    if (value.numel() != k.batch)
      throw AutobatchError(fmt::format("a value of {} elements for variable {} (one per member, {} members)",
                                       value.numel(), k.program.varsIn[i], k.batch));
    std::span<const std::byte> src = value.bytes();
    std::copy(src.begin(), src.end(), dst.mutableBytes().begin());
  }
  std::vector<DeviceBuffer*> bound;
  for (auto& b : buffers) bound.push_back(b.get());
  auto t0 = std::chrono::steady_clock::now();
  // members in launches of a few thousand, so that a cancel is seen between them
  const int64_t chunk = std::max<int64_t>(4096 * k.threads, k.batch / 16);
  HostTensor& control = host(kControl);
  HostTensor& status = host(kStatus);
  for (int64_t first = 0; first < k.batch; first += chunk) {
    if (k.options.cancel && k.options.cancel->load()) throw VmError("cancelled");
    control.setInt(0, first);
    control.setInt(1, std::min(chunk, k.batch - first));
    k.compiled->run(bound);
    for (int64_t t = 0; t < k.threads; ++t)
      if (status.getInt(t * kStatusFields + kKind) != kRunning) {
        std::vector<int64_t> fields;
        for (int64_t f = 0; f < kStatusFields; ++f) fields.push_back(status.getInt(t * kStatusFields + f));
        k.fail(fields);
      }
  }
  stats.runMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const int64_t nblocks = static_cast<int64_t>(k.blocks.size());
  stats.activeMembers.assign(k.blocks.size(), 0);
  const HostTensor& counts = host(kCounts);
  for (int64_t t = 0; t < k.threads; ++t)
    for (int64_t b = 0; b < nblocks; ++b) stats.activeMembers[static_cast<size_t>(b)] += counts.getInt(t * nblocks + b);
  stats.stackHighWater = 0;
  for (int64_t t = 0; t < k.threads; ++t) stats.stackHighWater = std::max(stats.stackHighWater, host(kHigh).getInt(t));
  std::vector<HostTensor> out;
  for (size_t j = 0; j < k.outputSlots.size(); ++j) {
    const TensorType& type = k.program.varDefs.at(k.program.varsOut[j]);
    out.push_back(host(k.outputSlots[j]).withShape(batchShape(type, k.batch)));
  }
  return out;
}

} // namespace uops::autobatch
