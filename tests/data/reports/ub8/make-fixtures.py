#!/usr/bin/env python3
"""Writes the eight synthetic UnixBench 6.0 reports of one machine (bench01)
that compare's matrix tests read: the same host run with its test directory
on an HDD (default mount, then noatime), on a memory disk (tmpfs) and on
SATA and NVMe SSDs.  The numbers are made up but shaped like real runs: the
CPU tests drift by a few percent from run to run, the file copy and shell
tests move with the disk.  The files are committed; rerun only to change
them (the seed keeps them stable)."""
import math, random, sys, os

random.seed(13)
# title, unit, baseline, 1-copy value, 2-copy value, secs, samples, touches the disk
TESTS = [
    ("Dhrystone 2 using register variables", "lps", 116700.0, 48512330.4, 96120544.1, 10.0, 7, False),
    ("Double-Precision Whetstone", "MWIPS", 55.0, 8120.4, 16180.9, 9.9, 7, False),
    ("Execl Throughput", "lps", 43.0, 3902.5, 7410.2, 29.8, 2, False),
    ("File Copy 1024 bufsize 2000 maxblocks", "KBps", 3960.0, 912004.0, 1401250.0, 30.0, 2, True),
    ("File Copy 256 bufsize 500 maxblocks", "KBps", 1655.0, 250120.0, 388410.0, 30.0, 2, True),
    ("File Copy 4096 bufsize 8000 maxblocks", "KBps", 5800.0, 2405330.0, 3605120.0, 30.0, 2, True),
    ("Pipe Throughput", "lps", 12440.0, 1850440.6, 3620115.9, 10.0, 7, False),
    ("Pipe-based Context Switching", "lps", 4000.0, 190120.8, 410334.2, 10.0, 7, False),
    ("Process Creation", "lps", 126.0, 6120.7, 11540.3, 30.0, 2, False),
    ("Shell Scripts (1 concurrent)", "lpm", 42.4, 9120.4, 14210.5, 60.0, 2, True),
    ("Shell Scripts (8 concurrent)", "lpm", 6.0, 1880.2, 1922.7, 60.1, 2, True),
    ("System Call Overhead", "lps", 15000.0, 2210440.1, 4380220.6, 10.0, 7, False),
]
# name, disk factor for file copy, for shell scripts
SETUPS = [
    ("hdd-default", 1.00, 1.00), ("hdd-noatime", 1.04, 1.01), ("tmpfs", 1.62, 1.09),
    ("sata-ssd", 1.21, 1.03), ("sata-ssd-noatime", 1.25, 1.04), ("nvme-ext4", 1.38, 1.05),
    ("nvme-xfs", 1.33, 1.05), ("nvme-noatime", 1.41, 1.06),
]

def report(name, fc, sh, day):
    out = []
    w = out.append
    w("   BYTE UNIX Benchmarks (Version 6.0.0)\n\n")
    w("   System: bench01: GNU/Linux\n")
    w("   OS: GNU/Linux -- 6.8.0-49-generic -- #49-Ubuntu SMP PREEMPT_DYNAMIC Mon Nov  4 02:06:24 UTC 2024\n")
    w("   Machine: x86_64 (x86_64)\n")
    w("   Language: en_US.utf8 (charmap=\"UTF-8\", collate=\"UTF-8\")\n")
    for c in range(2):
        w("   CPU %d: Intel(R) Xeon(R) E-2236 CPU @ 3.40GHz (6799.8 bogomips)\n" % c)
        w("          Hyper-Threading, x86-64, MMX, Physical Address Ext, SYSENTER/SYSEXIT, SYSCALL/SYSRET, Intel virtualization\n")
    w("   10:%02d:11 up 3 days,  2:14,  1 user,  load average: 0.08, 0.12, 0.09; runlevel 5\n\n" % (day * 7 % 60))
    for copies, col, t0, t1 in ((1, 3, "10:02:11", "10:30:48"), (2, 4, "10:30:48", "10:59:02")):
        w("------------------------------------------------------------------------\n")
        w("Benchmark Run: Mon Nov %02d 2026 %s - %s\n" % (day, t0, t1))
        w("2 CPUs in system; running %d parallel cop%s of tests\n\n" % (copies, "y" if copies == 1 else "ies"))
        vals = []
        for t in TESTS:
            drift = random.gauss(1.0, 0.015)
            f = (fc if "File Copy" in t[0] else sh) if t[7] else 1.0
            v = t[col] * f * drift
            vals.append(v)
            w("%-40s %12.1f %-5s (%.1f s, %d samples)\n" % (t[0], v, t[1], t[5], t[6]))
        w("\n%-40s %12s %12s %8s\n" % ("System Benchmarks Index Values", "BASELINE", "RESULT", "INDEX"))
        logsum = 0.0
        for t, v in zip(TESTS, vals):
            idx = 10 * v / t[2]
            logsum += math.log(v / t[2])
            w("%-40s %12.1f %12.1f %8.1f\n" % (t[0], t[2], v, idx))
        w("%-40s %12s %12s %8s\n" % ("", "", "", "========"))
        w("%-66s %8.1f\n\n" % ("System Benchmarks Index Score", 10 * math.exp(logsum / len(TESTS))))
    return "".join(out)

here = os.path.dirname(os.path.abspath(sys.argv[0]))
for k, (name, fc, sh) in enumerate(SETUPS):
    with open(os.path.join(here, "bench01-%d-%s.txt" % (k + 1, name)), "w") as f:
        f.write(report(name, fc, sh, 2 + k))
