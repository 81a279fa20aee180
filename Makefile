# sysindex: GNU make, C11 + POSIX.  Nothing but cc, libc, libm and pthreads
# is needed to build and run; Check (libcheck) only for `make check`.
#
#   make / make all      driver ./sysindex and test programs in pgms/
#   make check           unit tests (Check) and end-to-end tests of ./Run
#   make install         PREFIX=/usr/local DESTDIR=
#   make clean
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
BENCH_CFLAGS = $(BASE_CFLAGS) -Isrc/progs/lib $(BENCH_OPT)

ifndef V
Q   = @
QCC = @printf '  CC      %s\n' $@;
QLD = @printf '  LD      %s\n' $@;
endif

# ---- driver -------------------------------------------------------------
DRV_SRCS := $(filter-out src/main.c,$(wildcard src/*.c))
DRV_OBJS := $(patsubst src/%.c,build/drv/%.o,$(DRV_SRCS))

# ---- test programs --------------------------------------------------------
# src/progs/lib/*.c: the shared harness (libharness.a)
# src/progs/*.c:     one standalone program each, named after its file
# src/progs/dhry, arith, execl: programs built from several files or variants
HARN_OBJS   := $(patsubst src/progs/lib/%.c,build/progs/lib/%.o,$(wildcard src/progs/lib/*.c))
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
FAKE_PGMS := $(patsubst tests/fakepgms/%.c,build/fakepgms/%,$(wildcard tests/fakepgms/*.c))

all: sysindex $(PGM_FILES)

build/buildinfo.h: FORCE
	@mkdir -p $(@D)
	@{ printf '#define SYSINDEX_VERSION "%s"\n' '$(VERSION)'; \
	   printf '#define SYSINDEX_BENCH_CFLAGS "%s"\n' '$(BENCH_OPT)'; \
	   printf '#define SYSINDEX_CC_VERSION "%s"\n' "$$($(CC) --version 2>/dev/null | head -n 1 | tr -d '\"\\\\')"; \
	   printf '#define SYSINDEX_LIBEXECDIR "%s"\n' '$(LIBEXECDIR)'; \
	 } > $@.tmp
	@cmp -s $@.tmp $@ 2>/dev/null && rm -f $@.tmp || mv -f $@.tmp $@

sysindex: build/drv/main.o build/libsysindex.a
	$(QLD)$(CC) $(LDFLAGS) -o $@ $^ -lm

build/libsysindex.a: $(DRV_OBJS)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

build/drv/%.o: src/%.c build/buildinfo.h
	@mkdir -p $(@D)
	$(QCC)$(CC) $(ALL_CFLAGS) -Ibuild -MMD -MP -c -o $@ $<

build/libharness.a: $(HARN_OBJS)
	$(Q)rm -f $@ && $(AR) rcs $@ $^

build/progs/%.o: src/progs/%.c
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
build/fakepgms/%: tests/fakepgms/%.c
	@mkdir -p $(@D)
	$(QCC)$(CC) $(ALL_CFLAGS) -o $@ $<

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

check: check-deps
	$(Q)$(MAKE) --no-print-directory all $(FAKE_PGMS) build/tests/unit
	$(Q)CK_DEFAULT_TIMEOUT=$${CK_DEFAULT_TIMEOUT:-20} ./build/tests/unit
	$(Q)sh tests/e2e/run.sh

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
.PHONY: all check check-deps install clean FORCE

-include $(wildcard build/drv/*.d build/progs/*.d build/progs/*/*.d build/tests/*.d)

# ---- fuzzing the report parser (tests/fuzz/README.md) -----------------------
# fuzz-replay: the seed corpus through the fuzz entry point with any compiler,
# under ASan+UBSan when they link (the parser is compiled in, instrumented).
# fuzz: the libFuzzer binary (clang), run for FUZZ_TIME seconds.
comma := ,
FUZZ_CORPUS := tests/fuzz/corpus/textparse
FUZZ_SAN = $(shell printf 'int main(void){return 0;}\n' | $(CC) -fsanitize=address$(comma)undefined \
	-x c -o /dev/null - >/dev/null 2>&1 && echo -fsanitize=address$(comma)undefined \
	-fno-sanitize-recover=undefined -fno-omit-frame-pointer)
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FUZZ_SRCS := tests/fuzz/fuzz_textparse.c src/textparse.c

build/fuzz/replay-textparse: tests/fuzz/replay.c $(FUZZ_SRCS) src/textparse.h build/libsysindex.a
	@mkdir -p $(@D)
	$(QLD)$(CC) $(ALL_CFLAGS) $(FUZZ_SAN) -o $@ tests/fuzz/replay.c $(FUZZ_SRCS) \
		build/libsysindex.a -lm

fuzz-replay: build/fuzz/replay-textparse
	$(Q)./build/fuzz/replay-textparse $(FUZZ_CORPUS)/*

build/fuzz/fuzz-textparse: $(FUZZ_SRCS) src/testtab.c src/textparse.h src/testtab.h
	@mkdir -p $(@D)
	$(QLD)$(FUZZ_CC) $(BASE_CFLAGS) -Isrc -g -O1 -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -o $@ $(FUZZ_SRCS) src/testtab.c -lm

# New inputs go to build/fuzz/corpus; crashes to build/fuzz/crash-*.
fuzz: build/fuzz/fuzz-textparse
	@mkdir -p build/fuzz/corpus
	./build/fuzz/fuzz-textparse -max_total_time=$(FUZZ_TIME) -max_len=100000 \
		-dict=tests/fuzz/textparse.dict -artifact_prefix=build/fuzz/ \
		build/fuzz/corpus $(FUZZ_CORPUS)

.PHONY: fuzz fuzz-replay
