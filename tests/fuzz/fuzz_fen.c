/* libFuzzer harness: FEN parsing for every variant (make fuzz).
 * The first byte picks the variant, the rest is the FEN text. Checks: no
 * crash or sanitizer report; a position that parses can be written back,
 * the written FEN parses to the same position key, and each legal move can
 * be made. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[256], out[VC_FEN_MAX], out2[VC_FEN_MAX];
	struct vc_position pos, again;
	struct vc_fen_result res;
	vc_move moves[VC_MAX_MOVES];

	if (size < 1 || size > sizeof text)
		return 0;
	int variant = data[0] % VC_NVARIANTS;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (vc_fen_parse(&pos, text, variant, &res) != VC_FEN_OK)
		return 0;

	vc_fen_write(&pos, out, false);
	if (vc_fen_parse(&again, out, pos.variant, &res) != VC_FEN_OK)
		abort(); /* vchess wrote a FEN it cannot read */
	vc_fen_write(&again, out2, false);
	if (strcmp(out, out2) != 0 || again.key != pos.key)
		abort(); /* the round trip changed the position */

	int n = vc_legal_moves(&pos, moves);
	for (int i = 0; i < n; i++) {
		struct vc_position child = pos;
		vc_make_move(&child, moves[i]);
	}
	return 0;
}
