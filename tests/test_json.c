/* Tests of formats/json.c: commas and nesting, compact/pretty/JSONL layout,
 * string escaping and UTF-8 repair, numbers, misuse and write errors. */
#include <criterion/criterion.h>

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"

/* The text of one string value written alone (compact, without the
 * newline that ends a top-level value). Static buffer. */
static const char *enc_n(const char *s, size_t len)
{
	static char out[4096];
	struct vc_json w;
	size_t n;
	const char *b;

	vc_json_init_buffer(&w, 0);
	cr_assert_eq(vc_json_string_n(&w, s, len), 0);
	b = vc_json_buffer(&w, &n);
	cr_assert_gt(n, 0);
	cr_assert_eq(b[n - 1], '\n');
	cr_assert_lt(n, sizeof out);
	memcpy(out, b, n - 1);
	out[n - 1] = '\0';
	vc_json_release(&w);
	return out;
}

static const char *enc(const char *s)
{
	return enc_n(s, strlen(s));
}

/* Strict UTF-8 check (same rules as RFC 3629), independent of json.c. */
static bool valid_utf8(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint32_t cp;
		size_t len;

		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if ((s[i] & 0xe0) == 0xc0) {
			len = 2;
			cp = s[i] & 0x1f;
		} else if ((s[i] & 0xf0) == 0xe0) {
			len = 3;
			cp = s[i] & 0x0f;
		} else if ((s[i] & 0xf8) == 0xf0) {
			len = 4;
			cp = s[i] & 0x07;
		} else {
			return false;
		}
		if (i + len > n)
			return false;
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
		    (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += len;
	}
	return true;
}

/* ---- layout --------------------------------------------------------------- */

static void write_sample(struct vc_json *w)
{
	vc_json_begin_object(w);
	vc_json_kv_string(w, "source", "games.pgn");
	vc_json_kv_null(w, "member");
	vc_json_kv_int(w, "index", 17);
	vc_json_kv_bool(w, "valid", false);
	vc_json_key(w, "tags");
	vc_json_begin_object(w);
	vc_json_kv_string(w, "White", "A");
	vc_json_kv_string(w, "Black", "B");
	vc_json_end_object(w);
	vc_json_key(w, "errors");
	vc_json_begin_array(w);
	vc_json_begin_object(w);
	vc_json_kv_string(w, "code", "illegal-move");
	vc_json_kv_uint(w, "ply", 41);
	vc_json_end_object(w);
	vc_json_end_array(w);
	vc_json_key(w, "warnings");
	vc_json_begin_array(w);
	vc_json_end_array(w);
	vc_json_key(w, "empty");
	vc_json_begin_object(w);
	vc_json_end_object(w);
	vc_json_key(w, "list");
	vc_json_begin_array(w);
	vc_json_int(w, 1);
	vc_json_halves(w, 5);
	vc_json_bool(w, true);
	vc_json_string(w, NULL);
	vc_json_begin_array(w);
	vc_json_end_array(w);
	vc_json_end_array(w);
	vc_json_end_object(w);
}

Test(json, compact_commas_and_nesting)
{
	struct vc_json w;

	vc_json_init_buffer(&w, 0);
	write_sample(&w);
	cr_assert_eq(vc_json_error(&w), 0);
	cr_assert_eq(vc_json_depth(&w), 0);
	cr_assert_str_eq(vc_json_buffer(&w, NULL),
	    "{\"source\":\"games.pgn\",\"member\":null,\"index\":17,"
	    "\"valid\":false,\"tags\":{\"White\":\"A\",\"Black\":\"B\"},"
	    "\"errors\":[{\"code\":\"illegal-move\",\"ply\":41}],"
	    "\"warnings\":[],\"empty\":{},\"list\":[1,2.5,true,null,[]]}\n");
	vc_json_release(&w);
}

Test(json, pretty_layout)
{
	struct vc_json w;

	vc_json_init_buffer(&w, VC_JSON_PRETTY);
	write_sample(&w);
	cr_assert_eq(vc_json_error(&w), 0);
	cr_assert_str_eq(vc_json_buffer(&w, NULL),
	    "{\n"
	    "  \"source\": \"games.pgn\",\n"
	    "  \"member\": null,\n"
	    "  \"index\": 17,\n"
	    "  \"valid\": false,\n"
	    "  \"tags\": {\n"
	    "    \"White\": \"A\",\n"
	    "    \"Black\": \"B\"\n"
	    "  },\n"
	    "  \"errors\": [\n"
	    "    {\n"
	    "      \"code\": \"illegal-move\",\n"
	    "      \"ply\": 41\n"
	    "    }\n"
	    "  ],\n"
	    "  \"warnings\": [],\n"
	    "  \"empty\": {},\n"
	    "  \"list\": [\n"
	    "    1,\n"
	    "    2.5,\n"
	    "    true,\n"
	    "    null,\n"
	    "    []\n"
	    "  ]\n"
	    "}\n");
	vc_json_release(&w);
}

Test(json, jsonl_one_object_per_line)
{
	struct vc_json w;
	size_t len;

	vc_json_init_buffer(&w, 0);
	for (int i = 1; i <= 3; i++) {
		vc_json_begin_object(&w);
		vc_json_kv_int(&w, "index", i);
		vc_json_end_object(&w);
	}
	vc_json_begin_object(&w);
	vc_json_key(&w, "summary");
	vc_json_begin_object(&w);
	vc_json_kv_int(&w, "games", 3);
	vc_json_end_object(&w);
	vc_json_end_object(&w);
	cr_assert_str_eq(vc_json_buffer(&w, &len),
	                 "{\"index\":1}\n{\"index\":2}\n{\"index\":3}\n"
	                 "{\"summary\":{\"games\":3}}\n");
	cr_assert_eq(len, strlen(vc_json_buffer(&w, NULL)));
	/* reuse the buffer line after line */
	vc_json_buffer_clear(&w);
	cr_assert_str_eq(vc_json_buffer(&w, NULL), "");
	vc_json_int(&w, 5);
	vc_json_string(&w, "x");
	cr_assert_str_eq(vc_json_buffer(&w, NULL), "5\n\"x\"\n");
	vc_json_release(&w);
	cr_assert_str_eq(vc_json_buffer(&w, &len), "");
	cr_assert_eq(len, 0);
}

Test(json, deep_nesting_up_to_the_limit)
{
	struct vc_json w;
	size_t len;
	const char *b;

	vc_json_init_buffer(&w, 0);
	for (int i = 0; i < VC_JSON_MAX_DEPTH; i++) {
		cr_assert_eq(vc_json_begin_array(&w), 0);
		cr_assert_eq(vc_json_depth(&w), i + 1);
	}
	for (int i = 0; i < VC_JSON_MAX_DEPTH; i++)
		cr_assert_eq(vc_json_end_array(&w), 0);
	b = vc_json_buffer(&w, &len);
	cr_assert_eq(len, 2 * VC_JSON_MAX_DEPTH + 1);
	for (int i = 0; i < VC_JSON_MAX_DEPTH; i++) {
		cr_assert_eq(b[i], '[');
		cr_assert_eq(b[VC_JSON_MAX_DEPTH + i], ']');
	}
	vc_json_release(&w);
}

/* ---- strings -------------------------------------------------------------- */

Test(json, quotes_and_backslashes)
{
	cr_assert_str_eq(enc(""), "\"\"");
	cr_assert_str_eq(enc("plain text / slash"), "\"plain text / slash\"");
	cr_assert_str_eq(enc("say \"hi\""), "\"say \\\"hi\\\"\"");
	cr_assert_str_eq(enc("C:\\pgn\\"), "\"C:\\\\pgn\\\\\"");
	cr_assert_str_eq(enc("\\\""), "\"\\\\\\\"\"");
}

Test(json, control_characters)
{
	cr_assert_str_eq(enc("a\nb\tc\rd\be\ff"),
	                 "\"a\\nb\\tc\\rd\\be\\ff\"");
	cr_assert_str_eq(enc("\x01\x1f\x7f\x1b[0m"),
	                 "\"\\u0001\\u001f\\u007f\\u001b[0m\"");
	/* every control character, none left raw */
	for (int c = 1; c < 0x20; c++) {
		char in[2] = { (char)c, 0 };
		const char *out = enc(in);
		for (const char *p = out; *p; p++)
			cr_assert_geq((unsigned char)*p, 0x20);
	}
	/* NUL inside a counted string */
	cr_assert_str_eq(enc_n("a\0b", 3), "\"a\\u0000b\"");
	cr_assert_str_eq(enc_n("\0", 1), "\"\\u0000\"");
	/* a counted string stops where told */
	cr_assert_str_eq(enc_n("abcdef", 3), "\"abc\"");
	cr_assert_str_eq(enc_n(NULL, 0), "\"\"");
}

Test(json, valid_utf8_is_kept)
{
	static const char *const ok[] = {
		"\xc3\xa9",             /* U+00E9 */
		"\xc2\x80",             /* U+0080 */
		"\xdf\xbf",             /* U+07FF */
		"\xe0\xa0\x80",         /* U+0800 */
		"\xe2\x82\xac",         /* U+20AC euro */
		"\xed\x9f\xbf",         /* U+D7FF, last before surrogates */
		"\xee\x80\x80",         /* U+E000, first after */
		"\xef\xbf\xbf",         /* U+FFFF */
		"\xf0\x90\x80\x80",     /* U+10000 */
		"\xf0\x9d\x84\x9e",     /* U+1D11E musical symbol */
		"\xf4\x8f\xbf\xbf",     /* U+10FFFF */
		"Nepomniachtchi \xd0\x9d\xd0\xb5\xd0\xbf\xd0\xbe", /* Cyrillic */
		"\xe2\x80\xa8",         /* U+2028 stays raw: valid JSON */
	};

	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		char want[64];
		snprintf(want, sizeof want, "\"%s\"", ok[i]);
		cr_assert_str_eq(enc(ok[i]), want, "case %zu", i);
	}
}

Test(json, invalid_utf8_bytes_become_latin1)
{
	/* a Latin-1 name */
	cr_assert_str_eq(enc("M\xfcller"), "\"M\xc3\xbcller\"");
	cr_assert_str_eq(enc("caf\xe9"), "\"caf\xc3\xa9\"");
	/* a lone continuation byte, C0/C1 and F5..FF lead bytes */
	cr_assert_str_eq(enc("\x80"), "\"\xc2\x80\"");
	cr_assert_str_eq(enc("\xbf"), "\"\xc2\xbf\"");
	cr_assert_str_eq(enc("\xff\xfe"), "\"\xc3\xbf\xc3\xbe\"");
	/* overlong "/" (C0 AF), overlong 3-byte (E0 80 AF) */
	cr_assert_str_eq(enc("\xc0\xaf"), "\"\xc3\x80\xc2\xaf\"");
	cr_assert_str_eq(enc("\xe0\x80\xaf"), "\"\xc3\xa0\xc2\x80\xc2\xaf\"");
	/* a surrogate (ED A0 80) and beyond U+10FFFF (F4 90 80 80) */
	cr_assert_str_eq(enc("\xed\xa0\x80"), "\"\xc3\xad\xc2\xa0\xc2\x80\"");
	cr_assert_str_eq(enc("\xf4\x90\x80\x80"),
	                 "\"\xc3\xb4\xc2\x90\xc2\x80\xc2\x80\"");
	/* a sequence cut short by the end, or by ASCII */
	cr_assert_str_eq(enc("a\xc3"), "\"a\xc3\x83\"");
	cr_assert_str_eq(enc("\xe2\x82z"), "\"\xc3\xa2\xc2\x82z\"");
	/* valid UTF-8 next to a stray byte is kept */
	cr_assert_str_eq(enc("\xe9\xc3\xa9"), "\"\xc3\xa9\xc3\xa9\"");
	/* and a Latin-1 byte next to an escape */
	cr_assert_str_eq(enc("\xe9\"\xe9"), "\"\xc3\xa9\\\"\xc3\xa9\"");
}

Test(json, output_is_always_valid_utf8)
{
	unsigned x = 12345;
	unsigned char in[64];

	for (int round = 0; round < 20000; round++) {
		size_t n = (size_t)(round % 64);
		const char *out;

		for (size_t i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			in[i] = (unsigned char)(x >> 16);
		}
		out = enc_n((const char *)in, n);
		cr_assert(valid_utf8((const unsigned char *)out, strlen(out)),
		          "round %d", round);
		for (const char *p = out; *p; p++)
			cr_assert((unsigned char)*p >= 0x20,
			          "raw control byte in round %d", round);
	}
}

Test(json, keys_are_escaped_too)
{
	struct vc_json w;

	vc_json_init_buffer(&w, 0);
	vc_json_begin_object(&w);
	vc_json_kv_int(&w, "a\"b", 1);
	vc_json_key_n(&w, "n\0l", 3);
	vc_json_int(&w, 2);
	vc_json_kv_int(&w, "\xe9", 3);
	vc_json_end_object(&w);
	cr_assert_str_eq(vc_json_buffer(&w, NULL),
	                 "{\"a\\\"b\":1,\"n\\u0000l\":2,\"\xc3\xa9\":3}\n");
	vc_json_release(&w);
}

/* ---- numbers -------------------------------------------------------------- */

static const char *num(int which, int64_t i, uint64_t u, double d)
{
	static char out[64];
	struct vc_json w;

	vc_json_init_buffer(&w, 0);
	switch (which) {
	case 0: vc_json_int(&w, i); break;
	case 1: vc_json_uint(&w, u); break;
	case 2: vc_json_halves(&w, i); break;
	default: vc_json_double(&w, d); break;
	}
	snprintf(out, sizeof out, "%s", vc_json_buffer(&w, NULL));
	out[strcspn(out, "\n")] = '\0';
	vc_json_release(&w);
	return out;
}

Test(json, integers)
{
	cr_assert_str_eq(num(0, 0, 0, 0), "0");
	cr_assert_str_eq(num(0, -42, 0, 0), "-42");
	cr_assert_str_eq(num(0, INT64_MAX, 0, 0), "9223372036854775807");
	cr_assert_str_eq(num(0, INT64_MIN, 0, 0), "-9223372036854775808");
	cr_assert_str_eq(num(1, 0, UINT64_MAX, 0), "18446744073709551615");
}

Test(json, scores_in_halves)
{
	cr_assert_str_eq(num(2, 0, 0, 0), "0");
	cr_assert_str_eq(num(2, 1, 0, 0), "0.5");
	cr_assert_str_eq(num(2, 2, 0, 0), "1");
	cr_assert_str_eq(num(2, 7, 0, 0), "3.5");
	cr_assert_str_eq(num(2, -1, 0, 0), "-0.5");
	cr_assert_str_eq(num(2, -6, 0, 0), "-3");
	cr_assert_str_eq(num(2, INT64_MAX, 0, 0), "4611686018427387903.5");
	cr_assert_str_eq(num(2, INT64_MIN, 0, 0), "-4611686018427387904");
}

Test(json, doubles)
{
	cr_assert_str_eq(num(3, 0, 0, 0.5), "0.5");
	cr_assert_str_eq(num(3, 0, 0, 0.1), "0.1");
	cr_assert_str_eq(num(3, 0, 0, 3.0), "3");
	cr_assert_str_eq(num(3, 0, 0, 1e100), "1e+100");
	cr_assert_str_eq(num(3, 0, 0, NAN), "null");
	cr_assert_str_eq(num(3, 0, 0, -INFINITY), "null");
	cr_assert_eq(strtod(num(3, 0, 0, 1.0 / 3), NULL), 1.0 / 3);
}

/* ---- misuse and errors ---------------------------------------------------- */

Test(json, a_value_in_an_object_needs_a_key)
{
	struct vc_json w;

	vc_json_init_buffer(&w, 0);
	vc_json_begin_object(&w);
	cr_assert_eq(vc_json_int(&w, 1), -1);
	cr_assert_eq(vc_json_error(&w), EINVAL);
	/* sticky: nothing more is written */
	cr_assert_eq(vc_json_kv_int(&w, "a", 1), -1);
	cr_assert_eq(vc_json_end_object(&w), -1);
	cr_assert_str_eq(vc_json_buffer(&w, NULL), "{");
	vc_json_release(&w);
}

Test(json, other_misuses)
{
	struct vc_json w;

	/* a key at top level */
	vc_json_init_buffer(&w, 0);
	cr_assert_eq(vc_json_key(&w, "a"), -1);
	cr_assert_eq(vc_json_error(&w), EINVAL);
	vc_json_release(&w);
	/* a key in an array */
	vc_json_init_buffer(&w, 0);
	vc_json_begin_array(&w);
	cr_assert_eq(vc_json_key(&w, "a"), -1);
	vc_json_release(&w);
	/* two keys in a row */
	vc_json_init_buffer(&w, 0);
	vc_json_begin_object(&w);
	cr_assert_eq(vc_json_key(&w, "a"), 0);
	cr_assert_eq(vc_json_key(&w, "b"), -1);
	vc_json_release(&w);
	/* closing an object whose last key has no value */
	vc_json_init_buffer(&w, 0);
	vc_json_begin_object(&w);
	vc_json_key(&w, "a");
	cr_assert_eq(vc_json_end_object(&w), -1);
	vc_json_release(&w);
	/* mismatched and unbalanced ends */
	vc_json_init_buffer(&w, 0);
	vc_json_begin_array(&w);
	cr_assert_eq(vc_json_end_object(&w), -1);
	vc_json_release(&w);
	vc_json_init_buffer(&w, 0);
	cr_assert_eq(vc_json_end_array(&w), -1);
	cr_assert_eq(vc_json_error(&w), EINVAL);
	vc_json_release(&w);
	/* one level too deep: refused before anything is written */
	vc_json_init_buffer(&w, 0);
	for (int i = 0; i < VC_JSON_MAX_DEPTH; i++)
		vc_json_begin_array(&w);
	cr_assert_eq(vc_json_begin_object(&w), -1);
	cr_assert_eq(vc_json_error(&w), EINVAL);
	cr_assert_eq(strlen(vc_json_buffer(&w, NULL)), VC_JSON_MAX_DEPTH);
	vc_json_release(&w);
}

Test(json, file_mode_writes_the_same)
{
	struct vc_json w, b;
	char *mem = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&mem, &len);

	cr_assert_not_null(f);
	vc_json_init_file(&w, f, VC_JSON_PRETTY);
	vc_json_init_buffer(&b, VC_JSON_PRETTY);
	write_sample(&w);
	write_sample(&b);
	cr_assert_eq(vc_json_error(&w), 0);
	cr_assert_str_eq(vc_json_buffer(&w, NULL), "");
	cr_assert_eq(fclose(f), 0);
	cr_assert_str_eq(mem, vc_json_buffer(&b, NULL));
	vc_json_release(&w); /* harmless in file mode */
	vc_json_release(&b);
	free(mem);
}

Test(json, write_errors_are_reported)
{
	struct vc_json w;
	FILE *f = fopen("/dev/full", "w");
	int r = 0;

	if (!f)
		cr_skip_test("no /dev/full");
	setvbuf(f, NULL, _IONBF, 0);
	vc_json_init_file(&w, f, 0);
	r |= vc_json_begin_array(&w);
	r |= vc_json_string(&w, "x");
	cr_assert_eq(r, -1);
	cr_assert_eq(vc_json_error(&w), ENOSPC);
	cr_assert_eq(vc_json_end_array(&w), -1);
	fclose(f);
}

/* ---- a real parser agrees (when python3 is installed) --------------------- */

Test(json, python_json_reads_it_back)
{
	char path[] = "/tmp/vc_json_test_XXXXXX", cmd[256];
	struct vc_json w;
	FILE *f, *p;
	int fd;
	char out[256] = "";
	size_t n;

	if (system("command -v python3 >/dev/null 2>&1") != 0)
		cr_skip_test("python3 not installed");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	vc_json_init_file(&w, f, 0);
	vc_json_begin_object(&w);
	vc_json_key_n(&w, "s", 1);
	vc_json_string_n(&w, "q\"b\\n\n\x01\x7f\xe9\xc3\xa9\xf0\x9d\x84\x9e\0z",
	                 17);
	vc_json_kv_halves(&w, "score", 5);
	vc_json_key(&w, "deep");
	vc_json_begin_array(&w);
	vc_json_begin_object(&w);
	vc_json_end_object(&w);
	vc_json_end_array(&w);
	vc_json_end_object(&w);
	cr_assert_eq(vc_json_error(&w), 0);
	fclose(f);
	snprintf(cmd, sizeof cmd,
	         "python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); "
	         "sys.stdout.buffer.write(d[\"s\"].encode(\"utf-8\") + "
	         "repr(d[\"score\"]).encode() + repr(d[\"deep\"]).encode())' %s",
	         path);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	n = fread(out, 1, sizeof out - 1, p);
	cr_assert_eq(pclose(p), 0);
	unlink(path);
	cr_assert_eq(n, 18 + 3 + 4, "%zu bytes: %s", n, out);
	cr_assert(memcmp(out, "q\"b\\n\n\x01\x7f\xc3\xa9\xc3\xa9"
	                      "\xf0\x9d\x84\x9e\0z2.5[{}]", n) == 0);
}

/* ---- the escaper against a reference, over the whole kind of input --------- */

/* Reference string encoder, written from the rules in json.h and FORMATS.md,
 * independent of json.c: a well-formed UTF-8 sequence (decoded to its code
 * point: no overlong form, no surrogate, nothing above U+10FFFF) is copied;
 * any other byte from 0x80 is Latin-1 re-encoded; `"` `\` and the controls
 * are escaped (\b \f \n \r \t, else \u00XX, DEL included); the rest is
 * copied. Appends to out (which must be large enough), returns the end. */
static char *ref_string(char *out, const unsigned char *s, size_t n)
{
	size_t i = 0;

	*out++ = '"';
	while (i < n) {
		unsigned char c = s[i];
		size_t len = 0;
		uint32_t cp = 0;

		if (c >= 0x80) {
			if ((c & 0xe0) == 0xc0) {
				len = 2;
				cp = c & 0x1f;
			} else if ((c & 0xf0) == 0xe0) {
				len = 3;
				cp = c & 0x0f;
			} else if ((c & 0xf8) == 0xf0) {
				len = 4;
				cp = c & 0x07;
			}
			if (len && i + len <= n) {
				for (size_t k = 1; k < len && len; k++) {
					if ((s[i + k] & 0xc0) != 0x80)
						len = 0;
					else
						cp = cp << 6 | (s[i + k] & 0x3f);
				}
			} else {
				len = 0;
			}
			if (len && ((len == 2 && cp < 0x80) ||
			            (len == 3 && cp < 0x800) ||
			            (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
			            (cp >= 0xd800 && cp <= 0xdfff)))
				len = 0;
			if (len) {
				memcpy(out, s + i, len);
				out += len;
				i += len;
			} else {
				*out++ = (char)(0xc0 | (c >> 6));
				*out++ = (char)(0x80 | (c & 0x3f));
				i++;
			}
			continue;
		}
		i++;
		if (c == '"' || c == '\\') {
			*out++ = '\\';
			*out++ = (char)c;
		} else if (c == '\b' || c == '\f' || c == '\n' || c == '\r' ||
		           c == '\t') {
			*out++ = '\\';
			*out++ = c == '\b' ? 'b' : c == '\f' ? 'f' : c == '\n' ? 'n'
			         : c == '\r' ? 'r' : 't';
		} else if (c < 0x20 || c == 0x7f) {
			out += sprintf(out, "\\u%04x", c);
		} else {
			*out++ = (char)c;
		}
	}
	*out++ = '"';
	return out;
}

/* Writes s every way the writer writes a string (alone, as a key, as a
 * kv_string value; buffer and file mode) and fails on any byte that
 * differs from the reference. */
static void same_as_reference(const unsigned char *s, size_t n)
{
	static char want[3][6 * 8192 + 64], got[6 * 8192 + 64];
	const char *cs = (const char *)s;
	struct vc_json w;
	char *e, *mem;
	size_t len, wlen[3];

	cr_assert_lt(n, 8192);
	/* alone */
	e = ref_string(want[0], s, n);
	*e++ = '\n';
	wlen[0] = (size_t)(e - want[0]);
	/* as a key, then as a value: {"<s>":"<s>"} (no NUL inside for kv) */
	e = want[1];
	*e++ = '{';
	e = ref_string(e, s, n);
	*e++ = ':';
	e = ref_string(e, s, n);
	*e++ = '}';
	*e++ = '\n';
	wlen[1] = (size_t)(e - want[1]);
	for (int mode = 0; mode < 2; mode++) {
		FILE *f = NULL;

		mem = NULL;
		len = 0;
		for (int kind = 0; kind < 3; kind++) {
			const char *b;
			size_t bl;

			if (kind == 2 && memchr(s, '\0', n))
				continue; /* kv_string takes C strings */
			if (mode) {
				f = open_memstream(&mem, &len);
				cr_assert_not_null(f);
				vc_json_init_file(&w, f, 0);
			} else {
				vc_json_init_buffer(&w, 0);
			}
			if (kind == 0) {
				cr_assert_eq(vc_json_string_n(&w, cs, n), 0);
			} else {
				cr_assert_eq(vc_json_begin_object(&w), 0);
				if (kind == 1) {
					cr_assert_eq(vc_json_key_n(&w, cs, n), 0);
					cr_assert_eq(vc_json_string_n(&w, cs, n), 0);
				} else {
					memcpy(got, cs, n);
					got[n] = '\0';
					cr_assert_eq(vc_json_kv_string(&w, got, got), 0);
				}
				cr_assert_eq(vc_json_end_object(&w), 0);
			}
			cr_assert_eq(vc_json_error(&w), 0);
			if (mode) {
				cr_assert_eq(fclose(f), 0);
				b = mem;
				bl = len;
			} else {
				b = vc_json_buffer(&w, &bl);
			}
			{
				size_t k = kind == 0 ? 0 : 1;
				size_t d = 0;

				while (d < bl && d < wlen[k] && b[d] == want[k][d])
					d++;
				cr_assert(bl == wlen[k] && d == bl,
				          "kind %d mode %d, input of %zu bytes "
				          "(first %02x): differs at byte %zu of "
				          "%zu (want %zu)", kind, mode, n,
				          n ? s[0] : 0, d, bl, wlen[k]);
			}
			if (mode)
				free(mem);
			else
				vc_json_release(&w);
		}
	}
}

Test(json, every_byte_alone_and_inside)
{
	unsigned char s[64];

	for (int c = 0; c < 256; c++) {
		s[0] = (unsigned char)c;
		same_as_reference(s, 1);
		/* at every offset of a plain run, across 8-byte words */
		for (size_t at = 0; at < 20; at++) {
			memset(s, 'a', 24);
			s[at] = (unsigned char)c;
			same_as_reference(s, 24);
			same_as_reference(s, at + 1);
		}
	}
	same_as_reference(s, 0);
}

Test(json, every_byte_pair)
{
	unsigned char s[4];

	for (int a = 0; a < 256; a++)
		for (int b = 0; b < 256; b++) {
			s[0] = (unsigned char)a;
			s[1] = (unsigned char)b;
			s[2] = 'z';
			same_as_reference(s, 2);
			same_as_reference(s, 3);
		}
}

/* Lead bytes C0..FF with every second byte and the edge cases of the
 * others: overlong forms, surrogates, 4-byte sequences, above U+10FFFF,
 * truncated sequences. */
Test(json, multibyte_sequences)
{
	static const unsigned char tail[] = { 0x41, 0x7f, 0x80, 0xbf, 0xc0 };
	unsigned char s[8];

	for (int a = 0xc0; a < 256; a++)
		for (int b = 0; b < 256; b++)
			for (size_t i = 0; i < sizeof tail; i++)
				for (size_t j = 0; j < sizeof tail; j++) {
					s[0] = (unsigned char)a;
					s[1] = (unsigned char)b;
					s[2] = tail[i];
					s[3] = tail[j];
					s[4] = 0x80;
					for (size_t n = 2; n <= 5; n++)
						same_as_reference(s, n);
				}
}

/* Long strings, escapes and sequences at every place around any internal
 * buffer size, and random mixes. */
Test(json, long_strings_and_random_mixes)
{
	static const unsigned char pieces[][4] = {
		{ 'a' }, { '"' }, { '\\' }, { 0x01 }, { '\n' }, { 0x7f },
		{ 0xe9 }, { 0xc3, 0xa9 }, { 0xe2, 0x82, 0xac },
		{ 0xf0, 0x9d, 0x84, 0x9e }, { 0xed, 0xa0, 0x80 }, { 0xc0, 0xaf },
		{ 0xf4, 0x90, 0x80, 0x80 }, { 0xff },
	};
	static const size_t plen[] = { 1, 1, 1, 1, 1, 1, 1, 2, 3, 4, 3, 2, 4,
	                               1 };
	static unsigned char s[8000];
	uint32_t seed = 12345;

	for (size_t len = 0; len < 1100; len++) {
		memset(s, 'x', len);
		same_as_reference(s, len);
		for (size_t p = 0; p < sizeof plen / sizeof plen[0]; p++) {
			if (len + plen[p] > sizeof s)
				continue;
			memset(s, 'x', len);
			memcpy(s + len, pieces[p], plen[p]);
			same_as_reference(s, len + plen[p]);
		}
	}
	for (int round = 0; round < 3000; round++) {
		size_t n = 0, want;

		seed = seed * 1103515245u + 12345u;
		want = (seed >> 8) % (round < 2900 ? 600 : 7000);
		while (n < want) {
			size_t p;

			seed = seed * 1103515245u + 12345u;
			p = (seed >> 16) % 40;
			if (p >= sizeof plen / sizeof plen[0]) {
				/* mostly plain, sometimes any byte */
				s[n++] = (seed >> 4) % 7 ? 'a' + p % 26
				                         : (unsigned char)(seed >> 24);
				continue;
			}
			if (n + plen[p] > sizeof s)
				break;
			memcpy(s + n, pieces[p], plen[p]);
			n += plen[p];
		}
		same_as_reference(s, n);
	}
}

/* Escapes a few bytes apart, as in a JSON rendering kept inside a JSON
 * string (the part reports of shard runs): the writer goes byte by byte
 * there and back to whole words after eight plain bytes in a row, so
 * plain runs of every length from 0 to 12 between the escapes, across
 * its stage's size. */
Test(json, dense_escapes_and_short_plain_runs)
{
	static const char special[] = { '"', '\\', '\n', 0x01, 0x7f };
	static unsigned char s[5000];
	uint32_t seed = 777;

	for (int round = 0; round < 2000; round++) {
		size_t n = 0, want;

		seed = seed * 1103515245u + 12345u;
		want = (seed >> 8) % (round < 1900 ? 700 : 5000);
		while (n < want) {
			seed = seed * 1103515245u + 12345u;
			size_t run = (seed >> 16) % 13;
			for (size_t k = 0; k < run && n < want; k++)
				s[n++] = (unsigned char)('a' + k);
			if (n < want && (seed >> 4) % 5 == 0 && n + 2 <= want) {
				s[n++] = 0xc3; /* a UTF-8 pair */
				s[n++] = 0xa9;
			} else if (n < want) {
				s[n++] = (unsigned char)special[(seed >> 8) % sizeof special];
			}
		}
		same_as_reference(s, n);
	}
}

/* The key-and-value calls write what a key, then the value, would; the
 * numbers as printf writes them (they are formatted by hand). */
Test(json, kv_calls_match_key_then_value)
{
	static const int64_t ints[] = { 0, 1, -1, 9, 10, -10, 99, 100, 12345,
	                                -987654321, INT64_MAX, INT64_MIN, INT64_MIN + 1 };
	static const uint64_t uints[] = { 0, 1, 9, 10, 4294967295u, 4294967296u,
	                                  UINT64_MAX, UINT64_MAX - 1 };
	struct vc_json a, b;
	char want[256];

	/* text and separators, compact and pretty */
	for (int pretty = 0; pretty < 2; pretty++) {
		vc_json_init_buffer(&a, pretty ? VC_JSON_PRETTY : 0);
		vc_json_init_buffer(&b, pretty ? VC_JSON_PRETTY : 0);
		vc_json_begin_object(&a);
		vc_json_begin_object(&b);
		for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
			vc_json_kv_int(&a, "int", ints[i]);
			vc_json_key(&b, "int");
			vc_json_int(&b, ints[i]);
		}
		for (size_t i = 0; i < sizeof uints / sizeof *uints; i++) {
			vc_json_kv_uint(&a, "uint", uints[i]);
			vc_json_key(&b, "uint");
			vc_json_uint(&b, uints[i]);
		}
		vc_json_kv_bool(&a, "t", true);
		vc_json_key(&b, "t");
		vc_json_bool(&b, true);
		vc_json_kv_bool(&a, "f", false);
		vc_json_key(&b, "f");
		vc_json_bool(&b, false);
		vc_json_kv_null(&a, "n");
		vc_json_key(&b, "n");
		vc_json_null(&b);
		vc_json_end_object(&a);
		vc_json_end_object(&b);
		cr_assert_eq(vc_json_error(&a), 0);
		cr_assert_str_eq(vc_json_buffer(&a, NULL), vc_json_buffer(&b, NULL));
		vc_json_release(&a);
		vc_json_release(&b);
	}
	for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
		snprintf(want, sizeof want, "%lld", (long long)ints[i]);
		cr_assert_str_eq(num(0, ints[i], 0, 0), want);
	}
	for (size_t i = 0; i < sizeof uints / sizeof *uints; i++) {
		snprintf(want, sizeof want, "%llu", (unsigned long long)uints[i]);
		cr_assert_str_eq(num(1, 0, uints[i], 0), want);
	}
	/* a kv call out of place is a misuse, as a key would be */
	vc_json_init_buffer(&a, 0);
	vc_json_begin_array(&a);
	cr_assert_eq(vc_json_kv_uint(&a, "x", 1), -1);
	cr_assert_eq(vc_json_error(&a), EINVAL);
	cr_assert_str_eq(vc_json_buffer(&a, NULL), "[");
	vc_json_release(&a);
}

/* Strings of every length up to 40 with one byte that needs a look at
 * every place (the fast scans take 8 and 4 bytes at a time): escaped as
 * byte by byte. */
Test(json, escapes_found_at_every_offset)
{
	static const char specials[] = { '"', '\\', '\n', 0x01, 0x7f, 0x1f };
	char in[41], want[300];

	for (size_t n = 1; n <= 40; n++) {
		for (size_t at = 0; at < n; at++) {
			for (size_t k = 0; k < sizeof specials; k++) {
				memset(in, 'a', n);
				in[n] = '\0';
				in[at] = specials[k];
				size_t o = 0;
				want[o++] = '"';
				for (size_t i = 0; i < n; i++) {
					unsigned char c = (unsigned char)in[i];
					if (c == '"' || c == '\\') {
						want[o++] = '\\';
						want[o++] = (char)c;
					} else if (c == '\n') {
						want[o++] = '\\';
						want[o++] = 'n';
					} else if (c < 0x20 || c == 0x7f) {
						o += (size_t)sprintf(want + o, "\\u%04x", c);
					} else {
						want[o++] = (char)c;
					}
				}
				want[o++] = '"';
				want[o] = '\0';
				cr_assert_str_eq(enc(in), want, "n %zu at %zu byte %#x", n, at,
				                 (unsigned char)specials[k]);
			}
		}
	}
}
