/* vchess variants: list the variant registry (lib/variant.h) with the PGN
 * Variant tag values each variant answers to. */
#include <stdio.h>

#include "commands.h"
#include "common.h"

static const char usage[] =
        "usage: vchess variants\n"
        "\n"
        "List the variants vchess knows: the name to give to --variant, a\n"
        "one-line summary, and the PGN Variant tag values (aliases) that\n"
        "select the variant in a game record. Names and aliases are matched\n"
        "without regard to case.\n"
        "\n"
        "Options:\n"
        VC_HELP_HELP;

int cmd_variants(int argc, char **argv)
{
	struct vc_cli_spec spec = { .name = "variants", .usage = usage };
	struct vc_cli_opts opts;
	int first;
	int rc = vc_cli_parse(argc, argv, &spec, &opts, &first);
	if (rc != VC_CLI_CONTINUE)
		return rc;
	if (first < argc)
		return vc_cli_usage_error("variants", "unexpected argument '%s'",
		                          argv[first]);

	int n = vc_variant_count();
	for (int i = 0; i < n; i++) {
		const struct vc_variant *v = vc_variant_get(i);
		if (!v)
			continue; /* not registered in this build */
		printf("%-10s %s\n", v->name, v->summary ? v->summary : "");
		if (v->aliases && v->aliases[0]) {
			printf("%-10s aliases:", "");
			for (const char *const *a = v->aliases; *a; a++)
				printf("%s \"%s\"", a == v->aliases ? "" : ",", *a);
			putchar('\n');
		}
		vc_cli_check_output(stdout);
	}
	return VC_EXIT_OK;
}
