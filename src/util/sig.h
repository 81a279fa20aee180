/*
 * sig.h: the driver's signal handling, through a self-pipe (the run's and
 * `serve`'s: both poll() its read end).
 *
 * SIGINT, SIGTERM, SIGHUP and every other signal whose default would end the
 * driver without cleaning up (SIGUSR1/2, SIGALRM, SIGXCPU from ulimit -t, the
 * real-time signals, ...) are recorded (the first one wins) and wake the
 * poll(); SIGCHLD only wakes it.  This is the driver's one piece of
 * global state: a signal handler can reach nothing else.
 */
#ifndef SYSINDEX_SIG_H
#define SYSINDEX_SIG_H

int sig_install(void);          /* 0, or -1 with errno */
void sig_default(void);         /* a forked child: every signal caught back to its default */
int sig_fd(void);               /* read end of the self-pipe, for poll() */
void sig_drain(void);           /* empty the self-pipe after poll() woke up */
int sig_pending(void);          /* the terminating signal received, or 0 */
/* Sleep up to 'seconds', returning early (1) if a terminating signal arrives. */
int sig_sleep(double seconds);

#endif
