/*
 * testprep.c: what a test needs before its first sample: its program, the
 * system tool its row needs (.needs), its row's preparation step (.prep:
 * the grep test's data file, the disk tests' shared file).  A missing tool
 * skips the test; a failure fails only it.
 */
#include "run/testprep.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/grepdata.h"
#include "run/progout.h"
#include "run/runlog.h"
#include "util/sig.h"
#include "run/spawn.h"
#include "util/pathcheck.h"
#include "util/util.h"
#include "util/quote.h"

/* large.txt for the grep test (src/run/grepdata.c), made once per run. */
static int make_grep_data(struct testprep *tp, const char *src, char *reason, size_t len)
{
	char dst[1200];
	FILE *out;
	int rc, saved;

	(void)src;	/* generated: nothing read from the pgms folder */
	if (path_join(dst, sizeof(dst), tp->scratch, "large.txt") != 0) {
		fmt(reason, len, "%s/large.txt: path too long", tp->scratch);
		return -1;
	}
	if (access(dst, R_OK) == 0)
		return 0;
	out = fopen(dst, "w");
	if (out == NULL) {
		fmt(reason, len, "%s: %s", dst, strerror(errno));
		return -1;
	}
	rc = grepdata_write(out);
	saved = errno;   /* the failed write's, not what fclose() leaves */
	if (fclose(out) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	if (rc != 0) {
		fmt(reason, len, "%s: %s", dst, strerror(saved ? saved : EIO));
		unlink(dst);
	}
	return rc;
}

/* Lay out the shared disk test file once per run, with the program prog. */
static int disk_layout(struct testprep *tp, const char *prog, char *reason, size_t len)
{
	char size[32], *argv[6], qp[4 * 1024], qf[4 * 1100];
	struct spawn_spec spec;
	struct spawn_out out;
	struct copy_result cr;
	int skipped;

	if (tp->disk_ready > 0)
		return 0;
	if (tp->disk_ready < 0) {
		fmt(reason, len, "%s", tp->disk_error);
		return -1;
	}
	fmt(size, sizeof(size), "%llu", tp->disk_size);
	/* exec's argv is not const-qualified; nothing writes through it. */
	argv[0] = (char *)prog;
	argv[1] = "-f";
	argv[2] = (char *)tp->disk_file;
	argv[3] = "-s";
	argv[4] = size;
	argv[5] = NULL;
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.cwd = tp->scratch;
	spec.log_fd = tp->log_fd;
	spec.timeout = 3600;
	runlog_printf(tp->log_fd, "==> laying out the disk test file: %s -f %s -s %s\n",
		      octal_controls(prog, qp, sizeof(qp)),
		      octal_controls(tp->disk_file, qf, sizeof(qf)), size);
	if (spawn_pass(&spec, 1, &out) != 0) {
		spawn_free(&out, 1);
		return -1;
	}
	progout_parse_copy(out.err, out.err_dropped, out.status, out.timed_out,
			   out.elapsed, &cr, reason, len, &skipped);
	spawn_free(&out, 1);
	/* disk-layout prints no COUNT: a clean exit is success. */
	if (out.status == 0) {
		tp->disk_ready = 1;
		runlog_printf(tp->log_fd, "# layout done in %.1f s\n", out.elapsed);
		return 0;
	}
	tp->disk_ready = -1;
	fmt(tp->disk_error, sizeof(tp->disk_error), "laying out %s: %s",
		 tp->disk_file, reason);
	fmt(reason, len, "%s", tp->disk_error);
	return -1;
}

/* The preparation steps, by the table's .prep. */
static const struct prep_step {
	const char *pgm_file;   /* what it uses from the pgms folder, or NULL */
	int (*run)(struct testprep *tp, const char *path, char *reason, size_t len);
} steps[] = {
	[PREP_NONE] = { NULL, NULL },
	[PREP_GREP_DATA] = { NULL, make_grep_data },
	[PREP_DISK_FILE] = { "disk-layout", disk_layout },
};

const char *testprep_pgm_file(enum test_prep prep)
{
	return (size_t)prep < sizeof(steps) / sizeof(steps[0]) ? steps[prep].pgm_file : NULL;
}

/*
 * Why t's tool was not found in PATH: installed elsewhere (a system folder
 * PATH leaves out: said so, with where), or not installed at all.
 */
static void missing_tool(const struct test_def *t, char *reason, size_t len)
{
	static const char *const dirs[] = { "/usr/local/bin", "/usr/bin", "/bin" };
	char path[256];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (fmt(path, sizeof(path), "%s/%s", dirs[i], t->needs) == 0 &&
		    access(path, X_OK) == 0) {
			fmt(reason, len, "%s is installed as %s, but that folder is not in PATH",
			    t->needs, path);
			return;
		}
	fmt(reason, len, "%s is not installed (%s)", t->needs,
	    t->needs_hint ? t->needs_hint : "not found in PATH");
}

/* Reasons a test cannot run here at all; TS_OK if it can. */
enum test_status testprep_check(struct testprep *tp, const struct test_def *t,
				char *reason, size_t len)
{
	const struct prep_step *step;
	char path[1200], found[1200], qs[4 * 1024];

	/* Something (a tmp cleaner) removed the scratch folder: make it again,
	 * so only the test that was using it fails, not every later one. */
	if (mkdir(tp->scratch, 0700) == 0)
		runlog_printf(tp->log_fd, "# scratch folder %s had disappeared: created again\n",
			      octal_controls(tp->scratch, qs, sizeof(qs)));
	errno = ENAMETOOLONG;   /* what a path_join failure means */
	if (path_join(path, sizeof(path), tp->pgmdir, test_prog(t, tp->workload)) != 0 || access(path, X_OK) != 0) {
		/* Not built, or built but out of this user's reach (and why). */
		char why[1400];

		if (path_exec_problem(path, errno, why, sizeof(why)) == EXEC_MISSING) {
			fmt(reason, len, "program %s is not built (run make)", path);
			return TS_UNAVAILABLE;
		}
		fmt(reason, len, "program %s %s", path, why);
		return TS_FAILED;
	}
	if (t->needs != NULL && find_in_path(t->needs, found, sizeof(found)) != 0) {
		missing_tool(t, reason, len);
		return TS_SKIPPED;
	}
	if ((size_t)t->prep >= sizeof(steps) / sizeof(steps[0]) || steps[t->prep].run == NULL)
		return TS_OK;
	step = &steps[t->prep];
	path[0] = '\0';
	if ((step->pgm_file != NULL &&
	     path_join(path, sizeof(path), tp->pgmdir, step->pgm_file) != 0) ||
	    step->run(tp, path, reason, len) != 0)
		return sig_pending() ? TS_NOT_RUN : TS_FAILED;
	return TS_OK;
}
