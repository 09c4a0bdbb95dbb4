# Figure 4: the roof min(peak GFLOP/s, intensity x peak GB/s) on log-log axes; one data block
# of (intensity, GFLOP/s) points per kernel, each headed by its name.
set logscale xy
set xrange [xmin:xmax]
set xlabel "arithmetic intensity (FLOP per compulsory byte)"
set ylabel "achieved GFLOP/s (median)"
set grid xtics mxtics ytics
set key outside right top
set samples 500
roof(x) = x * peak_gbs < peak_gflops ? x * peak_gbs : peak_gflops
if (caption ne "") {
    set bmargin 7
    set label 1 caption at screen 0.02, 0.06 left
}
plot roof(x) title "measured roof" lw 3 lc rgb "black", \
     for [i = 0:nkernels - 1] datafile index i using 1:2 with points pt (i % 13) + 1 ps 1.5 \
     title columnheader(1)
