#!/usr/bin/env python3
"""Runs each issue-13 comparison in ns-3.37 (docs/ns3/modern.cc) and in Bottleneck Lab
(build/native/blsim) and prints the markdown rows of docs/validation-modern.md.
Usage (from the repository root, after bash scripts/build-native.sh):
    python3 docs/ns3/compare.py [--quick]
It compiles modern.cc with the link line of docs/ns3/README.md into /tmp/bl-ns3-modern."""
import json, os, subprocess, sys, tempfile, time

root = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
exe = '/tmp/bl-ns3-modern'
libs = ['-lns3-core', '-lns3-network', '-lns3-internet', '-lns3-point-to-point', '-lns3-applications',
        '-lns3-traffic-control', '-lns3-nix-vector-routing', '-lns3-bridge', '-lns3-stats']
subprocess.run(['g++', '-O2', '-std=c++17', os.path.join(root, 'docs/ns3/modern.cc'), '-o', exe, '-Wl,--no-as-needed'] + libs, check=True)

def preset(name, **changes):
    s = json.load(open(os.path.join(root, 'public/presets', name + '.json')))
    for k, v in changes.items():
        d = s
        parts = k.split('.')
        for p in parts[:-1]: d = d.setdefault(p, {})
        d[parts[-1]] = v
    return s

def ours(s, g2):
    f = tempfile.NamedTemporaryFile('w', suffix='.json', delete=False)
    json.dump(s, f); f.close()
    t = time.time()
    r = json.loads(subprocess.run([os.path.join(root, 'build/native/blsim'), '--scenario', f.name], capture_output=True, text=True, check=True).stdout)
    wall = time.time() - t
    thr = [x['throughputBps'] for x in r['flows']]
    n2 = len(g2)
    g1 = [t for i, t in enumerate(thr) if i not in g2]
    return {'utilization': r['utilization'], 'jain': r['jain'], 'meanDelay': r['meanDelay'], 'p95Delay': r['p95Delay'],
            'group1Bps': sum(g1) / len(g1), 'group2Bps': sum(thr[i] for i in g2) / n2 if n2 else 0, 'wall': wall}

def ns3(args):
    t = time.time()
    out = subprocess.run([exe] + [f'--{k}={v}' for k, v in args.items()], capture_output=True, text=True, check=True).stdout
    r = json.loads(out.strip().splitlines()[-1]); r['wall'] = time.time() - t
    return r

bb = dict(rate=10e6, delay=0.01, accessRate=100e6, accessDelayMin=0.002, accessDelayMax=0.008, duration=60, measureFrom=10, flows=20, cc='cubic', buffer=1000)
cases = []
for q, p in [('fifo', 'bufferbloat-droptail'), ('codel', 'bufferbloat-codel'), ('pie', 'bufferbloat-pie'), ('fq_codel', 'bufferbloat-fqcodel')]:
    cases.append((f'20 CUBIC, {q}, 1000 p', preset(p), [], dict(bb, aqm=q)))
cases.append(('5 CUBIC + 5 NewReno, 50 Mb/s, 250 p', preset('cubic-vs-reno'), [5, 6, 7, 8, 9],
              dict(rate=50e6, delay=0.02, accessRate=1e9, accessDelayMin=0.005, accessDelayMax=0.005, duration=120, measureFrom=20,
                   flows=10, flows2=5, cc='cubic', cc2='newreno', buffer=250, aqm='fifo')))
for bdp, buf in [(1, 76), (10, 760)]:
    cases.append((f'BBR + CUBIC, {bdp} BDP ({buf} p)', preset('bbr-vs-cubic', **{'queue.buffer': buf}), [1],
                  dict(rate=10e6, delay=0.02, accessRate=100e6, accessDelayMin=0.005, accessDelayMax=0.005, duration=60, measureFrom=10,
                       flows=2, flows2=1, cc='bbr', cc2='cubic', buffer=buf, aqm='fifo')))
if '--quick' in sys.argv: cases = cases[:1]
print('| case | simulator | utilisation | Jain | group 1 Mb/s | group 2 Mb/s | mean delay ms | p95 delay ms | wall s |')
print('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for label, s, g2, a in cases:
    for name, r in (('Bottleneck Lab', ours(s, g2)), ('ns-3.37', ns3(a))):
        print(f"| {label if name == 'Bottleneck Lab' else ''} | {name} | {r['utilization']:.3f} | {r['jain']:.3f} | {r['group1Bps']/1e6:.2f} | "
              f"{r['group2Bps']/1e6:.2f} | {1e3*r['meanDelay']:.1f} | {1e3*r['p95Delay']:.1f} | {r['wall']:.1f} |", flush=True)
