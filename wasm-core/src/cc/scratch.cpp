// Recipe check (docs/extending.md): a window rule that holds a fixed window. Reverted in the
// next commit.
#include "cc/congestion_control.h"

namespace bl {
namespace {

class FixedWindow final : public BoundCc<FixedWindow> {
 public:
  static const BoundSpecs<FixedWindow>& params() {
    static const BoundSpecs<FixedWindow> t{bind<&FixedWindow::window_>(Spec::number("window", "Window", "packets")
                                                                           .defaultsTo(10)
                                                                           .range(1, 10000)
                                                                           .help("The window it always holds.")
                                                                           .live())};
    return t;
  }
  const char* name() const override { return "fixed"; }
  void onAck(CcState& s, uint32_t) override { s.cwnd = window_; }
  double onLossEvent(const CcState&) override { return window_; }

 private:
  double window_ = 10;
};

}  // namespace

std::unique_ptr<CongestionControl> makeFixedWindow() { return std::make_unique<FixedWindow>(); }
const SpecList& fixedWindowSpecs() { return FixedWindow::params().specs(); }

}  // namespace bl
