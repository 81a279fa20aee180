/*
 * pad.h: ballast that gives the execl image a realistic size.
 *
 * UnixBench links an old job-mix driver into its execl binary as dead code,
 * plus an 8 KB bss array, so every exec maps a program of ordinary size
 * rather than a minimal one.  sysindex does the same with its own code.
 */
#ifndef SYSINDEX_EXECL_PAD_H
#define SYSINDEX_EXECL_PAD_H

/*
 * A small simulated-users job runner.  It is never called: execl only takes
 * its address (through a volatile pointer) so no linker or optimizer can drop
 * it.
 */
int pad_jobmix_main(int argc, char **argv);

/* Write once to the 8 KB bss ballast so that it is really part of the image. */
void pad_touch(void);

#endif
