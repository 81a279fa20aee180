/*
 * cctest.c: input for the C compiler throughput test.  The test compiles
 * this file over and over; it is never run by the suite, but it is a real
 * program: a word-frequency counter with a small hash table, a merge sort
 * and a reverse Polish calculator for the numbers it finds.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_SIZE 1024
#define WORD_MAX 64
#define STACK_MAX 32

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

/* Stable merge sort of an array of word pointers, using tmp as scratch. */
static void merge_sort(struct word **v, struct word **tmp, size_t n)
{
	size_t mid = n / 2, i = 0, j = mid, k = 0;

	if (n < 2)
		return;
	merge_sort(v, tmp, mid);
	merge_sort(v + mid, tmp, n - mid);
	while (i < mid && j < n)
		tmp[k++] = more_frequent(v[j], v[i]) ? v[j++] : v[i++];
	while (i < mid)
		tmp[k++] = v[i++];
	while (j < n)
		tmp[k++] = v[j++];
	memcpy(v, tmp, n * sizeof(*v));
}

/* Evaluate "3 4 + 2 *" style expressions; returns 0 on success. */
static int rpn(const char *expr, double *result)
{
	double stack[STACK_MAX];
	int depth = 0;
	char *end;

	while (*expr != '\0') {
		if (isspace((unsigned char)*expr)) {
			expr++;
		} else if (isdigit((unsigned char)*expr) || *expr == '.') {
			if (depth == STACK_MAX)
				return -1;
			stack[depth++] = strtod(expr, &end);
			expr = end;
		} else {
			double b, a;

			if (depth < 2)
				return -1;
			b = stack[--depth];
			a = stack[--depth];
			switch (*expr++) {
			case '+': stack[depth++] = a + b; break;
			case '-': stack[depth++] = a - b; break;
			case '*': stack[depth++] = a * b; break;
			case '/':
				if (b == 0.0)
					return -1;
				stack[depth++] = a / b;
				break;
			default:
				return -1;
			}
		}
	}
	if (depth != 1)
		return -1;
	*result = stack[0];
	return 0;
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
	struct word **all, **tmp;
	size_t n = 0, i, top = argc > 1 ? (size_t)atoi(argv[1]) : 10;
	double sum = 0.0, check;

	count_words(&t, stdin, &sum);
	all = malloc((t.words + 1) * sizeof(*all));
	tmp = malloc((t.words + 1) * sizeof(*tmp));
	if (all == NULL || tmp == NULL)
		return 1;
	for (i = 0; i < TABLE_SIZE; i++) {
		struct word *w;

		for (w = t.slot[i]; w != NULL; w = w->next)
			all[n++] = w;
	}
	merge_sort(all, tmp, n);
	for (i = 0; i < n && i < top; i++)
		printf("%7u %s\n", all[i]->count, all[i]->text);
	if (rpn("3 4 + 2 * 7 /", &check) != 0 || check != 2.0)
		return 2;
	printf("%zu distinct words, numbers add up to %g\n", n, sum);
	free(tmp);
	free(all);
	return 0;
}
