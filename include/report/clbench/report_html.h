/* The pieces of `clbench report --html` (host/report/report_html.c writes the page,
 * host/report/report_svg.c draws its figures): text escaped for HTML, and the roofline and
 * ladder figures as inline SVG, the same figures bench/plot draws with gnuplot.
 */
#ifndef CLBENCH_REPORT_HTML_H
#define CLBENCH_REPORT_HTML_H

#include "clbench/report_data.h"
#include "clbench/report_family.h"

#include <stdio.h>

/* s with &, <, >, " and ' as character references: safe as element text and inside a quoted
 * attribute. */
void cb_html_text(FILE *out, const char *s);

/* Device d's roofline: log-log, arithmetic intensity (FLOP per compulsory byte) against
 * achieved GFLOP/s (median), the measured roof min(peak GFLOP/s, intensity x peak GB/s), one
 * mark per ok row with FLOPs and bytes, a colour per kernel.  Returns 0, or -1 with why (no
 * measured peaks, no such rows) and nothing written. */
int cb_svg_roofline(FILE *out, const struct cb_report *r, size_t d, char *why, size_t why_len);

/* Family f's ladder: the throughput of every variant on every device at the one size most
 * devices ran (the best where a variant was swept), one bar per device, log scale when the
 * bars span more than 30x.  Returns 0, or -1 with why and nothing written. */
int cb_svg_ladder(FILE *out, const struct cb_report *r, const struct cb_rfamily *f, char *why,
                  size_t why_len);

#endif
