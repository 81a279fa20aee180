/*
 * cctest.c: input for the C compiler throughput test.  The test compiles
 * this file over and over; it is never run by the suite, but it is a real
 * program: a word-frequency counter with a small hash table and an
 * insertion sort, which also adds up the numbers it finds.  It is about as
 * much code as UnixBench's file, since the compiler's time goes with the
 * headers it reads and the code it generates.
 */
#include <stdio.h>

/*
 * Only <stdio.h>, as UnixBench's file: the few other library functions are
 * declared here, so the compiler reads about as much as for the reference
 * (the three other headers would triple the preprocessed text).
 */
int isalnum(int c);
int isdigit(int c);
int tolower(int c);
void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void free(void *p);
double atof(const char *s);
int atoi(const char *s);
int strcmp(const char *a, const char *b);
char *strncpy(char *dst, const char *src, size_t n);

#define TABLE_SIZE 1024
#define WORD_MAX 64

struct word {
	char text[WORD_MAX];
	unsigned count;
	struct word *next;
};

struct table {
	struct word *slot[TABLE_SIZE];
	size_t words;
};

static unsigned long hash(const char *s)
{
	unsigned long h = 5381;

	while (*s != '\0')
		h = h * 33u ^ (unsigned char)*s++;
	return h;
}

static struct word *lookup(struct table *t, const char *text)
{
	unsigned long i = hash(text) % TABLE_SIZE;
	struct word *w;

	for (w = t->slot[i]; w != NULL; w = w->next)
		if (strcmp(w->text, text) == 0)
			return w;
	w = calloc(1, sizeof(*w));
	if (w == NULL)
		return NULL;
	strncpy(w->text, text, WORD_MAX - 1);
	w->next = t->slot[i];
	t->slot[i] = w;
	t->words++;
	return w;
}

static int more_frequent(const struct word *a, const struct word *b)
{
	if (a->count != b->count)
		return a->count > b->count;
	return strcmp(a->text, b->text) < 0;
}

/* Insertion sort of the word pointers, most frequent first (stable). */
static void sort_words(struct word **v, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct word *w = v[i];

		for (j = i; j > 0 && more_frequent(w, v[j - 1]); j--)
			v[j] = v[j - 1];
		v[j] = w;
	}
}

static void count_words(struct table *t, FILE *in, double *sum)
{
	char buf[WORD_MAX];
	size_t len = 0;
	int c;

	do {
		c = getc(in);
		if (c != EOF && (isalnum(c) || c == '\'') && len < WORD_MAX - 1) {
			buf[len++] = (char)tolower(c);
			continue;
		}
		if (len > 0) {
			struct word *w;

			buf[len] = '\0';
			if (isdigit((unsigned char)buf[0]))
				*sum += atof(buf);
			w = lookup(t, buf);
			if (w != NULL)
				w->count++;
			len = 0;
		}
	} while (c != EOF);
}

int main(int argc, char **argv)
{
	static struct table t;
	struct word **all;
	size_t n = 0, i, top = argc > 1 ? (size_t)atoi(argv[1]) : 10;
	double sum = 0.0;

	count_words(&t, stdin, &sum);
	all = malloc((t.words + 1) * sizeof(*all));
	if (all == NULL)
		return 1;
	for (i = 0; i < TABLE_SIZE; i++) {
		struct word *w;

		for (w = t.slot[i]; w != NULL; w = w->next)
			all[n++] = w;
	}
	sort_words(all, n);
	for (i = 0; i < n && i < top; i++)
		printf("%7u %s\n", all[i]->count, all[i]->text);
	printf("%zu distinct words, numbers add up to %g\n", n, sum);
	free(all);
	return 0;
}
