/*
 * hanoi: UnixBench's "Recursion Test -- Tower of Hanoi".
 *
 *   hanoi <seconds> [disks]      (10 disks by default)
 *
 * Each loop solves the puzzle recursively: moves all disks from peg 1 to
 * peg 3, keeping a count of disks on each peg (2^disks - 1 single moves).
 * Output COUNT|<loops>|1|lps.
 */
#include "harness.h"

#include <stdio.h>

#define USAGE "hanoi <seconds> [disks]"
#define DEFAULT_DISKS 10
#define MAX_DISKS 30		/* 2^30 moves per loop is already ~seconds */

struct hanoi_run {
	int disks;
	volatile unsigned long loops;
};

/*
 * Disks on pegs 1..3 ([0] unused); unsigned: they wrap on long runs.  In
 * static storage, as UnixBench's are: passed down the recursion as an extra
 * argument instead, the same moves ran about 9% slower (the work is the
 * calls, so how they are compiled is what is measured).
 */
static unsigned pegs[4];

/*
 * Move a tower of n disks from peg 'from' to peg 'to' through the third peg
 * (pegs are 1, 2, 3, so the third one is 6 - from - to).  A single disk just
 * moves one count across.
 */
static void move_tower(int n, int from, int to)
{
	int via;

	if (n == 1) {
		pegs[from]--;
		pegs[to]++;
		return;
	}
	via = 6 - (from + to);
	move_tower(n - 1, from, via);
	move_tower(1, from, to);
	move_tower(n - 1, via, to);
}

static void run_loop(struct hanoi_run *r)
{
	while (!harness_stop) {
		move_tower(r->disks, 1, 3);
		r->loops++;
	}
}

/* Every loop moved the whole tower from peg 1 onto peg 3 (mod 2^32). */
static void print_check(const struct hanoi_run *r)
{
	unsigned moved = (unsigned)r->disks * (unsigned)r->loops;
	int ok = pegs[3] == moved && pegs[2] == 0 &&
		 pegs[1] == (unsigned)r->disks - moved;

	printf("hanoi: %d disks, %lu loops, disk counts %s\n", r->disks,
	       r->loops, ok ? "check" : "WRONG");
}

int main(int argc, char **argv)
{
	struct hanoi_run run = { .disks = DEFAULT_DISKS };
	unsigned seconds;

	if (argc < 2 || argc > 3)
		harness_usage(USAGE);
	seconds = harness_seconds(argv[1], USAGE);
	if (argc == 3)
		run.disks = (int)harness_long(argv[2], 1, MAX_DISKS, USAGE);
	pegs[1] = (unsigned)run.disks;

	harness_arm(seconds);
	run_loop(&run);
	harness_count_u(run.loops, 1, "lps");
	print_check(&run);
	return HARNESS_OK;
}
