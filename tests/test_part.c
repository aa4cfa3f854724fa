/* Tests of cmd/part.c: a point of a part's rendering (vc_part_point, the
 * place of validate --duplicates' warning in a shard's record) read back
 * by the merge (vc_part_point_parse) gives a JSON writer that goes on
 * exactly as the writer the point was taken from; damaged points are
 * refused. A part's counts (vc_part_counts) read back by the merge
 * (vc_part_add_counts) give every counter back, and the fields of a
 * struct written through a table (vc_part_put_fields) read back
 * (vc_part_get_field) give every member of every type back. */
#include <criterion/criterion.h>
#include <stddef.h>
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

/* The counters of struct vc_report that a part's counts carry, listed
 * here apart from part.c's table (the oracle: a counter the table leaves
 * out is not read back), each with a value of its own. */
#define COUNTERS(X) \
	X(games, 101) X(valid, 102) X(invalid, 103) X(warnings, 104) X(errors, 105) \
	X(input_errors, 106) X(skipped, 107) X(positions, 108) X(input_warnings, 109)

/* rep's counts as vc_part_counts writes them in a record, parsed into d;
 * returns the "counts" object. */
static const struct vc_jval *counts_record(const struct vc_report *rep, struct vc_jdoc *d,
                                           char *text, size_t size)
{
	struct vc_json j;
	vc_json_init_buffer(&j, 0);
	vc_json_begin_object(&j);
	vc_part_counts(&j, "counts", rep);
	vc_json_end_object(&j);
	cr_assert_eq(vc_json_error(&j), 0);
	size_t len;
	const char *b = vc_json_buffer(&j, &len);
	cr_assert_lt(len, size);
	memcpy(text, b, len + 1);
	vc_json_release(&j);
	char err[128];
	cr_assert_eq(vc_jdoc_parse(d, text, len, err, sizeof err), 0, "%s: %s", text, err);
	return vc_jget(&d->root, "counts");
}

Test(part, counts_read_back_by_the_merge)
{
	struct vc_report rep;
	memset(&rep, 0, sizeof rep);
#define SET(m, v) rep.m = v;
	COUNTERS(SET)
#undef SET
	vc_report_count_code(&rep, VC_F_MISSING_RESULT, 7);
	vc_report_count_code(&rep, VC_F_PGN_SYNTAX, 3);
	struct vc_jdoc d;
	char text[1024];
	const struct vc_jval *c = counts_record(&rep, &d, text, sizeof text);
	/* the record as parts have always been written (parts of earlier
	 * runs are merged by this reader): its words and their order */
	cr_assert_str_eq(text, "{\"counts\":{\"games\":101,\"valid\":102,\"invalid\":103,"
	                 "\"warnings\":104,\"errors\":105,\"input_errors\":106,"
	                 "\"skipped\":107,\"positions\":108,\"input_warnings\":109,"
	                 "\"codes\":{\"missing-result\":7,\"pgn-syntax\":3}}}\n");
	/* read back twice, as the merge adds two parts */
	struct vc_report back;
	memset(&back, 0, sizeof back);
	vc_part_add_counts(&back, c);
	vc_part_add_counts(&back, c);
#define CHECK(m, v) cr_assert_eq(back.m, 2 * (uint64_t)(v), #m ": %llu", \
	                         (unsigned long long)back.m);
	COUNTERS(CHECK)
#undef CHECK
	cr_assert_eq(back.ncodes, 2);
	cr_assert_eq(back.code_order[0], VC_F_MISSING_RESULT);
	cr_assert_eq(back.code_order[1], VC_F_PGN_SYNTAX);
	cr_assert_eq(back.code_count[VC_F_MISSING_RESULT], 14);
	cr_assert_eq(back.code_count[VC_F_PGN_SYNTAX], 6);
	vc_jdoc_free(&d);
}

/* A member of every type a table holds. */
struct every {
	uint64_t u;
	long l;
	int i;
	unsigned char c;
	uint64_t a[3];
};

Test(part, fields_of_every_type_read_back)
{
	static const struct vc_part_field named[] = {
		VC_PART_FIELD("u", struct every, u, VC_PART_U64),
		VC_PART_FIELD("l", struct every, l, VC_PART_LONG),
		VC_PART_FIELD("i", struct every, i, VC_PART_INT),
		VC_PART_FIELD("c", struct every, c, VC_PART_UCHAR),
		VC_PART_FIELD_N("a", struct every, a),
	};
	enum { N = sizeof named / sizeof named[0] };
	struct vc_part_field row[N];
	for (size_t k = 0; k < N; k++) {
		row[k] = named[k];
		row[k].word = NULL;
	}
	cr_assert_eq(named[4].n, 3);
	const struct every e = { UINT64_MAX, -1, -2147483647 - 1, 255, { 0, 1, 1ull << 63 } };
	for (int as_row = 0; as_row < 2; as_row++) {
		const struct vc_part_field *f = as_row ? row : named;
		struct vc_json j;
		vc_json_init_buffer(&j, 0);
		as_row ? vc_json_begin_array(&j) : vc_json_begin_object(&j);
		vc_part_put_fields(&j, f, N, &e);
		as_row ? vc_json_end_array(&j) : vc_json_end_object(&j);
		size_t len;
		const char *text = vc_json_buffer(&j, &len);
		cr_assert_str_eq(text, as_row ? "[18446744073709551615,-1,-2147483648,255,"
		                                "[0,1,9223372036854775808]]\n"
		                 : "{\"u\":18446744073709551615,\"l\":-1,\"i\":-2147483648,"
		                   "\"c\":255,\"a\":[0,1,9223372036854775808]}\n");
		struct vc_jdoc d;
		char err[128];
		cr_assert_eq(vc_jdoc_parse(&d, text, len, err, sizeof err), 0, "%s", err);
		struct every back;
		memset(&back, 0x5a, sizeof back);
		for (size_t k = 0; k < N; k++)
			cr_assert(vc_part_get_field(as_row ? &d.root.kids[k]
			                            : vc_jget(&d.root, f[k].word), &f[k], &back),
			          "field %zu", k);
		cr_assert_eq(back.u, e.u);
		cr_assert_eq(back.l, e.l);
		cr_assert_eq(back.i, e.i);
		cr_assert_eq(back.c, e.c);
		cr_assert(memcmp(back.a, e.a, sizeof e.a) == 0);
		vc_jdoc_free(&d);
		vc_json_release(&j);
	}
}

Test(part, fields_not_of_their_type_refused)
{
	static const struct vc_part_field a = VC_PART_FIELD_N("a", struct every, a);
	static const struct vc_part_field u = VC_PART_FIELD("u", struct every, u, VC_PART_U64);
	static const struct vc_part_field l = VC_PART_FIELD("l", struct every, l, VC_PART_LONG);
	static const char doc[] = "{\"short\":[1,2],\"long\":[1,2,3,4],\"neg\":-1,"
	                          "\"str\":\"1\",\"frac\":1.5,\"arr\":[1,\"x\",3]}";
	struct vc_jdoc d;
	char err[128];
	cr_assert_eq(vc_jdoc_parse(&d, doc, strlen(doc), err, sizeof err), 0, "%s", err);
	struct every e;
	memset(&e, 0, sizeof e);
	cr_assert_not(vc_part_get_field(vc_jget(&d.root, "short"), &a, &e));
	cr_assert_not(vc_part_get_field(vc_jget(&d.root, "long"), &a, &e));
	cr_assert_not(vc_part_get_field(vc_jget(&d.root, "arr"), &a, &e));
	cr_assert_not(vc_part_get_field(vc_jget(&d.root, "neg"), &u, &e));
	cr_assert_not(vc_part_get_field(vc_jget(&d.root, "str"), &l, &e));
	cr_assert_not(vc_part_get_field(vc_jget(&d.root, "frac"), &l, &e));
	cr_assert_not(vc_part_get_field(NULL, &u, &e));
	cr_assert_not(vc_part_get_field(vc_jget(&d.root, "neg"), &a, &e));
	cr_assert_eq(e.u, 0);
	cr_assert_eq(e.l, 0);
	vc_jdoc_free(&d);
}
