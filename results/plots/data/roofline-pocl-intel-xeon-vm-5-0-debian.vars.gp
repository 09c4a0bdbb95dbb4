title = "Roofline: measured peaks 66.332 GFLOP/s and 112.93 GB/s\nPoCL Intel Xeon (5.0+debian)"
caption = "44 row(s) without FLOPs (copies, transposes) cannot sit on a roofline and are left out.\nIntensity counts compulsory bytes only, so all variants of one problem and size share an x; their heights differ."
peak_gflops = 66.3318
peak_gbs = 112.931
xmin = 0.00833333
xmax = 3413.33
nkernels = 9
