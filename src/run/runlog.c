/* runlog.c: best-effort appends to the run log. */
#include "run/runlog.h"

#include <stdio.h>
#include <unistd.h>

void runlog_vprintf(int fd, const char *fmt, va_list ap)
{
	char buf[4096];
	int n;

	if (fd < 0)
		return;
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(buf))
		n = sizeof(buf) - 1;
	if (write(fd, buf, (size_t)n) < 0)
		(void)0; /* a full disk must not stop the measurement */
}

void runlog_printf(int fd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	runlog_vprintf(fd, fmt, ap);
	va_end(ap);
}
