// Text into HTML: the characters that would end an element or an attribute
// value escaped (& < > " '), so program text, kernel source and machine code
// go into <pre> as they are.
#pragma once

#include <string>
#include <string_view>

namespace uops {

std::string htmlEscaped(std::string_view text);

} // namespace uops
