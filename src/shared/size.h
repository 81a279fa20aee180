/*
 * size.h: the one size parser, for the driver's --disk-size and the disk
 * programs' -s.  It lives with the programs' library because they link only
 * that; the driver compiles the same file (see the Makefile's DRV_SRCS).
 */
#ifndef SYSINDEX_SIZE_H
#define SYSINDEX_SIZE_H

/*
 * A byte count: a whole or decimal number ("4", "1.5"), then optionally a
 * binary multiple K, M, G, T or P (powers of 1024, any case) and "B" or
 * "iB" ("4G", "4GB", "4GiB", "256m"), or just "B" for bytes.  No signs,
 * spaces, hex or exponents; the result must be a whole, non-zero number of
 * bytes that fits in 64 bits ("1.5K" is 1536, "0.1K" is refused).  Callers
 * apply their own minimum and maximum.  0, or -1 with *bytes untouched.
 */
int parse_size(const char *s, unsigned long long *bytes);

#endif
