// Fluid model of m TCP flows through one bottleneck with exogenous loss (XQM paper,
// Section 3, Eqs. 1-12): a fixed-step solver of the delay-differential equations and the
// steady-state calculator of Eqs. 11-12. Pure numerics: no JSON, no I/O (fluid_json.h reads
// the parameters and writes the results; docs/fluid-model.md describes both).
//
// Units: rates in packets/s, backlog in packets, times in seconds.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bl {

// Bottleneck queue of the model. DropTail: p_c of Eq. 5 while the buffer is full. RED: p_c of
// Eq. 6 from the average v of Eq. 7, and, like the real queue, overflow drops once b = B.
struct FluidQueue {
  enum class Kind { DropTail, Red };
  // What p_c is while b = B (b is held at B by projection, Eq. 3):
  //  Full     - Eq. 5 as written: p_c = 1.
  //  Overflow - the fraction the full buffer must shed: p_c = (in - C)^+ / in, in = sum of the
  //             delayed input rates. Fluid-conserving; gives an equilibrium at b = B.
  enum class FullLoss { Full, Overflow };
  Kind kind = Kind::DropTail;
  FullLoss fullLoss = FullLoss::Full;
  double buffer = 250;   // B, packets
  double minTh = 50;     // RED B_min, packets
  double maxTh = 120;    // RED B_max, packets
  double maxP = 0.1;     // RED P_max
  double weight = 1e-5;  // RED beta (per-packet EWMA weight; Eq. 7 multiplies it by C)

  // p_c of Eq. 6 for an average queue v (0 for DropTail).
  double redProbability(double v) const;
};

struct FluidParams {
  int m = 20;                 // flows
  double C = 2000;            // capacity, packets/s
  std::vector<double> D;      // round-trip propagation delay D_i, s (size m)
  std::vector<double> alpha;  // D_{s_i,b} = alpha_i D_i (Eq. 2) (size m)
  FluidQueue queue;
  std::vector<std::pair<double, double>> lossSteps;  // (t, p_e) from t on; 0 before the first
  double duration = 60;
  double dt = 0.001;                               // fixed step, s
  double samplePeriod = 0.1;                       // s, rounded to whole steps
  double minWindow = 1;                            // floor: x_i >= minWindow / r_i(t) (packets)
  double initialWindow = 1;                        // x_i(t <= 0) = initialWindow / D_i
  std::vector<std::pair<double, double>> windows;  // summary windows [from, to)
};

// Exogenous loss rate at time t from a step schedule.
double lossAt(const std::vector<std::pair<double, double>>& steps, double t);

// Means over one summary window [from, to) (per step, not per sample).
struct FluidWindow {
  double from = 0, to = 0;
  double pe = 0;  // exogenous loss at `from`
  int64_t steps = 0;
  std::vector<double> x;                 // per-flow mean rate
  double meanX = 0, minX = 0, maxX = 0;  // over the per-flow means
  double xStd = 0;                       // mean over flows of each flow's std in time (oscillation)
  double jain = 0;                       // Jain's index of the per-flow means
  double meanB = 0, minB = 0, maxB = 0, bStd = 0;
  double meanV = 0, meanPc = 0, meanQ = 0;
  double utilization = 0;  // mean link output rate / C
};

struct FluidResult {
  std::vector<std::string> columns;  // t, x.0 .. x.{m-1}, xMean, b, v, pc, pe, q
  std::vector<std::vector<double>> rows;
  std::vector<FluidWindow> windows;
  int64_t steps = 0;
  bool bLeftRange = false;  // b ever outside [0, B] (never, by construction; tests check it)
};

// Solves Eqs. 1-10 from t = 0 to duration with exponential Euler steps of dt. Parameters
// must be valid (fluid_json.cpp checks them).
FluidResult solveFluid(const FluidParams& p);

// ---- Steady state, Eqs. 11-12 --------------------------------------------------------------

// Eq. 12: x = sqrt(2 (1/q - 1)) / r (infinite for q = 0).
double steadyRate(double q, double r);
// Eq. 12 solved for q at rate x: q = 1 / (1 + (x r)^2 / 2).
double quiescentLoss(double x, double r);
// The exogenous loss p_e* at which the loop opens: the smallest p_e with
// sum_i steadyRate(p_e, D_i) <= C (queue empty). Closed form for identical flows:
// 1 / (1 + (C D / m)^2 / 2); bisection otherwise.
double openLoopLoss(double C, const std::vector<double>& D);

struct SteadyPoint {
  enum class Regime { Open, Closed, Full };
  double pe = 0;
  Regime regime = Regime::Open;
  double backlog = 0;     // b-hat (= v-hat for RED)
  double pc = 0;          // congestion loss at the equilibrium
  double q = 0;           // total loss, Eq. 4
  std::vector<double> x;  // x-hat_i
  double xMean = 0;
  double utilization = 0;  // sum x-hat / C (<= 1 unless Full without equilibrium)
};
const char* regimeName(SteadyPoint::Regime r);

// Equilibrium of Eqs. 3, 7, 9 with constant p_e:
//  Open   - sum_i x(p_e, D_i) <= C: queue empty, loop open, x_i = x(p_e, D_i).
//  Closed - 0 < b < B (and below maxTh for RED) with sum_i x(q(b), D_i + b/C) = C.
//  Full   - no equilibrium below the buffer (or RED's maxTh): b = that limit, and pc is the
//           congestion loss that would balance the input there (reached by the Overflow
//           model; Eq. 5 as written and RED's jump to 1 make the loop oscillate instead).
SteadyPoint steadyPoint(double C, const std::vector<double>& D, const FluidQueue& queue, double pe);

}  // namespace bl
