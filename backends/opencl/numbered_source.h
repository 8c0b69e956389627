// Source text with line numbers, as build errors show it: driver logs say
// "<source>:3:14: error ...", and the reader finds line 3 without counting.
#pragma once

#include <string>

namespace uops {

// "1 | first\n2 | second\n"; numbers right-aligned to the widest, and the
// last line ends in a newline whether or not the source's did.
std::string numberedSource(const std::string& source);

} // namespace uops
