/* report.c: the table of writers a run produces, one file each. */
#include "report/report.h"

const struct report_writer report_writers[] = {
	{ "text", "", report_text },
	{ "json", ".json", report_json },
	{ "csv", ".csv", report_csv },
	{ "html", ".html", report_html },
	{ "md", ".md", report_md },
};
const size_t report_writers_len = sizeof(report_writers) / sizeof(report_writers[0]);
