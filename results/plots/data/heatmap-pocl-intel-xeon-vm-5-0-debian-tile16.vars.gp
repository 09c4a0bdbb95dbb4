title = "matmul_regblock GFLOP/s by RX x RY (outputs per work-item), TILE=16, size 1024x1024x1024; best 2x8\nPoCL Intel Xeon (5.0+debian)"
xtics = "(\"1\" 0, \"2\" 1, \"4\" 2, \"8\" 3)"
ytics = "(\"1\" 0, \"2\" 1, \"4\" 2, \"8\" 3)"
nx = 4
ny = 4
