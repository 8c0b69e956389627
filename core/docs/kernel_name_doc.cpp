#include "core/docs/kernel_name_doc.h"

#include "core/docs/axis_opt_doc.h"

#include <fmt/format.h>

namespace uops::docs {

std::string kernelNameHtml(const KernelName& name) {
  bool reduces = !name.text.empty() && name.text[0] == 'r';
  std::string out = fmt::format(
      "<p><b>{}</b> &nbsp;<i>kernel name</i></p><p>{}: then each range's size, outermost "
      "first, colored by its AxisType.</p><table>",
      name.text, reduces ? "r: the kernel reduces" : "E: elementwise, no reduction");
  for (size_t i = 0; i < name.sizes.size() && i < name.types.size(); ++i) {
    AxisType type = name.types[i];
    out += fmt::format("<tr><td>axis {}&nbsp;</td><td><b>{}</b>&nbsp;</td><td>{} {}&nbsp;</td>"
                       "<td>{}</td></tr>",
                       i, name.sizes[i], axisTypeLetter(type), axisTypeName(type),
                       axisTypeDoc(type).meaning);
  }
  return out + "</table>";
}

} // namespace uops::docs
