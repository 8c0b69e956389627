// Verifier rules for memory, ordering and codegen ops: loads, stores, loops, markers of order.
#include "core/ir/verify_rules.h"

#include "core/ir/shape.h"
#include "core/ir/warp_fragment.h"
#include "core/ir/wmma_tile.h"

namespace uops::verify_detail {
// Load (buf, alt?, gate?) reads buf's elements; Store (buf, val, gate?) writes
// val's, of buf's shape, and yields nothing. buf may be a pointer in kernels.
void memoryRules(Rules& r) {
  const UOp& u = r.u;
  DType buf = r.src(0).base().scalarType();
  if (u.op() == Op::Load) {
    if (u.dtype().scalar != buf.scalar)
      r.fail("dtype must be {} (the buffer's), got {}", toString(buf), toString(u.dtype()));
    if (u.src().size() > 1 && !(r.src(1) == u.dtype()))
      r.fail("alt must have dtype {}, got {}", toString(u.dtype()), toString(r.src(1)));
    if (u.src().size() > 2) r.srcIsBool(2, "gate");
    return;
  }
  r.isVoid();
  if (r.src(1).scalar != buf.scalar)
    r.fail("value dtype {} differs from buffer dtype {}", toString(r.src(1)), toString(buf));
  const UOp& b = *u.src(0);
  const UOp& v = *u.src(1);
  if (b.shapeValid() && v.shapeValid() && b.shape() != v.shape())
    r.fail("buffer shape {} differs from value shape {}", toString(b.shape()), toString(v.shape()));
  if (u.src().size() > 2) r.srcIsBool(2, "gate");
}

void orderingRules(Rules& r) {
  const UOp& u = r.u;
  if (u.op() == Op::Range) {
    if (!u.dtype().isInt()) r.fail("dtype must be index or an int, got {}", toString(u.dtype()));
    r.srcIsInt(0, "bound");
    if (u.src(0)->shapeValid() && !u.src(0)->shape().empty())
      r.fail("bound must be a scalar, got shape {}", toString(u.src(0)->shape()));
  }
  if (u.op() == Op::End) {
    r.isVoid();
    r.srcsAreOp(1, Op::Range);
  }
  if (u.op() == Op::After) r.sameAsSrc0();
  if (u.op() == Op::Group || u.op() == Op::Sink) r.isVoid();
  // Group merges Stores (and what yields like them): its sources carry no value.
  if (u.op() == Op::Group)
    for (size_t i = 0; i < u.src().size(); ++i)
      if (!r.src(i).isVoid()) r.fail("source {} must be void (a Store), got {}", i, toString(r.src(i)));
}

void codegenRules(Rules& r) {
  const UOp& u = r.u;
  if (u.op() == Op::Special) {
    if (!u.dtype().isInt()) r.fail("dtype must be index or an int, got {}", toString(u.dtype()));
    r.srcIsInt(0, "bound");
  }
  if (u.op() == Op::If) r.srcIsBool(0, "gate");
  // Wmma(A, B, acc), arg "MxNxK": acc + A B for an m x k tile A and a k x n tile
  // B (row-major, flattened), or before Expand one product a*b + acc. With a
  // warp layout ("16x8x16 nvidia"), each source is the work-item's fragment
  // (warp_fragment.h), A and B of one dtype, acc of the Wmma's.
  if (u.op() == Op::Wmma) {
    const std::string& config = u.argAs<std::string>();
    auto parsed = parseWmmaTile(config);
    if (!parsed) r.fail("arg must be the tile MxNxK, got '{}'", config);
    if (parsed && !knownWmmaLayout(*parsed)) r.fail("no warp layout of a {} tile", config);
    bool warp = parsed && parsed->layout != WarpLayout::None && knownWmmaLayout(*parsed);
    for (size_t i = warp ? 1 : 0; i < 3; ++i) {
      DType want = warp && i == 1 ? r.src(0) : u.dtype();
      if (r.src(i) != want) r.fail("source {} must be {}, got {}", i, toString(want), toString(r.src(i)));
    }
    auto elements = [&](size_t i) { return u.src(i)->shape().empty() ? int64_t{1} : u.src(i)->shape().front(); };
    const WmmaTile tile = parsed.value_or(WmmaTile{});
    const int64_t m = tile.m, n = tile.n, k = tile.k;
    bool isTile = parsed && !u.src(2)->shape().empty();
    if (warp) {
      const int64_t fa = fragmentElements(tile, WmmaOperand::A), fb = fragmentElements(tile, WmmaOperand::B),
                    fc = fragmentElements(tile, WmmaOperand::C);
      if (elements(0) != fa || elements(1) != fb || elements(2) != fc)
        r.fail("a {} work-item's fragments take {}, {} and {} elements, got {}, {} and {}", config, fa, fb, fc,
               elements(0), elements(1), elements(2));
    } else if (isTile && (elements(0) != m * k || elements(1) != k * n || elements(2) != m * n)) {
      r.fail("a {} tile takes {}, {} and {} elements, got {}, {} and {}", config, m * k, k * n, m * n,
             elements(0), elements(1), elements(2));
    }
  }
  if (u.op() == Op::Endif) r.srcsAreOp(0, Op::If);
  // Program (linear, source, binary): the three forms of one compiled kernel.
  if (u.op() == Op::Program) {
    const Op parts[] = {Op::Linear, Op::Source, Op::Binary};
    for (size_t i = 0; i < 3; ++i)
      if (u.src(i)->op() != parts[i])
        r.fail("source {} must be {}, got {}", i, opName(parts[i]), opName(u.src(i)->op()));
  }
}

} // namespace uops::verify_detail
