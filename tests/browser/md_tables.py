#!/usr/bin/env python3
"""md_tables.py: every table in a Markdown file parses as a table with whole rows.

usage: md_tables.py FILE.md ...

The file is parsed by cmark-gfm (GitHub's CommonMark with its table
extension: what GitHub and most forums render) into XML with source
positions.  GFM drops the cells of a row past the header's count and pads
a short row with empty ones, so the parsed table always looks whole; the
source positions show what was lost:
  - a row whose source goes on after its last kept cell (more cells than
    the header: an unescaped | inside a cell);
  - a row padded with a cell that has no source (fewer cells than the header);
  - a line that looks like a table row (starts with |) outside every table
    and code block: a header and delimiter row that disagree, so no table
    was made at all.
Prints one line per problem and a closing line per file; exits 1 on a
problem, 2 on bad usage or when cmark-gfm fails.
"""
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = '{http://commonmark.org/xml/1.0}'
POS = re.compile(r'^(\d+):(\d+)-(\d+):(\d+)$')


def span(node):
    m = POS.match(node.get('sourcepos', ''))
    return tuple(int(x) for x in m.groups()) if m else None


def check(path):
    with open(path, 'rb') as f:
        lines = f.read().split(b'\n')
    run = subprocess.run(['cmark-gfm', '-e', 'table', '--sourcepos', '-t', 'xml', path],
                         capture_output=True)
    if run.returncode != 0:
        print('md_tables: %s: cmark-gfm failed: %s' % (path, run.stderr.decode(errors='replace').strip()))
        return None
    doc = ET.fromstring(run.stdout)
    problems, covered, ntables, nrows = [], set(), 0, 0
    for node in doc.iter():
        if node.tag in (NS + 'table', NS + 'code_block', NS + 'html_block'):
            s = span(node)
            if s:
                covered.update(range(s[0], s[2] + 1))
        if node.tag != NS + 'table':
            continue
        ntables += 1
        header = node.find(NS + 'table_header')
        want = len(header.findall(NS + 'table_cell'))
        for row in node.findall(NS + 'table_row'):
            nrows += 1
            rs = span(row)
            cells = [span(c) for c in row.findall(NS + 'table_cell')]
            real = [c for c in cells if c and c[1] > 0]
            if len(real) < want:
                problems.append('%s:%d: %d cells, the header has %d'
                                % (path, rs[0], len(real), want))
                continue
            line = lines[rs[0] - 1]
            rest = line[real[-1][3]:].strip()
            if rest not in (b'', b'|'):
                extra = rest.decode(errors='replace')
                problems.append('%s:%d: more cells than the header\'s %d; dropped: %s'
                                % (path, rs[0], want, extra))
    for n, line in enumerate(lines, 1):
        if n not in covered and re.match(rb'^ {0,3}\|', line):
            problems.append('%s:%d: a table line outside every table (header and '
                            'delimiter row disagree?): %s' % (path, n, line.decode(errors='replace')))
    for p in problems:
        print('md_tables: ' + p)
    print('md_tables: %s: %d tables, %d rows, %d problems' % (path, ntables, nrows, len(problems)))
    return not problems


def main(argv):
    if not argv or any(a.startswith('-') for a in argv):
        print('usage: md_tables.py FILE.md ...', file=sys.stderr)
        return 2
    results = [check(p) for p in argv]
    if None in results:
        return 2
    return 0 if all(results) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
