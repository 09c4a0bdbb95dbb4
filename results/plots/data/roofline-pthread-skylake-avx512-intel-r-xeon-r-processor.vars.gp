title = "Roofline: measured peaks 36.501 GFLOP/s and 28.532 GB/s\npthread-skylake-avx512-Intel(R) Xeon(R) Processor (3.1+debian)\nfrom 2026-11-22-matmul-ladder-1024.json, 2026-11-22-matmul-naive-shapes-1024.json, 2026-11-22-matmul-regblock-grid-512.json, 2026-11-22-memory-copy-grid-32M.json, 2026-11-22-memory-copy-vadd-nt-32M.json, 2026-11-22-memory-transpose-t32.json, 2026-11-22-target-matmul-1024.json, 2026-11-22-vadd-pair.json"
caption = "43 row(s) without FLOPs (copies, transposes) cannot sit on a roofline and are left out.\nIntensity counts compulsory bytes only, so all variants of one problem and size share an x; their heights differ."
peak_gflops = 36.5008
peak_gbs = 28.5324
xmin = 0.00833333
xmax = 1706.67
nkernels = 9
