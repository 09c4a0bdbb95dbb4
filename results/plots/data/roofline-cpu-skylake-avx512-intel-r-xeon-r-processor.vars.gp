title = "Roofline: measured peaks 66.332 GFLOP/s and 112.93 GB/s\ncpu-skylake-avx512-Intel(R) Xeon(R) Processor (5.0+debian)\nfrom 2026-11-22-matmul-fast-1024.json, 2026-11-22-matmul-ladder-1024.json, 2026-11-22-matmul-naive-shapes-1024.json, 2026-11-22-matmul-regblock-grid-1024.json, 2026-11-22-memory-copy-grid-64M.json, 2026-11-22-memory-copy-vadd-64M.json, 2026-11-22-memory-copy-vadd-nt-64M.json, 2026-11-22-memory-transpose-t32.json, 2026-11-22-side-by-side-gpu-cpu-1024.json, 2026-11-22-side-by-side-vadd-64M.json, 2026-11-22-target-matmul-2048.json"
caption = "44 row(s) without FLOPs (copies, transposes) cannot sit on a roofline and are left out.\nIntensity counts compulsory bytes only, so all variants of one problem and size share an x; their heights differ."
peak_gflops = 66.3318
peak_gbs = 112.931
xmin = 0.00833333
xmax = 3413.33
nkernels = 9
