title = "Roofline: measured peaks 62369 GFLOP/s and 3205.4 GB/s\nH100 80GB HBM3 (580.159.04)"
caption = "331 row(s) without FLOPs (copies, transposes) cannot sit on a roofline and are left out.\nIntensity counts compulsory bytes only, so all variants of one problem and size share an x; their heights differ."
peak_gflops = 62368.8
peak_gbs = 3205.43
xmin = 0.00833333
xmax = 13653.3
nkernels = 9
