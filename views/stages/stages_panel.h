// The Stages view: the stages as a stepper tree over StagesModel — Callify
// and Rangeify for the whole program, then each later stage with one entry
// per kernel. Choosing an entry selects that stage record in the session (the
// graph view follows).
#pragma once

#include <QTreeView>

namespace uops::views {

class Session;
class StagesModel;

class StagesPanel : public QTreeView {
  Q_OBJECT

public:
  explicit StagesPanel(Session& session, QWidget* parent = nullptr);
  StagesModel* stagesModel() const { return m_model; }
  // Moves the selection to the next/previous stage of the same kernel
  // (Optimize of #5 -> Expand of #5; Rangeify -> Optimize of the kernel last
  // shown, #0 at first; a kernel's Optimize <- Rangeify).
  void step(int delta);
  // Moves the selection to the next/previous kernel in the same stage.
  void stepKernel(int delta);
  // Lists kernel stages under their kernel (kernel > stages) rather than
  // under their stage; the selection stays.
  void setByKernel(bool byKernel);

private:
  int m_kernel = 0; // the kernel a whole-program stage goes back to
  void rebuild();
  void follow(int record);

  Session& m_session;
  StagesModel* m_model;
  bool m_updating = false;
};

} // namespace uops::views
