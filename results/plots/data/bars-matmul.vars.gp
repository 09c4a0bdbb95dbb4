title = "matmul family: GFLOP/s of every variant at size 1024x1024x1024 (median; the best where a variant was swept)\n4 other size(s) in the files are left out: every bar is at the size most devices ran"
ylabel = "GFLOP/s (log scale)"
ndev = 3
logscale = 1
label_lines = 3
width = 2120
