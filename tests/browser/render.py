#!/usr/bin/env python3
"""render.py: open result pages in headless Chromium and check what a reader sees.

usage: render.py --shots DIR [--chromium PROG] [--broken NAME=FILE.html] NAME=FILE.html ...

Chromium is driven over its DevTools pipe (--remote-debugging-pipe: fd 3
carries commands to it, fd 4 its answers, each message JSON ended by a NUL),
so only the standard library is needed.  Each page opens in a fresh tab of a
1280x1000 window; for each one:
  console  no console.error/assert, no uncaught exception, no error in the
           browser's log (a resource that failed to load, say);
  chart    an <svg> with at least one <rect> drawn with a non-zero size,
           and no drawn <svg> without one;
  chart text  no <text> of a chart reaching past the chart's edges (cut off);
  summary  the element id="summary" starts in the first 1,000 px, ends
           within them, and no table outside it comes before it (SKIPPED
           with the reason when the page has no such element).
  backticks  no backtick shown as text outside <code> (a command in the
           summary quoted in literal backticks instead of as code);
  legend   the statistics' words under the paired tables ("change: the
           geometric mean ...") only inside a <details> a reader opens.
Then each page is opened again at 390x844 (a phone, mobile viewport) and
both widths under prefers-color-scheme: dark; in every one of these views:
  overflow    nothing wider than the viewport (a wide table scrolls in its
              own box, the page does not);
  chart size  every chart <text> drawn at 9 px or more (its font size times
              the chart's scale on screen);
  chart contrast  every chart <text> against the chart's own background (the
              topmost <rect> under the text's centre that the <svg> draws
              before it): a contrast ratio of 4.5 or more (WCAG AA for text);
              text with no rect of its chart under it fails (a chart pasted
              alone would have no background).
  clipped text  no caption, paragraph, list item or heading reaching past
              what its box shows (text cut off inside a scrolling box: a
              caption inside a table that scrolls sideways);
  chart marks every chart mark (bar, marker, interval, label) inside what
              the reader sees without scrolling: the viewport, cut by each
              box that clips it and by the chart's own edges.
A page named FILE.md is Markdown: cmark-gfm renders it (GFM tables) into a
46em column, as a blog shows it (NAME-md.html), checked at 1280 px in light
and dark mode:
  column      nothing wider than the column (a table that spills out);
  backticks   no backtick shown as text outside code (a command escaped
              into literal backticks instead of a code span).
It saves NAME-screen.png (the first screen) and NAME-page.png (the whole
page, at most 20,000 px high) into DIR, and NAME-<view>-page.png for each
other view (390, dark, 390-dark).  Prints one line per check and a
closing "browser: N passed, N failed, N skipped"; exits 1 when a check
failed, 2 on bad usage.  No Chromium process outlives it.

--broken names a page made to fail every check (an error on the console, no
chart but a label outside an empty one, a summary after a table and below
the first screen, a caption cut off in a scrolling table, a mark past a
scrolling chart's edge; a Markdown table wider than the column and escaped
backticks): there each check
passes when it fails, so a check that cannot fail is itself a failure.
"""
import base64
import shutil
import fcntl
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 1280, 1000   # the first screen
FULL_MAX = 20000             # the whole-page screenshot's height cap
TIMEOUT = 300                # seconds for everything, Chromium included
MIN_TEXT_PX = 9              # chart text drawn smaller is unreadable
MIN_CONTRAST = 4.5           # WCAG AA for normal-size text
# The other views: name suffix, width, height, mobile, colour scheme.
VIEWS = [('390', 390, 844, True, 'light'), ('dark', WIDTH, HEIGHT, False, 'dark'),
         ('390-dark', 390, 844, True, 'dark')]

# Evaluated in each view: what overflows, and each chart text's size and contrast.
VIEW_PROBE = r"""(() => {
  const vw = document.documentElement.clientWidth;
  const scrolls = e => { for (let p = e.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; }
    return false; };
  const wide = [];
  for (const e of document.body.querySelectorAll('*')) {
    const b = e.getBoundingClientRect();
    if (b.width > 0 && (b.right > vw + 1 || b.left < -1) && !scrolls(e))
      wide.push(e.tagName.toLowerCase() + ' ' + Math.round(b.left) + '..' + Math.round(b.right));
  }
  const rgb = c => { const m = (c || '').match(/[\d.]+/g); return m ? m.slice(0, 3).map(Number) : null; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const small = [], faint = [];
  let texts = 0;
  for (const s of document.querySelectorAll('svg')) {
    const rects = [...s.querySelectorAll('rect')];
    for (const t of s.querySelectorAll('text')) {
      const b = t.getBoundingClientRect();
      if (b.width <= 0 || !t.textContent.trim()) continue;
      texts++;
      const label = t.textContent.trim().slice(0, 30);
      const m = t.getScreenCTM();
      const px = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
      if (!(px >= %(min_px)s)) small.push(label + ' ' + px.toFixed(1) + ' px');
      const cx = (b.left + b.right) / 2, cy = (b.top + b.bottom) / 2;
      let bg = null;
      for (const r of rects) {
        if (!(r.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
        const rb = r.getBoundingClientRect(), f = getComputedStyle(r).fill;
        if (f !== 'none' && rb.left <= cx && cx <= rb.right && rb.top <= cy && cy <= rb.bottom)
          bg = f;
      }
      const fg = rgb(getComputedStyle(t).fill);
      if (bg === null) { faint.push(label + ': no background of its chart'); continue; }
      const l1 = lum(fg), l2 = lum(rgb(bg));
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      if (!(ratio >= %(min_contrast)s)) faint.push(label + ': ' + ratio.toFixed(2) + ':1');
    }
  }
  // What the reader can see of an element: the viewport cut by every box
  // that clips it (overflow other than visible) between it and the page.
  const seen = e => { let l = 0, r = vw;
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      const b = p.getBoundingClientRect(), x = b.left + p.clientLeft;
      l = Math.max(l, x); r = Math.min(r, x + p.clientWidth); }
    return [l, r]; };
  const past = (b, v) => b.left < v[0] - 1 || b.right > v[1] + 1;
  // Prose (a caption, a paragraph, a heading) reaching past what its box shows.
  const clipped = [];
  for (const e of document.body.querySelectorAll('caption,p,li,h1,h2,h3,h4,h5,h6,summary,figcaption')) {
    const b = e.getBoundingClientRect();
    if (b.width > 0 && e.textContent.trim() && past(b, seen(e)))
      clipped.push(e.tagName.toLowerCase() + ' "' + e.textContent.trim().slice(0, 30) + '" '
                   + Math.round(b.left) + '..' + Math.round(b.right));
  }
  // A chart's marks (bars, markers, intervals, labels) outside what the reader sees.
  const hidden = [];
  let marks = 0;
  for (const s of document.querySelectorAll('svg')) {
    const o = s.getBoundingClientRect();
    if (o.width <= 0 || o.height <= 0) continue;
    const v = seen(s);   // and the chart's own edges, which clip what it draws
    v[0] = Math.max(v[0], o.left);
    v[1] = Math.min(v[1], o.right);
    for (const m of s.querySelectorAll('rect,path,circle,text')) {
      const b = m.getBoundingClientRect();
      if (m.classList.contains('bg') || b.width <= 0) continue;
      marks++;
      if (past(b, v))
        hidden.push(m.tagName + (m.textContent.trim() ? ' "' + m.textContent.trim().slice(0, 24) + '"' : '')
                    + ' ' + Math.round(b.left) + '..' + Math.round(b.right));
    }
  }
  return JSON.stringify({overflow: document.documentElement.scrollWidth - vw, wide: wide.slice(0, 5),
                         clipped: clipped, marks: marks, hidden: hidden,
                         texts: texts, small: small, faint: faint,
                         height: Math.max(document.documentElement.scrollHeight, 1)});
})()""" % {'min_px': MIN_TEXT_PX, 'min_contrast': MIN_CONTRAST}
SETTLE = 0.3                 # seconds after the load event for late errors
# The checks a --broken page must fail.
BROKEN_CHECKS = ('console', 'chart', 'chart text', 'summary', 'overflow', 'clipped text',
                 'chart marks', 'chart size', 'chart contrast', 'column', 'backticks',
                 'legend')

# Evaluated in each page: what the chart and summary checks need.
PROBE = r"""(() => {
  const box = e => { const b = e.getBoundingClientRect();
    return {top: b.top + window.scrollY, bottom: b.bottom + window.scrollY,
            width: b.width, height: b.height}; };
  const svgs = [...document.querySelectorAll('svg')];
  const drawn = svgs.filter(s => { const b = box(s); return b.width > 0 && b.height > 0; });
  let bars = 0, empty = 0;
  const clipped = [];
  for (const s of drawn) {
    const n = [...s.querySelectorAll('rect')].filter(r => {
      const b = box(r); return b.width > 0 && b.height > 0; }).length;
    bars += n;
    if (n === 0) empty++;
    const o = s.getBoundingClientRect();
    for (const t of s.querySelectorAll('text')) {
      const b = t.getBoundingClientRect();
      if (b.width > 0 && (b.left < o.left - 1 || b.right > o.right + 1 ||
                          b.top < o.top - 1 || b.bottom > o.bottom + 1))
        clipped.push(t.textContent.trim().slice(0, 40));
    }
  }
  const out = {svgs: svgs.length, drawn: drawn.length, bars: bars, empty: empty, clipped: clipped,
               height: Math.max(document.documentElement.scrollHeight, 1),
               summary: null, table_before: null};
  out.ticks = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode;
    if (n.nodeValue.includes('`') && !n.parentElement.closest('code,pre,script,style,svg'))
      out.ticks.push(n.nodeValue.trim().slice(0, 40));
  }
  out.legend_open = [...document.querySelectorAll('p')].filter(p =>
    p.textContent.startsWith('change: the geometric mean') && !p.closest('details')).length;
  const s = document.getElementById('summary');
  if (s) {
    out.summary = box(s);
    const t = [...document.querySelectorAll('table')].find(t => !s.contains(t));
    out.table_before = !!(t && (s.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_PRECEDING));
  }
  return JSON.stringify(out);
})()"""


# A Markdown page as a blog shows it: cmark-gfm's HTML in a 46em column.
MD_COLUMN_EM = 46
MD_STYLE = """:root{color-scheme:light dark}
body{margin:0;padding:1em;font:16px/1.5 system-ui,sans-serif;color:#222;background:#fff}
main{max-width:%dem;margin:0 auto}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #999;padding:6px 13px}
code{font-family:monospace;background:rgba(128,128,128,.15)}
pre{overflow-x:auto}img{max-width:100%%}
@media (prefers-color-scheme:dark){body{color:#ddd;background:#111}}
""" % MD_COLUMN_EM
MD_VIEWS = [('1280', WIDTH, HEIGHT, False, 'light'), ('dark', WIDTH, HEIGHT, False, 'dark')]
# Evaluated in each view of a Markdown page: what leaves the column, and
# backticks shown as text (a code span escaped into literal backticks).
MD_PROBE = r"""(() => {
  const col = document.querySelector('main'), c = col.getBoundingClientRect();
  const wide = [];
  let over = 0;
  for (const e of col.querySelectorAll('*')) {
    if (e.parentElement.closest('pre')) continue;
    const b = e.getBoundingClientRect();
    if (b.width > 0 && (b.right > c.right + 1 || b.left < c.left - 1)) {
      over = Math.max(over, b.right - c.right, c.left - b.left);
      wide.push(e.tagName.toLowerCase() + ' ' + Math.round(b.width) + ' px');
    }
  }
  const ticks = [];
  const w = document.createTreeWalker(col, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const n = w.currentNode;
    if (n.nodeValue.includes('`') && !n.parentElement.closest('code,pre'))
      ticks.push(n.nodeValue.trim().slice(0, 40));
  }
  return JSON.stringify({column: Math.round(c.width), over: Math.round(over),
                         wide: wide.slice(0, 4), ticks: ticks.slice(0, 3),
                         height: Math.max(document.documentElement.scrollHeight, 1)});
})()"""


def open_view(cdp, url, width, height, mobile, scheme):
    """url in a fresh tab at width x height in colour scheme; (target, session)."""
    target = cdp.call('Target.createTarget', {'url': 'about:blank'})['targetId']
    sess = cdp.call('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
    cdp.call('Page.enable', session=sess)
    cdp.call('Emulation.setDeviceMetricsOverride',
             {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': mobile},
             session=sess)
    cdp.call('Emulation.setEmulatedMedia',
             {'features': [{'name': 'prefers-color-scheme', 'value': scheme}]}, session=sess)
    cdp.call('Page.navigate', {'url': url}, session=sess)
    cdp.wait_event('Page.loadEventFired', sess, 15)
    cdp.drain(SETTLE)
    return target, sess


def save_page(cdp, sess, path, width, height):
    """The whole page (at most FULL_MAX px high) as a PNG at path."""
    full = cdp.call('Page.captureScreenshot',
                    {'format': 'png', 'captureBeyondViewport': True,
                     'clip': {'x': 0, 'y': 0, 'width': width,
                              'height': min(height, FULL_MAX), 'scale': 1}},
                    session=sess, wait=20)
    with open(path, 'wb') as f:
        f.write(base64.b64decode(full['data']))


def md_page(path, shots, name):
    """FILE.md through cmark-gfm into NAME-md.html (a blog column); its path, or None."""
    run = subprocess.run(['cmark-gfm', '-e', 'table', '-e', 'strikethrough', '-e', 'autolink',
                          path], capture_output=True)
    if run.returncode != 0:
        return None
    out = os.path.join(shots, name + '-md.html')
    with open(out, 'wb') as f:
        f.write(b'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
                b'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                b'<style>' + MD_STYLE.encode() + b'</style></head><body><main>\n' +
                run.stdout + b'</main></body></html>\n')
    return out


def check_md(cdp, name, path, shots, report):
    """A Markdown page in a blog column, in each view: nothing past it, no literal backticks."""
    page = md_page(path, shots, name)
    if page is None:
        report(name, 'markdown', False, 'cmark-gfm could not render %s' % path)
        return
    for suffix, width, height, mobile, scheme in MD_VIEWS:
        target, sess = open_view(cdp, 'file://' + os.path.abspath(page), width, height,
                                 mobile, scheme)
        res = cdp.call('Runtime.evaluate', {'expression': MD_PROBE, 'returnByValue': True},
                       session=sess)
        where = '%s (%d px, %s)' % (suffix, width, scheme)
        if 'exceptionDetails' in res:
            report(name, 'probe ' + where, False, str(res['exceptionDetails'].get('text')))
            return
        got = json.loads(res['result']['value'])
        report(name, 'column', not got['wide'],
               '%s: %d px past the %d px column: %s' % (where, got['over'], got['column'],
                                                        '; '.join(got['wide']))
               if got['wide'] else '%s: everything within the %d px column'
               % (where, got['column']))
        if suffix == '1280':
            report(name, 'backticks', not got['ticks'],
                   'shown as text: %s' % '; '.join(repr(t) for t in got['ticks'])
                   if got['ticks'] else 'no backtick outside code')
        save_page(cdp, sess, os.path.join(shots, '%s-md-%s-page.png' % (name, suffix)),
                  width, got['height'])
        cdp.call('Target.closeTarget', {'targetId': target})


class Timeout(Exception):
    pass


class Cdp:
    """One Chromium over the DevTools pipe: commands, answers, events."""

    def __init__(self, prog, profile, log):
        to_r, to_w = os.pipe()       # we write, Chromium reads on fd 3
        from_r, from_w = os.pipe()   # Chromium writes on fd 4, we read
        # Chromium's ends go above 9 first, so that placing them on 3 and 4
        # in the child cannot overwrite one with the other; every fd Python
        # opens is close-on-exec, so the child keeps only 0 to 4.
        hi_r = fcntl.fcntl(to_r, fcntl.F_DUPFD_CLOEXEC, 10)
        hi_w = fcntl.fcntl(from_w, fcntl.F_DUPFD_CLOEXEC, 10)
        for fd in (to_r, from_w):
            os.close(fd)
        args = [prog, '--headless', '--no-sandbox', '--disable-gpu',
                '--disable-dev-shm-usage', '--no-first-run', '--mute-audio',
                '--disable-extensions', '--disable-background-networking',
                '--hide-scrollbars', '--remote-debugging-pipe',
                '--user-data-dir=' + profile,
                '--window-size=%d,%d' % (WIDTH, HEIGHT), 'about:blank']

        def pipe_fds():
            os.dup2(hi_r, 3)
            os.dup2(hi_w, 4)

        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                     close_fds=False, preexec_fn=pipe_fds,
                                     start_new_session=True)
        os.close(hi_r)
        os.close(hi_w)
        self.out, self.inp = to_w, from_r
        self.buf = b''
        self.next_id = 0
        self.events = []

    def _read(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise Timeout()
        ready, _, _ = select.select([self.inp], [], [], left)
        if not ready:
            raise Timeout()
        data = os.read(self.inp, 1 << 16)
        if not data:
            raise RuntimeError('Chromium closed the DevTools pipe (it died?)')
        self.buf += data

    def _message(self, deadline):
        while b'\0' not in self.buf:
            self._read(deadline)
        raw, self.buf = self.buf.split(b'\0', 1)
        return json.loads(raw)

    def call(self, method, params=None, session=None, wait=10.0):
        self.next_id += 1
        msg = {'id': self.next_id, 'method': method, 'params': params or {}}
        if session:
            msg['sessionId'] = session
        data = json.dumps(msg).encode() + b'\0'
        while data:
            data = data[os.write(self.out, data):]
        deadline = time.monotonic() + wait
        while True:
            m = self._message(deadline)
            if m.get('id') == self.next_id:
                if 'error' in m:
                    raise RuntimeError('%s: %s' % (method, m['error'].get('message')))
                return m.get('result', {})
            if 'method' in m:
                self.events.append(m)

    def wait_event(self, method, session, wait):
        deadline = time.monotonic() + wait
        while True:
            for i, m in enumerate(self.events):
                if m['method'] == method and m.get('sessionId') == session:
                    return self.events.pop(i)
            self.events.append(self._message(deadline))

    def drain(self, seconds):
        deadline = time.monotonic() + seconds
        try:
            while True:
                self.events.append(self._message(deadline))
        except Timeout:
            pass

    def close(self):
        """Ask Chromium to quit, then end its whole process group."""
        try:
            self.call('Browser.close', wait=3)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for fd in (self.out, self.inp):
            os.close(fd)


def console_errors(events, session):
    """The page's errors among the events: one line each."""
    errs = []
    for m in events:
        if m.get('sessionId') != session:
            continue
        p = m.get('params', {})
        if m['method'] == 'Runtime.consoleAPICalled' and p.get('type') in ('error', 'assert'):
            words = [str(a.get('value', a.get('description', a.get('type'))))
                     for a in p.get('args', [])]
            errs.append('console.%s: %s' % (p['type'], ' '.join(words)))
        elif m['method'] == 'Runtime.exceptionThrown':
            d = p.get('exceptionDetails', {})
            errs.append('uncaught: %s' % d.get('exception', {}).get('description', d.get('text')))
        elif m['method'] == 'Log.entryAdded' and p.get('entry', {}).get('level') == 'error':
            e = p['entry']
            errs.append('log: %s %s' % (e.get('text'), e.get('url', '')))
    return errs


def check_page(cdp, name, path, shots, report):
    url = 'file://' + os.path.abspath(path)
    target = cdp.call('Target.createTarget', {'url': 'about:blank'})['targetId']
    sess = cdp.call('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
    for method in ('Runtime.enable', 'Log.enable', 'Page.enable'):
        cdp.call(method, session=sess)
    cdp.call('Emulation.setDeviceMetricsOverride',
             {'width': WIDTH, 'height': HEIGHT, 'deviceScaleFactor': 1, 'mobile': False},
             session=sess)
    cdp.events = [m for m in cdp.events if m.get('sessionId') != sess]
    nav = cdp.call('Page.navigate', {'url': url}, session=sess)
    if nav.get('errorText'):
        report(name, 'load', False, '%s: %s' % (path, nav['errorText']))
        return
    cdp.wait_event('Page.loadEventFired', sess, 15)
    cdp.drain(SETTLE)

    errs = console_errors(cdp.events, sess)
    report(name, 'console', not errs, '; '.join(errs) if errs else 'no errors')

    res = cdp.call('Runtime.evaluate', {'expression': PROBE, 'returnByValue': True}, session=sess)
    if 'exceptionDetails' in res:
        report(name, 'probe', False, str(res['exceptionDetails'].get('text')))
        return
    got = json.loads(res['result']['value'])
    what = '%d bars drawn in %d of %d svg' % (got['bars'], got['drawn'], got['svgs'])
    if got['empty']:
        what += '; %d drawn svg without a bar' % got['empty']
    report(name, 'chart', got['bars'] > 0 and not got['empty'], what)
    clipped = got['clipped']
    report(name, 'chart text', not clipped,
           'cut off at the chart\'s edge: %s' % '; '.join(repr(t) for t in clipped[:5])
           if clipped else 'every label inside its chart')

    report(name, 'backticks', not got['ticks'],
           'shown as text: %s' % '; '.join(repr(t) for t in got['ticks'][:5])
           if got['ticks'] else 'no backtick outside code')
    report(name, 'legend', not got['legend_open'],
           '%d paragraph(s) of the statistics\' words outside a <details>' % got['legend_open']
           if got['legend_open'] else 'the statistics\' words, where shown, in a legend')

    s = got['summary']
    if s is None:
        report(name, 'summary', None, 'no element with id="summary" on this page')
    else:
        why = []
        if s['height'] <= 0:
            why.append('not drawn')
        if s['top'] >= HEIGHT or s['bottom'] > HEIGHT:
            why.append('spans %d..%d px, not within the first %d px'
                       % (s['top'], s['bottom'], HEIGHT))
        if got['table_before']:
            why.append('a table comes before it')
        report(name, 'summary', not why,
               '; '.join(why) if why else 'at %d..%d px, before every table' % (s['top'], s['bottom']))

    shot = cdp.call('Page.captureScreenshot', {'format': 'png'}, session=sess)
    with open(os.path.join(shots, name + '-screen.png'), 'wb') as f:
        f.write(base64.b64decode(shot['data']))
    save_page(cdp, sess, os.path.join(shots, name + '-page.png'), WIDTH, got['height'])
    cdp.call('Target.closeTarget', {'targetId': target})
    for view in VIEWS:
        check_view(cdp, name, url, shots, report, view)


def check_view(cdp, name, url, shots, report, view):
    """One page in another view: overflow, chart text size and contrast."""
    suffix, width, height, mobile, scheme = view
    target, sess = open_view(cdp, url, width, height, mobile, scheme)
    res = cdp.call('Runtime.evaluate', {'expression': VIEW_PROBE, 'returnByValue': True},
                   session=sess)
    where = '%s (%d px, %s)' % (suffix, width, scheme)
    if 'exceptionDetails' in res:
        report(name, 'probe ' + where, False, str(res['exceptionDetails'].get('text')))
        return
    got = json.loads(res['result']['value'])
    report(name, 'overflow', got['overflow'] <= 1 and not got['wide'],
           '%s: %d px past the viewport: %s' % (where, got['overflow'], '; '.join(got['wide']))
           if got['overflow'] > 1 or got['wide'] else '%s: nothing wider than the viewport' % where)
    report(name, 'clipped text', not got['clipped'],
           '%s: cut off inside a scrolling box: %s' % (where, '; '.join(got['clipped'][:3]))
           if got['clipped'] else '%s: no caption or paragraph past its box' % where)
    report(name, 'chart marks', not got['hidden'],
           '%s: %d of %d marks off-screen: %s' % (where, len(got['hidden']), got['marks'],
                                                 '; '.join(got['hidden'][:4]))
           if got['hidden'] else '%s: all %d chart marks on screen' % (where, got['marks']))
    report(name, 'chart size', not got['small'],
           '%s: below %d px: %s' % (where, MIN_TEXT_PX, '; '.join(got['small'][:5]))
           if got['small'] else '%s: %d chart texts at %d px or more'
           % (where, got['texts'], MIN_TEXT_PX))
    report(name, 'chart contrast', not got['faint'],
           '%s: below %.1f:1: %s' % (where, MIN_CONTRAST, '; '.join(got['faint'][:5]))
           if got['faint'] else '%s: %d chart texts at %.1f:1 or more'
           % (where, got['texts'], MIN_CONTRAST))
    save_page(cdp, sess, os.path.join(shots, '%s-%s-page.png' % (name, suffix)), width,
              got['height'])
    cdp.call('Target.closeTarget', {'targetId': target})


def leftovers(profile):
    """Processes still running with our profile on their command line."""
    left = []
    for pid in os.listdir('/proc'):
        if not pid.isdigit():
            continue
        try:
            with open('/proc/%s/cmdline' % pid, 'rb') as f:
                if profile.encode() in f.read():
                    left.append(int(pid))
        except OSError:
            pass
    return left


def usage(msg):
    print('render.py: %s\nusage: render.py --shots DIR [--chromium PROG] '
          '[--broken NAME=FILE.html] NAME=FILE.html ...' % msg, file=sys.stderr)
    sys.exit(2)


def main(argv):
    shots, prog, pages, broken = None, 'chromium', [], set()
    i = 0
    while i < len(argv):
        opt = argv[i]
        if opt in ('--shots', '--chromium', '--broken'):
            if i + 1 == len(argv):
                usage(opt + ' needs a value')
            i += 1
        val = argv[i]
        i += 1
        if opt == '--shots':
            shots = val
        elif opt == '--chromium':
            prog = val
        elif '=' in val and not val.startswith('-'):
            name, path = val.split('=', 1)
            if not name or name in dict(pages) or not os.path.isfile(path):
                usage('%s: no such page, or a name given twice' % val)
            pages.append((name, path))
            if opt == '--broken':
                broken.add(name)
        else:
            usage('unknown argument %r' % val)
    if not shots or not pages:
        usage('--shots DIR and at least one page are needed')
    os.makedirs(shots, exist_ok=True)

    counts = {True: 0, False: 0, None: 0}

    def report(name, what, ok, text):
        text = ' '.join(text.split())
        if name in broken and what in BROKEN_CHECKS:
            text = ('fails on the broken page, as it should: ' if ok is False else
                    'does not fail on the broken page: ') + text
            ok = ok is False
        counts[ok] += 1
        word = {True: 'ok', False: 'FAIL', None: 'SKIPPED'}[ok]
        print('browser: %s: %s: %s: %s' % (name, what, word, text), flush=True)

    def on_alarm(signum, frame):
        raise Timeout()

    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(TIMEOUT)
    profile = tempfile.mkdtemp(prefix='sysindex-chromium.')
    log_path = os.path.join(shots, 'chromium.log')
    cdp = None
    try:
        with open(log_path, 'wb') as log:
            try:
                cdp = Cdp(prog, profile, log)
                for name, path in pages:
                    if path.endswith('.md'):
                        check_md(cdp, name, path, shots, report)
                    else:
                        check_page(cdp, name, path, shots, report)
            except Timeout:
                report('-', 'chromium', False, 'no answer within the time limit (log: %s)' % log_path)
            except (RuntimeError, OSError, KeyError, ValueError) as e:
                report('-', 'chromium', False, '%s (log: %s)' % (e, log_path))
            finally:
                signal.alarm(0)
                if cdp:
                    cdp.close()
    finally:
        left = leftovers(profile)
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        shutil.rmtree(profile, ignore_errors=True)
    report('-', 'cleanup', not left,
           'Chromium processes left: %s' % left if left else 'no Chromium process left')
    print('browser: %d passed, %d failed, %d skipped' % (counts[True], counts[False], counts[None]))
    return 1 if counts[False] else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
