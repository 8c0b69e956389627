// "Did you mean" suggestions for misspelled names and attributes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace uops::frontend {

// ". Did you mean: 'Tensor'?" for the closest candidate within an edit
// distance of a third of the name's length (rounded to nearest), or "" if none is
// close. Ties go to the alphabetically first, so messages are stable.
std::string didYouMean(std::string_view name, const std::vector<std::string>& candidates);

} // namespace uops::frontend
