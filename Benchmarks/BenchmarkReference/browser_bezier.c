// The browsers' cubic-bezier solver, written for MotionLab's benchmarks after the algorithm of
// Chromium's ui/gfx/geometry/cubic_bezier.cc (InitCoefficients, InitGradients, InitSpline,
// SolveCurveX, SolveWithEpsilon), which descends from WebKit's UnitBezier.h: the same
// coefficients, the same 11-sample linear-interpolation guess, the same 4 Newton iterations with
// the same two 1e-7 thresholds, the same bisection fallback and the same end-tangent rules.
#include "browser_bezier.h"
#include <math.h>

#define SAMPLES 11
#define MAX_NEWTON_STEPS 4
#define DERIVATIVE_EPSILON 1e-7

static inline double curve_x(const ml_browser_bezier *c, double t) {
    return ((c->ax * t + c->bx) * t + c->cx) * t;
}

static inline double curve_y(const ml_browser_bezier *c, double t) {
    return ((c->ay * t + c->by) * t + c->cy) * t;
}

static inline double curve_dx(const ml_browser_bezier *c, double t) {
    return (3.0 * c->ax * t + 2.0 * c->bx) * t + c->cx;
}

void ml_browser_bezier_init(ml_browser_bezier *c, double x1, double y1, double x2, double y2) {
    // Implicit end points (0, 0) and (1, 1).
    c->cx = 3.0 * x1;
    c->bx = 3.0 * (x2 - x1) - c->cx;
    c->ax = 1.0 - c->cx - c->bx;
    c->cy = 3.0 * y1;
    c->by = 3.0 * (y2 - y1) - c->cy;
    c->ay = 1.0 - c->cy - c->by;

    // Slopes for input outside [0, 1]: the tangent at the end, through the far control point when
    // the near one coincides with the end, 1 when both do, 0 when the tangent is vertical.
    if (x1 > 0) c->start_gradient = y1 / x1;
    else if (y1 == 0 && x2 > 0) c->start_gradient = y2 / x2;
    else if (y1 == 0 && y2 == 0) c->start_gradient = 1;
    else c->start_gradient = 0;
    if (x2 < 1) c->end_gradient = (y2 - 1) / (x2 - 1);
    else if (y2 == 1 && x1 < 1) c->end_gradient = (y1 - 1) / (x1 - 1);
    else if (y2 == 1 && y1 == 1) c->end_gradient = 1;
    else c->end_gradient = 0;

    for (int i = 0; i < SAMPLES; i++) c->samples[i] = curve_x(c, i * (1.0 / (SAMPLES - 1)));
}

double ml_browser_bezier_solve_t(const ml_browser_bezier *c, double x, double epsilon) {
    const double step = 1.0 / (SAMPLES - 1);
    double lo = 0, hi = 0, t = x, residual = 0;
    // Guess: the linear interpolant of the sample table (a linear scan, as Chromium does).
    for (int i = 1; i < SAMPLES; i++) {
        if (x <= c->samples[i]) {
            hi = step * i;
            lo = hi - step;
            t = lo + (hi - lo) * (x - c->samples[i - 1]) / (c->samples[i] - c->samples[i - 1]);
            break;
        }
    }
    const double newton_epsilon = epsilon < 1e-7 ? epsilon : 1e-7;
    for (int i = 0; i < MAX_NEWTON_STEPS; i++) {
        residual = curve_x(c, t) - x;
        if (fabs(residual) < newton_epsilon) return t;
        const double slope = curve_dx(c, t);
        if (fabs(slope) < DERIVATIVE_EPSILON) break;
        t -= residual / slope;
    }
    if (fabs(residual) < epsilon) return t;
    // Bisection on the table interval.
    while (lo < hi) {
        const double value = curve_x(c, t);
        if (fabs(value - x) < epsilon) return t;
        if (x > value) lo = t;
        else hi = t;
        t = (lo + hi) * 0.5;
    }
    return t;
}

double ml_browser_bezier_value(const ml_browser_bezier *c, double x, double epsilon) {
    if (x < 0.0) return c->start_gradient * x;
    if (x > 1.0) return 1.0 + c->end_gradient * (x - 1.0);
    return curve_y(c, ml_browser_bezier_solve_t(c, x, epsilon));
}

void ml_browser_bezier_values(const ml_browser_bezier *c, const double *xs, double *ys, long count,
                              double epsilon) {
    for (long i = 0; i < count; i++) ys[i] = ml_browser_bezier_value(c, xs[i], epsilon);
}

double ml_browser_bezier_x_at(const ml_browser_bezier *c, double t) { return curve_x(c, t); }

// --- High-accuracy checks ---------------------------------------------------------------------

static long double bernstein(long double p1, long double p2, long double t) {
    const long double s = 1.0L - t;
    return 3.0L * p1 * t * s * s + 3.0L * p2 * t * t * s + t * t * t;
}

long double ml_bezier_x_long_double(double x1, double x2, double t) {
    return bernstein(x1, x2, t);
}

long double ml_bezier_y_for_x_long_double(double x1, double y1, double x2, double y2, double x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    long double lo = 0, hi = 1;
    for (int i = 0; i < 200 && hi - lo > 0; i++) {
        const long double mid = 0.5L * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if (bernstein(x1, x2, mid) < (long double)x) lo = mid;
        else hi = mid;
    }
    return bernstein(y1, y2, 0.5L * (lo + hi));
}
