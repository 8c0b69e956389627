// The CPU heuristics' register tiles for convolutions whose image rows are not
// whole vectors (heuristics.h tiles the others). With either vector width, a
// padded convolution whose filters arrive in blocks of one vector of output
// channels and whose input arrives with its channels innermost
// (core/pipeline/rangeify_pack_filters.cpp) is tiled over the channels first
// (below; with AVX-512 two vectors of 16 by 8 output positions, else 7,
// else 4, or one vector by up to 16 positions; on a Zen, whose broadcasts
// take an FP pipe, four vectors by 4 positions where the channels allow). Otherwise, with 512-bit
// vectors,
//   - rows the vectors do not divide (56, 28 and 14 wide: ResNet's and
//     EfficientNet's layers) are upcast whole, with up to 8 output channels
//     (at most 256 copies); one shorter than two vectors takes the next output
//     row with it (consecutive in memory, so the run is longer). Padded to
//     whole vectors instead (heuristics.h), the 16 x 16 tile's last vector of
//     a row is half masked, and LLVM split a 28-wide row's tile into 8- and
//     4-float halves. Same loaded runs: conv2d 3x3 on 56 x 56 padded 16 x 16
//     210-220 ms, whole row x 4 channels 130-177 ms; the 1x1 on 56 x 56
//     187-281 against 56-82 ms; EfficientNet's 1x1 (28 wide) 50-61 against
//     1.1-2.2 ms with two rows x 4 channels; ResNet's 3x3 (14 wide)
//     1070-1114 ms (a 32 x 8 tile of channels and images) against 295-297
//     with two rows x 8 channels;
//   - depthwise (no output axis reuses a load that depends on the image row,
//     so no tile across channels; the reductions a small window only): the
//     whole row (56 floats: three vectors and a half, none padded), the
//     window's loops around it (16x144x56x56 on a loaded Zen 5, same run: row
//     by 8 40 and 36 ms, whole row 26 and 20, whole row x 2 rows 19 and 22,
//     padded 16 x 4 rows with the window's rows unrolled 100 and 135; on
//     Sapphire Rapids, the kernel alone, minimum of 7: whole row x 2 rows 7.2
//     ms, the whole row alone 2.0, at the copy's bandwidth; 28 wide, 240
//     channels: 2.0 against 0.72-0.86).
//   - stride 2 (the input row read every other element): the output row,
//     two vectors of it at most, by 8 output channels; the renderer reads the
//     row as masked vectors of twice the lanes and a shuffle
//     (core/render/vector_access.h);
//   - both of the first two: the rows' loop outside the output channels' when
//     the filters re-read once per row tile are fewer bytes than the images
//     re-read once per channel tile (the 1x1, EfficientNet's and the stride-2
//     layers; not ResNet's layer3, 2.4 MB of filters).
// With AVX2 (256-bit vectors), no column is computed for nothing where the
// row allows: an ungated row of whole vectors that two do not divide (56) is
// tiled one vector by two output rows by 4 output channels; a row of two to
// four vectors that they do not divide (28, 20; 14 with the next output row)
// is upcast whole by 2 or 4 channels (eight accumulators); any other row that
// two vectors do not divide is padded to a multiple of 16 when that adds at
// most a quarter, tiled 16 columns by 4 output channels. Each takes the rows'
// loop outside the channels' where that reads fewer bytes (as above). A
// convolution whose filters arrive in blocks of 8 output channels and whose
// input arrives copied with its padding, its channels innermost
// (core/pipeline/rangeify_pack_filters.cpp), is tiled two vectors of channels
// by four output positions (2 columns by 2 rows, else along one, else with
// images: 8 accumulators) where the channels are 16 or a multiple, else one
// vector of channels by up to 7 output columns by up to 3 output rows (14
// accumulators); the input channels innermost either way; depthwise keeps
// heuristics.h's tile there. Another padded input with rows of 48 or more
// arrives copied with its padding (core/pipeline/rangeify_pad_copy.cpp): no
// gates, so the window's loops stay inside the input channels' and unroll.
// Rows that two vectors divide keep heuristics.h's tile.
// A plan of OptOps on the kernel's axes as numbered before them (each Split
// appends its new axis, so the numbers stay valid); none where no rule fits.
#pragma once

#include "core/opt/tile_step.h"

#include <optional>

namespace uops {

std::optional<RegisterTile> convTile(const UOpPtr& ast, const OptTarget& target);

} // namespace uops
