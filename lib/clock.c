/* vchess - clock comments. See clock.h. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"

/* The clock after a "%clk" at p: H:MM:SS or M:SS, the seconds with an
 * optional fraction, each part after the first under 60. Returns seconds,
 * or -1 when p holds no such clock. */
static double clock_at(const char *p, const char *stop)
{
	while (p < stop && (*p == ' ' || *p == '\t'))
		p++;
	double parts[3];
	int n = 0;
	while (n < 3) {
		double v = 0;
		const char *d = p;
		while (p < stop && *p >= '0' && *p <= '9' && p - d < 9)
			v = v * 10 + (*p++ - '0');
		if (p == d || (n > 0 && (p - d > 2 || v >= 60)))
			return -1;
		if (p < stop && *p == '.') { /* a fraction: the seconds only */
			double scale = 0.1;
			for (p++; p < stop && *p >= '0' && *p <= '9'; p++, scale /= 10)
				v += (*p - '0') * scale;
			parts[n++] = v;
			break;
		}
		parts[n++] = v;
		if (p < stop && *p == ':')
			p++;
		else
			break;
	}
	if (p < stop && *p >= '0' && *p <= '9')
		return -1; /* a fourth part, or a longer number */
	if (n == 3)
		return parts[0] * 3600 + parts[1] * 60 + parts[2];
	if (n == 2)
		return parts[0] * 60 + parts[1];
	return -1;
}

double vc_clock_parse(const char *text, size_t len)
{
	const char *q = text, *stop = text + len;
	while ((q = memchr(q, '%', (size_t)(stop - q))) != NULL) {
		if (stop - q >= 4 && memcmp(q, "%clk", 4) == 0) {
			double v = clock_at(q + 4, stop);
			if (v >= 0)
				return v;
		}
		q++;
	}
	return -1;
}

void vc_clock_text(double s, char *buf, size_t size)
{
	if (!size)
		return;
	long long ms = llround(s * 1000);
	long long sec = ms / 1000;
	int frac = (int)(ms % 1000);
	int n = snprintf(buf, size, "%lld:%02lld:%02lld", sec / 3600, sec / 60 % 60, sec % 60);
	if (frac && n > 0 && (size_t)n < size) {
		char f[8];
		snprintf(f, sizeof f, ".%03d", frac);
		for (int i = 3; i > 0 && f[i] == '0'; i--)
			f[i] = 0;
		snprintf(buf + n, size - (size_t)n, "%s", f);
	}
}
