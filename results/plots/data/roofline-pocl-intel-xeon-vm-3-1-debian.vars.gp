title = "Roofline: measured peaks 36.501 GFLOP/s and 28.532 GB/s\nPoCL Intel Xeon (3.1+debian)"
caption = "43 row(s) without FLOPs (copies, transposes) cannot sit on a roofline and are left out.\nIntensity counts compulsory bytes only, so all variants of one problem and size share an x; their heights differ."
peak_gflops = 36.5008
peak_gbs = 28.5324
xmin = 0.00833333
xmax = 1706.67
nkernels = 9
