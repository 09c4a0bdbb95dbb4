title = "vadd family: GB/s of every variant (median, largest size run per variant and device)\nNVIDIA H100 80GB HBM3 (580.159.04); cpu-skylake-avx512-Intel(R) Xeon(R) Processor (5.0+debian); pthread-skylake-avx512-Intel(R) Xeon(R) Processor (3.1+debian)\nfrom 2026-11-22-1aca6ea-callC-target-vadd-copy-256M.json, 2026-11-22-1aca6ea-memory-2-copy-grid.json, 2026-11-22-memory-copy-grid-32M.json, 2026-11-22-memory-copy-grid-64M.json, 2026-11-22-memory-copy-vadd-64M.json, 2026-11-22-memory-copy-vadd-nt-256M.json, 2026-11-22-memory-copy-vadd-nt-32M.json, 2026-11-22-memory-copy-vadd-nt-64M.json, 2026-11-22-side-by-side-gpu-cpu-1024.json, 2026-11-22-side-by-side-vadd-64M.json, 2026-11-22-target-vadd-copy-256M.json, 2026-11-22-target-vadd-copy-sizes.json, 2026-11-22-vadd-pair.json"
ylabel = "GB/s (log scale)"
ndev = 3
logscale = 1
width = 1000
