/*
 * testprep.c: what a test needs before its first sample: its program, the
 * system tools it runs (dc, cc), the grep test's data file, the disk tests'
 * shared file.  A missing tool skips the test; a failure fails only it.
 */
#include "run/testprep.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/sig.h"
#include "run/spawn.h"
#include "util/util.h"

#define GREP_DATA_BYTES (4u << 20)

/* large.txt for the grep test: the shell test's text, repeated, a few "gimp"s. */
static int make_grep_data(const struct run_env *env, char *reason, size_t len)
{
	char src[1200], dst[1200], buf[16384];
	size_t n, total = 0, round = 0;
	FILE *in, *out;
	int rc = 0;

	if (path_join(src, sizeof(src), env->pgmdir, "sort.src") != 0 ||
	    path_join(dst, sizeof(dst), env->scratch, "large.txt") != 0)
		return -1;
	if (access(dst, R_OK) == 0)
		return 0;
	in = fopen(src, "r");
	if (in == NULL) {
		fmt(reason, len, "%s: %s", src, strerror(errno));
		return -1;
	}
	n = fread(buf, 1, sizeof(buf), in);
	fclose(in);
	out = fopen(dst, "w");
	if (out == NULL) {
		fmt(reason, len, "%s: %s", dst, strerror(errno));
		return -1;
	}
	while (total < GREP_DATA_BYTES && n > 0) {
		if (fwrite(buf, 1, n, out) != n ||
		    fprintf(out, "line %zu: the gimp was here\n", ++round) < 0) {
			rc = -1;
			break;
		}
		total += n;
	}
	if (fclose(out) != 0)
		rc = -1;
	if (rc != 0) {
		fmt(reason, len, "%s: %s", dst, strerror(errno));
		unlink(dst);
	}
	return rc;
}

/* Lay out the shared disk test file once per run. */
static int disk_layout(struct run_env *env, char *reason, size_t len)
{
	char prog[1200], size[32], *argv[6];
	struct spawn_spec spec;
	struct spawn_out out;
	struct copy_result cr;
	int skipped;

	if (env->disk_ready > 0)
		return 0;
	if (env->disk_ready < 0) {
		fmt(reason, len, "%s", env->disk_error);
		return -1;
	}
	path_join(prog, sizeof(prog), env->pgmdir, "disk-layout");
	fmt(size, sizeof(size), "%llu", env->disk_size);
	argv[0] = prog;
	argv[1] = "-f";
	argv[2] = env->disk_file;
	argv[3] = "-s";
	argv[4] = size;
	argv[5] = NULL;
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.cwd = env->scratch;
	spec.log_fd = env->log_fd;
	spec.timeout = 3600;
	runner_log(env, "==> laying out the disk test file: %s -f %s -s %s\n", prog,
		   env->disk_file, size);
	if (spawn_pass(&spec, 1, &out) != 0) {
		spawn_free(&out, 1);
		return -1;
	}
	runner_parse_copy(out.err, out.err_dropped, out.status, out.timed_out,
			  out.elapsed, &cr, reason, len, &skipped);
	spawn_free(&out, 1);
	/* disk-layout prints no COUNT: a clean exit is success. */
	if (out.status == 0) {
		env->disk_ready = 1;
		runner_log(env, "# layout done in %.1f s\n", out.elapsed);
		return 0;
	}
	env->disk_ready = -1;
	fmt(env->disk_error, sizeof(env->disk_error), "laying out %s: %s",
		 env->disk_file, reason);
	fmt(reason, len, "%s", env->disk_error);
	return -1;
}

/* Reasons a test cannot run here at all; 0 if it can. */
enum test_status testprep_check(struct run_env *env, const struct test_def *t,
				 char *reason, size_t len)
{
	char path[1200], found[1200];

	/* Something (a tmp cleaner) removed the scratch folder: make it again,
	 * so only the test that was using it fails, not every later one. */
	if (mkdir(env->scratch, 0700) == 0)
		runner_log(env, "# scratch folder %s had disappeared: created again\n",
			   env->scratch);
	if (path_join(path, sizeof(path), env->pgmdir, t->prog) != 0 ||
	    access(path, X_OK) != 0) {
		fmt(reason, len, "program %s is not built (run make)", path);
		return TS_UNAVAILABLE;
	}
	if (t->needs != NULL && find_in_path(t->needs, found, sizeof(found)) != 0) {
		fmt(reason, len, "%s is not installed (%s)", t->needs,
		    t->needs_hint ? t->needs_hint : "not found in PATH");
		return TS_SKIPPED;
	}
	switch (t->prep) {
	case PREP_NONE:
		break;
	case PREP_GREP_DATA:
		if (make_grep_data(env, reason, len) != 0)
			return TS_FAILED;
		break;
	case PREP_DISK_FILE:
		if (disk_layout(env, reason, len) != 0)
			return sig_pending() ? TS_NOT_RUN : TS_FAILED;
		break;
	}
	return TS_OK;
}

