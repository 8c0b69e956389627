// What tinygrad printed for the two kv-cache decoders
// (resources/examples/kv_cache_decoder.py, tests/program/llama_decoder.py;
// PYTHONPATH=tinygrad DEV=CPU python3 <program>):
// each decode step's greedy token. Shared by the program tests (REF) and the
// CPU tests.
#pragma once

namespace programtest {

inline constexpr const char* kKvCachePrinted =
    "step 0: pos 3 token 13\n"
    "step 1: pos 4 token 0\n"
    "step 2: pos 5 token 18\n"
    "step 3: pos 6 token 19\n"
    "step 4: pos 7 token 4\n"
    "tokens [3, 1, 4, 13, 0, 18, 19, 4]\n";

inline constexpr const char* kLlamaPrinted =
    "step 0: pos 4 token 8\n"
    "step 1: pos 5 token 1\n"
    "step 2: pos 6 token 19\n"
    "step 3: pos 7 token 1\n"
    "step 4: pos 8 token 19\n"
    "tokens [5, 2, 9, 7, 8, 1, 19, 1, 19]\n";

} // namespace programtest
