// The LLVM renderer's state while it walks a Linear: value names, the current
// basic block, the lines written, and what the module must declare. Internal to
// render_llvm*.cpp and to the autobatch member kernel, which renders its
// prims' per-element code with the same op renderers.
#pragma once

#include "core/ir/uop.h"
#include "core/render/llvm_dialect.h"
#include "core/render/memory_plan.h"
#include "core/render/vector_access.h"
#include "core/render/vector_ops.h"

#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace uops::llvmir {

// How a dtype computes in registers.
enum class NumKind : unsigned char {
  Bool,     // i1
  Signed,   // int8..int64, index
  Unsigned, // uint8..uint64
  Float,    // float32, float64
  Narrow,   // float16, bfloat16: float in registers, i16 in memory
};
NumKind numKind(DType d);
inline bool isFloatKind(NumKind k) { return k == NumKind::Float || k == NumKind::Narrow; }

std::string regType(DType d); // i1, i8, ..., i64, float, double
std::string memType(DType d); // a Param buffer's element: i8 for bool, i16 for narrow floats
std::string intType(int bits);

// A Const as an operand of its register type.
std::string literal(const UOp& c);
// A float value of dtype d, rounded to d, as LLVM's exact hex form.
std::string floatLiteral(DType d, double v);

// Conversion functions the module defines when used (render_llvm_helpers.cpp).
enum class Helper : unsigned char {
  HalfToFloat,
  FloatToHalf,
  BFloatToFloat,
  FloatToBFloat,
  DoubleToFloatOdd,
  UInt64ToDoubleOdd,
};
std::string helperName(Helper h);
std::string helperDefinition(Helper h);

class Writer {
public:
  // The operand text of a node already rendered (a name or a literal).
  const std::string& operand(const UOp& u) const;
  void bind(const UOp& u, std::string text) { m_names[&u] = std::move(text); }
  bool bound(const UOp& u) const { return m_names.count(&u) != 0; }

  // A new value name, "%v12"; `hint` names labels derived from it.
  std::string fresh();
  void line(std::string_view text);
  // `%vN = <text>` on a line of its own; returns %vN.
  std::string emit(std::string_view text);
  void startBlock(const std::string& label);
  const std::string& block() const { return m_block; }

  // `call <ret> @<fn>(<args>)`, declaring the intrinsic once.
  std::string callIntrinsic(std::string_view ret, std::string_view fn, std::string_view args,
                            std::string_view argTypes);
  std::string callHelper(Helper h, std::string_view ret, std::string_view args);

  // Register <-> Param memory representation of dtype d.
  std::string fromMemory(DType d, const std::string& v);
  std::string toMemory(DType d, const std::string& v);
  // A float result of dtype d rounded to d's format (float16/bfloat16; others unchanged).
  std::string roundTo(DType d, const std::string& v);

  // The machine's dialect (llvm_dialect.h); a grid's work-group size per
  // dimension, which global indices (Special "idx<d>") are computed from.
  const LlvmDialect* dialect = &cpuDialect();
  std::vector<int64_t> groupSize;
  // Module-level definitions: local memory (render_llvm_grid.cpp)
  std::vector<std::string> globals;
  void declare(std::string declaration) { m_declarations.insert(std::move(declaration)); }

  // The THREAD range the kernel's %tid argument stands for (one per kernel), and its size.
  const UOp* threadRange = nullptr;
  int64_t threads = 1;
  // The loops open where the writer is, outermost first (renderRange, renderEnd).
  std::vector<const UOp*> openLoops;

  // Float Muls and Adds that may fuse into one FMA (LLVM's `contract`).
  std::unordered_set<const UOp*> contract;

  // float16 converts through LLVM's `half` (fpext / fptrunc: F16C on x86)
  // instead of the integer helpers (CodegenTarget::halfInstructions)
  bool halfInstructions = false;

  // The maximum of two float variables as ordered maxes (CodegenTarget::maximumByOrderedMax)
  bool orderedMax = false;
  // Ldexp as vscalefps / vscalefpd on every vector, and on one register but
  // for exp2's clamped q (CodegenTarget::scaleInstruction)
  bool scaleInstruction = false;
  // FracNearest as vreduceps / vreducepd on every lane count
  // (CodegenTarget::fractionInstruction)
  bool fractionInstruction = false;

  // Kernel buffers (their Params) whose stores are non-temporal: written, never
  // read by the kernel, and large beside CodegenTarget::streamingStoreBytes (streamedParams)
  std::unordered_set<const UOp*> streamed;
  // What a store into `index`'s buffer ends with: its `!nontemporal` where the buffer is streamed.
  std::string storeMetadata(const UOp& index) const;

  // Loop latches branch with `!llvm.loop` metadata that turns the loop vectorizer off.
  bool noLoopVectorize = false;
  int loopsMarked = 0; // latches written with that metadata: !1 ... !loopsMarked
  // Their metadata also asks the CPU back end to keep the body's order
  // (`uops.loop.keep_order`: backends/llvm/interleave_chains.h)
  bool keepOrder = false;

  // The node being rendered: every line written is attributed to it (null: none).
  const UOp* current = nullptr;

  // Loads rendered as lanes of a vector (a vector load op, a masked group):
  // lane -> its vector's name, width and lane number.
  struct VectorLane {
    std::string vector;
    size_t width = 0;
    size_t lane = 0;
  };
  void bindLane(const UOp& u, VectorLane l) { m_lanes[&u] = std::move(l); }
  const VectorLane* laneOf(const UOp& u) const {
    auto it = m_lanes.find(&u);
    return it == m_lanes.end() ? nullptr : &it->second;
  }
  // Shuffles of those vectors already written, by what they compute
  // (render_llvm_lane_shuffle.cpp): kept while the loop nest stays as it is.
  std::unordered_map<std::string, std::vector<std::string>> shuffles;

  const std::vector<std::string>& lines() const { return m_lines; }
  const std::vector<const UOp*>& lineNodes() const { return m_lineNodes; } // parallel to lines()
  const std::set<std::string>& declarations() const { return m_declarations; }
  const std::set<Helper>& helpers() const { return m_helpers; }

private:
  std::unordered_map<const UOp*, std::string> m_names; // look-up only
  std::unordered_map<const UOp*, VectorLane> m_lanes;
  std::vector<std::string> m_lines;
  std::vector<const UOp*> m_lineNodes;
  std::set<std::string> m_declarations;
  std::set<Helper> m_helpers;
  // The i16 a float16/bfloat16 register value was made from ("h"/"b" + name -> bits):
  // storing it again needs no second conversion. Look-up only.
  std::unordered_map<std::string, std::string> m_narrowBits;
  std::string m_block = "entry";
  int m_next = 0;
};

// The op renderers (one concept per file).
// Ops computed in registers from operands already rendered: Cast, Bitcast and
// the ALU ops (render_llvm_alu.cpp).
bool isRegisterOp(Op op);
void renderRegisterOp(Writer& w, const UOp& u);
void renderAlu(Writer& w, const UOp& u);     // render_llvm_alu.cpp
void renderCast(Writer& w, const UOp& u);    // render_llvm_cast.cpp
void renderBitcast(Writer& w, const UOp& u); // render_llvm_cast.cpp
// A float to an integer by the evaluator's law (truncate, saturate, NaN to 0);
// `lanes`: 0 a scalar, else a vector of that many (render_llvm_cast.cpp).
std::string floatToInt(Writer& w, DType from, DType to, const std::string& a, size_t lanes = 0);
// A Cast of `u`'s from `from` to `to` on one register (lanes 0) or on vectors
// of `lanes` (no float16 or bfloat16 there: render_llvm_vector_ops.cpp rounds
// those itself) (render_llvm_cast.cpp).
std::string convert(Writer& w, const UOp& u, DType from, DType to, const std::string& a, size_t lanes = 0);
// `<lanes x t>`, or t for one register (lanes 0) (render_llvm_alu.cpp).
std::string laneType(size_t lanes, const std::string& t);
// `value` of type t in every lane: itself for one register, else a splat
// (insertelement + shufflevector).
std::string inEveryLane(Writer& w, size_t lanes, const std::string& t, const std::string& value);
// An elementwise op of `u` on one register (lanes 0) or on vectors of `lanes`
// (vector_ops.h; there Cast and Bitcast too), its sources' values given: the
// same instruction either way, lane by lane the same results. Float16
// roundings are the caller's.
std::string elementwiseOp(Writer& w, const UOp& u, size_t lanes, const std::vector<std::string>& s);
void renderIndex(Writer& w, const UOp& u);   // render_llvm_memory.cpp
void renderLoad(Writer& w, const UOp& u);
void renderStore(Writer& w, const UOp& u);
// An overloaded intrinsic's suffix for <n x t>: "v8f32", "v16f16", "v4i32".
std::string vectorSuffix(size_t n, const std::string& t);
void renderMaskedLoad(Writer& w, const VectorGroup& g); // a gated or every-other group (vector_access.h)
// The <N x i1> mask of a gated group's lanes, lane k true where lane k's gate
// holds (render_llvm_lane_mask.cpp)
std::string renderLaneMask(Writer& w, const std::vector<const UOp*>& lanes);
// The kernel's REG slots: an alloca each, or an element of its accumulator
// group's vector alloca (vector_ops.h); one explicit vector op at its emitAt,
// `values` each op's vector value so far (render_llvm_vector_ops.cpp)
void renderRegisterSlots(Writer& w, const KernelMemoryPlan& plan, const VectorOpPlan& vops);
// A REG Buffer's storage: its lane of an accumulator group's vector alloca, or
// its slot's alloca.
std::string registerName(const UOp& buffer, const KernelMemoryPlan& plan, const VectorOpPlan& vops);
void renderVectorOp(Writer& w, const VectorOpPlan& vops, int index, std::vector<std::string>& values);
// shufflevector of `a` and `b`, `width` lanes of t each (b may be poison or
// zeroinitializer): lane k of the result is lane mask[k] of a ++ b
// (render_llvm_lane_shuffle.cpp).
std::string shuffleLanes(Writer& w, const std::string& t, size_t width, const std::string& a,
                         const std::string& b, const std::vector<size_t>& mask);
// The vector of `values`, loads each a lane of a vector already written
// (Writer::laneOf; else its scalar), built with shuffles: lane j of as many
// vectors as `values` a column of their transpose, the whole transpose
// written once (render_llvm_lane_shuffle.cpp).
std::string gatherLanes(Writer& w, const std::vector<const UOp*>& values);
void renderRange(Writer& w, const UOp& u);
void renderEnd(Writer& w, const UOp& u);
void renderStack(Writer& w, const UOp& u);       // render_llvm_wmma.cpp
void renderWmma(Writer& w, const UOp& u);
void renderTileElement(Writer& w, const UOp& u); // Index(Wmma, e)
void renderSpecial(Writer& w, const UOp& u);     // render_llvm_grid.cpp
void renderBarrier(Writer& w, const UOp& u);
void renderLocalBuffer(Writer& w, const UOp& u);

[[noreturn]] void unsupported(const UOp& u, std::string_view why);

} // namespace uops::llvmir
