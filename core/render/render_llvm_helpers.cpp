// Conversions between float registers and the i16 storage of float16 and
// bfloat16, in integer IR, so no libcall (__truncsfhf2, __truncsfbf2) and no
// CPU feature (F16C) is needed. Each rounds once, to nearest even, like
// core/runtime/float_convert.cpp; a NaN keeps its sign and the top of its payload
// and becomes quiet. Wider sources go through round-to-odd (one spare bit is
// enough for the second rounding to be correct; we keep many).
#include "core/render/render_llvm_writer.h"

namespace uops::llvmir {

std::string helperName(Helper h) {
  switch (h) {
  case Helper::HalfToFloat:
    return "uops.f16_to_f32";
  case Helper::FloatToHalf:
    return "uops.f32_to_f16";
  case Helper::BFloatToFloat:
    return "uops.bf16_to_f32";
  case Helper::FloatToBFloat:
    return "uops.f32_to_bf16";
  case Helper::DoubleToFloatOdd:
    return "uops.f64_to_f32_odd";
  case Helper::UInt64ToDoubleOdd:
    return "uops.u64_to_f64_odd";
  }
  return "";
}

std::string helperDefinition(Helper h) {
  switch (h) {
  case Helper::HalfToFloat:
    // exponent rebased by 127-15; inf/NaN get the top exponent, subnormals are
    // renormalized by subtracting 2^-14 in float arithmetic (exact)
    return R"(define internal float @uops.f16_to_f32(i16 %h) #0 {
  %x = zext i16 %h to i32
  %em = and i32 %x, 32767
  %shifted = shl i32 %em, 13
  %exp = and i32 %shifted, 260046848
  %rebased = add i32 %shifted, 939524096
  %isspecial = icmp eq i32 %exp, 260046848
  %special = add i32 %rebased, 939524096
  %issub = icmp eq i32 %exp, 0
  %subbits = add i32 %rebased, 8388608
  %subf = bitcast i32 %subbits to float
  %subv = fsub float %subf, 0x3F10000000000000
  %subvbits = bitcast float %subv to i32
  %norm = select i1 %isspecial, i32 %special, i32 %rebased
  %mag = select i1 %issub, i32 %subvbits, i32 %norm
  %sign = and i32 %x, 32768
  %signbit = shl i32 %sign, 16
  %bits = or i32 %mag, %signbit
  %f = bitcast i32 %bits to float
  ret float %f
}
)";
  case Helper::FloatToHalf:
    // three cases as selects: overflow/inf/NaN, a subnormal result (rounded by
    // adding 0.5, whose ulp is half's 2^-24), a normal one (rebias, add
    // 0xfff plus the kept lsb, shift: ties to even)
    return R"(define internal i16 @uops.f32_to_f16(float %f) #0 {
  %u0 = bitcast float %f to i32
  %sign = and i32 %u0, -2147483648
  %u = xor i32 %u0, %sign
  %big = icmp uge i32 %u, 1199570944
  %isnan = icmp ugt i32 %u, 2139095040
  %payload0 = lshr i32 %u, 13
  %payload = and i32 %payload0, 1023
  %nan = or i32 %payload, 32256
  %special = select i1 %isnan, i32 %nan, i32 31744
  %small = icmp ult i32 %u, 947912704
  %uf = bitcast i32 %u to float
  %sum = fadd float %uf, 0x3FE0000000000000
  %sumbits = bitcast float %sum to i32
  %sub = sub i32 %sumbits, 1056964608
  %lsb = and i32 %payload0, 1
  %n1 = add i32 %u, -939520001
  %n2 = add i32 %n1, %lsb
  %norm = lshr i32 %n2, 13
  %r1 = select i1 %small, i32 %sub, i32 %norm
  %r2 = select i1 %big, i32 %special, i32 %r1
  %s16 = lshr i32 %sign, 16
  %r = or i32 %r2, %s16
  %h = trunc i32 %r to i16
  ret i16 %h
}
)";
  case Helper::BFloatToFloat:
    return R"(define internal float @uops.bf16_to_f32(i16 %h) #0 {
  %x = zext i16 %h to i32
  %bits = shl i32 %x, 16
  %f = bitcast i32 %bits to float
  ret float %f
}
)";
  case Helper::FloatToBFloat:
    // add just under half an ulp plus the kept lsb (ties to even); NaN: quiet bit set
    return R"(define internal i16 @uops.f32_to_bf16(float %f) #0 {
  %u = bitcast float %f to i32
  %isnan = fcmp uno float %f, 0.0
  %top = lshr i32 %u, 16
  %lsb = and i32 %top, 1
  %bias = add i32 %lsb, 32767
  %sum = add i32 %u, %bias
  %rounded = lshr i32 %sum, 16
  %nan = or i32 %top, 64
  %r = select i1 %isnan, i32 %nan, i32 %rounded
  %h = trunc i32 %r to i16
  ret i16 %h
}
)";
  case Helper::DoubleToFloatOdd:
    // truncate toward zero (step back when rounding went away from zero), then
    // set the last bit if anything was lost
    return R"(define internal float @uops.f64_to_f32_odd(double %x) #0 {
  %t = fptrunc double %x to float
  %back = fpext float %t to double
  %exact = fcmp ueq double %back, %x
  %bits = bitcast float %t to i32
  %ab = call double @llvm.fabs.f64(double %back)
  %ax = call double @llvm.fabs.f64(double %x)
  %away = fcmp ogt double %ab, %ax
  %dec = add i32 %bits, -1
  %tz = select i1 %away, i32 %dec, i32 %bits
  %odd = or i32 %tz, 1
  %r = select i1 %exact, i32 %bits, i32 %odd
  %f = bitcast i32 %r to float
  ret float %f
}
)";
  case Helper::UInt64ToDoubleOdd:
    // keep the top 53 bits, or the lost ones into the last, scale back by 2^drop
    return R"(define internal double @uops.u64_to_f64_odd(i64 %m) #0 {
  %lz = call i64 @llvm.ctlz.i64(i64 %m, i1 false)
  %width = sub i64 64, %lz
  %over = sub i64 %width, 53
  %isbig = icmp sgt i64 %over, 0
  %drop = select i1 %isbig, i64 %over, i64 0
  %top = lshr i64 %m, %drop
  %one = shl i64 1, %drop
  %mask = sub i64 %one, 1
  %lost = and i64 %m, %mask
  %sticky = icmp ne i64 %lost, 0
  %sbit = zext i1 %sticky to i64
  %odd = or i64 %top, %sbit
  %d = uitofp i64 %odd to double
  %e = add i64 %drop, 1023
  %ebits = shl i64 %e, 52
  %scale = bitcast i64 %ebits to double
  %r = fmul double %d, %scale
  ret double %r
}
)";
  }
  return "";
}

} // namespace uops::llvmir
