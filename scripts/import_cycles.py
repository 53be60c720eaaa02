#!/usr/bin/env python3
"""Import cycles between the crate's modules.

A module depends on a sibling when any file under it names a path under the
sibling (`use crate::…`, `use super::…`, or such a path inline). Prints each
cycle of siblings (a strongly connected set) and exits 1 when there is one.
With --pairs it also lists parent/child pairs that name each other (a child
using its parent's types: the usual Rust shape, not counted as a cycle).

Usage: scripts/import_cycles.py [SRC_DIR] [--pairs]
"""
import os
import re
import sys

args = [a for a in sys.argv[1:] if not a.startswith('--')]
src = args[0] if args else 'src'

files = {}
for root, _, names in os.walk(src):
    for name in names:
        if name.endswith('.rs'):
            path = os.path.join(root, name)
            parts = os.path.relpath(path, src)[:-3].split(os.sep)
            if parts[-1] in ('mod', 'lib', 'main'):
                parts = parts[:-1]
            files[path] = tuple(parts)
modules = set(files.values())

PATH = re.compile(r'\b((?:crate|super|self)(?:::\w+)+)')
GROUP = re.compile(r'\buse\s+((?:crate|super|self)(?:::\w+)*)::\{([^;]*)\}', re.S)
CHILD = re.compile(r'\b(\w+)::\w+')


def resolve(current, path):
    """The deepest module `path` (relative to `current`) names."""
    parts = path.split('::')
    base = current if parts[0] != 'crate' else ()
    if parts[0] == 'crate':
        parts = parts[1:]
    while parts and parts[0] in ('super', 'self'):
        if parts[0] == 'super':
            base = base[:-1]
        parts = parts[1:]
    for part in parts:
        if base + (part,) not in modules:
            break
        base = base + (part,)
    return base


def targets(path, current):
    text = re.sub(r'//[^\n]*', '', open(path, encoding='utf-8').read())
    found = [resolve(current, p) for p in PATH.findall(text)]
    for prefix, body in GROUP.findall(text):
        found += [resolve(current, prefix + '::' + item) for item in re.findall(r'\b(\w+)(?:::\w+)*', body)]
    # A parent names its children without a prefix (`mod x; use x::Y;`).
    found += [current + (m,) for m in CHILD.findall(text) if current + (m,) in modules]
    return found


sibling_edges, module_edges = set(), set()
for path, current in files.items():
    for target in targets(path, current):
        if target != current:
            module_edges.add((current, target))
        common = 0
        while common < min(len(current), len(target)) and current[common] == target[common]:
            common += 1
        if common < len(current) and common < len(target):
            sibling_edges.add((current[:common + 1], target[:common + 1]))

graph = {}
for a, b in sibling_edges:
    graph.setdefault(a, set()).add(b)

# Tarjan's strongly connected components.
index, low, stack, on_stack, cycles = {}, {}, [], set(), []


def visit(v):
    index[v] = low[v] = len(index)
    stack.append(v)
    on_stack.add(v)
    for w in graph.get(v, ()):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        component = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            component.append(w)
            if w == v:
                break
        if len(component) > 1:
            cycles.append(sorted(component))


for v in sorted(graph):
    if v not in index:
        visit(v)

name = lambda m: '::'.join(m) or 'crate'
for cycle in cycles:
    print('cycle:', ' <-> '.join(name(m) for m in cycle))
print(f'{len(cycles)} cycle(s) between sibling modules')
if '--pairs' in sys.argv:
    pairs = sorted({tuple(sorted(e)) for e in module_edges if (e[1], e[0]) in module_edges})
    for a, b in pairs:
        print('parent/child pair:', name(a), '<->', name(b))
    print(f'{len(pairs)} parent/child pair(s) naming each other')
sys.exit(1 if cycles else 0)
