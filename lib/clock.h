/* vchess - clock comments: the `[%clk H:MM:SS]` command that PGN
 * producers write into the comment after a move (the PGN command syntax
 * of the "PGN Specification Supplement"; vchess-rules(7) section 2 for its
 * use in time forfeits, vchess-undo(5) for clocks across take-backs).
 */
#ifndef VC_CLOCK_H
#define VC_CLOCK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

/* The clock of the first `%clk` command of a comment that is followed by
 * a well-formed clock (a broken one before it does not hide it): text is
 * len bytes (need not be NUL-terminated; may hold NUL bytes). A clock is
 * H:MM:SS or M:SS after optional blanks: the first part up to 9 digits,
 * each later part one or two digits under 60, the seconds with an
 * optional fraction (digits after a '.', which ends the clock: "0:59.5"
 * is M:SS.f); no further digit may follow.
 * Returns seconds (>= 0), or -1 when the comment holds no such clock. */
double vc_clock_parse(const char *text, size_t len);

/* A clock in the [%clk] form from seconds s (>= 0): "0:02:57",
 * "0:02:57.3" (hours unbounded, fractions rounded to the millisecond,
 * trailing zeros dropped), into buf of `size` bytes (NUL-terminated,
 * truncated if short; nothing written when size is 0). */
void vc_clock_text(double s, char *buf, size_t size);

#pragma GCC visibility pop
#ifdef __cplusplus
}
#endif

#endif
