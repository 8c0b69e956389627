// A chain program whose memory plan tests/uopc and tests/views both check:
// x -> a -> b -> c, each its own kernel, then c's sum; a and c share storage,
// so do b and x. kChainPlan is what `uopc memory` prints for it, on the CPU and on PoCL.
#pragma once

namespace uops::testsupport {

inline constexpr const char* kChain = "from tinygrad import Tensor\n"
                                      "x = Tensor([1.0, 2.0, 3.0, 4.0])\n"
                                      "a = (x * 2).contiguous()\n"
                                      "b = (a + 1).contiguous()\n"
                                      "c = (b * 3).contiguous()\n"
                                      "out = [c.sum()]\n";

inline constexpr const char* kChainPlan =
    "schedule: 5 items, 5 buffers, peak 32 B at item 1\n"
    "item  kernel  live\n"
    "0     copy    16 B\n"
    "1     #0 E_4  32 B  <- peak\n"
    "2     #1 E_4  32 B\n"
    "3     #2 E_4  32 B\n"
    "4     #3 r_4  20 B\n"
    "\n"
    "buffer  role          bytes  dtype    items  life  writers  readers  storage\n"
    "b0      intermediate  16 B   float32  WR...  0-1   0        1        s0\n"
    "b1      intermediate  16 B   float32  .WR..  1-2   1        2        s1\n"
    "b2      intermediate  16 B   float32  ..WR.  2-3   2        3        s0\n"
    "b3      intermediate  16 B   float32  ...WR  3-4   3        4        s1\n"
    "b4      result        4 B    float32  ....W  4-4   4        -        own\n"
    "\n"
    "peak 32 B at item 1 (#0 E_4): b0 b1\n"
    "storage for intermediates: 32 B planned (s0 16 B, s1 16 B), 64 B one buffer each\n";

} // namespace uops::testsupport
