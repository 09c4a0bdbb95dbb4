#!/usr/bin/env python3
"""bench/shape_model.py's tile factors: fit_tiles finds the factor a tile's points were made
with, gives none to a tile of too few shapes, and leaves a shape out when asked."""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import shape_model as sm  # noqa: E402

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "host", "tune",
                      "shape_model_fit.h")


def main():
    th = sm.read_header(HEADER)[0]
    th = th.like(list(th), th.inner)
    h100 = dict(name="H100", cu=132, clock_mhz=1980, local_mem=49152, max_wg=1024,
                vec_bytes=4, peak_gflops=2 * 132 * 128 * 1.98, lim=sm.SM_LIMITS[(9, 0)],
                cc=(9, 0))
    made = th.like(list(th), th.inner, {(4, 128, 256, 8): 0.85, (4, 64, 32, 8): 1.1})
    points = [(128, 128, 16, 16, 4, 4, 4, 0, 1, 0), (128, 256, 8, 16, 8, 4, 4, 0, 1, 0),
              (64, 128, 16, 8, 8, 4, 4, 0, 1, 0), (64, 32, 8, 8, 8, 4, 4, 1, 1, 0)]
    shapes = [(2000, 2000, 2000), (4096, 4096, 4096), (1200, 4000, 2500), (3000, 5000, 128),
              (6100, 6100, 6100), (900, 5000, 2000), (2600, 2600, 2600), (5000, 1500, 3000),
              (7500, 7500, 200)]
    groups, devices = {}, {}
    for i, shape in enumerate(shapes):
        key = ("gpu", "H100", shape, 4)
        devices[key] = h100
        # Each shape its own offset, as another day's clock would give it.
        groups[key] = {c: sm.gpu_time(made, h100, shape, c, 4) * (1 + 0.03 * i)
                       for c in points if c[:2] != (64, 32) or i < 2}
    fitted = sm.fit_tiles(th, groups, devices).tiles
    failures = []
    full = fitted.get((4, 128, 256, 8), 1)
    # The ridge pulls the factor a little toward 1, never past it.
    if not 0.85 <= full <= 0.9:
        failures.append("128x256x8: %s, not within 0.85-0.9" % full)
    if (4, 64, 32, 8) in fitted:
        failures.append("64x32x8, timed at two shapes, got a factor")
    if abs(fitted.get((4, 64, 128, 16), 1) - 1) > 0.02:
        failures.append("64x128x16: %s, not about 1" % fitted.get((4, 64, 128, 16)))
    # Each shape left out in turn: the other eight still carry the factor, pulled toward 1 a
    # little more for their fewer points.
    for shape in shapes:
        left = sm.fit_tiles(th, groups, devices, leave_out=shape).tiles.get((4, 128, 256, 8), 1)
        if not full < left <= 0.9:
            failures.append("without %s: 128x256x8 %s (all shapes: %s)" % (shape, left, full))
    # A prediction takes the factor on the groups' time: 0.85 of the plain prediction where
    # the memory bound does not decide.
    plain = sm.gpu_time(th, h100, (4096, 4096, 4096), points[1], 4)
    if not math.isclose(sm.gpu_time(made, h100, (4096, 4096, 4096), points[1], 4),
                        plain * 0.85, rel_tol=0.01):
        failures.append("a prediction at 4096^3 does not take the factor")
    for f in failures:
        print("FAIL: " + f)
    print("ok" if not failures else "%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
