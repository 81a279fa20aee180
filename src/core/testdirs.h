/*
 * testdirs.h: the --testdir [LABEL=]DIR values of paired mode (pure).
 *
 * Two or more --testdir values compare directories within one run; the first
 * is the baseline.  A value "LABEL=DIR" names its directory; the part before
 * the first '=' is a label only when it holds no '/', so "/mnt/a=b" stays a
 * path.  Without a label the directory's last component is used, its other
 * characters replaced by '_', made unique with "-2", "-3", ...
 */
#ifndef SYSINDEX_TESTDIRS_H
#define SYSINDEX_TESTDIRS_H

#include <stddef.h>

#define MAX_TESTDIRS 8
#define TESTDIR_LABEL_MAX 24    /* bytes, with the NUL */

struct testdir_spec {
	char label[TESTDIR_LABEL_MAX];
	const char *path;       /* points into the argument */
	int labelled;           /* the label was given */
};

/* Letters, digits and "._+-": what a label may hold (tables, CSV, charts). */
int testdirs_label_ok(const char *s);

/* Split one value; 0, or -1 with a one-line message (empty label or path, bad label). */
int testdirs_split(const char *arg, struct testdir_spec *out, char *err, size_t errlen);

/*
 * Split n values and give the unlabelled ones unique labels; 0, or -1 with
 * a one-line message (also for a label given twice).  Whether two values
 * name the same directory is checked where the file system is (paired_prep).
 */
int testdirs_parse(const char *const *args, size_t n, struct testdir_spec *out,
		   char *err, size_t errlen);

#endif
