/* Tests of vc_cli_fatal (cmd/common.h): a run that cannot go on ends its
 * report with whole entries and the summary marked incomplete ("stopped":
 * "error"), says why on stderr and exits 3 - from the thread that writes
 * the report, or from another thread, which waits for the stretch of
 * output being written. Each run is a child process (fork), since the
 * function ends the process. The input-error record of the JSON formats
 * (vc_report_input_error) is checked on the way. */
#include <criterion/criterion.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../cmd/common.h"

struct run {
	int status;      /* exit status, -1: not a normal exit */
	char out[4096];  /* the report */
	char err[1024];  /* standard error */
};

static void slurp(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(buf, 1, size - 1, f) : 0;
	buf[n] = '\0';
	if (f)
		fclose(f);
	unlink(path);
}

static void *fatal_thread(void *arg)
{
	(void)arg;
	vc_cli_fatal(0, "out of memory");
}

/* In a child: a report of format fmt on a file, an input error, then the
 * fatal error, from this thread or (other) from a second thread started
 * while this one holds the output and writes one more record. */
static void child(enum vc_format fmt, bool other, int fd)
{
	FILE *f = fdopen(fd, "w");
	struct vc_cli_opts opts;
	memset(&opts, 0, sizeof opts);
	opts.format = fmt;
	struct vc_report r;
	vc_cli_report_init(&r, f, &opts, "validate", false);
	vc_report_input_error(&r, "a.zip", "m.pgn", VC_F_CORRUPT, "bad CRC");
	if (!other)
		vc_cli_fatal(ENOSPC, "TMPDIR %s: cannot write the temporary file of the copies", "/t");
	vc_cli_output_hold();
	pthread_t t;
	pthread_create(&t, NULL, fatal_thread, NULL);
	usleep(100 * 1000); /* the other thread waits meanwhile */
	vc_report_input_error(&r, "b.pgn", NULL, VC_F_READ_ERROR, "cut");
	vc_cli_output_release();
	pthread_join(t, NULL); /* never returns: the process ends */
	_exit(99);
}

static struct run run(enum vc_format fmt, bool other)
{
	struct run R;
	char out[] = "/tmp/vchess-fatal-out-XXXXXX", err[] = "/tmp/vchess-fatal-err-XXXXXX";
	int fo = mkstemp(out), fe = mkstemp(err);
	cr_assert(fo >= 0 && fe >= 0);
	fflush(NULL);
	pid_t pid = fork();
	cr_assert(pid >= 0);
	if (pid == 0) {
		dup2(fe, STDERR_FILENO);
		child(fmt, other, fo);
	}
	close(fo);
	close(fe);
	int ws;
	waitpid(pid, &ws, 0);
	R.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
	slurp(out, R.out, sizeof R.out);
	slurp(err, R.err, sizeof R.err);
	return R;
}

Test(fatal, jsonl_record_then_summary_stopped_by_error)
{
	struct run R = run(VC_FORMAT_JSONL, false);
	cr_assert_eq(R.status, 3);
	cr_assert_str_eq(R.out,
	        "{\"input_error\":{\"source\":\"a.zip\",\"member\":\"m.pgn\",\"code\":\"corrupt\","
	        "\"message\":\"bad CRC\"}}\n"
	        "{\"summary\":{\"games\":0,\"valid\":0,\"invalid\":0,\"skipped\":0,\"errors\":0,\"warnings\":0,"
	        "\"input_errors\":1,\"rules\":\"fide\",\"by_code\":{\"corrupt\":1},"
	        "\"complete\":false,\"stopped\":\"error\"}}\n");
	cr_assert_str_eq(R.err, "vchess validate: a.zip:m.pgn: corrupt: bad CRC\n"
	                        "vchess: TMPDIR /t: cannot write the temporary file of the "
	                        "copies: No space left on device\n");
}

Test(fatal, json_document_closed)
{
	struct run R = run(VC_FORMAT_JSON, false);
	cr_assert_eq(R.status, 3);
	cr_assert(strstr(R.out, "\"games\": [\n    {\n      \"input_error\": {\n"
	                        "        \"source\": \"a.zip\",\n"
	                        "        \"member\": \"m.pgn\",\n"), "%s", R.out);
	cr_assert(strstr(R.out, "\"complete\": false,\n    \"stopped\": \"error\"\n  }\n}\n"),
	          "%s", R.out);
}

Test(fatal, text_says_it_in_words)
{
	struct run R = run(VC_FORMAT_TEXT, false);
	cr_assert_eq(R.status, 3);
	cr_assert_str_eq(R.out, "validate: 0 games, 0 valid, 0 invalid, 0 errors, 0 warnings, "
	                        "1 unreadable input\n"
	                        "  corrupt                      1\n"
	                        "validate: incomplete: stopped by an error\n");
}

/* The fatal error of another thread waits for the output being written:
 * the second record comes whole, before the summary. */
Test(fatal, other_thread_waits_for_the_output)
{
	struct run R = run(VC_FORMAT_JSONL, true);
	cr_assert_eq(R.status, 3);
	const char *second = strstr(R.out, "{\"input_error\":{\"source\":\"b.pgn\",\"member\":null,"
	                                   "\"code\":\"read-error\",\"message\":\"cut\"}}\n");
	const char *sum = strstr(R.out, "{\"summary\":");
	cr_assert(second && sum && second < sum, "%s", R.out);
	cr_assert(strstr(sum, "\"input_errors\":2,"), "%s", R.out);
	cr_assert(strstr(sum, "\"complete\":false,\"stopped\":\"error\"}}\n"), "%s", R.out);
	cr_assert(strstr(R.err, "vchess: out of memory\n"), "%s", R.err);
}

/* --quiet: the summary only, no record. */
Test(report_input_error, quiet_writes_no_record)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct vc_report_options o = { .format = VC_FORMAT_JSONL, .quiet = true };
	struct vc_report r;
	vc_report_init(&r, f, &o);
	vc_report_input_error(&r, "a.pgn", NULL, VC_F_CANNOT_OPEN, "gone");
	fflush(f);
	cr_assert_eq(len, 0);
	cr_assert_eq(r.input_errors, 1);
	fclose(f);
	free(buf);
}
