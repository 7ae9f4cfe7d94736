#ifndef MOTIONLAB_CLAPACKE_SHIM_H
#define MOTIONLAB_CLAPACKE_SHIM_H
#include <lapacke.h>
#endif
