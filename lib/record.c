/* vchess - result words. See record.h. */
#include <string.h>

#include "record.h"

bool vc_result_parse(const char *s, enum vc_result *out)
{
	if (!s)
		return false;
	enum vc_result r;
	if (!strcmp(s, "1-0"))
		r = VC_RES_WHITE;
	else if (!strcmp(s, "0-1"))
		r = VC_RES_BLACK;
	else if (!strcmp(s, "1/2-1/2"))
		r = VC_RES_DRAW;
	else if (!strcmp(s, "*"))
		r = VC_RES_NONE;
	else
		return false;
	*out = r;
	return true;
}
