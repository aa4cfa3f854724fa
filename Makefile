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

ALL_CFLAGS = -std=c11 $(OPT) -g -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
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

.PHONY: all clean check check-unit check-golden check-perft check-asan \
        check-diff demo bench install deps fuzz

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

vchess: $(CMD_OBJ) $(BUILD)/libvcformats.a $(BUILD)/libvchess.a
	$(CC) $(ALL_CFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/libvcformats.a $(BUILD)/libvchess.a $(LDLIBS)

$(BUILD)/unit-tests: $(TEST_OBJ) $(BUILD)/libvcformats.a $(BUILD)/libvchess.a
	$(CC) $(ALL_CFLAGS) -o $@ $(TEST_OBJ) $(BUILD)/libvcformats.a $(BUILD)/libvchess.a -lcriterion $(LDLIBS)

# Prerequisites: Debian packages (installed when missing and we are root).
deps:
	@sh tests/deps.sh

check-unit: deps $(BUILD)/unit-tests
	$(BUILD)/unit-tests --jobs 2

check-golden: deps vchess
	sh tests/run_golden.sh ./vchess

# The quick perft subset is part of check; the full suites are check-perft.
check-perft-quick: vchess
	sh tests/perft_quick.sh ./vchess

check-perft: vchess
	sh tests/perft_full.sh ./vchess

# Whole unit and golden suites again under AddressSanitizer + UBSan.
check-asan: deps
	$(MAKE) BUILD=build-asan OPT=-O1 \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  build-asan/unit-tests vchess-asan
	ASAN_OPTIONS=detect_leaks=1 build-asan/unit-tests --jobs 2
	VCHESS_ASAN=1 sh tests/run_golden.sh ./vchess-asan

vchess-asan: $(CMD_OBJ) $(BUILD)/libvcformats.a $(BUILD)/libvchess.a
	$(CC) $(ALL_CFLAGS) -o $@ $(CMD_OBJ) $(BUILD)/libvcformats.a $(BUILD)/libvchess.a $(LDLIBS)

check: deps all check-unit check-golden check-perft-quick check-asan
	@echo "make check: all test suites passed"

demo: deps vchess
	./vchess validate data/games/*.pgn

bench: deps vchess
	sh tests/bench.sh ./vchess

check-diff: vchess
	sh tests/diff_fairy.sh ./vchess

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
	  $(DESTDIR)$(PREFIX)/include/vchess $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 vchess $(DESTDIR)$(PREFIX)/bin/vchess
	install -m 644 lib/libvchess.a $(DESTDIR)$(PREFIX)/lib/libvchess.a
	install -m 644 lib/*.h $(DESTDIR)$(PREFIX)/include/vchess/
	install -m 644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/

clean:
	rm -rf build build-asan vchess vchess-asan lib/libvchess.a
