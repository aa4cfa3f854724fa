/* vchess - the CI report formats (--format github, sarif, junit) behind
 * report.h's vc_report_init / vc_report_game / vc_report_input_error /
 * vc_report_summary: formats/report_ci.c. Not installed: formats/report.c
 * dispatches to these, commands call report.h only. The formats are
 * described in vchess-validate(1), section REPORTS.
 */
#ifndef VC_REPORT_CI_INTERNAL_H
#define VC_REPORT_CI_INTERNAL_H

#include <stdbool.h>

#include "report.h"

/* Whether f is one of the CI formats (github, sarif, junit). */
static inline bool vc_report_ci_format(enum vc_format f)
{
	return f == VC_FORMAT_GITHUB || f == VC_FORMAT_SARIF || f == VC_FORMAT_JUNIT;
}

/* The document's head on r->out (SARIF: the log, the run, its rules and
 * the opening of "results"; JUnit: the XML declaration and <testsuites>;
 * github: nothing). r is initialised by vc_report_init; r->out NULL (a
 * report whose stream comes later, such as a -j worker's): nothing. */
void vc_report_ci_init(struct vc_report *r);
/* One game's entries (see report.h vc_report_game); not called under
 * --quiet. The counts are vc_report_game's. */
void vc_report_ci_game(struct vc_report *r, const struct vc_gc_game *g,
                       vc_report_extra_json extra, void *ctx);
/* An unreadable input's entry (report.h vc_report_input_error); not
 * called under --quiet. */
void vc_report_ci_input_error(struct vc_report *r, const char *source, const char *member,
                              enum vc_code code, const char *message);
/* The summary and the document's end (report.h vc_report_summary_ext);
 * frees r->ci_suite. */
void vc_report_ci_summary(struct vc_report *r, vc_report_extra_json extra, void *ctx);

/* The JSON summary object of formats/report-schema.json ("summary") into
 * j, as --format json writes it: formats/report.c's, for the SARIF run's
 * properties. */
void vc_report_ci_json_summary(struct vc_report *r, struct vc_json *j,
                               vc_report_extra_json extra, void *ctx);

#endif
