# The main loop of a kernel's sm_90 SASS (cuobjdump -sass, each instruction's second hex word
# holding its control bits): stall cycles, write/read scoreboards, wait masks, and the back edge.
# python3 sass_ctrl.py NAME.sass[.gz]...
import re, sys, gzip, collections
def load(path):
    txt = gzip.open(path, 'rt').read() if path.endswith('.gz') else open(path).read()
    lines = txt.split('\n'); ins = []
    for i, l in enumerate(lines):
        m = re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?);\s*/\* 0x([0-9a-f]{16}) \*/', l)
        if m:
            hi = re.search(r'/\* 0x([0-9a-f]{16}) \*/', lines[i + 1])
            ins.append((int(m.group(1), 16), m.group(2).strip(), int(hi.group(1), 16)))
    loops = []
    for a, t, _ in ins:
        mm = re.search(r'BRA.*?0x([0-9a-f]+)', t)
        if 'BRA' in t and mm and int(mm.group(1), 16) < a:
            loops.append((int(mm.group(1), 16), a))
    s, e = max(loops, key=lambda x: x[1] - x[0])
    return [(a, t, h) for a, t, h in ins if s <= a <= e]
def ctrl(h):
    c = h >> 41
    return dict(stall=c & 0xf, yld=(c >> 4) & 1, wrb=(c >> 5) & 7, rdb=(c >> 8) & 7, wait=(c >> 11) & 0x3f, reuse=(c >> 17) & 0xf)
for path in sys.argv[1:]:
    body = load(path)
    st = sum(ctrl(h)['stall'] for _, _, h in body)
    waits = collections.Counter(); wrbs = collections.Counter()
    dfma_wait = 0
    for _, t, h in body:
        c = ctrl(h)
        for b in range(6):
            if c['wait'] >> b & 1: waits[b] += 1
        if c['wrb'] != 7: wrbs[(t.split()[0] if not t.startswith('@') else t.split()[1]).split('.')[0], c['wrb']] += 1
        if t.startswith('DFMA') and c['wait']: dfma_wait += 1
    print(path.split('/')[-1], 'instr', len(body), 'stall sum', st, 'DFMA waiting', dfma_wait, 'waits by SB', dict(sorted(waits.items())), 'writers', dict(sorted(wrbs.items())))
    a, t, h = body[-1]
    print('  back edge', t, ctrl(h))
