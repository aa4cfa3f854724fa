# vchess - build, test, benchmark.
# `make` builds ./vchess and lib/libvchess.a; `make check` runs the tests;
# `make demo` validates the bundled real games. See README.md.

CC      ?= gcc
OPT     ?= -O2
CFLAGS  ?=
SAN     ?=
PREFIX  ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0

# The popcnt instruction when the build machine has it (every x86-64 CPU
# since 2008); PORTABLE=1 leaves it out for binaries meant for other CPUs.
ifeq ($(PORTABLE),)
ARCHFLAGS ?= $(shell grep -qw popcnt /proc/cpuinfo 2>/dev/null && echo -mpopcnt)
endif

ALL_CFLAGS = -std=c11 $(OPT) $(ARCHFLAGS) -g -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
             -DVC_VERSION='"$(VERSION)"' -Ilib -Iformats $(SAN) $(CFLAGS)
LDLIBS  = -larchive -lz -lpthread -lm

BUILD   ?= build
LIB_SRC = $(wildcard lib/*.c)
FMT_SRC = $(wildcard formats/*.c)
CMD_SRC = $(wildcard cmd/*.c)
TEST_SRC = $(wildcard tests/*.c)

LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o)
FMT_OBJ = $(FMT_SRC:%.c=$(BUILD)/%.o)
CMD_OBJ = $(CMD_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)

.PHONY: all clean check check-unit check-golden check-perft-quick check-perft \
        check-asan check-hostile check-parallel check-corpus check-diff check-backwards-long demo bench install deps fuzz

all: vchess lib/libvchess.a

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

-include $(LIB_OBJ:.o=.d) $(FMT_OBJ:.o=.d) $(CMD_OBJ:.o=.d) $(TEST_OBJ:.o=.d)

$(BUILD)/libvchess.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@; ar rcs $@ $^

lib/libvchess.a: $(BUILD)/libvchess.a
	cp $< $@

$(BUILD)/libvcformats.a: $(FMT_OBJ)
	rm -f $@; ar rcs $@ $^

# Programs link the library's objects, not the archive: the registry refers
# to some variants weakly (lib/variant.c), and a weak reference does not pull
# a member out of an archive.
vchess: $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ) $(LDLIBS)

# The unit tests also link the command-line helpers (tests/test_cli.c).
CLI_OBJ = $(BUILD)/cmd/common.o

$(BUILD)/unit-tests: $(TEST_OBJ) $(CLI_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $(TEST_OBJ) $(CLI_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ) -lcriterion $(LDLIBS)

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

# validate on hostile input made on the fly (garbage, 100 MB without a line
# end, huge comments, tags and nesting, zip bombs): time, flat peak memory.
check-hostile: deps vchess
	sh tests/hostile.sh ./vchess

# validate -j N against -j 1 with tiny chunks: reports, copies, standard
# error and exit status byte-identical (tests/par_identical.sh).
check-parallel: deps vchess
	sh tests/par_identical.sh ./vchess

# Whole unit and golden suites again under AddressSanitizer + UBSan.
check-asan: deps
	$(MAKE) BUILD=build-asan OPT=-O1 \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  build-asan/unit-tests vchess-asan
	ASAN_OPTIONS=detect_leaks=1 build-asan/unit-tests --jobs 2
	VCHESS_ASAN=1 sh tests/run_golden.sh ./vchess-asan
	sh tests/corpus_count.sh ./vchess-asan
	PAR_ALL_ONLY=1 sh tests/par_identical.sh ./vchess-asan

# Games in = entries out on every file of the reference edge-case corpus
# (../shared/refdata beside the checkout; skipped when it is not there).
check-corpus: vchess
	sh tests/corpus_count.sh ./vchess

vchess-asan: $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ)
	$(CC) $(ALL_CFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/libvcformats.a $(LIB_OBJ) $(LDLIBS)

check: deps all check-unit check-golden check-corpus check-perft-quick check-hostile check-parallel check-asan
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

check-diff: vchess
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

build-fuzz/%: tests/fuzz/%.c $(LIB_SRC) $(FMT_SRC) $(wildcard lib/*.h formats/*.h)
	@mkdir -p build-fuzz
	$(FUZZ_CC) -std=c11 -O1 -g -D_DEFAULT_SOURCE -Ilib -Iformats \
	  -fsanitize=fuzzer,address,undefined -o $@ $< $(LIB_SRC) $(FMT_SRC) $(LDLIBS)

fuzz:
	@command -v $(FUZZ_CC) >/dev/null || \
	  { echo "make fuzz needs clang: apt-get install clang"; exit 1; }
	$(MAKE) $(FUZZ_BIN)
	@set -e; for bin in $(FUZZ_BIN); do \
	  name=$${bin#build-fuzz/}; mkdir -p build-fuzz/corpus/$$name; \
	  echo "== $$name ($(FUZZ_TIME) s)"; \
	  (cd build-fuzz && ./$$name -max_total_time=$(FUZZ_TIME) -print_final_stats=1 \
	    corpus/$$name ../tests/fuzz/$$name 2>&1 | tail -n 12); \
	done

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
	  $(DESTDIR)$(PREFIX)/include/vchess $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/man/man5 $(DESTDIR)$(PREFIX)/share/man/man7
	install -m 755 vchess $(DESTDIR)$(PREFIX)/bin/vchess
	install -m 644 lib/libvchess.a $(DESTDIR)$(PREFIX)/lib/libvchess.a
	install -m 644 $(filter-out %internal.h,$(wildcard lib/*.h)) $(DESTDIR)$(PREFIX)/include/vchess/
	install -m 644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	for f in man/*.5; do [ ! -f "$$f" ] || \
	  install -m 644 "$$f" $(DESTDIR)$(PREFIX)/share/man/man5/; done
	for f in man/*.7; do [ ! -f "$$f" ] || \
	  install -m 644 "$$f" $(DESTDIR)$(PREFIX)/share/man/man7/; done

clean:
	rm -rf build build-asan build-fuzz vchess vchess-asan lib/libvchess.a
