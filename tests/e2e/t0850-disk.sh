# The disk group: a --quick run on the default test dir prints the six tests
# with positive figures, units, metric lines and labels, writes them to the
# JSON and leaves no file behind; on a tmpfs mounted for the test (root only)
# the figures carry the tmpfs (or buffered) label, a tmpfs too small is
# refused before anything starts, and running out of space (inodes, the one
# deterministic way once the driver accepted the size) fails cleanly, naming
# the file and leaving nothing behind.  A bad --disk-size is a usage error.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
rc=0   # set by run_si
command -v python3 >/dev/null 2>&1 || skip "python3 is needed to check the JSON"

# check_disk_json JSON TESTS NOTE_RE: every listed test is ok with a
# positive figure, its unit, the metrics it must have (latency percentiles
# in us, ordered), and a note matching NOTE_RE (an empty RE: no
# tmpfs/ramfs/buffered label).
check_disk_json() {
	python3 - "$@" <<'PY' || die "JSON check failed: $1"
import json, re, sys
path, names, note_re = sys.argv[1], sys.argv[2].split(), sys.argv[3]
want = {
    "seqwrite-dsync": ("MB/s", ["mib_s", "bytes"]),
    "seqwrite-fdatasync": ("MB/s", ["mib_s", "bytes", "fdatasync_s"]),
    "seqread-direct": ("MB/s", ["mib_s", "bytes"]),
    "fsync-4k": ("IOPS", ["ios", "lat_p50", "lat_p99", "lat_p99.9", "lat_max"]),
    "randrw-4k-qd64": ("IOPS", ["read_iops", "write_iops", "mb_s", "mib_s", "ios",
                                "read_lat_p50", "read_lat_p99", "read_lat_p99.9",
                                "write_lat_p50", "write_lat_p99", "write_lat_p99.9"]),
    "randread-4k-qd1": ("IOPS", ["ios", "lat_p50", "lat_p99", "lat_p99.9"]),
}
units = {"mib_s": "MiB/s", "mb_s": "MB/s", "read_iops": "IOPS", "write_iops": "IOPS",
         "bytes": "B", "ios": "ops", "fdatasync_s": "s"}
tests = {t["name"]: t for t in json.load(open(path))["runs"][0]["tests"]}
bad = []
for name in names:
    t = tests.get(name)
    if t is None:
        bad.append(f"{name}: missing"); continue
    unit, metrics = want[name]
    if t["status"] != "ok" or not t["score"] or t["score"] <= 0:
        bad.append(f"{name}: status {t['status']}, score {t['score']}")
    if t["unit"] != unit or t["category"] != "disk":
        bad.append(f"{name}: unit {t['unit']} category {t['category']}")
    m = {x["name"]: x for x in t["metrics"]}
    for k in metrics:
        if k not in m or not m[k]["value"] > 0:
            bad.append(f"{name}: metric {k} missing or not positive")
        elif m[k]["unit"] != units.get(k, "us"):
            bad.append(f"{name}: metric {k} unit {m[k]['unit']}")
    for pre in ("", "read_", "write_"):
        p = [m[pre + s]["value"] for s in ("lat_p50", "lat_p99", "lat_p99.9") if pre + s in m]
        if p != sorted(p):
            bad.append(f"{name}: {pre}percentiles out of order {p}")
    if name == "randrw-4k-qd64":
        r, w = m["read_iops"]["value"], m["write_iops"]["value"]
        if abs(r + w - t["score"]) > 0.01 * t["score"] or not 0.6 < r / (r + w) < 0.9:
            bad.append(f"{name}: read {r} + write {w} vs {t['score']}")
    note = t["note"] or ""
    if name == "randrw-4k-qd64" and not re.search(r"engine=(io_uring|aio)", note):
        bad.append(f"{name}: no engine label in note {note!r}")
    label = re.sub(r"(, )?engine=\w+", "", note)
    if (note_re and not re.search(note_re, label)) or (not note_re and label):
        bad.append(f"{name}: note {note!r}")
for b in bad:
    print("  " + b)
sys.exit(1 if bad else 0)
PY
}

# check_text REPORT: each test's line has a positive figure and its unit.
check_text() {
	for row in "Seq Write 1 MiB O_DSYNC|MB/s" "Seq Write 1 MiB + fdatasync|MB/s" \
		"Seq Read 1 MiB O_DIRECT|MB/s" "Write 4 KiB + fdatasync, QD1|IOPS" \
		"Random R/W 75/25 4 KiB QD64|IOPS" "Random Read 4 KiB QD1|IOPS"; do
		title=${row%|*} unit=${row#*|}
		line=$(grep -F "$title " "$1" | head -n 1)
		echo "$line" | awk -v t="$title" -v u="$unit" '{
			rest = substr($0, length(t) + 1); split(rest, f, " ")
			exit !(f[1] + 0 > 0 && f[2] == u) }' ||
			die "no positive $unit figure for '$title': $line"
	done
	grep -q "^      .*read_iops [0-9.]* IOPS" "$1" || die "read_iops metric line"
	grep -q "^      .*write_iops [0-9.]* IOPS" "$1" || die "write_iops metric line"
	grep -q "^      .*mib_s [0-9.]* MiB/s" "$1" || die "mib_s metric line"
	grep -q "^      .*read_lat_p99 [0-9.]* us" "$1" || die "read_lat_p99 metric line"
	grep -q "^      .*[^_]lat_p99\.9 [0-9.]* us" "$1" || die "lat_p99.9 metric line"
	grep -q "^Random R/W 75/25 4 KiB QD64 .*\[.*engine=\(io_uring\|aio\)\]" "$1" ||
		die "randrw lacks its engine label"
}

ALL="seqwrite-dsync seqwrite-fdatasync seqread-direct fsync-4k randrw-4k-qd64 randread-4k-qd1"

# 1. The default test dir (under $T).
run_si --quick -c 1 --disk-size 32M disk
[ "$rc" -eq 0 ] || die "exit $rc on the default test dir"
r=$(report)
expect_files "$r"
check_json "$r.json"
check_text "$r"
case $(stat -f -c %T "$T/testdir") in
tmpfs) want=tmpfs ;;
ext2/ext3|ext4|xfs|btrfs) want= ;;           # O_DIRECT works: no label
*) want='.*' ;;                          # unknown: any label is honest
esac
check_disk_json "$r.json" "$ALL" "$want"
[ -z "$(ls -A "$T/testdir")" ] || die "files left in the test dir: $(ls -AR "$T/testdir")"

# 2. A bad size is a usage error, before anything is written.
rm -rf "${RES:?}"/*
run_si --quick -c 1 --disk-size 12Q disk
[ "$rc" -eq 2 ] || die "--disk-size 12Q: exit $rc, want 2"
grep -q "disk-size" "$T/err" || die "--disk-size 12Q: message does not name the option"
[ -z "$(ls "$RES")" ] && [ -z "$(ls -A "$T/testdir")" ] || die "files written for a bad --disk-size"

[ "$(id -u)" = 0 ] || skip "not root: the tmpfs cases are skipped (the default test dir passed)"
M=$T/mnt
mkdir -p "$M"
mount -t tmpfs -o size=200m sysindex-e2e "$M" 2>/dev/null ||
	skip "mounting a tmpfs is not permitted here (the default test dir passed)"
umount_all() { umount "$M" 2>/dev/null; cleanup; }
trap umount_all EXIT

# 3. tmpfs: O_DIRECT works on kernels >= 6.6 (label "tmpfs"), older ones fall
# back to buffered I/O ("buffered, tmpfs"); either way a label.
rm -rf "${RES:?}"/*
run_si --quick -c 1 --disk-size 32M --testdir "$M" disk
[ "$rc" -eq 0 ] || die "exit $rc on a tmpfs"
r=$(report)
check_json "$r.json"
check_text "$r"
check_disk_json "$r.json" "$ALL" 'tmpfs'
[ "$(grep -c '\[.*tmpfs.*\]$' "$r")" -eq 6 ] || die "not every result line is labelled tmpfs"
[ -z "$(ls -A "$M")" ] || die "files left on the tmpfs: $(ls -A "$M")"

# 4. Too small: refused before anything starts (needs 2 x 32M + 64M), one
# line, exit 2, nothing written anywhere.
umount "$M"
mount -t tmpfs -o size=40m sysindex-e2e "$M" || die "remount 40m"
rm -rf "${RES:?}"/*
run_si --quick -c 1 --disk-size 32M --testdir "$M" disk
[ "$rc" -eq 2 ] || die "tiny tmpfs: exit $rc, want 2"
[ "$(wc -l <"$T/err")" -eq 1 ] || die "tiny tmpfs: want one line on stderr"
grep -q "not enough free space in $M" "$T/err" || die "tiny tmpfs: message"
[ ! -s "$T/out" ] || die "tiny tmpfs: output on stdout"
[ -z "$(ls "$RES")" ] || die "tiny tmpfs: results written for a refused run"
[ -z "$(ls -A "$M")" ] || die "tiny tmpfs: files left: $(ls -A "$M")"

# 5. Out of space during the run: with 4 inodes (root, the run's folder, its
# owner file, the shared file) the layout succeeds and the write test cannot
# create its file; it fails naming the file, the read test goes on, nothing
# is left.
umount "$M"
mount -t tmpfs -o size=200m,nr_inodes=4 sysindex-e2e "$M" || die "remount nr_inodes=4"
rm -rf "${RES:?}"/*
run_si --quick -c 1 --disk-size 32M --testdir "$M" seqwrite-dsync randread-4k-qd1
[ "$rc" -eq 1 ] || die "out of inodes: exit $rc, want 1"
r=$(report)
check_json "$r.json"
grep -q "^Seq Write 1 MiB O_DSYNC .*FAILED.*$M/sysindex-[^/]*/disktest\.dat\.w.*No space left on device" "$r" ||
	die "the write test's failure does not name its file and ENOSPC"
grep -q "^Random Read 4 KiB QD1  *[0-9]" "$r" || die "the read test did not go on"
[ -z "$(ls -A "$M")" ] || die "out of inodes: files left: $(ls -A "$M")"

# 6. The shared file itself cannot be created (3 inodes: root, the run's
# folder, its owner file): every disk test fails with the layout's reason
# naming the file; nothing is left.
umount "$M"
mount -t tmpfs -o size=200m,nr_inodes=3 sysindex-e2e "$M" || die "remount nr_inodes=3"
rm -rf "${RES:?}"/*
run_si --quick -c 1 --disk-size 32M --testdir "$M" seqread-direct fsync-4k
[ "$rc" -eq 1 ] || die "layout failure: exit $rc, want 1"
r=$(report)
[ "$(grep -c "FAILED.*disktest\.dat.*No space left on device" "$r")" -eq 2 ] ||
	die "both tests should fail naming disktest.dat"
[ -z "$(ls -A "$M")" ] || die "layout failure: files left: $(ls -A "$M")"
no_strays
