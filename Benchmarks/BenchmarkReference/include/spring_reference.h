#ifndef MOTIONLAB_SPRING_REFERENCE_H
#define MOTIONLAB_SPRING_REFERENCE_H

/// The reference every spring library writes first: for each sample time t = start + i·step,
/// evaluate the closed form with libm's exp, sin and cos. Underdamped motion from 0 towards
/// `target` with initial velocity `v0`; `omega` > 0 and `lambda` as in MotionLab's Spring.
void ml_spring_sample_scalar(double omega, double lambda, double target, double v0,
                             double start, double step, long count,
                             double *values, double *velocities);

#endif
