title = "Roofline: measured peaks 62369 GFLOP/s and 3205.4 GB/s\nNVIDIA H100 80GB HBM3 (580.159.04)\nfrom 2026-11-22-1aca6ea-callC-target-vadd-copy-256M.json, 2026-11-22-1aca6ea-memory-1-transpose.json, 2026-11-22-1aca6ea-memory-2-copy-grid.json, 2026-11-22-matmul-ladder-4096.json, 2026-11-22-matmul-naive-shapes-4096.json, 2026-11-22-matmul-regblock-grid-2048.json, 2026-11-22-memory-copy-grid-64M.json, 2026-11-22-memory-copy-occupancy-64M.json, 2026-11-22-memory-copy-vadd-nt-256M.json, 2026-11-22-memory-transpose-aligned-grid.json, 2026-11-22-memory-transpose-t32.json, 2026-11-22-memory-transpose-t64.json, 2026-11-22-side-by-side-gpu-cpu-1024.json, 2026-11-22-side-by-side-vadd-64M.json, 2026-11-22-target-matmul-8192.json, 2026-11-22-target-vadd-copy-256M.json, 2026-11-22-target-vadd-copy-sizes.json"
caption = "331 row(s) without FLOPs (copies, transposes) cannot sit on a roofline and are left out.\nIntensity counts compulsory bytes only, so all variants of one problem and size share an x; their heights differ."
peak_gflops = 62368.8
peak_gbs = 3205.43
xmin = 0.00833333
xmax = 13653.3
nkernels = 9
