title = "matmul family: GFLOP/s of every variant (median, largest size run per variant and device)\nNVIDIA H100 80GB HBM3 (580.159.04); cpu-skylake-avx512-Intel(R) Xeon(R) Processor (5.0+debian); pthread-skylake-avx512-Intel(R) Xeon(R) Processor (3.1+debian)\nfrom 2026-11-22-matmul-fast-1024.json, 2026-11-22-matmul-ladder-1024.json, 2026-11-22-matmul-ladder-4096.json, 2026-11-22-matmul-naive-shapes-1024.json, 2026-11-22-matmul-naive-shapes-4096.json, 2026-11-22-matmul-regblock-grid-1024.json, 2026-11-22-matmul-regblock-grid-2048.json, 2026-11-22-matmul-regblock-grid-512.json, 2026-11-22-side-by-side-gpu-cpu-1024.json, 2026-11-22-target-matmul-1024.json, 2026-11-22-target-matmul-2048.json, 2026-11-22-target-matmul-8192.json"
ylabel = "GFLOP/s (log scale)"
ndev = 3
logscale = 1
width = 2280
