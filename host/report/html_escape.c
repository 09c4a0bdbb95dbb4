/* Text escaped for HTML (report_html.h): the report's pages print kernel names, reasons, host
 * names and command lines that may hold markup characters. */
#include "clbench/report_html.h"

void cb_html_text(FILE *out, const char *s)
{
    for (; s != NULL && *s != '\0'; s++)
        switch (*s) {
        case '&':
            fputs("&amp;", out);
            break;
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        case '\'':
            fputs("&#39;", out);
            break;
        default:
            fputc(*s, out);
        }
}
