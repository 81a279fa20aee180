/*
 * record_int.h: the strict JSON walker under record_read.c (private).
 *
 * Not a general JSON parser: it reads one object whose every member is a
 * row of a field table (struct rec_schema), each row naming its key, the
 * type it must have and where in the model its value goes.  A key that no
 * row names, a value of another type, a string longer than its buffer, a
 * number that does not fit, an array longer than its cap: one message
 * naming the field ("runs[0].tests[3].samples[1].rate: expected a number")
 * and the walk stops.  Nesting follows the tables only (an object member
 * is read with its row's sub-table), so the input cannot make the walk go
 * deeper than the schema; a depth counter guards it all the same.  Every
 * allocation is charged to a budget proportional to the input's size.
 */
#ifndef SYSINDEX_RECORD_INT_H
#define SYSINDEX_RECORD_INT_H

#include <stddef.h>

#define REC_MAX_DEPTH 16        /* deeper than any table nests (11 today) */
#define REC_NUM_MAX 40          /* longest number token accepted, bytes */

struct rec;

enum rec_kind {
	RK_STR,         /* string (null: ""), into char[size] */
	RK_STRHAVE,     /* string into char[size] (set the int at aux to 1), or null ("") */
	RK_DBL,         /* number, null: NAN */
	RK_DBL0,        /* number, null: 0 */
	RK_DBLM1,       /* number, null: -1 */
	RK_UINT,        /* unsigned integer of size bytes (4 or 8), null: 0 */
	RK_INT,         /* int, null: 0 */
	RK_INTM1,       /* int, null: -1 */
	RK_BOOL,        /* true/false into int */
	RK_BOOLBIT,     /* true/false: true sets bit in the unsigned at off */
	RK_TRI,         /* true/false into int, null: -1 */
	RK_TIME,        /* integer seconds or null (0) into time_t */
	RK_DBLBIT,      /* number (set bit in the unsigned at aux) or null */
	RK_U64BIT,      /* unsigned 64-bit (set bit in the unsigned at aux) or null */
	RK_U64HAVE,     /* unsigned 64-bit (set the int at aux to 1) or null */
	RK_OBJ,         /* object read with sub at off; null allowed when aux is
			   an int's offset (set to 1 when present), else not */
	RK_ARR,         /* array of objects: elem makes each, sub reads it */
	RK_FN,          /* fn reads the value itself */
	RK_SKIPNUM,     /* a derived figure: number or null, not kept */
	RK_SKIPSTR,     /* a derived text: string or null, not kept */
	RK_SKIPBOOL,    /* a derived flag: bool, not kept */
};

#define REC_NONE ((size_t)-1)

struct rec_schema;

struct rec_field {
	const char *key;
	enum rec_kind kind;
	unsigned bit;           /* RK_*BIT */
	size_t off;             /* in the object being read */
	size_t size;            /* RK_STR: buffer; RK_UINT: width */
	size_t aux;             /* RK_*BIT, RK_U64HAVE, RK_OBJ: offset of the flag; REC_NONE */
	const struct rec_schema *sub;
	/* RK_ARR: a new zeroed element of obj's array (NULL after an error). */
	void *(*elem)(struct rec *rd, void *obj, size_t index);
	/* RK_FN: read the next value into obj (0, or -1 after rec_fail). */
	int (*fn)(struct rec *rd, void *obj);
};

struct rec_schema {
	const struct rec_field *fields;
	size_t nfields;
	/* After the object's members: checks and completions (0 or -1). */
	int (*done)(struct rec *rd, void *obj, void *parent);
};

struct rec {
	const char *p, *end;
	const char *name;       /* the file, for messages */
	char *err;
	size_t errlen;
	int failed;
	size_t budget;          /* bytes the model may still allocate */
	int depth;
	struct { const char *key; long index; } path[REC_MAX_DEPTH];
	void *user;             /* record_read.c's state */
	char sink[4096];        /* a derived text read and dropped */
};

/* Rows of a table, by the member they fill (record_read.c's and journal_read.c's). */
/* NOLINTBEGIN(bugprone-macro-parentheses): T is a type and m a member
 * designator (offsetof's arguments), s a table's name: none can be
 * parenthesized. */
#define MEMBER_SIZE(T, m) sizeof(((T *)0)->m)
#define F_STR(k, T, m) { .key = k, .kind = RK_STR, .off = offsetof(T, m), \
			 .size = MEMBER_SIZE(T, m), .aux = REC_NONE }
#define F_NUM(k, kd, T, m) { .key = k, .kind = kd, .off = offsetof(T, m), .aux = REC_NONE }
#define F_UINT(k, T, m) { .key = k, .kind = RK_UINT, .off = offsetof(T, m), \
			  .size = MEMBER_SIZE(T, m), .aux = REC_NONE }
#define F_BIT(k, kd, T, m, have, b) { .key = k, .kind = kd, .off = offsetof(T, m), \
				      .size = MEMBER_SIZE(T, m), .aux = offsetof(T, have), .bit = b }
#define F_OBJ(k, T, m, s) { .key = k, .kind = RK_OBJ, .off = offsetof(T, m), .aux = REC_NONE, \
			    .sub = &s }
#define F_OBJN(k, T, m, have, s) { .key = k, .kind = RK_OBJ, .off = offsetof(T, m), \
				   .aux = offsetof(T, have), .sub = &s }
#define F_SAME(k, s) { .key = k, .kind = RK_OBJ, .off = 0, .aux = REC_NONE, .sub = &s }
#define F_ARR(k, s, e) { .key = k, .kind = RK_ARR, .aux = REC_NONE, .sub = &s, .elem = e }
#define F_STRHAVE(k, T, m, have) { .key = k, .kind = RK_STRHAVE, .off = offsetof(T, m), \
				    .size = MEMBER_SIZE(T, m), .aux = offsetof(T, have) }
#define F_BOOLBIT(k, b) { .key = k, .kind = RK_BOOLBIT, .off = 0, .aux = REC_NONE, .bit = b }
#define F_FN(k, f) { .key = k, .kind = RK_FN, .aux = REC_NONE, .fn = f }
#define F_SKIP(k, kd) { .key = k, .kind = kd, .aux = REC_NONE }
#define SCHEMA(name, rows, done) \
	static const struct rec_schema name = { rows, sizeof(rows) / sizeof(rows[0]), done }
/* NOLINTEND(bugprone-macro-parentheses) */

/* Read one object of schema sch into obj (parent: the enclosing object). */
int rec_object(struct rec *rd, const struct rec_schema *sch, void *obj, void *parent);

/* "name: path: message" (one line; the path as far as the walk got). */
int rec_fail(struct rec *rd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Values for RK_FN readers. */
int rec_string(struct rec *rd, char *out, size_t size, int null_ok);
int rec_number(struct rec *rd, double *out, int *is_null);
int rec_uint(struct rec *rd, unsigned long long *out, int *is_null);
int rec_bool(struct rec *rd, int *out);
int rec_null(struct rec *rd);           /* 1 and consumed if the next value is null */
/* An array of n_max values at most, each read by one(rd, ctx, i); *n set. */
int rec_array(struct rec *rd, size_t n_max, size_t *n,
	      int (*one)(struct rec *rd, void *ctx, size_t i), void *ctx);

/* Grow *arr of *cap elements to hold n + 1 (zeroed), charged; 0 or -1. */
int rec_grow(struct rec *rd, void **arr, size_t *cap, size_t n, size_t size, size_t max);

/*
 * The whole regular file at path, at most max bytes, into *out (malloc'd,
 * the caller frees) and *len: 0, or -1 with err = "path: why" (one line).
 */
int rec_slurp(const char *path, size_t max, char **out, size_t *len, char *err, size_t errlen);

/*
 * One sample as the record holds it (an element of a test's "samples",
 * record_read.c's table) into p (zeroed by the caller; its copies are
 * allocated: free p->copies): 0, or -1 after rec_fail.
 */
struct pass_result;
int record_read_sample(struct rec *rd, struct pass_result *p);

/*
 * After the walk (record_check.c): every derived figure of r computed again
 * from its samples with the run's functions (score_test, score_run,
 * score_paired_judge) and held to the stored one; values no run writes
 * refused.  0, or -1 after rec_fail naming the member.
 */
struct run_result;
int record_check(struct rec *rd, struct run_result *r);

#endif
