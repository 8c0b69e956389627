// Random numbers: tinygrad's Threefry 2x32 stream, so equal seeds give equal numbers.
//
// tinygrad keeps a per-device key and a 64-bit counter. The counter is only
// ever advanced by host-known amounts, so it lives here on the host; each
// call's key reaches the graph as a two-word literal the kernel reads (its
// seed argument), as tinygrad's kernel reads its key from a buffer, so rand
// calls of one shape are one kernel, compiled once. The per-element Threefry
// rounds are built from primitive uint32 ops (Add, Xor, Shl, Shr).
#include "core/tensor/random_draw.h"
#include "core/tensor/literal.h"
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <array>
#include <cmath>
#include <map>
#include <mutex>
#include <numbers>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

struct DeviceRng {
  uint32_t key0 = 0, key1 = 0;
  uint64_t counter = 0;
  uint64_t draws = 0;
};

struct RngState {
  std::mutex mutex;
  int64_t seed = 0; // tinygrad starts from the time; a fixed default keeps runs reproducible
  uint64_t epoch = 0;
  std::map<std::string, DeviceRng> devices;
};

thread_local RealizationModel* t_model = nullptr;

RngState& rng() {
  static RngState state;
  return state;
}

// Low 32 bits of sha256 of the device's 4-byte big-endian ordinal: tinygrad's
// per-device seed word, truncated to uint32 as its Tensor(..., dtype=uint32) does.
constexpr std::array<uint32_t, 16> kDeviceSeedWords = {
    0x14b81119, 0x764f528d, 0xdb12cf1a, 0x0f79f7d3, 0x900b0937, 0x3eaa7569, 0x7c0172cb, 0x28a3a23b,
    0x15036943, 0xdfa285d3, 0xeae31389, 0xf888ebe4, 0x9a1c7059, 0x4273a435, 0x5a3336e3, 0x0f41de35};

constexpr uint32_t kRotations[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};

uint32_t rotl(uint32_t x, uint32_t r) {
  return (x << r) | (x >> (32 - r));
}

// Threefry 2x32, 20 rounds, on host values (for the per-call key).
std::pair<uint32_t, uint32_t> threefryHost(uint32_t x0, uint32_t x1, uint32_t k0, uint32_t k1) {
  uint32_t ks[3] = {k1, k0 ^ k1 ^ 0x1BD11BDAu, k0};
  uint32_t a = x0 + ks[2], b = x1 + ks[0];
  for (uint32_t i = 0; i < 5; ++i) {
    for (uint32_t r : kRotations[i % 2]) {
      a += b;
      b = a ^ rotl(b, r);
    }
    a += ks[i % 3];
    b += ks[(i + 1) % 3] + i + 1;
  }
  return {a, b};
}

// A call's key (k0, k1) as uint32 data of shape (2,). Untagged, unlike a
// program's literals: equal keys are one node, so a reseeded stream is the
// same graph.
Tensor keyWords(uint32_t k0, uint32_t k1) {
  std::string bytes = literalBytes({Scalar(int64_t{k0}), Scalar(int64_t{k1})}, dtypes::uint32);
  UOpPtr data = UOp::make(Op::Binary, dtypes::uint8, {}, std::move(bytes));
  return Tensor(reshape(bitcast(data, dtypes::uint32), Shape{2}));
}

// The same rounds over uint32 tensors, the key words read from `key`; the
// rotation's halves never overlap, so Add joins them.
std::pair<Tensor, Tensor> threefryGraph(Tensor a, Tensor b, const Tensor& key) {
  Tensor k0 = key.shrink({std::pair<int64_t, int64_t>{0, 1}});
  Tensor k1 = key.shrink({std::pair<int64_t, int64_t>{1, 2}});
  Tensor ks[3] = {k1, k0.bitwiseXor(k1).bitwiseXor(int64_t{0x1BD11BDA}), k0};
  a = a.add(ks[2]);
  b = b.add(ks[0]);
  for (uint32_t i = 0; i < 5; ++i) {
    for (uint32_t r : kRotations[i % 2]) {
      a = a.add(b);
      b = a.bitwiseXor(b.lshift(int64_t{r}).add(b.rshift(int64_t{32 - r})));
    }
    a = a.add(ks[i % 3]);
    b = b.add(ks[(i + 1) % 3].add(int64_t{i + 1}));
  }
  return {a, b};
}

// The key and the counter before reserving `num` words (tinygrad's _next_counter).
std::pair<DeviceRng, uint64_t> nextCounter(const std::string& device, uint64_t num,
                                           uint64_t* epoch = nullptr) {
  RngState& s = rng();
  std::lock_guard lock(s.mutex);
  auto it = s.devices.find(device);
  if (it == s.devices.end()) {
    size_t ordinal = s.devices.size();
    if (ordinal >= kDeviceSeedWords.size())
      fail("random numbers on more than 16 devices are not supported");
    DeviceRng d;
    d.key0 = kDeviceSeedWords[ordinal];
    d.key1 = static_cast<uint32_t>(s.seed);
    it = s.devices.emplace(device, d).first;
  }
  uint64_t before = it->second.counter;
  DeviceRng drawn = it->second;
  it->second.counter += num;
  ++it->second.draws;
  if (epoch) *epoch = s.epoch;
  return {drawn, before};
}

// `num` random uint32 words (tinygrad's random_bits).
Tensor randomBits(const DeviceRng& key, uint64_t counter, uint64_t num, const std::string& device) {
  constexpr uint64_t chunkMax = 0xFFFFFFFFu;
  std::optional<Tensor> bits;
  for (uint64_t i = 0; i < num; i += chunkMax) {
    uint64_t chunk = std::min(num - i, chunkMax);
    uint64_t c = counter + i;
    auto [nk0, nk1] =
        threefryHost(static_cast<uint32_t>(c), static_cast<uint32_t>(c >> 32), key.key0, key.key1);
    int64_t half = static_cast<int64_t>((chunk + 1) / 2);
    Tensor counts0 = Tensor::arange(int64_t{0}, half, int64_t{1}, dtypes::uint32);
    Tensor counts1 = counts0.add(half);
    auto [r0, r1] = threefryGraph(counts0, counts1, keyWords(nk0, nk1));
    Tensor part = r0.cat({r1}).shrinkTo({static_cast<int64_t>(chunk)});
    bits = bits ? bits->cat({part}) : part;
  }
  return Tensor(bits->uop(), device);
}

// Mantissa bits under the exponent of 1.0 give [1, 2); minus 1 is [0, 1).
Tensor bitsToRand(const Tensor& bits, const Shape& shape, DType dtype) {
  int nmant = dtype == dtypes::float16    ? 10
              : dtype == dtypes::bfloat16 ? 7
              : dtype == dtypes::float32  ? 23
                                          : 52;
  DType uint = dtype.itemSize() == 2   ? dtypes::uint16
               : dtype.itemSize() == 4 ? dtypes::uint32
                                       : dtypes::uint64;
  int64_t one = dtype == dtypes::float16    ? 0x3c00
                : dtype == dtypes::bfloat16 ? 0x3f80
                : dtype == dtypes::float32  ? 0x3f800000
                                            : 0x3ff0000000000000;
  Tensor x = bits.bitcast(uint).rshift(int64_t{dtype.bits() - nmant}).bitwiseOr(one).bitcast(dtype);
  return x.shrinkTo({shapeProduct(shape)}).sub(1).reshape(shape);
}

void checkRandomShape(const Shape& shape) {
  for (int64_t s : shape)
    if (s < 0) fail(fmt::format("invalid input shape={}", toString(shape)));
}

Tensor uniformImpl(const Shape& shape, const Scalar& low, const Scalar& high,
                   std::optional<DType> dtype, const std::string& device) {
  checkRandomShape(shape);
  auto v = [](const Scalar& s) {
    return std::visit([](auto x) { return static_cast<double>(x); }, s);
  };
  if (v(low) >= v(high))
    fail(fmt::format("Tensor.uniform requires low < high, got low={}, high={}", pyRepr(low),
                     pyRepr(high)));
  Scalar width = std::holds_alternative<double>(low) || std::holds_alternative<double>(high)
                     ? Scalar(v(high) - v(low))
                     : Scalar(std::get<int64_t>(high) - std::get<int64_t>(low));
  return (width * Tensor::rand(shape, {}, device)).cast(dtype.value_or(dtypes::float32)).add(low);
}

int64_t fanIn(const Shape& shape) {
  int64_t n = 1;
  for (size_t i = 1; i < shape.size(); ++i)
    n *= shape[i];
  return n;
}

} // namespace

void Tensor::manualSeed(int64_t seed) {
  RngState& s = rng();
  std::lock_guard lock(s.mutex);
  s.seed = seed;
  s.devices.clear();
  ++s.epoch;
}

Tensor Tensor::rand(const Shape& shape, std::optional<DType> dtype, const std::string& device) {
  DType dt = dtype.value_or(dtypes::float32);
  if (!dt.isFloat())
    fail(fmt::format("rand only supports concrete float dtypes, got {}", toString(dt)));
  checkRandomShape(shape);
  uint64_t num = static_cast<uint64_t>(ceilDiv(shapeProduct(shape) * dt.itemSize(), 4));
  if (num == 0) return full(shape, int64_t{0}, dt, device);
  uint64_t epoch = 0;
  auto [key, counter] = nextCounter(device, num, &epoch);
  if (t_model) {
    RandomDraw draw{device, key.key0, key.key1, epoch, key.draws, counter + num, num, shape, dt};
    return t_model->randomLeaf(draw);
  }
  return bitsToRand(randomBits(key, counter, num, device), shape, dt).contiguous();
}

void setRealizationModel(RealizationModel* model) {
  t_model = model;
}

RealizationModel* realizationModel() {
  return t_model;
}

Tensor randomFromCounter(const RandomDraw& draw, uint64_t counter) {
  DeviceRng key{draw.key0, draw.key1, 0, 0};
  return bitsToRand(randomBits(key, counter - draw.num, draw.num, draw.device), draw.shape,
                    draw.dtype)
      .contiguous();
}

Tensor Tensor::randLike(std::optional<DType> dtype) const {
  Tensor out = rand(shape(), dtype.value_or(this->dtype()), device());
  return isMultiDevice() ? out.shard(devices(), shardAxis()) : out;
}

// Box-Muller on two uniform draws of one rand call.
Tensor Tensor::randnLike(std::optional<DType> dtype) const {
  Shape both{2};
  both.insert(both.end(), shape().begin(), shape().end());
  Tensor src = rand(both, dtypes::float32, device());
  Tensor u0 = src.getitem({0}), u1 = src.getitem({1});
  Tensor r = u0.mul(2 * std::numbers::pi).cos().mul((1 - u1).log().mul(-2).sqrt());
  r = r.cast(dtype.value_or(this->dtype()));
  return isMultiDevice() ? r.shard(devices(), shardAxis()) : r;
}

Tensor Tensor::randn(const Shape& shape, std::optional<DType> dtype, const std::string& device) {
  checkRandomShape(shape);
  return zeros(shape, dtypes::float32, device).randnLike(dtype.value_or(dtypes::float32));
}

Tensor Tensor::randint(const Shape& shape, int64_t low, int64_t high, DType dtype,
                       const std::string& device) {
  if (low >= high)
    fail(fmt::format("Tensor.randint requires low < high, got low={}, high={}", low, high));
  if (!dtype.isInt()) fail(fmt::format("dtype={} must be int", toString(dtype)));
  return uniformImpl(shape, low, high, dtype, device);
}

Tensor Tensor::uniform(const Shape& shape, double low, double high, std::optional<DType> dtype,
                       const std::string& device) {
  return uniformImpl(shape, low, high, dtype, device);
}

Tensor Tensor::normal(const Shape& shape, double mean, double stddev, std::optional<DType> dtype,
                      const std::string& device) {
  if (stddev < 0) fail(fmt::format("Tensor.normal requires std >= 0, got std={}", pyRepr(stddev)));
  return (stddev * randn(shape, dtype, device)).add(mean);
}

Tensor Tensor::scaledUniform(const Shape& shape, std::optional<DType> dtype,
                             const std::string& device) {
  return uniform(shape, -1.0, 1.0, dtype, device)
      .mul(std::pow(static_cast<double>(shapeProduct(shape)), -0.5));
}

Tensor Tensor::glorotUniform(const Shape& shape, std::optional<DType> dtype,
                             const std::string& device) {
  double bound = std::sqrt(6.0 / static_cast<double>(shape.at(0) + fanIn(shape)));
  return uniform(shape, -bound, bound, dtype, device);
}

Tensor Tensor::kaimingUniform(const Shape& shape, double a, std::optional<DType> dtype,
                              const std::string& device) {
  double bound = std::sqrt(6.0 / (1 + a * a) / static_cast<double>(fanIn(shape)));
  return uniform(shape, -bound, bound, dtype, device);
}

Tensor Tensor::kaimingNormal(const Shape& shape, double a, std::optional<DType> dtype,
                             const std::string& device) {
  double stddev = std::sqrt(2.0 / (1 + a * a) / static_cast<double>(fanIn(shape)));
  return normal(shape, 0.0, stddev, dtype, device);
}

Tensor Tensor::randperm(int64_t n, DType dtype, const std::string& device) {
  return rand({n}, {}, device).argsort().cast(dtype);
}

} // namespace uops
