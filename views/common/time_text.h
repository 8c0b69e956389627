// A kernel's time as people read it: the unit that keeps three significant
// digits or so ("850 ns", "37.2 µs", "1.234 ms", "2.500 s"), never "0.0000 ms"
// for the microsecond kernels a small program runs. Every view that shows a
// kernel time (Kernels, Run, Diff, Optimize, the kernel report) uses it.
#pragma once

#include <QString>

namespace uops::views {

// `ms` milliseconds as text with its unit.
QString timeText(double ms);

} // namespace uops::views
