# Shared by every figure; run after the figure's .vars.gp and before its own script.
# Expects fmt ('svg' or 'png'), out (the output path) and, from the vars file, title;
# width and height are optional.
set encoding utf8
if (!exists("width")) width = 1000
if (!exists("height")) height = 650
# Kernel names hold underscores: enhanced text would turn them into subscripts.
if (fmt eq "svg") {
    set terminal svg size width, height dynamic noenhanced font "sans,12" background "white"
} else {
    if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
        set terminal pngcairo size width, height noenhanced font "sans,11" background "white"
    } else {
        set terminal png size width, height noenhanced font "sans,11" background "white"
    }
}
set output out
set title title noenhanced
set grid ytics lc rgb "#dddddd" lt 1
