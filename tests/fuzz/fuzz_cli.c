/*
 * fuzz_cli.c: libFuzzer entry point for the run command's option parser
 * (see tests/fuzz/README.md).  The input is split at NUL and newline bytes
 * into arguments after the program name; each argument gets its own heap
 * block so the sanitizers see any read past its end or any pointer kept from
 * one call into the next.  Besides crashes it checks cli_parse()'s promises:
 * an error is one non-empty line, and a config it accepts is within the
 * option table's ranges with 1..MAX_SELECTED distinct tests.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "run/plan.h"

#define FUZZ_MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
	if (!ok)
		abort();
}

static int in_range(double v, double unset, double lo, double hi)
{
	return v == unset || (v >= lo && v <= hi);
}

static void check_config(const struct config *cfg)
{
	require(cfg->ntests >= 1 && cfg->ntests <= MAX_SELECTED);
	for (size_t i = 0; i < cfg->ntests; i++) {
		require(cfg->tests[i] != NULL);
		for (size_t k = 0; k < i; k++)
			require(cfg->tests[k] != cfg->tests[i]);
	}
	require(cfg->ncopies <= MAX_COPY_COUNTS);
	for (size_t i = 0; i < cfg->ncopies; i++)
		require(cfg->copies[i] >= 1 && cfg->copies[i] <= 4096);
	require(in_range(cfg->iterations, 1, 1, 1000));
	require(in_range(cfg->duration, 0, 1, 3600));
	require(in_range(cfg->settle, 0, 0, 600));
	require(in_range(cfg->grace, 0, 0, 3600));
	require(cfg->testdir == NULL || cfg->testdir[0] != '\0');
	require(cfg->resultsdir == NULL || cfg->resultsdir[0] != '\0');
	require(cfg->disk_size >= (16u << 20));
	for (size_t i = 0; i < cfg->ntests; i++)
		require(plan_samples(cfg, cfg->tests[i]) >= 1 &&
			plan_seconds(cfg, cfg->tests[i]) >= 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[FUZZ_MAX_ARGS + 2], err[512];
	struct config cfg;
	int argc = 0, rc;
	size_t start = 0;

	argv[argc++] = strdup("sysindex");
	require(argv[0] != NULL);
	/* Each NUL- or newline-ended piece is one argument (a last one too). */
	for (size_t i = 0; i <= size && argc <= FUZZ_MAX_ARGS; i++) {
		if (i < size && data[i] != '\0' && data[i] != '\n')
			continue;
		if (i == size && start == size)
			break;
		argv[argc] = malloc(i - start + 1);
		require(argv[argc] != NULL);
		memcpy(argv[argc], data + start, i - start);
		argv[argc][i - start] = '\0';
		argc++;
		start = i + 1;
	}
	argv[argc] = NULL;
	err[0] = '\0';
	rc = cli_parse(argc, argv, &cfg, err, sizeof(err));
	require(rc >= CLI_RUN && rc <= CLI_USAGE);
	if (rc == CLI_USAGE)
		require(err[0] != '\0' && strchr(err, '\n') == NULL);
	else if (rc == CLI_RUN)
		check_config(&cfg);
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	return 0;
}
