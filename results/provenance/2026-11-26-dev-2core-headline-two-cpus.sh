#!/usr/bin/env bash
# The main job on the 2-core Xeon VM (PoCL 3.1, Rusticl 22.3's llvmpipe), commit b998eaf, the
# machine shared with other jobs: results/xeon-2c-pocl-3.1/2026-11-26-b998eaf-headline-*.
# Run in this order from the repository root, build/ built from b998eaf.
O=results/xeon-2c-pocl-3.1
RUSTICL_ENABLE=llvmpipe bench/headline.sh -o $O -t pocl-rusticl-warm1
RUSTICL_ENABLE=llvmpipe bench/headline.sh -o $O -t pocl-rusticl-warm2
bench/headline.sh -o $O -t pocl-warm
c=$(mktemp -d /tmp/hl-cold.XXXX); RUSTICL_ENABLE=llvmpipe XDG_CACHE_HOME=$c POCL_CACHE_DIR=$c/pocl bench/headline.sh -o $O -t pocl-rusticl-cold; rm -rf "$c"
c=$(mktemp -d /tmp/hl-cold.XXXX); XDG_CACHE_HOME=$c POCL_CACHE_DIR=$c/pocl bench/headline.sh -o $O -t pocl-cold; rm -rf "$c"
# The peaks from the cache as they are (the busy rule otherwise measures them again each run).
CLBENCH_PEAK_BUSY=never RUSTICL_ENABLE=llvmpipe bench/headline.sh -o $O -t pocl-rusticl-warm-cached-peaks
CLBENCH_PEAK_BUSY=never bench/headline.sh -o $O -t pocl-warm-cached-peaks
CLBENCH_PEAK_BUSY=never RUSTICL_ENABLE=llvmpipe bench/headline.sh -o $O -t pocl-rusticl-warm-cached-peaks2
