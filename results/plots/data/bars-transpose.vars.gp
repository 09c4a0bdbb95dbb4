title = "transpose family: GB/s of every variant at size 4097x4097 (median; the best where a variant was swept)\n7 other size(s) in the files are left out: every bar is at the size most devices ran"
ylabel = "GB/s (log scale)"
ndev = 3
logscale = 1
label_lines = 3
width = 2920
