/* sliced.c: one sliced pass split per directory, and a round's cost (sliced.h). */
#include "run/sliced.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

int sliced_split(const struct pass_result *all, size_t i, struct pass_result *out)
{
	double tsum = 0;

	memset(out, 0, sizeof(*out));
	out->ok = all->ok;
	out->skipped = all->skipped;
	out->start_spread = all->start_spread;
	out->at = all->at;       /* the round's start */
	fmt(out->reason, sizeof(out->reason), "%s", all->reason);
	out->copies = calloc(all->ncopies ? all->ncopies : 1, sizeof(*out->copies));
	if (out->copies == NULL) {
		out->ok = 0;
		fmt(out->reason, sizeof(out->reason), "out of memory");
		return -1;
	}
	out->ncopies = all->ncopies;
	for (size_t c = 0; c < all->ncopies; c++) {
		const struct copy_result *src = &all->copies[c];
		struct copy_result *cr = &out->copies[c];
		int have = i < PROTOCOL_MAX_DIRS && (src->dir_seen & (1u << i));
		/* One directory left (the others skipped): its plain result. */
		int plain = i == 0 && src->dir_seen == 0;

		*cr = *src;
		if (!plain) {
			cr->count = have ? src->dir_count[i] : 0;
			cr->time = have ? src->dir_time[i] : -1;
			if (i < PROTOCOL_MAX_DIRS && src->dir_note[i][0] != '\0')
				fmt(cr->note, sizeof(cr->note), "%s", src->dir_note[i]);
		}
		have |= plain;
		cr->ok = src->ok && have;
		if (src->ok && !have && out->ok) {
			out->ok = 0;
			fmt(out->reason, sizeof(out->reason),
			    "copy %zu printed no result for test dir %zu", c + 1, i + 1);
		}
		out->count += cr->count;
		tsum += cr->time >= 0 ? cr->time : cr->elapsed;
	}
	out->time = all->ncopies ? tsum / (double)all->ncopies : 0;
	if (out->ok)
		out->reason[0] = '\0';
	return 0;
}

/* Whether every copy of all printed a result for side i. */
static int side_whole(const struct pass_result *all, size_t i)
{
	for (size_t c = 0; c < all->ncopies; c++) {
		const struct copy_result *src = &all->copies[c];

		if (!(i < PROTOCOL_MAX_DIRS && (src->dir_seen & (1u << i))))
			return 0;
	}
	return all->ncopies > 0;
}

int sliced_culprit(const struct pass_result *all, size_t n)
{
	int first = -1;
	size_t whole = 0;

	if (n == 1)
		return 0;       /* one side left: the failure is its own */
	for (size_t i = 0; i < n; i++) {
		if (side_whole(all, i))
			whole++;
		else if (first < 0)
			first = (int)i;
	}
	return whole > 0 && first >= 0 ? first : -1;
}

double sliced_round_seconds(const struct test_sliced *sl, int quick, unsigned secs,
			    size_t ndirs)
{
	double over = quick ? sl->overhead_quick_s : sl->overhead_s;
	double dir = quick ? sl->dir_overhead_quick_s : sl->dir_overhead_s;

	return over + (double)ndirs * (secs + dir);
}
