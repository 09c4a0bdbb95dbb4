title = "transpose family: GB/s of every variant (median, largest size run per variant and device)\nNVIDIA H100 80GB HBM3 (580.159.04); cpu-skylake-avx512-Intel(R) Xeon(R) Processor (5.0+debian); pthread-skylake-avx512-Intel(R) Xeon(R) Processor (3.1+debian)\nfrom 2026-11-22-1aca6ea-memory-1-transpose.json, 2026-11-22-memory-transpose-aligned-grid.json, 2026-11-22-memory-transpose-t32.json, 2026-11-22-memory-transpose-t64.json"
ylabel = "GB/s (log scale)"
ndev = 3
logscale = 1
width = 2920
