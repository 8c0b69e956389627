// Tensor.qr (Householder reflections) and Tensor.svd (one-sided Jacobi rotations on the QR's R),
// built of ordinary tensor ops over any batch axes, as tinygrad composes them: the same reflector
// and rotation conventions, so the signs of Q and of the singular vectors are tinygrad's.
#include "core/tensor/tensor.h"
#include "core/tensor/tensor_impl.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

void needMatrix(const Tensor& t, const char* op) {
  if (t.ndim() < 2)
    fail(fmt::format("{} needs a tensor of two or more dims, got shape {}", op, toString(t.shape())));
}

// `t` with its last axis's entries in the order `columns` (host indices).
Tensor columnsAt(const Tensor& t, const std::vector<int64_t>& columns) {
  std::vector<Scalar> at(columns.begin(), columns.end());
  const Tensor index = Tensor::fromFlat(at, {static_cast<int64_t>(at.size())}, dtypes::int32, t.device());
  return t.getitem({ellipsis, index});
}

// An identity of `n` per batch of `like` (all but its last two axes), in its dtype and device.
Tensor batchedEye(const Tensor& like, int64_t n) {
  Shape shape(like.shape().begin(), like.shape().end() - 2);
  shape.push_back(n);
  shape.push_back(n);
  return Tensor::eye(n, {}, like.dtype()).to({like.device()}).expand(shape);
}

// The Jacobi rotation's cosine and sine zeroing the inner product `gamma` of two columns with squared
// norms `alpha` and `beta` (no rotation where gamma is 0).
std::pair<Tensor, Tensor> jacobiRotation(const Tensor& alpha, const Tensor& beta, const Tensor& gamma) {
  const Tensor rotates = gamma.ne(0);
  const Tensor zeta = beta.sub(alpha).div(rotates.where(gamma, 1).mul(2));
  const Tensor sign = zeta.ne(0).where(zeta.sign(), 1);
  const Tensor t = rotates.where(sign.div(zeta.abs().add(zeta.square().add(1).sqrt())), 0);
  const Tensor c = t.square().add(1).sqrt().reciprocal();
  return {c, c.mul(t)};
}

// The round-robin tournament's next pairing: pairs are (order[k], order[h + k]).
void nextPairing(std::vector<int64_t>& order) {
  const auto n = static_cast<int64_t>(order.size());
  if (n % 2 == 1) {
    for (int64_t& o : order)
      o = (o - 1 + n) % n;
  } else {
    for (size_t k = 1; k < order.size(); ++k)
      order[k] = (order[k] - 2 + 2 * (n - 1)) % (n - 1) + 1;
  }
}

} // namespace

std::pair<Tensor, Tensor> Tensor::qr() const {
  needMatrix(*this, "qr");
  if (!isFloatingPoint()) return toFloat().qr();
  const int64_t m = shape()[ndim() - 2], n = shape().back();
  Tensor r = *this, q = batchedEye(*this, m);
  const Tensor rows = arange(m).to({device()});
  for (int64_t k = 0; k < std::min(m, n); ++k) {
    // the reflector v (v[k] = 1, zeros above k) and tau take column k's entries from k down to
    // -sign(x_k) |x| e_k
    const Tensor diagonal = rows.eq(k);
    const Tensor x = rows.ge(k).where(r.getitem({ellipsis, Slice{}, k}), 0);
    const Tensor norm = x.square().sum({-1}, true).sqrt();
    const Tensor head = diagonal.where(x, 0).sum({-1}, true);
    const Tensor sign = head.ne(0).where(head.sign(), 1), nonzero = norm.ne(0);
    const Tensor u0 = head.add(sign.mul(norm));
    const Tensor v = diagonal.where(u0, x).div(nonzero.where(u0, 1)).unsqueeze(-1);
    const Tensor tau = nonzero.where(sign.mul(u0).div(nonzero.where(norm, 1)), 0).unsqueeze(-1);
    const Tensor w = tau.mul(v);
    r = r.sub(w.matmul(v.transpose(-2, -1).matmul(r)));
    q = q.sub(q.matmul(v).matmul(w.transpose(-2, -1)));
  }
  return {q, r};
}

std::tuple<Tensor, Tensor, Tensor> Tensor::svd(bool fullMatrices) const {
  needMatrix(*this, "svd");
  const int64_t m = shape()[ndim() - 2], n = shape().back();
  const bool tall = m >= n;
  const auto [q, r] = (tall ? *this : transpose(-2, -1)).qr();
  const int64_t num = std::min(m, n), big = std::max(m, n), half = num / 2;
  Tensor u = r.getitem({ellipsis, Slice{0, num, {}}, Slice{0, num, {}}}).contiguous();
  Tensor v = batchedEye(u, num).contiguous();
  // one-sided Jacobi: each round rotates `half` disjoint column pairs of u (and v alike) until
  // u's columns are orthogonal; classical Jacobi converges within four sweeps of num - 1 rounds
  std::vector<int64_t> order(static_cast<size_t>(num));
  for (int64_t k = 0; k < num; ++k)
    order[static_cast<size_t>(k)] = k < half ? k : num - 1 - (k - half);
  for (int64_t round = 0; round < 4 * num && half > 0; ++round) {
    std::vector<int64_t> inverse(order.size());
    for (size_t k = 0; k < order.size(); ++k)
      inverse[static_cast<size_t>(order[k])] = static_cast<int64_t>(k);
    const std::vector<Tensor> uParts = columnsAt(u, order).split(Ints{half, half, num - 2 * half}, -1);
    const std::vector<Tensor> vParts = columnsAt(v, order).split(Ints{half, half, num - 2 * half}, -1);
    const Tensor &left = uParts[0], &right = uParts[1];
    const auto [c, s] = jacobiRotation(left.square().sum({-2}, true), right.square().sum({-2}, true),
                                       left.mul(right).sum({-2}, true));
    auto rotate = [&c, &s](const std::vector<Tensor>& parts) {
      return parts[0]
          .mul(c)
          .sub(parts[1].mul(s))
          .cat({parts[0].mul(s).add(parts[1].mul(c)), parts[2]}, -1);
    };
    u = columnsAt(rotate(uParts), inverse);
    v = columnsAt(rotate(vParts), inverse);
    nextPairing(order);
  }
  // singular values are the column norms, largest first; u's columns become unit vectors
  const auto [sv, by] = u.square().sum({-2}).sqrt().sort(-1, true);
  Shape square(u.shape());
  const Tensor columns = by.unsqueeze(-2).expand(square);
  u = u.gather(-1, columns).div(sv.ne(0).where(sv, 1).unsqueeze(-2));
  v = v.gather(-1, columns);
  // the left vectors: q times u in the top-left corner of an identity of the long side
  std::vector<PadPair> grow(static_cast<size_t>(ndim() - 2), std::nullopt);
  grow.push_back(std::pair<int64_t, int64_t>{0, big - num});
  grow.push_back(std::pair<int64_t, int64_t>{0, big - num});
  std::vector<PadPair> corner(static_cast<size_t>(ndim() - 2), std::nullopt);
  corner.push_back(std::pair<int64_t, int64_t>{num, 0});
  corner.push_back(std::pair<int64_t, int64_t>{num, 0});
  Tensor left = big == num ? q.matmul(u) : q.matmul(u.pad(grow).add(batchedEye(u, big - num).pad(corner)));
  if (!fullMatrices) left = left.getitem({ellipsis, Slice{0, num, {}}});
  if (tall) return {left, sv, v.transpose(-2, -1)};
  return {v, sv, left.transpose(-2, -1)};
}

} // namespace uops
