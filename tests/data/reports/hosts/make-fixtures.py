#!/usr/bin/env python3
"""Writes the synthetic sysindex text reports that compare --group-by host
reads: three runs of host alpha and two runs each of two VPSes that are both
called "web" but are different machines (their host identity ids differ),
plus one UnixBench report of alpha (no identity line: grouped by hostname).
Every sysindex report carries the header line
    Host identity: id <16 hex digits>, virt <name>
The numbers are made up (seeded); the files are committed."""
import math, os, random, sys

random.seed(11)
TESTS = [("Dhrystone 2 using register variables", "lps", 116700.0, 10.0, 7),
         ("Pipe Throughput", "lps", 12440.0, 10.0, 7),
         ("System Call Overhead", "lps", 15000.0, 10.0, 7)]
HOSTS = [("alpha", "3f2a9c0d4e5b6a71", "none", 3, (50.0e6, 1.40e6, 1.15e6)),
         ("web", "8c1d2e3f4a5b6c7d", "kvm", 2, (30.0e6, 0.80e6, 0.90e6)),
         ("web", "0a0b0c0d0e0f1011", "kvm", 2, (36.0e6, 0.95e6, 1.05e6))]

def report(host, hid, virt, means, run):
    o = []
    w = o.append
    w("   BYTE UNIX Benchmarks (Version 6.0.0; sysindex 0.1.0)\n\n")
    w("   System: %s: GNU/Linux\n" % host)
    w("   Host identity: id %s, virt %s\n" % (hid, virt))
    w("   OS: GNU/Linux -- 6.1.0-18-amd64 -- #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)\n")
    w("   Machine: x86_64 (unknown)\n")
    w("   Compiler: gcc (Debian 12.2.0-14) 12.2.0; test programs built with -O3 -ffast-math\n")
    w("   Mode: default\n\n")
    w("------------------------------------------------------------------------\n")
    w("Benchmark Run: Mon Mar %02d 2026 10:00:00 - 10:05:00\n" % (2 + run))
    w("2 CPUs in system; running 1 parallel copy of tests\n\n")
    vals, stats = [], []
    for (title, unit, base, secs, kept), m in zip(TESTS, means):
        samples = [m * random.gauss(1.0, 0.01) for _ in range(10)]
        samples.sort()
        keep = samples[3:]
        v = math.exp(sum(math.log(x) for x in keep) / len(keep))
        mean = sum(samples) / len(samples)
        sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (len(samples) - 1))
        vals.append(v)
        stats.append((title, mean, sd))
        w("%-40s %12.1f %-5s (%.1f s, %d samples)\n" % (title, v, unit, secs, kept))
    w("\n%-40s %12s %12s %8s\n" % ("System Benchmarks Partial Index", "BASELINE", "RESULT", "INDEX"))
    ls = 0.0
    for (title, unit, base, secs, kept), v in zip(TESTS, vals):
        w("%-40s %12.1f %12.1f %8.1f\n" % (title, base, v, 10 * v / base))
        ls += math.log(v / base)
    w("%-40s %12s %12s %8s\n" % ("", "", "", "========"))
    w("%-66s %8.1f\n\n" % ("System Benchmarks Index Score (Partial Only)", 10 * math.exp(ls / len(TESTS))))
    w("Statistics (every sample's rate)          n         mean           sd   CI95 +-      CV  flags\n")
    for title, mean, sd in stats:
        ci = 100 * 2.262 * sd / math.sqrt(10) / mean
        w("%-40s %3d %12.1f %12.1f %8.2f%% %6.2f%%  \n" % (title, 10, mean, sd, ci, 100 * sd / mean))
    w("\n")
    return "".join(o)

here = os.path.dirname(os.path.abspath(sys.argv[0]))
for host, hid, virt, runs, means in HOSTS:
    for r in range(runs):
        name = "%s-%s-%d.txt" % (host, hid[:4], r + 1)
        with open(os.path.join(here, name), "w") as f:
            f.write(report(host, hid, virt, means, r).replace("%  \n", "%\n"))
