title = "matmul_regblock GFLOP/s by RX x RY (outputs per work-item), TILE=16, size 2048x2048x2048; best 8x8\nH100 80GB HBM3 (580.159.04)"
xtics = "(\"1\" 0, \"2\" 1, \"4\" 2, \"8\" 3)"
ytics = "(\"1\" 0, \"2\" 1, \"4\" 2, \"8\" 3)"
nx = 4
ny = 4
