title = "copy_ilp: % of measured peak GB/s vs local memory per work-group, size 67108864\nH100 80GB HBM3 (580.159.04)"
xlabel = "extra local memory per work-group, OCC_KIB (KiB)  (less occupancy →)"
ylabel = "% of measured peak GB/s"
ncurves = 8
