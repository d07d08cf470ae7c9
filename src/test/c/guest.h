/*
 * What the end-to-end suites' guest programs (testguest.c, hostile.c) share: one result line per
 * call on stdout, flushed at once (the tests read it while the guest still runs), errno names, and
 * a strict argument parser. Each program defines its own usage(), which the parser calls.
 */
#ifndef SLUICE_TEST_GUEST_H
#define SLUICE_TEST_GUEST_H

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(void) __attribute__((noreturn));

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* errno name, or "0" for success. Returns a pointer into static storage for unknown values. */
static const char *ename(int e)
{
	static __thread char buf[16];
	if (e == 0)
		return "0";
	const char *n = strerrorname_np(e);
	if (n != NULL)
		return n;
	snprintf(buf, sizeof buf, "%d", e);
	return buf;
}

/* errno name of the last call: "0" when rc == 0. */
static inline const char *rc_ename(int rc, int e)
{
	return rc == 0 ? "0" : ename(e);
}

/* argv[i] as a number from 0 to INT_MAX, or usage(). */
static inline long arg_num(int argc, char **argv, int i)
{
	if (i >= argc)
		usage();
	char *end;
	errno = 0;
	long v = strtol(argv[i], &end, 10);
	if (errno != 0 || end == argv[i] || *end != '\0' || v < 0 || v > INT_MAX)
		usage();
	return v;
}

#endif
