#include "spring_reference.h"
#include <math.h>

void ml_spring_sample_scalar(double omega, double lambda, double target, double v0,
                             double start, double step, long count,
                             double *values, double *velocities) {
    const double omega0_squared = lambda * lambda + omega * omega;
    const double b = (v0 - lambda * target) / omega;
    const double d = (omega0_squared * target - lambda * v0) / omega;
    for (long i = 0; i < count; i++) {
        const double t = start + (double)i * step;
        const double envelope = exp(-lambda * t);
        const double c = cos(omega * t), s = sin(omega * t);
        values[i] = target + envelope * (-target * c + b * s);
        velocities[i] = envelope * (v0 * c + d * s);
    }
}
