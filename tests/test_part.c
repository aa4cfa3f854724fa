/* Tests of cmd/part.c: a point of a part's rendering (vc_part_point, the
 * place of validate --duplicates' warning in a shard's record) read back
 * by the merge (vc_part_point_parse) gives a JSON writer that goes on
 * exactly as the writer the point was taken from; damaged points are
 * refused. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cmd/part.h"

/* The rest of a document after a point: one more member, a nested object,
 * the ends of the containers open (an object nested `depth` deep, in
 * arrays: see round_trip). */
static void go_on(struct vc_json *j, int depth)
{
	vc_json_key(j, "duplicate_of");
	vc_json_begin_object(j);
	vc_json_kv_string(j, "source", "a \"b\".pgn");
	vc_json_kv_null(j, "member");
	vc_json_kv_uint(j, "index", 7);
	vc_json_end_object(j);
	for (int d = 1; d < depth; d++) {
		vc_json_end_object(j);
		vc_json_end_array(j);
	}
	vc_json_end_object(j);
	cr_assert_eq(vc_json_error(j), 0);
}

/* Take a point after `members` members of an object nested `depth` deep
 * (in an array of the document), in writer flags `flags`; compare what the
 * original writer and the read-back one write from there. */
static void round_trip(unsigned flags, int depth, int members)
{
	char *a = NULL, *b = NULL, *pt = NULL;
	size_t na = 0, nb = 0, npt = 0;
	FILE *fa = open_memstream(&a, &na);
	FILE *fp = open_memstream(&pt, &npt);
	cr_assert(fa && fp);
	struct vc_json j;
	vc_json_init_file(&j, fa, flags);
	vc_json_begin_object(&j);
	for (int d = 1; d < depth; d++) {
		vc_json_key(&j, "games");
		vc_json_begin_array(&j);
		vc_json_begin_object(&j);
	}
	for (int i = 0; i < members; i++) {
		char k[16];
		snprintf(k, sizeof k, "m%d", i);
		vc_json_kv_int(&j, k, i);
	}
	fflush(fa);
	size_t prefix = na;
	vc_part_point(fp, &j);
	fclose(fp);
	/* the original goes on */
	go_on(&j, depth);
	fclose(fa);
	/* the point read back goes on into another stream */
	FILE *fb = open_memstream(&b, &nb);
	cr_assert(fb);
	struct vc_json r;
	size_t used = vc_part_point_parse(pt, npt, fb, &r);
	cr_assert_eq(used, npt, "the point %.*s was not read whole", (int)npt, pt);
	go_on(&r, depth);
	fclose(fb);
	cr_assert_eq(na - prefix, nb);
	cr_assert(memcmp(a + prefix, b, nb) == 0, "after the point:\n%s\nread back:\n%s",
	          a + prefix, b);
	free(a);
	free(b);
	free(pt);
}

Test(part, point_round_trip_compact_and_pretty)
{
	for (int depth = 1; depth <= 4; depth++)
		for (int members = 0; members <= 2; members++) {
			round_trip(0, depth, members);
			round_trip(VC_JSON_PRETTY, depth, members);
		}
}

Test(part, point_without_writer)
{
	char *pt = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&pt, &n);
	vc_part_point(f, NULL);
	fclose(f);
	cr_assert_eq(n, 8);
	cr_assert(memcmp(pt, "\x01" "d0.0.0\x02", 8) == 0);
	struct vc_json r;
	cr_assert_eq(vc_part_point_parse(pt, n, stdout, &r), 8);
	cr_assert_eq(r.depth, 0);
	free(pt);
}

Test(part, damaged_points_refused)
{
	static const char *bad[] = {
		"\x01" "d",                 /* cut short */
		"\x01" "d0.0\x02",          /* too few numbers */
		"\x01" "d0.1.0\x02",        /* depth 1 without its container */
		"\x01" "d0.1.0.2.3\x02",    /* a container too many */
		"\x01" "d0.0.2\x02",        /* after_key neither 0 nor 1 */
		"\x01" "d0.65.0\x02",       /* deeper than the writer goes */
		"\x01" "d0..0\x02",         /* an empty number */
		"\x01" "d0.0.0",            /* no end byte */
		"\x01" "d99999999999.0.0\x02", /* a number too big */
		"\x01" "i12\x02",           /* a relocatable number, not a point */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct vc_json r;
		cr_assert_eq(vc_part_point_parse(bad[i], strlen(bad[i]), stdout, &r), 0,
		             "point %zu taken", i);
	}
}
