/*
 * harness.h: the one timing and reporting harness every test program links.
 *
 * The protocol (UnixBench compatible, plus a few sysindex lines).  Results go
 * to stderr, one per line, fields separated by '|':
 *
 *   COUNT|<count>|<timebase>|<unit>   the work done; timebase 0 = already a rate
 *   TIME|<seconds>                    the program's own measured time (optional)
 *   COUNT|<count>|<timebase>|<unit>|<i>  and TIME|<seconds>|<i>: the same for
 *                                     directory i (from 0) of a program that
 *                                     measures several at once (fstime -d A
 *                                     -d B: paired mode's sliced samples)
 *   METRIC|<name>|<value>|<unit>[|<how>]  an extra figure (IOPS, latency
 *                                     percentile); how the driver combines the
 *                                     copies of a pass: sum (the default),
 *                                     mean or max
 *   NOTE|<text>                       a label for the result, e.g. "buffered"
 *   NOTE|<text>|<i>                   directory i's label (a program that
 *                                     measures several at once)
 *   ERROR|<message>                   why the program failed (then exit 1)
 *   SKIP|<reason>                     the test cannot run here (then exit 3)
 *   START|<seconds>                   CLOCK_MONOTONIC when its work began
 *                                     (after the start gate, see below)
 *   INTERVAL|<s>|<rate>|<unit>|<us>   one interval of a time series (the
 *                                     disk programs' sustained mode, -R):
 *                                     when it ended (s since the work
 *                                     began), its rate in the COUNT's unit,
 *                                     the mean time an I/O took in it (us)
 *
 * stdout is chatter and goes to the run log.  A stderr line without '|' is an
 * error for the driver, as it is for UnixBench.
 *
 * Exit codes: 0 ok, 1 failed, 2 usage, 3 skipped (unsupported here).
 */
#ifndef SYSINDEX_HARNESS_H
#define SYSINDEX_HARNESS_H

#include <signal.h>
#include <stdnoreturn.h>
#include <sys/types.h>

/* The lines' words and the exit codes, the start gate's descriptor number
 * (PROTOCOL_START_FD_ENV), the combine words of METRIC lines: the facts the
 * driver shares, in one place. */
#include "core/protocol.h"

/* The exit codes, by the programs' names for them (core/protocol.h's values). */
enum harness_exit {
	HARNESS_OK = PROTOCOL_EXIT_OK,
	HARNESS_FAILED = PROTOCOL_EXIT_FAILED,
	HARNESS_USAGE = PROTOCOL_EXIT_USAGE,
	HARNESS_SKIPPED = PROTOCOL_EXIT_SKIPPED,
};

/*
 * Set by SIGALRM once the duration armed by harness_arm() is over.  Work loops
 * test it once per iteration (a plain load, no syscall, no clock read).  This
 * is the only global state in the harness: a signal handler cannot reach
 * anything else.
 */
extern volatile sig_atomic_t harness_stop;

/* Parse a positive whole number of seconds (1..86400); usage() on error. */
unsigned harness_seconds(const char *arg, const char *usage);

/* Parse a non-negative integer within [min, max]; usage() on error. */
long harness_long(const char *arg, long min, long max, const char *usage);

/*
 * The start gate: the driver starts every copy of a pass with the read end
 * of one pipe as descriptor $SYSINDEX_START_FD and closes the write end once
 * the last copy is forked, so that all copies begin their work together,
 * not one fork apart.  Wait for that end of file, say START|<now>, and drop
 * the descriptor and the variable (programs that re-execute themselves wait
 * once).  Without the variable (run by hand) it returns at once, silently.
 * harness_arm() calls it; programs that time themselves call it first.
 */
void harness_start_gate(void);

/* Pass the start gate, then arm SIGALRM after 'seconds'; the handler only
 * sets harness_stop. */
void harness_arm(unsigned seconds);

/*
 * Wait for child pid and return its wait status; a wait the alarm
 * interrupts (EINTR) is resumed.  -1 with errno on any other error.
 */
int harness_reap(pid_t pid);

/* harness_arm() with a duration in milliseconds (whole seconds: alarm()). */
void harness_arm_ms(unsigned ms);

/* Cancel what harness_arm()/harness_arm_ms() armed, if it has not fired:
 * a loop that ended on its own must not be stopped by it later. */
void harness_disarm(void);

/* Monotonic clock in seconds (for TIME lines; never inside a work loop). */
double harness_now(void);

/* The COUNT line: a whole count as an integer, else with three decimals. */
void harness_count(double count, int timebase, const char *unit);
void harness_count_u(unsigned long long count, int timebase, const char *unit);
/* The COUNT line with 'digits' decimals always (whetstone: UnixBench's three). */
void harness_count_digits(double count, int timebase, const char *unit, int digits);
/* The TIME line, three decimals; harness_time_digits: 'digits' of them
 * (fstime: UnixBench's one). */
void harness_time(double seconds);
void harness_time_digits(double seconds, int digits);
/* The COUNT and TIME lines of directory i of several measured at once. */
void harness_count_dir(unsigned long long count, int timebase, const char *unit,
		       unsigned i);
void harness_time_dir(double seconds, unsigned i);
/* The same COUNT with a fractional count (a rate, timebase 0). */
void harness_count_dir_f(double count, int timebase, const char *unit, unsigned i);

/* A METRIC summed over copies; _u: a whole number, every digit printed. */
void harness_metric(const char *name, double value, const char *unit);
void harness_metric_u(const char *name, unsigned long long value, const char *unit);
/* A METRIC the copies combine as 'how' says (MC_SUM, MC_MEAN, MC_MAX). */
void harness_metric_as(const char *name, double value, const char *unit,
		       enum metric_combine how);
void harness_note(const char *text);
/* An INTERVAL line: the interval that ended 'end_s' after the work began. */
void harness_interval(double end_s, double rate, const char *unit, double io_us);
/* Directory i's NOTE; i < 0: the plain NOTE. */
void harness_note_dir(const char *text, int i);

/* Print "usage: <text>" on stderr and exit 2. */
noreturn void harness_usage(const char *usage);
/* Print "ERROR|<message>" (printf-style) on stderr and exit 1. */
noreturn void harness_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* Like harness_fail, with ": <strerror(errno)>" appended. */
noreturn void harness_fail_errno(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* Print "SKIP|<reason>" on stderr and exit 3. */
noreturn void harness_skip(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

#endif
