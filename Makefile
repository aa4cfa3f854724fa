# vchess - build, test, benchmark.
# `make` builds ./vchess, lib/libvchess.a and the shared library
# build/libvchess.so.0.1.0; `make check` runs the tests; `make demo`
# validates the bundled real games; `make install` installs the program,
# the library (static, shared, headers, pkg-config, Python module) and the
# man pages. See README.md.

CC      ?= gcc
OPT     ?= -O2
CFLAGS  ?=
SAN     ?=
PREFIX  ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0
# The shared library's soname: bump it on any ABI break (the rule is in
# man/libvchess.3 and lib/vchess.h).
SOMAJOR := 0
SONAME  := libvchess.so.$(SOMAJOR)
SOFILE  := libvchess.so.$(VERSION)
LIBDIR  ?= $(PREFIX)/lib
INCDIR  ?= $(PREFIX)/include
MANDIR  ?= $(PREFIX)/share/man
PYTHON  ?= /usr/bin/python3
# Run after installing the shared library as root without DESTDIR (the
# tests' installs into temporary prefixes set LDCONFIG=true).
LDCONFIG ?= ldconfig
# Where $(PYTHON) looks for modules of the prefix: Debian's interpreter reads
# /usr/lib/python3/dist-packages for /usr and
# PREFIX/lib/python3.X/dist-packages for any other prefix (/usr/local).
PYTHONDIR ?= $(if $(filter /usr /usr/,$(PREFIX)),/usr/lib/python3/dist-packages,$(PREFIX)/lib/python$(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo 3)/dist-packages)

# The popcnt instruction when the build machine has it (every x86-64 CPU
# since 2008); PORTABLE=1 leaves it out for binaries meant for other CPUs.
ifeq ($(PORTABLE),)
ARCHFLAGS ?= $(shell grep -qw popcnt /proc/cpuinfo 2>/dev/null && echo -mpopcnt)
endif

# -fvisibility=hidden everywhere: the public headers mark their declarations
# visible (#pragma GCC visibility push(default)), so the shared library
# exports exactly the installed API (tests/exports.sh checks it).
ALL_CFLAGS = -std=c11 $(OPT) $(ARCHFLAGS) -g -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
             -fvisibility=hidden \
             -DVC_VERSION='"$(VERSION)"' -Ilib -Iformats $(SAN) $(CFLAGS)
# The library's own; programs add libxxhash (validate --duplicates,
# cmd/duplicates.c), which the library does not use. libarchive is not
# linked: formats/archive_dl.c opens libarchive.so.13 with dlopen the first
# time an input needs it, so that a program that reads plain, gzip or zstd
# shard input does not load its dozen libraries at every start (its
# headers, libarchive-dev, are still needed to build). dlopen is in libc
# since glibc 2.34; DL_LIBS=-ldl for an older one.
DL_LIBS ?=
LIB_LDLIBS = -lzstd -lz -lpthread -lm $(DL_LIBS)
LDLIBS  = -lxxhash $(LIB_LDLIBS)

# DEBUG=1: every make checks the position's invariants and aborts naming
# the broken one (VC_DEBUG, lib/variant_internal.h); -O1 keeps it quick.
ifneq ($(DEBUG),)
OPT     = -O1
ALL_CFLAGS += -DVC_DEBUG
endif

BUILD   ?= build
LIB_SRC = $(wildcard lib/*.c)
FMT_SRC = $(wildcard formats/*.c)
CMD_SRC = $(wildcard cmd/*.c)
TEST_SRC = $(wildcard tests/*.c)

LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o)
FMT_OBJ = $(FMT_SRC:%.c=$(BUILD)/%.o)
CMD_OBJ = $(CMD_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
# The shared library's objects: position-independent, built apart so the
# program's own objects stay as fast as before.
PIC_OBJ = $(LIB_SRC:%.c=$(BUILD)/pic/%.o) $(FMT_SRC:%.c=$(BUILD)/pic/%.o)

# The installed headers: the public ones of lib/ and formats/ (the installed
# library is lib/ + formats/); *_internal.h stay private.
PUB_HDR = $(filter-out %_internal.h lib/internal.h,$(wildcard lib/*.h formats/*.h))

.PHONY: all clean check check-unit check-golden check-perft-quick check-perft check-perft-middlegame \
        check-asan check-debug check-hostile check-parallel check-shards check-corpus check-diff check-uci check-perft-formats check-ci-formats check-backwards-long demo bench bench-perft install deps fuzz \
        check-exports check-embed check-python install-python check-layers check-nomem check-html \
        check-distributed bench-distributed build-main-tree build-debug-tree build-asan-tree \
        check-asan-unit check-asan-golden check-asan-corpus check-asan-parallel \
        check-debug-unit check-debug-perft check-debug-golden

all: vchess lib/libvchess.a $(BUILD)/$(SOFILE)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -MMD -MP -c $< -o $@

-include $(LIB_OBJ:.o=.d) $(FMT_OBJ:.o=.d) $(CMD_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(PIC_OBJ:.o=.d)

# The installed static library: lib/ and formats/. Every variant is pulled
# from the archive by plain (strong) references of lib/variant.c's registry.
$(BUILD)/libvchess.a: $(LIB_OBJ) $(FMT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@; ar rcs $@ $^

# The shared library: soname libvchess.so.0, real file libvchess.so.0.1.0;
# --no-undefined: everything it calls is in it or in the libraries listed.
$(BUILD)/$(SOFILE): $(PIC_OBJ)
	$(CC) $(ALL_CFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,--no-undefined \
	  -o $@ $(PIC_OBJ) $(LIB_LDLIBS)
	ln -sf $(SOFILE) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libvchess.so

lib/libvchess.a: $(BUILD)/libvchess.a
	cp $< $@

$(BUILD)/libvcformats.a: $(FMT_OBJ)
	rm -f $@; ar rcs $@ $^

# Programs link the library's objects directly (whole, as before).
vchess: $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ) $(LDLIBS)

# The unit tests also link libarchive (tests/test_input.c writes archives
# with it) and the command-line helpers (tests/test_cli.c) and
# the pipeline (tests/test_pipeline.c; cmd/pipeline.c and cmd/pipe_*.c).
CLI_OBJ = $(BUILD)/cmd/common.o $(BUILD)/cmd/pipeline.o $(BUILD)/cmd/perft_split.o $(BUILD)/cmd/inputs.o \
          $(BUILD)/cmd/duplicates.o $(BUILD)/cmd/part.o \
          $(patsubst %.c,$(BUILD)/%.o,$(wildcard cmd/pipe_*.c))

$(BUILD)/unit-tests: $(TEST_OBJ) $(CLI_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $(TEST_OBJ) $(CLI_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ) -lcriterion -larchive $(LDLIBS)

# Prerequisites: Debian packages (installed when missing and we are root).
deps:
	@sh tests/deps.sh

check-unit: deps vchess $(BUILD)/unit-tests
	$(BUILD)/unit-tests --jobs 2

check-golden: deps vchess
	sh tests/run_golden.sh ./vchess

# The quick perft subset is part of check; the full suites are check-perft.
check-perft-quick: vchess
	sh tests/perft_quick.sh ./vchess

check-perft: vchess
	sh tests/perft_full.sh ./vchess

# The middlegame speed set (data/perft/middlegame.perft, make bench's
# middlegame row) at depths 1-5, with the default slider lookups and with
# VCHESS_NO_BMI2=1 (the magic ones; PEXT is chosen at start-up only where
# the processor has a fast one). Part of check-perft-quick (depths 1-4)
# and check-perft (1-5) too.
check-perft-middlegame: vchess
	VCHESS_NO_BMI2= ./vchess perft --no-progress --suite data/perft/middlegame.perft --max-depth 5
	VCHESS_NO_BMI2=1 ./vchess perft --no-progress --suite data/perft/middlegame.perft --max-depth 5

# vchess perft --format json, jsonl and junit read back by Python's json
# and junitparser (tests/perft_formats.sh).
check-perft-formats: deps vchess
	sh tests/perft_formats.sh ./vchess

# validate and adjudicate --format github, sarif and junit read back: SARIF
# against the official 2.1.0 schema (python3-jsonschema), JUnit by
# python3-junitparser, the workflow commands parsed (tests/ci_formats.sh).
check-ci-formats: deps vchess
	sh tests/ci_formats.sh ./vchess

# vchess perft --divide --uci-style against Stockfish's go perft on six
# positions (tests/diff_stockfish.sh; installs the stockfish package when
# root and it is missing; about ten seconds).
check-uci: vchess
	sh tests/diff_stockfish.sh ./vchess

# validate on hostile input made on the fly (garbage, 100 MB without a line
# end, huge comments, tags and nesting, zip bombs): time, flat peak memory;
# the copies of generated game sequences read back hold the same games, by
# vchess and by pgn-extract's count (tests/copies_reread.py; pgn-extract is
# installed through tests/deps.sh when root and missing).
check-hostile: deps vchess
	sh tests/hostile.sh ./vchess
	@sh tests/deps.sh pgn-extract >/dev/null 2>&1 || { echo "check-hostile: pgn-extract is needed as copies_reread's oracle: sh tests/deps.sh pgn-extract (as root)" >&2; exit 1; }
	python3 tests/copies_reread.py ./vchess

# vchess shards: ranges that tile each file, zstd cuts on frame boundaries
# (checked by decoding every range with the zstd tool), errors; shard and
# -j cuts around game-start lines led by blanks (BOM, spaces: boundary.sh);
# shard runs and zstd input without libarchive (shard_inputs.sh).
check-shards: deps vchess
	sh tests/shards.sh ./vchess
	sh tests/boundary.sh ./vchess
	sh tests/shard_inputs.sh ./vchess

# Shard runs under GNU parallel (-j 2, -j 3) and a Slurm array job with a
# dependent merge (slurmctld and slurmd started on loopback, stopped after):
# the merged reports and copies equal one run's byte for byte, on hostile
# cuts; a cut inside a comment is refused (tests/distributed.sh; installs
# parallel, zstd and Slurm when root and missing). Twice: Slurm must start
# again after a run and leave nothing behind.
check-distributed: deps vchess
	sh tests/distributed.sh ./vchess
	DIST_SLURM_ONLY=1 sh tests/distributed.sh ./vchess

# The standings page (adjudicate --standings --format html) in headless
# Chromium (installed through tests/deps.sh when missing): PNGs 375 and
# 1280 pixels wide, every player and total in the rendered DOM, no
# horizontal overflow at 375 pixels (tests/html.sh).
check-html: deps vchess
	sh tests/html.sh ./vchess

# validate -j N against -j 1 with tiny chunks: reports, copies, standard
# error and exit status byte-identical (tests/par_identical.sh).
check-parallel: deps vchess
	sh tests/par_identical.sh ./vchess

# Whole unit and golden suites again under AddressSanitizer + UBSan, the
# corpus, and a subset of check-parallel (one chunk size, the option sets
# that reach every output's -j join). Four targets, so that make check can
# run them beside the other suites.
check-asan: check-asan-unit check-asan-golden check-asan-corpus check-asan-parallel
check-asan-unit: deps build-asan-tree
	ASAN_OPTIONS=detect_leaks=1 build-asan/unit-tests --jobs 2
check-asan-golden: deps build-asan-tree
	VCHESS_ASAN=1 sh tests/run_golden.sh ./vchess-asan
check-asan-corpus: deps build-asan-tree
	sh tests/corpus_count.sh ./vchess-asan
check-asan-parallel: deps build-asan-tree
	PAR_ALL_ONLY=1 sh tests/par_identical.sh ./vchess-asan

# Games in = entries out on every file of the reference edge-case corpus
# (../shared/refdata beside the checkout; skipped when it is not there).
check-corpus: vchess
	sh tests/corpus_count.sh ./vchess

# Out of memory before a member is read (an allocation made to fail by an
# LD_PRELOAD shim): exit 3 after every game before it, never a game lost
# (tests/nomem.sh).
check-nomem: vchess
	sh tests/nomem.sh ./vchess

vchess-asan: $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ) $(LDLIBS)

# The shared library exports exactly the functions and objects the installed
# headers declare, and every installed header is usable from C++ and marks
# its declarations visible (tests/exports.sh).
check-exports: deps $(BUILD)/$(SOFILE)
	sh tests/exports.sh $(BUILD)/$(SOFILE) $(PUB_HDR)

# The layers of ARCHITECTURE.md on the source: no variant id outside the
# variant files, no formats/ header in lib/, no printing or exit in the
# installed library outside VC_DEBUG code (tests/layers.sh).
check-layers:
	CC="$(CC)" sh tests/layers.sh

# A C and a C++ program built against an installed copy (make install
# DESTDIR=tmp), with pkg-config, static and shared, agree with ./vchess.
check-embed: deps all
	MAKE="$(MAKE)" sh tests/embed/run.sh ./vchess

# The Python module (lib/python/vchess) installed in a temporary prefix,
# under Debian's /usr/bin/python3, against the CLI (pytest).
check-python: deps all
	MAKE="$(MAKE)" sh lib/python/tests/run.sh ./vchess

# The unit tests, the quick perft subset and the golden games with the
# position invariants checked after every make (DEBUG=1, own build
# directory; about two minutes).
check-debug: check-debug-unit check-debug-perft check-debug-golden
check-debug-unit: deps build-debug-tree
	build-debug/unit-tests --jobs 2
check-debug-perft: deps build-debug-tree
	sh tests/perft_quick.sh ./vchess-debug
check-debug-golden: deps build-debug-tree
	VCHESS_DEBUG=1 sh tests/run_golden.sh ./vchess-debug

vchess-debug: $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ) $(LDLIBS)

# The build trees of make check: the program's, the DEBUG=1 one and the
# sanitizers' (sub-makes with their own variables). The sub-makes use
# CHECK_JOBS jobs (default: the processors) unless make itself was given
# -j, whose job slots they then share.
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
SUBJOBS = $(if $(findstring jobserver,$(MAKEFLAGS))$(filter -j%,$(MAKEFLAGS)),,-j$(CHECK_JOBS))
build-main-tree:
	$(MAKE) $(SUBJOBS) all $(BUILD)/unit-tests
build-debug-tree:
	$(MAKE) $(SUBJOBS) BUILD=build-debug DEBUG=1 build-debug/unit-tests vchess-debug
build-asan-tree:
	$(MAKE) $(SUBJOBS) BUILD=build-asan OPT=-O1 \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  build-asan/unit-tests vchess-asan

# make check: the three trees built first, side by side (CHECK_JOBS jobs,
# or make's -j), then the suites CHECK_JOBS at a time, the longest first
# (the sanitizers' par_identical and unit tests are the critical path), each
# suite's output printed whole when it ends (--output-sync); the suites run
# their own cases two at a time where that is safe; a failing suite does
# not stop the others (-k: one run reports every failure). Suites that measure
# time or memory (check-hostile, check-nomem) hold limits far above their
# runs (seconds against tenths), so a suite beside them does not fail them;
# the daemons of check-distributed and Chromium of check-html are started
# by one suite each.
CHECK_SUITES = check-asan-parallel check-asan-unit check-debug-unit check-distributed \
       check-asan-golden check-parallel check-debug-golden check-golden check-corpus \
       check-hostile check-html check-unit check-python check-embed check-shards \
       check-asan-corpus check-uci check-debug-perft check-perft-quick check-ci-formats \
       check-perft-formats check-nomem check-exports check-layers
check: deps
	$(MAKE) $(SUBJOBS) build-main-tree build-debug-tree build-asan-tree
	$(MAKE) $(SUBJOBS) -k --output-sync=target $(CHECK_SUITES)
	@echo "make check: all test suites passed"

# The bundled games (data/games/, any depth) through validate; a finding is
# part of the show, so its exit status is printed rather than failing make.
# The main job on the bundled real games (standard, Chess960, antichess:
# tournament and test-suite files, all valid), then a verdict per game and a
# perft. data/games/undo and data/games/backwards hold hand-made records,
# valid and deliberately broken ones, that the golden tests check.
demo: deps vchess
	./vchess validate data/games/standard/*.pgn data/games/chess960/*.pgn data/games/antichess/*.pgn
	./vchess adjudicate --quiet data/games/chess960/*.pgn
	./vchess perft --depth 5

bench: deps vchess
	sh tests/bench.sh ./vchess
	sh tests/bench_distributed.sh ./vchess

# 64 shards of a 2 GB comment-heavy multi-frame zstd file under GNU parallel
# with 2 workers against validate -j 1, and the merge's time
# (tests/bench_distributed.sh; BENCH_DIST_BYTES=200M for a quick run).
bench-distributed: deps vchess
	sh tests/bench_distributed.sh ./vchess

# The perft figures only (tests/bench.sh parts 1 and 1b): with
# BASELINE=cb8de6a, this build's speed-up over that commit's on Kiwipete,
# the middlegame set, antichess, the start position and Chess960.
bench-perft: deps vchess
	BENCH_ONLY=perft sh tests/bench.sh ./vchess

check-diff: vchess check-uci
	sh tests/diff_fairy.sh ./vchess

# Backwards Stalemate Chess: the fast generator against the simple one of
# tests/backwards_ref.c on perft depth 2 for 100 random-play positions and
# depth 3 for 10 (the quick agreement on 2,000 move sets is in check-unit).
check-backwards-long: deps $(BUILD)/unit-tests
	VCHESS_LONG=1 $(BUILD)/unit-tests --filter 'backwards_long/*'


# Fuzzing with libFuzzer (clang): every tests/fuzz/fuzz_NAME.c defines
# LLVMFuzzerTestOneInput and runs FUZZ_TIME seconds, seeded from the files
# in tests/fuzz/fuzz_NAME/; findings (crash-*, leak-*) land in build-fuzz/.
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
FUZZ_SRC  = $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN  = $(FUZZ_SRC:tests/fuzz/%.c=build-fuzz/%)
# Undefined behaviour stops the run as a finding, as a crash does.
FUZZ_CFLAGS = -std=c11 -O1 -g -D_DEFAULT_SOURCE -Ilib -Iformats \
              -fno-sanitize-recover=undefined

build-fuzz/%: tests/fuzz/%.c $(LIB_SRC) $(FMT_SRC) $(wildcard lib/*.h formats/*.h)
	@mkdir -p build-fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) \
	  -fsanitize=fuzzer,address,undefined -o $@ $< $(LIB_SRC) $(FMT_SRC) $(LDLIBS)

# fuzz_cmd runs the whole command (vc_cli_main): cmd/ is linked in too,
# with the main() of cmd/main.c renamed away (libFuzzer has its own).
build-fuzz/fuzz_cmd: tests/fuzz/fuzz_cmd.c $(CMD_SRC) $(LIB_SRC) $(FMT_SRC) \
                     $(wildcard lib/*.h formats/*.h cmd/*.h)
	@mkdir -p build-fuzz
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
	  -Dmain=vc_cli_replaced_main -c cmd/main.c -o build-fuzz/cmd_main.o
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Icmd -fsanitize=fuzzer,address,undefined -o $@ $< \
	  build-fuzz/cmd_main.o $(filter-out cmd/main.c,$(CMD_SRC)) $(LIB_SRC) $(FMT_SRC) $(LDLIBS)

# FUZZ_ARGS: more libFuzzer options (-timeout=30, -jobs=2, ...). A finding
# (crash, sanitizer report, leak, a failed check) stops make fuzz with the
# harness's log in build-fuzz/NAME.log and the input in build-fuzz/.
FUZZ_ARGS ?=
fuzz:
	@command -v $(FUZZ_CC) >/dev/null || \
	  { echo "make fuzz needs clang: apt-get install clang"; exit 1; }
	$(MAKE) $(FUZZ_BIN)
	@set -e; for bin in $(FUZZ_BIN); do \
	  name=$${bin#build-fuzz/}; mkdir -p build-fuzz/corpus/$$name; \
	  echo "== $$name ($(FUZZ_TIME) s)"; rc=0; \
	  (cd build-fuzz && ./$$name -max_total_time=$(FUZZ_TIME) -print_final_stats=1 \
	    $(FUZZ_ARGS) corpus/$$name ../tests/fuzz/$$name > $$name.log 2>&1) || rc=$$?; \
	  tail -n 12 build-fuzz/$$name.log; \
	  if [ $$rc -ne 0 ]; then echo "$$name: a finding: build-fuzz/$$name.log"; exit 1; fi; \
	done

# DESTDIR stages the install (packaging, tests/embed): paths inside the
# installed files name PREFIX, never DESTDIR.
install: all install-python
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(LIBDIR)/pkgconfig \
	  $(DESTDIR)$(INCDIR)/vchess $(DESTDIR)$(MANDIR)/man1 \
	  $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	install -m 755 vchess $(DESTDIR)$(PREFIX)/bin/vchess
	install -m 644 $(BUILD)/libvchess.a $(DESTDIR)$(LIBDIR)/libvchess.a
	install -m 755 $(BUILD)/$(SOFILE) $(DESTDIR)$(LIBDIR)/$(SOFILE)
	ln -sf $(SOFILE) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libvchess.so
	install -m 644 $(PUB_HDR) $(DESTDIR)$(INCDIR)/vchess/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	  -e 's|@LIBDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))|' \
	  -e 's|@INCDIR@|$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCDIR))|' \
	  lib/vchess.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/vchess.pc
	install -m 644 man/*.1 $(DESTDIR)$(MANDIR)/man1/
	for s in 3 5 7; do for f in man/*.$$s; do [ ! -f "$$f" ] || \
	  install -m 644 "$$f" $(DESTDIR)$(MANDIR)/man$$s/; done; done
	@if [ -z "$(DESTDIR)" ] && command -v $(LDCONFIG) >/dev/null && \
	  [ "$$(id -u)" -eq 0 ]; then $(LDCONFIG); fi

# The Python package, with the installed library's path written into
# vchess/_libpath.py (the module falls back to the soname when it is absent).
# The paths in vchess.pc are relative to ${prefix} (pkg-config --define-prefix).
install-python:
	install -d $(DESTDIR)$(PYTHONDIR)/vchess
	install -m 644 lib/python/vchess/*.py $(DESTDIR)$(PYTHONDIR)/vchess/
	printf '# Generated by make install.\nLIBRARY = %s\n' \
	  "'$(LIBDIR)/$(SONAME)'" > $(DESTDIR)$(PYTHONDIR)/vchess/_libpath.py

clean:
	rm -rf build build-asan build-debug build-fuzz vchess vchess-asan vchess-debug lib/libvchess.a
