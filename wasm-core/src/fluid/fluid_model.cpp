// The fluid model's numerics (docs/fluid-model.md). The solver takes fixed steps of dt with
// exponential Euler: the multiplicative-decrease term of Eq. 9 and the EWMA of Eq. 7 are
// linear in the state they change, so they are integrated exactly over a step with their
// coefficients frozen (stable for any loss rate and RED weight); the additive increase and
// Eq. 3 take a plain Euler step. Delayed terms come from a ring buffer holding one entry per
// step, read with linear interpolation; before t = 0 the history is the initial state.
#include "fluid/fluid_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bl {

double FluidQueue::redProbability(double v) const {
  if (kind != Kind::Red || v <= minTh) return 0;
  if (v >= maxTh) return 1;
  return maxP * (v - minTh) / (maxTh - minTh);
}

double lossAt(const std::vector<std::pair<double, double>>& steps, double t) {
  double pe = 0;
  for (const auto& [from, rate] : steps) {
    if (from > t + 1e-9) break;
    pe = rate;
  }
  return pe;
}

namespace {

// One row of `width` values per step, the last `size` steps kept (size rounded up to a power
// of two, so a step index maps to its slot with a mask); read at a fractional step index.
class History {
 public:
  History(int64_t size, int width)
      : mask_(pow2(size) - 1), width_(width), v_(static_cast<size_t>((mask_ + 1) * width)) {}
  double* at(int64_t step) { return &v_[static_cast<size_t>((step & mask_) * width_)]; }
  // Column `col` at step index s (clamped to >= 0: the history before t = 0 is the state at 0).
  double read(int col, double s) const {
    if (s <= 0) s = 0;
    const int64_t k = static_cast<int64_t>(s);
    const double f = s - static_cast<double>(k);
    const double a = v_[static_cast<size_t>((k & mask_) * width_ + col)];
    if (f == 0) return a;
    const double b = v_[static_cast<size_t>(((k + 1) & mask_) * width_ + col)];
    return a + f * (b - a);
  }

 private:
  static int64_t pow2(int64_t n) {
    int64_t p = 1;
    while (p < n) p <<= 1;
    return p;
  }
  int64_t mask_;
  int width_;
  std::vector<double> v_;
};

// e^{-k} for k >= 0; a Taylor polynomial for the small k of most steps (error < k^5/120).
inline double expNeg(double k) {
  if (k < 0.01) return 1 - k * (1 - k * (0.5 - k * (1.0 / 6 - k * (1.0 / 24))));
  return std::exp(-k);
}

struct WindowSums {
  std::vector<double> x, x2;
  double b = 0, b2 = 0, minB = 0, maxB = 0, v = 0, pc = 0, q = 0, y = 0;
  int64_t n = 0;
};

FluidWindow finish(const std::pair<double, double>& w, const WindowSums& s, double pe, double C) {
  FluidWindow out;
  out.from = w.first;
  out.to = w.second;
  out.pe = pe;
  out.steps = s.n;
  if (s.n == 0) return out;
  const double n = static_cast<double>(s.n);
  double sum = 0, sum2 = 0, stdSum = 0;
  out.minX = std::numeric_limits<double>::infinity();
  out.maxX = 0;
  for (size_t i = 0; i < s.x.size(); ++i) {
    const double mean = s.x[i] / n;
    out.x.push_back(mean);
    sum += mean;
    sum2 += mean * mean;
    stdSum += std::sqrt(std::max(0.0, s.x2[i] / n - mean * mean));
    out.minX = std::min(out.minX, mean);
    out.maxX = std::max(out.maxX, mean);
  }
  const double m = static_cast<double>(s.x.size());
  out.meanX = sum / m;
  out.xStd = stdSum / m;
  out.jain = sum2 > 0 ? sum * sum / (m * sum2) : 1;
  out.meanB = s.b / n;
  out.bStd = std::sqrt(std::max(0.0, s.b2 / n - out.meanB * out.meanB));
  out.minB = s.minB;
  out.maxB = s.maxB;
  out.meanV = s.v / n;
  out.meanPc = s.pc / n;
  out.meanQ = s.q / n;
  out.utilization = s.y / n / C;
  return out;
}

}  // namespace

FluidResult solveFluid(const FluidParams& p) {
  const int m = p.m;
  const double dt = p.dt, C = p.C, B = p.queue.buffer;
  const bool red = p.queue.kind == FluidQueue::Kind::Red;
  const bool overflow = p.queue.fullLoss == FluidQueue::FullLoss::Overflow;
  const int64_t nSteps = std::llround(p.duration / dt);
  const int64_t every = std::max<int64_t>(1, std::llround(p.samplePeriod / dt));

  double maxDelay = 0;
  for (double d : p.D) maxDelay = std::max(maxDelay, d + B / C);
  // Slot k + 1 of the oldest read must still be held: ceil(maxDelay / dt) + 2 steps, plus one.
  History xh(static_cast<int64_t>(std::ceil(maxDelay / dt)) + 3, m);
  History qh(static_cast<int64_t>(std::ceil(maxDelay / dt)) + 3, 1);

  // Delays in steps: D_i, D_{s_i,b}; r_i adds b/C.
  const double invDt = 1 / dt;
  std::vector<double> x(static_cast<size_t>(m)), dSteps(static_cast<size_t>(m)), dsbSteps(static_cast<size_t>(m));
  for (int i = 0; i < m; ++i) {
    x[i] = p.initialWindow / p.D[i];
    dSteps[i] = p.D[i] * invDt;
    dsbSteps[i] = p.alpha[i] * p.D[i] * invDt;
  }
  double b = 0, v = 0;
  const double vGain = red ? -std::expm1(-p.queue.weight * C * dt) : 0;  // 1 - e^{-beta C dt}

  FluidResult res;
  res.columns.push_back("t");
  for (int i = 0; i < m; ++i) res.columns.push_back("x." + std::to_string(i));
  for (const char* c : {"xMean", "b", "v", "pc", "pe", "q"}) res.columns.push_back(c);

  std::vector<WindowSums> sums(p.windows.size());
  for (auto& s : sums) {
    s.x.assign(static_cast<size_t>(m), 0);
    s.x2.assign(static_cast<size_t>(m), 0);
    s.minB = std::numeric_limits<double>::infinity();
  }

  for (int64_t n = 0;; ++n) {
    const double t = static_cast<double>(n) * dt;
    std::copy(x.begin(), x.end(), xh.at(n));
    // Eq. 3's input: sum_i x_i(t - D_{s_i,b}).
    double in = 0;
    for (int i = 0; i < m; ++i) in += xh.read(i, static_cast<double>(n) - dsbSteps[i]);
    // Eqs. 4-6. b is held in [0, B] by projection; while it sits at B the buffer drops.
    const bool full = b >= B;
    double pc = 0;
    if (full) pc = overflow ? (in > C ? 1 - C / in : 0) : 1;
    if (red) pc = std::max(pc, p.queue.redProbability(v));
    const double pe = lossAt(p.lossSteps, t);
    const double q = 1 - (1 - pc) * (1 - pe);
    *qh.at(n) = q;

    if (b < 0 || b > B) res.bLeftRange = true;
    const double y = b > 0 ? C : std::min(in, C);  // link output rate
    for (size_t w = 0; w < p.windows.size(); ++w) {
      if (t < p.windows[w].first - 1e-9 || t >= p.windows[w].second - 1e-9) continue;
      WindowSums& s = sums[w];
      for (int i = 0; i < m; ++i) {
        s.x[i] += x[i];
        s.x2[i] += x[i] * x[i];
      }
      s.b += b;
      s.b2 += b * b;
      s.v += v;
      s.pc += pc;
      s.q += q;
      s.y += y;
      s.minB = std::min(s.minB, b);
      s.maxB = std::max(s.maxB, b);
      ++s.n;
    }
    if (n % every == 0) {
      std::vector<double> row;
      row.reserve(res.columns.size());
      row.push_back(t);
      double sum = 0;
      for (int i = 0; i < m; ++i) {
        row.push_back(x[i]);
        sum += x[i];
      }
      for (double c : {sum / m, b, v, pc, pe, q}) row.push_back(c);
      res.rows.push_back(std::move(row));
    }
    if (n == nSteps) break;

    // Eq. 9 with r_i(t) of Eq. 1 and D_{bs_i}(t) of Eq. 10.
    const double queueSteps = b / C * invDt, now = static_cast<double>(n);
    for (int i = 0; i < m; ++i) {
      const double r = p.D[i] + b / C, inv = 1 / r;
      const double xd = xh.read(i, now - dSteps[i] - queueSteps);
      const double qd = qh.read(0, now - dSteps[i] - queueSteps + dsbSteps[i]);
      const double next = x[i] * expNeg(dt * 0.5 * xd * qd) + dt * xd * (1 - qd) * inv * inv / x[i];
      x[i] = std::max(next, p.minWindow * inv);
    }
    // Eq. 7 (exact over the step for frozen b), then Eq. 3 projected onto [0, B].
    if (red) v += (b - v) * vGain;
    b = std::clamp(b + dt * (in - C), 0.0, B);
  }
  res.steps = nSteps;
  for (size_t w = 0; w < p.windows.size(); ++w)
    res.windows.push_back(finish(p.windows[w], sums[w], lossAt(p.lossSteps, p.windows[w].first), C));
  return res;
}

// ---- Steady state ----------------------------------------------------------------------------

double steadyRate(double q, double r) {
  if (q <= 0) return std::numeric_limits<double>::infinity();
  return std::sqrt(2 * (1 / q - 1)) / r;
}

double quiescentLoss(double x, double r) { return 1 / (1 + x * r * x * r / 2); }

namespace {

double totalRate(const std::vector<double>& D, double q, double backlog, double C) {
  double s = 0;
  for (double d : D) s += steadyRate(q, d + backlog / C);
  return s;
}

// Root of a decreasing f on [lo, hi] (f(lo) > 0 >= f(hi)) by bisection to double precision.
template <class F>
double bisect(F f, double lo, double hi) {
  for (int k = 0; k < 200 && hi - lo > 1e-15 * hi; ++k) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) > 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

double combine(double pc, double pe) { return 1 - (1 - pc) * (1 - pe); }

}  // namespace

double openLoopLoss(double C, const std::vector<double>& D) {
  return bisect([&](double pe) { return totalRate(D, pe, 0, C) - C; }, 0, 1);
}

const char* regimeName(SteadyPoint::Regime r) {
  switch (r) {
    case SteadyPoint::Regime::Open: return "open";
    case SteadyPoint::Regime::Closed: return "closed";
    case SteadyPoint::Regime::Full: return "full";
  }
  return "";
}

SteadyPoint steadyPoint(double C, const std::vector<double>& D, const FluidQueue& queue, double pe) {
  SteadyPoint s;
  s.pe = pe;
  const bool red = queue.kind == FluidQueue::Kind::Red;
  // p_c on the left of b (RED's v-hat = b-hat by Eq. 7; its jump to 1 at maxTh left out).
  auto pcLeft = [&](double b) {
    if (!red || b <= queue.minTh) return 0.0;
    return queue.maxP * std::min(b - queue.minTh, queue.maxTh - queue.minTh) / (queue.maxTh - queue.minTh);
  };
  const double limit = red ? std::min(queue.buffer, queue.maxTh) : queue.buffer;
  auto excess = [&](double b) { return totalRate(D, combine(pcLeft(b), pe), b, C) - C; };
  if (excess(0) <= 0) {
    s.regime = SteadyPoint::Regime::Open;
    s.backlog = 0;
    s.pc = pcLeft(0);
  } else if (excess(limit) > 0) {
    s.regime = SteadyPoint::Regime::Full;
    s.backlog = limit;
    s.pc = bisect([&](double pc) { return totalRate(D, combine(pc, pe), limit, C) - C; }, pcLeft(limit), 1);
  } else {
    s.regime = SteadyPoint::Regime::Closed;
    s.backlog = bisect(excess, 0, limit);
    s.pc = pcLeft(s.backlog);
  }
  s.q = combine(s.pc, pe);
  double sum = 0;
  for (double d : D) {
    s.x.push_back(steadyRate(s.q, d + s.backlog / C));
    sum += s.x.back();
  }
  s.xMean = sum / static_cast<double>(D.size());
  s.utilization = sum / C;
  return s;
}

}  // namespace bl
