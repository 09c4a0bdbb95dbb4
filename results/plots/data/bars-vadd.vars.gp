title = "vadd family: GB/s of every variant at size 67108864 (median; the best where a variant was swept)\n6 other size(s) in the files are left out: every bar is at the size most devices ran"
ylabel = "GB/s (log scale)"
ndev = 3
logscale = 1
label_lines = 2
width = 1000
