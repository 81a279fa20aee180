/*
 * diskfile.h: the shared disk test file's default size, the one definition
 * for the driver (src/run/plan.c sizes the file the disk tests share) and
 * the disk programs (diskio.h: -s left out and no file yet).
 */
#ifndef SYSINDEX_DISKFILE_H
#define SYSINDEX_DISKFILE_H

#define DISKFILE_DEFAULT_SIZE (1ull << 30)   /* 1 GiB */

#endif
