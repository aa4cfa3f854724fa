/* The text standings and crosstable (formats/report_standings.c): the
 * columns after the name stay in line whatever the names, long ones
 * (wider than the 32-column minimum) and UTF-8 ones (accented letters:
 * one column a character, not a byte; CJK: two columns; a combining mark:
 * none). The oracle: the column where the "games" (standings) or
 * "points" (crosstable) column ends, counted by hand from the character
 * widths below, is the same on every line. */
#define _GNU_SOURCE /* open_memstream */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_standings.h"
#include "standings.h"

/* Columns of a line up to byte `at`, for the names of these tests: ASCII
 * one, U+00C0..U+024F (2 bytes) one, U+0301 (combining) none, CJK
 * (3 bytes, U+4E00..) two. An independent count: by the lead byte. */
static size_t cols(const char *s, size_t at)
{
	size_t c = 0;
	for (size_t i = 0; i < at;) {
		unsigned char b = (unsigned char)s[i];
		if (b < 0x80) {
			c++, i++;
		} else if (b == 0xCC && (unsigned char)s[i + 1] == 0x81) {
			i += 2; /* U+0301 */
		} else if (b < 0xE0) {
			c++, i += 2;
		} else {
			c += 2, i += 3;
		}
	}
	return c;
}

static const char *const names[] = {
	"A", "Ňáçéíóú Ütterström-Ååberg Øster-Longname", "李小龍",
	"An ordinary name that is longer than thirty-two", "Jose\xcc\x81 Rau\xcc\x81l",
};

static char *render(bool crosstable)
{
	struct vc_standings st;
	vc_standings_init(&st);
	for (size_t i = 0; i < 5; i++) {
		struct vc_standings_info info = { .source = "t.pgn", .index = i + 1 };
		cr_assert_eq(vc_standings_add_ex(&st, names[i], names[(i + 1) % 5], VC_RES_WHITE,
		                                 &info), 0);
	}
	enum vc_tiebreak tb = VC_TB_WINS;
	cr_assert_eq(vc_standings_rank(&st, &tb, 1, VC_SYSTEM_AUTO), 0);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	cr_assert_not_null(f);
	if (crosstable)
		vc_standings_crosstable_text(f, &st);
	else
		vc_standings_text(f, &st);
	fclose(f);
	vc_standings_release(&st);
	return text;
}

/* Every line from the header (its first word "rank") on: the end of the
 * word `col` in the header, and of the field below it in each row, is at
 * the same column. */
static void aligned(const char *text, const char *col)
{
	const char *h = strstr(text, "rank ");
	cr_assert_not_null(h, "%s", text);
	const char *hw = strstr(h, col);
	cr_assert_not_null(hw);
	const size_t want = cols(h, (size_t)(hw - h) + strlen(col));
	size_t rows = 0;
	for (const char *l = strchr(h, '\n') + 1; *l && l[0] == ' '; l = strchr(l, '\n') + 1) {
		/* the rank, the name (two blanks before it), then the fields:
		 * the field under `col` is the one that ends at `want` */
		const char *e = strchr(l, '\n');
		cr_assert_not_null(e);
		bool found = false;
		for (const char *p = l; p < e; p++)
			if (p[0] != ' ' && (p[1] == ' ' || p + 1 == e) && cols(l, (size_t)(p + 1 - l)) == want)
				found = true;
		cr_assert(found, "a field does not end at column %zu under %s:\n%s", want, col, text);
		rows++;
	}
	cr_assert_eq(rows, 5, "%s", text);
}

Test(standings_text, long_and_utf8_names_keep_the_columns_in_line)
{
	char *t = render(false);
	aligned(t, "games");
	aligned(t, "losses");
	aligned(t, "tb-wins");
	/* no name is cut */
	for (size_t i = 0; i < 5; i++)
		cr_assert_not_null(strstr(t, names[i]), "%s", t);
	free(t);
	t = render(true);
	aligned(t, "points");
	aligned(t, "tb-wins");
	for (size_t i = 0; i < 5; i++)
		cr_assert_not_null(strstr(t, names[i]), "%s", t);
	free(t);
}
