# Figure 1: one cluster per variant, one bar per device (columns 2.. of the data file).
set datafile separator "\t"
set datafile missing "?"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "black"
set boxwidth 0.9
# The legend under the variant labels (up to label_lines lines each), with room for both.
set key outside bottom center horizontal
set ylabel ylabel
set xtics nomirror scale 0
set bmargin label_lines + 3
if (logscale) {
    set logscale y
} else {
    set yrange [0:*]
}
# The first line names the columns, for the labels too (otherwise it would count as row 0).
set key autotitle columnheader
# Each value over its bar: cluster k's bars sit at k + (bar - middle) / (bars + gap of 1).
bar_label(v) = v >= 100 ? sprintf("%.0f", v) : sprintf("%.3g", v)
plot for [i = 2:ndev + 1] datafile using i:xtic(1), \
     for [i = 2:ndev + 1] datafile using ($0 + (i - 2 - (ndev - 1) / 2.0) / (ndev + 1)):i:\
         (bar_label(column(i))) with labels offset 0, 0.7 font ",9" notitle
