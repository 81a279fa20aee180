# sysindex: GNU make, C11 + POSIX.  Nothing but cc, libc, libm and pthreads
# is needed to build and run; Check (libcheck) only for `make check`.
#
#   make / make all      driver ./sysindex and test programs in pgms/
#   make check           unit tests (Check) and end-to-end tests of ./Run
#   make unit / make e2e one half each
#   make install         PREFIX=/usr/local DESTDIR=
#   make clean
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.SUFFIXES:
.SECONDARY:

VERSION    := 0.1.0
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
LIBEXECDIR ?= $(PREFIX)/libexec/sysindex
MANDIR     ?= $(PREFIX)/share/man
PKG_CONFIG ?= pkg-config

CC     ?= cc
CFLAGS ?= -O2 -g
BASE_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra
# User CFLAGS come last but can never remove the warnings.
ALL_CFLAGS   = $(BASE_CFLAGS) -Isrc $(CPPFLAGS) $(CFLAGS)

# Benchmark programs: fixed flags equivalent to UnixBench 6.0's defaults so
# that scores compare.  -march=native is dropped where the compiler rejects it.
# These are printed in every report (see build/buildinfo.h).
cc_supports = $(shell $(CC) $(1) -Werror -E -x c /dev/null >/dev/null 2>&1 && echo $(1))
NATIVE    := $(call cc_supports,-march=native -mtune=native)
BENCH_OPT ?= -O3 -ffast-math $(NATIVE)
# -Isrc after the harness: the programs include src/core/ (the facts they
# share with the driver), never anything else of the driver's.
BENCH_CFLAGS = $(BASE_CFLAGS) -Isrc/progs/lib -Isrc $(UAPI_CFLAGS) $(BENCH_OPT)

# STATIC=1: link everything statically (with CC=musl-gcc: a sysindex and
# pgms/ to copy onto a minimal server).  A libc without the kernel's UAPI
# headers (musl-gcc) borrows only linux/, asm/ and asm-generic/ from the
# system's /usr/include, through symlinks in build/uapi.
ifeq ($(STATIC),1)
override LDFLAGS += -static
endif
UAPI_OK := $(shell printf '\043include <linux/io_uring.h>\n' | $(CC) -E -x c - >/dev/null 2>&1 && echo yes)
ifeq ($(UAPI_OK),)
UAPI_ARCH   := $(shell gcc -print-multiarch 2>/dev/null)
UAPI_CFLAGS := -isystem build/uapi
UAPI_STAMP  := build/uapi/.stamp
endif
build/uapi/.stamp:
	@mkdir -p $(@D)
	$(Q)for d in /usr/include/linux /usr/include/asm-generic \
		/usr/include/$(UAPI_ARCH)/asm; do \
		[ -d "$$d" ] || { echo "no $$d: install linux-libc-dev"; exit 1; }; \
		ln -sfn "$$d" $(@D)/$$(basename $$d); done && touch $@

ifndef V
Q   = @
QCC = @printf '  CC      %s\n' $@;
QLD = @printf '  LD      %s\n' $@;
endif

# ---- driver -------------------------------------------------------------
# src/*.c: the entry point and the subcommand table; each folder is one
# floor of docs/architecture.md (tests/layers.sh checks that no include
# runs from a lower floor to a higher one).
DRV_DIRS := core stats sysinfo score cli run report compare reader util serve
# src/shared/: code the driver shares with the test programs (the size
# parser, so that --disk-size and the disk programs' -s share one set of
# rules; the Williams orders; the peer protocol of `serve` and --peer).  It
# is built once per flag set: the driver's copy here with ALL_CFLAGS (in
# libsysindex.a), the programs' in libharness.a with BENCH_CFLAGS.  The
# driver never links libharness.a, nor anything built with BENCH_OPT.
SHARED_SRCS := $(wildcard src/shared/*.c)
# The words and units the test table and the report reader check against
# (src/core/): the fuzz targets that link either take them too.
FACT_SRCS := src/core/status.c src/core/units.c
DRV_SRCS := $(filter-out src/main.c,$(wildcard src/*.c $(DRV_DIRS:%=src/%/*.c))) $(SHARED_SRCS)
DRV_OBJS := $(patsubst src/%.c,build/drv/%.o,$(DRV_SRCS))

# ---- test programs --------------------------------------------------------
# src/progs/lib/*.c: the shared harness (libharness.a)
# src/progs/*.c:     one standalone program each, named after its file
# src/progs/dhry, arith, execl: programs built from several files or variants
# Adding a test program: the checklist in docs/adding-a-test.md.
# src/shared/*.c:    built into libharness.a too, with the programs' flags
# src/stats/steady.c: the steady-state rule the disk programs' sustained
#                    mode stops on (the driver's own copy is in libsysindex.a)
HARN_SRCS   := $(wildcard src/progs/lib/*.c) $(SHARED_SRCS) src/stats/steady.c
HARN_OBJS   := $(patsubst src/%.c,build/harness/%.o,$(HARN_SRCS))
SIMPLE_PGMS := $(patsubst src/progs/%.c,%,$(wildcard src/progs/*.c))
ARITH_PGMS  := arithoh short int long float double
DHRY_PGMS   := $(if $(wildcard src/progs/dhry/*.c),dhry2reg dhry2)
EXECL_PGMS  := $(if $(wildcard src/progs/execl/*.c),execl)
ARITH_ALL   := $(if $(wildcard src/progs/arith/arith.c),$(ARITH_PGMS))
SCRIPTS     := $(notdir $(wildcard src/progs/sh/*))
DATA        := $(notdir $(wildcard src/progs/data/*))
PGMS := $(SIMPLE_PGMS) $(ARITH_ALL) $(DHRY_PGMS) $(EXECL_PGMS)
PGM_FILES := $(PGMS:%=pgms/%) $(SCRIPTS:%=pgms/%) $(DATA:%=pgms/%)

# ---- test helpers (never installed) ---------------------------------------
# tests/fixture/<prog>.c: the "adding a test" fixture's program (docs/
# adding-a-test.md), built as a program of src/progs/ is; the unit tests run it.
FIXTURE_PGMS := $(patsubst tests/fixture/%.c,build/fixture/%,$(wildcard tests/fixture/*.c))
FAKE_PGMS := $(patsubst tests/fakepgms/%.c,build/fakepgms/%,$(wildcard tests/fakepgms/*.c)) \
	$(FIXTURE_PGMS)

all: sysindex $(PGM_FILES)

build/buildinfo.h: FORCE
	@mkdir -p $(@D)
	@{ printf '#define SYSINDEX_VERSION "%s"\n' '$(VERSION)'; \
	   printf '#define SYSINDEX_BENCH_CFLAGS "%s"\n' '$(BENCH_OPT)'; \
	   printf '#define SYSINDEX_CC_VERSION "%s"\n' "$$($(CC) --version 2>/dev/null | head -n 1 | tr -d '\"\\\\')"; \
	   printf '#define SYSINDEX_LIBEXECDIR "%s"\n' '$(LIBEXECDIR)'; \
	 } > $@.tmp.$$$$ && \
	 { cmp -s $@.tmp.$$$$ $@ 2>/dev/null && rm -f $@.tmp.$$$$ || mv -f $@.tmp.$$$$ $@; }

sysindex: build/drv/main.o build/libsysindex.a
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ -lm

# Makefile: with .SECONDARY, an object newly listed would not be built for an
# archive that is otherwise up to date.
build/libsysindex.a: $(DRV_OBJS) Makefile
	$(Q)rm -f $@ && $(AR) rcs $@ $(filter %.o,$^)

build/drv/%.o: src/%.c build/buildinfo.h
	@mkdir -p $(@D)
	$(QCC)$(CC) $(ALL_CFLAGS) -Ibuild -MMD -MP -c -o $@ $<

build/libharness.a: $(HARN_OBJS)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

build/harness/%.o: src/%.c | $(UAPI_STAMP)
	@mkdir -p $(@D)
	$(QCC)$(CC) $(BENCH_CFLAGS) -MMD -MP -c -o $@ $<

build/progs/%.o: src/progs/%.c | $(UAPI_STAMP)
	@mkdir -p $(@D)
	$(QCC)$(CC) $(BENCH_CFLAGS) -MMD -MP -c -o $@ $<

pgms/%: build/progs/%.o build/libharness.a
	@mkdir -p $(@D)
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ -lm -lpthread

# Dhrystone 2.1: the two halves stay separate translation units (no
# cross-unit inlining), with and without register variables.
build/progs/dhry/%-reg.o: src/progs/dhry/%.c
	@mkdir -p $(@D)
	$(QCC)$(CC) $(BENCH_CFLAGS) -DREG=register -MMD -MP -c -o $@ $<
build/progs/dhry/%-noreg.o: src/progs/dhry/%.c
	@mkdir -p $(@D)
	$(QCC)$(CC) $(BENCH_CFLAGS) -MMD -MP -c -o $@ $<
pgms/dhry2reg: build/progs/dhry/dhry_1-reg.o build/progs/dhry/dhry_2-reg.o build/libharness.a
	@mkdir -p $(@D)
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ -lm
pgms/dhry2: build/progs/dhry/dhry_1-noreg.o build/progs/dhry/dhry_2-noreg.o build/libharness.a
	@mkdir -p $(@D)
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ -lm

# Arithmetic tests: one source, one variant per data type.
build/progs/arith/arith-%.o: src/progs/arith/arith.c
	@mkdir -p $(@D)
	$(QCC)$(CC) $(BENCH_CFLAGS) -DARITH_$* -MMD -MP -c -o $@ $<
$(ARITH_PGMS:%=pgms/%): pgms/%: build/progs/arith/arith-%.o build/libharness.a
	@mkdir -p $(@D)
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ -lm

# execl: every .c in its folder (the program plus the code that pads it).
EXECL_OBJS := $(patsubst src/progs/%.c,build/progs/%.o,$(wildcard src/progs/execl/*.c))
pgms/execl: $(EXECL_OBJS) build/libharness.a
	@mkdir -p $(@D)
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ -lm

pgms/%: src/progs/sh/%
	@mkdir -p $(@D)
	$(Q)cp -f $< $@ && chmod 755 $@
pgms/%: src/progs/data/%
	@mkdir -p $(@D)
	$(Q)cp -f $< $@ && chmod 644 $@

# ---- tests ------------------------------------------------------------------
# fake-disk stands in for a disk program on their own main: the harness's flags.
build/fakepgms/fake-disk: tests/fakepgms/fake-disk.c build/libharness.a | $(UAPI_STAMP)
	@mkdir -p $(@D)
	$(QCC)$(CC) $(BENCH_CFLAGS) $(LDFLAGS) -o $@ $< build/libharness.a -lm -lpthread
build/fakepgms/%: tests/fakepgms/%.c
	@mkdir -p $(@D)
	$(QCC)$(CC) $(ALL_CFLAGS) -o $@ $<
build/fixture/%: tests/fixture/%.c build/libharness.a | $(UAPI_STAMP)
	@mkdir -p $(@D)
	$(QCC)$(CC) $(BENCH_CFLAGS) $(LDFLAGS) -o $@ $< build/libharness.a -lm -lpthread

# Tools for bench/ scripts (never installed): the grep test's data file.
build/tests/grepdata: tests/tools/grepdata.c build/libsysindex.a
	@mkdir -p $(@D)
	$(QLD)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ -lm

# Check is needed only here; lazy '=' so plain `make` never runs pkg-config.
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell $(PKG_CONFIG) --libs check 2>/dev/null)
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_OBJS := $(patsubst tests/unit/%.c,build/tests/%.o,$(UNIT_SRCS))

build/tests/%.o: tests/unit/%.c build/buildinfo.h
	@mkdir -p $(@D)
	$(QCC)$(CC) $(ALL_CFLAGS) -Ibuild -Isrc/progs/lib $(CHECK_CFLAGS) -MMD -MP -c -o $@ $<
build/tests/unit: $(UNIT_OBJS) build/libsysindex.a build/libharness.a
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) -lm

# unit: the Check suites; e2e: the end-to-end tests of ./Run; check: both,
# then the sanitizer, fuzz-replay and valgrind checks, each after the other
# whatever the one before gave, and one total line (tests/check-all.sh).
# Their builds use every CPU (BUILD_JOBS); the tests themselves run as before.
BUILD_JOBS ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
unit: check-deps
	$(Q)$(MAKE) -j$(BUILD_JOBS) --no-print-directory all $(FAKE_PGMS) build/tests/unit
	$(Q)CK_DEFAULT_TIMEOUT=$${CK_DEFAULT_TIMEOUT:-20} ./build/tests/unit

e2e:
	$(Q)$(MAKE) -j$(BUILD_JOBS) -s --no-print-directory all $(FAKE_PGMS)
	$(Q)sh tests/e2e/run.sh

check:
	$(Q)MAKE="$(MAKE)" sh tests/check-all.sh

check-deps:
	$(Q)sh tests/need-check.sh

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 sysindex $(DESTDIR)$(BINDIR)/sysindex
	cp -f $(PGM_FILES) $(DESTDIR)$(LIBEXECDIR)/
	install -m 644 docs/sysindex.1 $(DESTDIR)$(MANDIR)/man1/sysindex.1

clean:
	rm -rf build pgms/* sysindex

FORCE:
# Outside make check (each takes minutes; .ci/run runs both after it):
# check-ports  clang, -pedantic, aarch64 under qemu-user, static musl
# check-fleet  contrib/ansible/fleet.yml and pdsh against local "hosts"
check-ports:
	$(Q)sh tests/ports.sh
check-fleet: all
	$(Q)sh tests/fleet.sh
# The run's, a paired and a settings run's and compare's HTML in headless
# Chromium, and the paired and settings runs' Markdown in a 46em column
# through cmark-gfm (tests/browser/).
check-browser: all
	$(Q)sh tests/browser/check.sh

.PHONY: all check unit e2e check-deps check-ports check-fleet check-browser install clean FORCE

-include $(wildcard build/drv/*.d build/drv/*/*.d build/progs/*.d build/progs/*/*.d build/tests/*.d)

# ---- fuzzing the report parser (tests/fuzz/README.md) -----------------------
# fuzz-replay: the seeds through the fuzz entry point with any compiler,
# under ASan+UBSan when they link (the parser is compiled in, instrumented).
# fuzz: the libFuzzer binary (clang), run for FUZZ_TIME seconds.
# A target's seeds are the test fixtures of its parser (FUZZ_DATA_<name>)
# plus tests/fuzz/corpus/<name>/, which holds only what tests/data lacks
# (crashers, odd inputs): no fixture is kept twice.
comma := ,
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FUZZ_DATA_textparse := tests/data/reports $(patsubst %/,%,$(wildcard tests/data/reports/*/))
FUZZ_DATA_mountinfo := tests/data/mountinfo
FUZZ_DATA_record := tests/data/records
FUZZ_SEEDS = $(FUZZ_DATA_$(1)) tests/fuzz/corpus/$(1)
FUZZ_CORPUS := $(call FUZZ_SEEDS,textparse)
FUZZ_SAN = $(shell printf 'int main(void){return 0;}\n' | $(CC) -fsanitize=address$(comma)undefined \
	-x c -o /dev/null - >/dev/null 2>&1 && echo -fsanitize=address$(comma)undefined \
	-fno-sanitize-recover=undefined -fno-omit-frame-pointer)
FUZZ_SRCS := tests/fuzz/fuzz_textparse.c $(wildcard src/reader/textparse*.c) \
	     src/reader/text_import.c

build/fuzz/replay-textparse: tests/fuzz/replay.c $(FUZZ_SRCS) src/reader/textparse.h build/libsysindex.a
	@mkdir -p $(@D)
	$(QLD)$(CC) $(ALL_CFLAGS) $(FUZZ_SAN) -o $@ tests/fuzz/replay.c $(FUZZ_SRCS) \
		build/libsysindex.a -lm

fuzz-replay: build/fuzz/replay-textparse
	$(Q)./build/fuzz/replay-textparse $(addsuffix /*,$(FUZZ_CORPUS)) \
		2>build/fuzz/replay-textparse.log || { tail -n 30 build/fuzz/replay-textparse.log; exit 1; }
	@tail -n 1 build/fuzz/replay-textparse.log | sed "s/^/fuzz-replay textparse: /"

# The reader reads the verdict words back (stats/verdict.c, over stats.c)
# and the host-state lines by their labels (sysinfo/hoststate.c), computes a
# UnixBench log's rates as a run does (score/score.c, which links score_ci.c
# and randeff.c), and the importer frees the model it fills (core/result.c).
FUZZ_DEPS_textparse := src/core/testtab.c src/core/result.c src/score/score.c src/score/score_ci.c \
		       src/stats/randeff.c $(FACT_SRCS) src/stats/verdict.c src/stats/stats.c \
		       src/sysinfo/hoststate.c src/sysinfo/cpulimits.c src/sysinfo/rootfile.c \
		       src/util/csv_out.c src/util/json_out.c src/util/util.c src/util/quote.c
build/fuzz/fuzz-textparse: $(FUZZ_SRCS) $(FUZZ_DEPS_textparse) src/reader/textparse.h src/core/testtab.h
	@mkdir -p $(@D)
	$(QLD)$(FUZZ_CC) $(BASE_CFLAGS) -Isrc -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -o $@ $(FUZZ_SRCS) $(FUZZ_DEPS_textparse) -lm

# New inputs go to build/fuzz/corpus; crashes to build/fuzz/crash-*.
fuzz: build/fuzz/fuzz-textparse
	@mkdir -p build/fuzz/corpus
	./build/fuzz/fuzz-textparse -max_total_time=$(FUZZ_TIME) -max_len=100000 \
		-dict=tests/fuzz/textparse.dict -artifact_prefix=build/fuzz/ \
		build/fuzz/corpus $(FUZZ_CORPUS)

.PHONY: fuzz fuzz-replay

# ==== hardening (issue 7): sanitizers, valgrind, lint, fuzzing cli/mountinfo ====
# check-sanitize   the driver, its library and the unit tests rebuilt with
#                  ASan+UBSan in build/san/; the unit tests and a short run of
#                  the driver (and a compare) under them must report nothing.
#                  Part of `make check`.  SAN_CC=clang to use clang.
# check-valgrind   unit tests (CK_FORK=no) and a short run under memcheck
#                  (part of `make check`, which skips it without valgrind).
# lint             cppcheck and clang-tidy on src/ (.cppcheck-suppressions,
#                  .clang-tidy); CI-able, not part of `make check`.
# fuzz-cli, fuzz-mountinfo    libFuzzer (clang) on the option and mountinfo
#                  parsers for FUZZ_TIME seconds; crashes go to build/fuzz/.
# fuzz-replay-hard the cli and mountinfo seed corpora through
#                  tests/fuzz/replay.c under ASan+UBSan (part of `make check`).
SAN_CC    ?= $(CC)
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	     -fno-omit-frame-pointer -g -O1
SAN_CFLAGS = $(BASE_CFLAGS) -Isrc -Ibuild $(CPPFLAGS) $(SAN_FLAGS)
# Empty when this compiler cannot link sanitized programs (then it is skipped).
SAN_OK = $(shell printf 'int main(void){return 0;}\n' | $(SAN_CC) $(SAN_FLAGS) \
	-x c -o /dev/null - >/dev/null 2>&1 && echo yes)
SAN_DRV_OBJS  := $(patsubst src/%.c,build/san/drv/%.o,$(DRV_SRCS))
SAN_HARN_OBJS := $(patsubst src/%.c,build/san/harness/%.o,$(HARN_SRCS))
SAN_UNIT_OBJS := $(patsubst tests/unit/%.c,build/san/tests/%.o,$(UNIT_SRCS))

build/san/drv/%.o: src/%.c build/buildinfo.h
	@mkdir -p $(@D)
	$(QCC)$(SAN_CC) $(SAN_CFLAGS) -MMD -MP -c -o $@ $<
build/san/harness/%.o: src/%.c
	@mkdir -p $(@D)
	$(QCC)$(SAN_CC) $(SAN_CFLAGS) -MMD -MP -c -o $@ $<
build/san/tests/%.o: tests/unit/%.c build/buildinfo.h
	@mkdir -p $(@D)
	$(QCC)$(SAN_CC) $(SAN_CFLAGS) -Isrc/progs/lib $(CHECK_CFLAGS) -MMD -MP -c -o $@ $<
build/san/libsysindex.a: $(SAN_DRV_OBJS)
	$(Q)rm -f $@ && $(AR) rcs $@ $^
build/san/libharness.a: $(SAN_HARN_OBJS)
	$(Q)rm -f $@ && $(AR) rcs $@ $^
build/san/sysindex: build/san/drv/main.o build/san/libsysindex.a
	$(QLD)$(SAN_CC) $(SAN_FLAGS) $(LDFLAGS) -o $@ $^ -lm
build/san/tests/unit: $(SAN_UNIT_OBJS) build/san/libsysindex.a build/san/libharness.a
	$(QLD)$(SAN_CC) $(SAN_FLAGS) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) -lm

check-sanitize:
	$(Q)$(MAKE) -s --no-print-directory all $(FAKE_PGMS)
ifeq ($(SAN_OK),)
	@echo "check-sanitize: SKIPPED: $(SAN_CC) cannot link -fsanitize=address,undefined (install libasan/libubsan or set SAN_CC=clang)"
else
	$(Q)$(MAKE) -j$(BUILD_JOBS) --no-print-directory build/san/sysindex build/san/tests/unit
	$(Q)SAN_CC="$(SAN_CC)" sh tests/check-sanitize.sh
endif

# Valgrind cannot decode every -march=native instruction (AVX-512): its unit
# runner links a harness built for the baseline CPU.
VG_HARN_OBJS := $(patsubst src/%.c,build/vg/harness/%.o,$(HARN_SRCS))
build/vg/harness/%.o: src/%.c
	@mkdir -p $(@D)
	$(QCC)$(CC) $(BASE_CFLAGS) -Isrc -O2 -g -MMD -MP -c -o $@ $<
build/vg/libharness.a: $(VG_HARN_OBJS)
	$(Q)rm -f $@ && $(AR) rcs $@ $^
build/vg/unit: $(UNIT_OBJS) build/libsysindex.a build/vg/libharness.a
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) -lm

check-valgrind:
	$(Q)$(MAKE) -j$(BUILD_JOBS) -s --no-print-directory all $(FAKE_PGMS) build/vg/unit
	$(Q)sh tests/check-valgrind.sh

# ---- lint -------------------------------------------------------------------
# src/progs/data/ holds workload inputs, not sysindex code; arith.c is linted
# as one of its variants.
LINT_SRCS  := $(wildcard src/*.c $(DRV_DIRS:%=src/%/*.c) src/shared/*.c src/progs/*.c src/progs/lib/*.c src/progs/dhry/*.c \
		src/progs/execl/*.c)
LINT_ARITH := $(wildcard src/progs/arith/arith.c)
LINT_FLAGS  = $(BASE_CFLAGS) -Isrc -Ibuild -Isrc/progs/lib
LINT_JOBS  ?= $(shell nproc 2>/dev/null || echo 2)
CPPCHECK    = cppcheck --quiet --error-exitcode=1 --std=c11 --inline-suppr \
	--enable=warning,portability,performance --suppressions-list=.cppcheck-suppressions \
	-D__linux__ -Isrc -Ibuild -Isrc/progs/lib
CLANG_TIDY  = clang-tidy --quiet --warnings-as-errors='*'

lint: build/buildinfo.h
	$(Q)for t in cppcheck clang-tidy; do command -v $$t >/dev/null || \
		{ echo "lint: $$t is not installed (apt-get install $$t)"; exit 1; }; done
	$(CPPCHECK) $(LINT_SRCS)
	$(CPPCHECK) -DARITH_double $(LINT_ARITH)
	@printf '%s\n' $(LINT_SRCS) | xargs -n 1 -P $(LINT_JOBS) sh -c \
		'$(CLANG_TIDY) "$$@" -- $(LINT_FLAGS) 2>/dev/null' lint
	$(CLANG_TIDY) $(LINT_ARITH) -- $(LINT_FLAGS) -DARITH_double 2>/dev/null
	@echo "lint: cppcheck and clang-tidy clean"

# ---- fuzzing the option and mountinfo parsers ---------------------------------
HARD_FUZZ := cli mountinfo serve peer csvout record figures

# The replay drivers link the sanitized library (only what each target uses).
$(HARD_FUZZ:%=build/fuzz/replay-%): build/fuzz/replay-%: tests/fuzz/replay.c \
		tests/fuzz/fuzz_%.c build/san/libsysindex.a build/san/libharness.a
	@mkdir -p $(@D)
	$(QLD)$(SAN_CC) $(SAN_CFLAGS) -Isrc/progs/lib -pthread -o $@ tests/fuzz/replay.c \
		tests/fuzz/fuzz_$*.c build/san/libsysindex.a build/san/libharness.a -lm

fuzz-replay-hard:
ifeq ($(SAN_OK),)
	@echo "fuzz-replay-hard: SKIPPED: $(SAN_CC) cannot link sanitizers"
else
	$(Q)$(MAKE) -j$(BUILD_JOBS) --no-print-directory $(HARD_FUZZ:%=build/fuzz/replay-%)
	$(Q)$(foreach f,$(HARD_FUZZ),./build/fuzz/replay-$(f) $(addsuffix /*,$(call FUZZ_SEEDS,$(f))) \
		2>build/fuzz/replay-$(f).log || { tail -n 30 build/fuzz/replay-$(f).log; exit 1; }; \
		tail -n 1 build/fuzz/replay-$(f).log | sed "s/^/fuzz-replay $(f): /";)
endif

FUZZ_SRCS_cli       := src/cli/cli.c src/cli/opt.c src/core/testdirs.c src/core/settings.c src/core/setting_native.c \
		       src/sysinfo/setstate.c src/sysinfo/mountinfo.c src/sysinfo/mountinfo_sysfs.c \
		       src/core/testtab.c $(FACT_SRCS) src/util/util.c src/util/quote.c \
		       src/shared/size.c src/run/plan.c src/run/sliced.c src/stats/stats.c \
		       src/stats/paired.c src/stats/verdict.c
FUZZ_SRCS_mountinfo := src/sysinfo/mountinfo.c src/sysinfo/mountinfo_sysfs.c
# The peer protocol (issue 24): the server's session, the client's RESULT.
FUZZ_SRCS_serve     := src/shared/net.c src/shared/netsrv.c
FUZZ_SRCS_peer      := src/shared/netcli.c src/shared/net.c src/shared/netsrv.c
# The one CSV encoder (issue 41): formula guard, quoting, numbers.
FUZZ_SRCS_csvout    := src/util/csv_out.c src/util/json_out.c src/util/util.c src/util/quote.c
# The run record's strict reader (issue 36): the test table, statuses,
# verdict words, interference flag names, CPU limits and settings it reads back.
FUZZ_SRCS_record    := src/reader/record_read.c src/reader/record_json.c src/reader/record_check.c \
		       src/score/score.c src/score/score_ci.c src/score/score_paired.c \
		       src/stats/paired.c src/stats/randeff.c src/core/testtab.c \
		       src/core/result.c \
		       $(FACT_SRCS) src/stats/verdict.c src/stats/stats.c src/sysinfo/interference.c \
		       src/util/util.c src/util/quote.c src/sysinfo/cpulimits.c src/sysinfo/rootfile.c src/core/settings.c src/core/setting_native.c src/core/testdirs.c \
		       src/sysinfo/setstate.c $(FUZZ_SRCS_mountinfo)
FUZZ_MAXLEN_record  := 400000
# Records whose figures are wrong (issue 51): the reader, the run's scoring
# it checks them with, and the verdict rule.
FUZZ_SRCS_figures   := $(FUZZ_SRCS_record)
FUZZ_MAXLEN_figures := 3000
build/fuzz/fuzz-cli: tests/fuzz/fuzz_cli.c $(FUZZ_SRCS_cli) build/buildinfo.h
build/fuzz/fuzz-mountinfo: tests/fuzz/fuzz_mountinfo.c $(FUZZ_SRCS_mountinfo)
build/fuzz/fuzz-serve: tests/fuzz/fuzz_serve.c $(FUZZ_SRCS_serve)
build/fuzz/fuzz-peer: tests/fuzz/fuzz_peer.c $(FUZZ_SRCS_peer)
build/fuzz/fuzz-csvout: tests/fuzz/fuzz_csvout.c $(FUZZ_SRCS_csvout)
build/fuzz/fuzz-record: tests/fuzz/fuzz_record.c $(FUZZ_SRCS_record)
build/fuzz/fuzz-figures: tests/fuzz/fuzz_figures.c $(FUZZ_SRCS_figures)
$(HARD_FUZZ:%=build/fuzz/fuzz-%): build/fuzz/fuzz-%:
	@mkdir -p $(@D)
	$(QLD)$(FUZZ_CC) $(BASE_CFLAGS) -Isrc -Ibuild -Isrc/progs/lib -g -O1 -pthread \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-o $@ tests/fuzz/fuzz_$*.c $(FUZZ_SRCS_$*) -lm

$(HARD_FUZZ:%=fuzz-%): fuzz-%: build/fuzz/fuzz-%
	@mkdir -p build/fuzz/corpus-$*
	./build/fuzz/fuzz-$* -max_total_time=$(FUZZ_TIME) -max_len=$(or $(FUZZ_MAXLEN_$*),4096) \
		-artifact_prefix=build/fuzz/$*- build/fuzz/corpus-$* $(call FUZZ_SEEDS,$*)

# ---- fuzz-ci: every libFuzzer target, a bounded time each (issue 24) ----------
# textparse feeds one input to all three report readers; report, csv and
# ublog are the same entry point built for one reader each (FUZZ_READER), so
# each gets coverage of its own.  tests/fuzz/ci.sh runs them FUZZ_CI_TIME
# seconds each, two at a time, and fails with every crasher printed.
FUZZ_CI_TIME ?= 45
FUZZ_READERS := report csv ublog
FUZZ_READER_report := 1
FUZZ_READER_csv    := 2
FUZZ_READER_ublog  := 3
FUZZ_CI_TARGETS := textparse $(FUZZ_READERS) $(HARD_FUZZ)
# A target's seed folders, comma-joined: the readers share textparse's.
empty :=
space := $(empty) $(empty)
FUZZ_CI_SEEDS = $(subst $(space),$(comma),$(strip $(call FUZZ_SEEDS,$(if $(filter \
	$(1),$(FUZZ_READERS)),textparse,$(1)))))
$(FUZZ_READERS:%=build/fuzz/fuzz-%): build/fuzz/fuzz-%: $(FUZZ_SRCS) $(FUZZ_DEPS_textparse)
	@mkdir -p $(@D)
	$(QLD)$(FUZZ_CC) $(BASE_CFLAGS) -Wno-unused -Isrc -g -O1 -DFUZZ_READER=$(FUZZ_READER_$*) \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-o $@ $(FUZZ_SRCS) $(FUZZ_DEPS_textparse) -lm

fuzz-ci: build/buildinfo.h
	$(Q)FUZZ_CC="$(FUZZ_CC)" FUZZ_CI_TIME="$(FUZZ_CI_TIME)" sh tests/fuzz/ci.sh \
		$(foreach t,$(FUZZ_CI_TARGETS),$(t)=$(call FUZZ_CI_SEEDS,$(t)))

.PHONY: check-sanitize check-valgrind lint fuzz-replay-hard $(HARD_FUZZ:%=fuzz-%) fuzz-ci
-include $(wildcard build/san/*/*.d build/san/*/*/*.d build/vg/*/*.d)
