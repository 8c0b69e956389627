// The Memory view: the Register/Memory Plan of the program lowered. Above,
// its schedule's buffers over the kernels (BufferChart) with the peak and the
// planned storage summed up; below, the registers of the kernel selected in
// the Session over its linearized instructions (RegisterChart). Clicking a
// kernel's column selects that kernel's Register/Memory Plan stage.
#pragma once

#include <QWidget>

class QLabel;

namespace uops::views {

class BufferChart;
class RegisterChart;
class Session;

class MemoryPanel : public QWidget {
  Q_OBJECT

public:
  explicit MemoryPanel(Session& session, QWidget* parent = nullptr);
  BufferChart* buffers() const { return m_buffers; }
  RegisterChart* registers() const { return m_registers; }
  // "5 items, 7 buffers; peak 1.2 KiB at #1 r_4_4; intermediates: ..."
  QString summary() const;
  // "kernel #1 r_4_4: 2 registers in 1 slot over 57 instructions"
  QString kernelTitle() const;

private:
  void rebuild();
  void follow(int record);
  void selectKernel(int kernel);

  Session& m_session;
  QLabel* m_summary;
  BufferChart* m_buffers;
  QLabel* m_kernelTitle;
  RegisterChart* m_registers;
};

} // namespace uops::views
