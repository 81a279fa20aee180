/* runlog.h: appending text to the run log (best effort: the log is not the result). */
#ifndef SYSINDEX_RUNLOG_H
#define SYSINDEX_RUNLOG_H

#include <stdarg.h>

/* printf-style text to fd; nothing when fd < 0; a failed write is ignored. */
void runlog_printf(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void runlog_vprintf(int fd, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));

#endif
