"""The environment in which the doc generators run motionlab."""
import os
import platform


def portable_blas_environment() -> dict:
    """The environment for motionlab with OpenBLAS's portable x86-64 kernels (SSE3). OpenBLAS
    picks kernels by CPU (AVX2, AVX-512), and they round a least-squares fit differently in its
    last digits — enough to move a --tolerance search's keyframes — so the generated file would
    depend on the machine that made it. Elsewhere the library's own choice stands."""
    environment = dict(os.environ)
    if platform.machine() in ("x86_64", "AMD64"):
        environment["OPENBLAS_CORETYPE"] = "Prescott"
    return environment
