#ifndef MOTIONLAB_CLAPACK_SHIM_H
#define MOTIONLAB_CLAPACK_SHIM_H
#include <lapacke.h>
#endif
