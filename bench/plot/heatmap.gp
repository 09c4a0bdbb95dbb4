# Figure 2: one cell per (RX, RY) at grid positions; the tics carry the real values.
set xrange [-0.5:nx - 0.5]
set yrange [-0.5:ny - 0.5]
eval "set xtics " . xtics
eval "set ytics " . ytics
set grid noytics
set xlabel "RX"
set ylabel "RY"
set cblabel "GFLOP/s (grey n/a: not run or failed)"
set palette defined (0 "#ffffcc", 1 "#fd8d3c", 2 "#bd0026")
set size ratio -1
# NaN cells (not run, or failed) are not drawn: the grey behind them shows through.
set object 1 rectangle from graph 0, 0 to graph 1, 1 behind fillcolor rgb "#cccccc" fillstyle solid
plot datafile using 1:2:3 with image notitle, \
     datafile using 1:2:(strcol(3) eq "nan" ? "n/a" : sprintf("%.0f", $3)) with labels notitle
