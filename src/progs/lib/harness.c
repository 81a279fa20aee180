/* harness.c: timing, argument and protocol helpers shared by test programs. */
#define _XOPEN_SOURCE 700   /* setitimer() */
#include "harness.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

volatile sig_atomic_t harness_stop;

/*
 * When harness_arm() started the clock (monotonic seconds), so that a count
 * can be reported with the program's own measured time (METRIC own_seconds):
 * the driver checks its wall-clock rate against it.  Written once before the
 * work loop and read once after it.
 */
static double armed_at;

static void on_alarm(int sig)
{
	(void)sig;
	harness_stop = 1;
}

noreturn void harness_usage(const char *usage)
{
	fprintf(stderr, "usage: %s\n", usage);
	exit(HARNESS_USAGE);
}

long harness_long(const char *arg, long min, long max, const char *usage)
{
	char *end;
	long v;

	if (arg == NULL || *arg == '\0')
		harness_usage(usage);
	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		harness_usage(usage);
	return v;
}

unsigned harness_seconds(const char *arg, const char *usage)
{
	return (unsigned)harness_long(arg, 1, 86400, usage);
}

void harness_start_gate(void)
{
	const char *v = getenv(PROTOCOL_START_FD_ENV);
	char c;
	int fd;

	if (v == NULL)
		return;
	fd = (int)harness_long(v, 3, 1 << 20, "bad " PROTOCOL_START_FD_ENV);
	/* Nothing is ever written: read returns 0 (EOF) when the gate opens. */
	while (read(fd, &c, 1) < 0 && errno == EINTR)
		;
	close(fd);
	if (unsetenv(PROTOCOL_START_FD_ENV) != 0)
		harness_fail_errno("unsetenv");
	fprintf(stderr, PROTOCOL_START PROTOCOL_SEP "%.6f\n", harness_now());
}

/* Pass the gate, install the handler and clear the flag; the caller arms. */
static void arm_handler(void)
{
	struct sigaction sa;

	harness_start_gate();

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: a blocking read or write must return EINTR at the end. */
	if (sigaction(SIGALRM, &sa, NULL) != 0)
		harness_fail_errno("sigaction(SIGALRM)");
	harness_stop = 0;
	armed_at = harness_now();
}

void harness_arm(unsigned seconds)
{
	arm_handler();
	alarm(seconds);
}

void harness_arm_ms(unsigned ms)
{
	struct itimerval it = { .it_interval = { 0, 0 },
				.it_value = { (time_t)(ms / 1000), (suseconds_t)(ms % 1000) * 1000 } };

	if (ms % 1000 == 0) {
		harness_arm(ms / 1000);
		return;
	}
	arm_handler();
	if (setitimer(ITIMER_REAL, &it, NULL) != 0)
		harness_fail_errno("setitimer");
}

void harness_disarm(void)
{
	struct itimerval off = { .it_interval = { 0, 0 }, .it_value = { 0, 0 } };

	if (setitimer(ITIMER_REAL, &off, NULL) != 0)
		harness_fail_errno("setitimer");
}

int harness_reap(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

double harness_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		harness_fail_errno("clock_gettime");
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The program's own time since harness_arm(), for counts the driver times. */
static void own_seconds(int timebase)
{
	if (timebase > 0 && armed_at > 0)
		harness_metric_as("own_seconds", harness_now() - armed_at, "s", MC_MEAN);
}

/* The protocol's lines, each word from core/protocol.h. */
#define S PROTOCOL_SEP
#define COUNT_U PROTOCOL_COUNT S "%llu" S "%d" S "%s"
#define COUNT_F PROTOCOL_COUNT S "%.*f" S "%d" S "%s"

void harness_count_digits(double count, int timebase, const char *unit, int digits)
{
	fprintf(stderr, COUNT_F "\n", digits, count, timebase, unit);
}

void harness_count(double count, int timebase, const char *unit)
{
	if (count == (double)(unsigned long long)count && count < 1e18)
		fprintf(stderr, COUNT_U "\n", (unsigned long long)count, timebase, unit);
	else
		harness_count_digits(count, timebase, unit, 3);
	own_seconds(timebase);
}

void harness_count_u(unsigned long long count, int timebase, const char *unit)
{
	fprintf(stderr, COUNT_U "\n", count, timebase, unit);
	own_seconds(timebase);
}

void harness_time_digits(double seconds, int digits)
{
	fprintf(stderr, PROTOCOL_TIME S "%.*f\n", digits, seconds);
}

void harness_time(double seconds)
{
	harness_time_digits(seconds, 3);
}

void harness_count_dir(unsigned long long count, int timebase, const char *unit,
		       unsigned i)
{
	fprintf(stderr, COUNT_U S "%u\n", count, timebase, unit, i);
}

void harness_count_dir_f(double count, int timebase, const char *unit, unsigned i)
{
	fprintf(stderr, COUNT_F S "%u\n", 3, count, timebase, unit, i);
}

void harness_time_dir(double seconds, unsigned i)
{
	fprintf(stderr, PROTOCOL_TIME S "%.3f" S "%u\n", seconds, i);
}

void harness_metric(const char *name, double value, const char *unit)
{
	fprintf(stderr, PROTOCOL_METRIC S "%s" S "%.6g" S "%s\n", name, value, unit);
}

void harness_metric_u(const char *name, unsigned long long value, const char *unit)
{
	fprintf(stderr, PROTOCOL_METRIC S "%s" S "%llu" S "%s\n", name, value, unit);
}

void harness_metric_as(const char *name, double value, const char *unit,
		       enum metric_combine how)
{
	fprintf(stderr, PROTOCOL_METRIC S "%s" S "%.6g" S "%s" S "%s\n", name, value, unit,
		metric_combine_word(how));
}

void harness_interval(double end_s, double rate, const char *unit, double io_us)
{
	fprintf(stderr, PROTOCOL_INTERVAL S "%.3f" S "%.6g" S "%s" S "%.6g\n", end_s, rate,
		unit, io_us);
}

void harness_note(const char *text)
{
	fprintf(stderr, PROTOCOL_NOTE S "%s\n", text);
}

void harness_note_dir(const char *text, int i)
{
	if (i < 0)
		harness_note(text);
	else
		fprintf(stderr, PROTOCOL_NOTE S "%s" S "%d\n", text, i);
}

/* Print the final protocol line; the caller ends its va_list, then exits. */
static void vfinish(const char *tag, int err, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	/* A '\n' inside the message would break the one-line protocol. */
	for (char *p = msg; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	if (err)
		fprintf(stderr, "%s" S "%s: %s\n", tag, msg, strerror(err));
	else
		fprintf(stderr, "%s" S "%s\n", tag, msg);
}

noreturn void harness_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfinish(PROTOCOL_ERROR, 0, fmt, ap);
	va_end(ap);
	exit(HARNESS_FAILED);
}

noreturn void harness_fail_errno(const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	vfinish(PROTOCOL_ERROR, err, fmt, ap);
	va_end(ap);
	exit(HARNESS_FAILED);
}

noreturn void harness_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfinish(PROTOCOL_SKIP, 0, fmt, ap);
	va_end(ap);
	exit(HARNESS_SKIPPED);
}
