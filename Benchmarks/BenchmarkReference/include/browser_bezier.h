#ifndef MOTIONLAB_BROWSER_BEZIER_H
#define MOTIONLAB_BROWSER_BEZIER_H

/// The cubic-bezier timing function as the browser engines solve it, for an in-run speed and
/// accuracy reference. It follows the algorithm of Chromium's ui/gfx/geometry/cubic_bezier.{h,cc}
/// (itself derived from WebKit's UnitBezier.h): power-basis coefficients evaluated in Horner form,
/// an initial guess by linear interpolation in an 11-sample table of x(t), at most 4 Newton steps
/// that stop once |x(t) − x| < epsilon (1e-7 by default) or |x′(t)| < 1e-7, then bisection on the
/// table interval until |x(t) − x| < epsilon; outside [0, 1], extrapolation along the end tangents.
typedef struct {
    double ax, bx, cx;
    double ay, by, cy;
    double start_gradient, end_gradient;
    double samples[11];
} ml_browser_bezier;

/// The browsers' default accuracy in x.
#define ML_BROWSER_BEZIER_EPSILON 1e-7

void ml_browser_bezier_init(ml_browser_bezier *curve, double x1, double y1, double x2, double y2);

/// t with |x(t) − x| < epsilon (usually), for x in [0, 1].
double ml_browser_bezier_solve_t(const ml_browser_bezier *curve, double x, double epsilon);

/// y at x: y(solve_t(x)) inside [0, 1], the end tangents outside.
double ml_browser_bezier_value(const ml_browser_bezier *curve, double x, double epsilon);

/// `ml_browser_bezier_value` for `count` inputs, in a C loop (no call per element).
void ml_browser_bezier_values(const ml_browser_bezier *curve, const double *xs, double *ys, long count,
                              double epsilon);

/// x(t) in Horner form, as the browsers evaluate it.
double ml_browser_bezier_x_at(const ml_browser_bezier *curve, double t);

/// High-accuracy checks for the benchmark's accuracy notes (not the browsers' code): x(t) and y(t)
/// in long double (64-bit significand on x86-64) from the control points in Bernstein form, and
/// y at x by long-double bisection on t to the last long-double bit.
long double ml_bezier_x_long_double(double x1, double x2, double t);
long double ml_bezier_y_for_x_long_double(double x1, double y1, double x2, double y2, double x);

#endif
