# Figure 3: one data block per (ILP, VEC) curve, each headed by its name.
set key outside right top
set xlabel xlabel
set ylabel ylabel
set yrange [0:*]
set grid xtics
plot for [i = 0:ncurves - 1] datafile index i using 1:2 with linespoints lw 2 pt (i % 13) + 1 \
     title columnheader(1)
