#include "views/autobatch/cfg_layout.h"

#include "views/graph/dot_layout.h"

#include <QElapsedTimer>
#include <QStringList>

#include <map>

namespace uops::views {

std::vector<int> cfgBlocks(const autobatch::Program& program) {
  std::vector<int> out = program.graph;
  for (const autobatch::Function& f : program.functions) out.insert(out.end(), f.blocks.begin(), f.blocks.end());
  return out;
}

uint32_t functionColor(const std::string& function) {
  // the Graph view pales these (QColor::lighter(150)) behind black text
  static const uint32_t palette[] = {0x64B5F6, 0x81C784, 0xFFB74D, 0xBA68C8, 0xFFF176,
                                     0x4DD0E1, 0xF06292, 0xA1887F, 0xAED581, 0x90A4AE};
  // FNV-1a: stable across runs and platforms, unlike std::hash
  uint32_t h = 2166136261u;
  for (char c : function) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return palette[h % (sizeof palette / sizeof palette[0])];
}

GraphLayout layoutCfg(const autobatch::Program& program) {
  QElapsedTimer timer;
  timer.start();
  GraphLayout out;
  out.engine = QStringLiteral("dot");
  std::vector<int> blocks = cfgBlocks(program);
  std::map<int, size_t> node;
  for (size_t i = 0; i < blocks.size(); ++i) node[blocks[i]] = i;
  auto edge = [&](size_t from, int target) {
    auto it = node.find(target);
    if (it != node.end()) out.edges.push_back({from, it->second, {}});
  };
  for (size_t i = 0; i < blocks.size(); ++i) {
    const autobatch::Block& b = program.pool.at(static_cast<size_t>(blocks[i]));
    QStringList lines{QString::fromStdString(b.label)};
    for (const autobatch::Instruction& ins : b.instructions) lines << QString::fromStdString(autobatch::instructionText(ins));
    lines << QString::fromStdString(autobatch::terminatorText(program, b.terminator));
    LaidOutNode n;
    n.number = i;
    n.label = lines.join(QLatin1Char('\n'));
    n.color = functionColor(b.function.empty() ? std::string("main") : b.function);
    out.nodes.push_back(std::move(n));
    std::visit(
        [&](const auto& t) {
          using T = std::decay_t<decltype(t)>;
          if constexpr (std::is_same_v<T, autobatch::BranchOp>) {
            edge(i, t.ifTrue);
            edge(i, t.ifFalse);
          } else if constexpr (std::is_same_v<T, autobatch::GotoOp>) {
            edge(i, t.target);
          } else if constexpr (std::is_same_v<T, autobatch::PushGotoOp>) {
            edge(i, t.target);
            edge(i, t.push);
          }
        },
        b.terminator);
  }
  dotLayout(out);
  // room above the blocks for the view's caption
  out.bounds.adjust(0, -36, 0, 0);
  out.layoutMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
  return out;
}

} // namespace uops::views
