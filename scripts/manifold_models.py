#!/usr/bin/env python3
"""Runs boolean cases built from Manifold's test models through MiniDesk and manifold3d.

The meshes come from Manifold's repository (test/models/*.obj), read from a local git mirror
(`--repo`, brought with the library's fetch tool); they are not part of MiniDesk's repository.
Each model M gives these cases, every operand as explicit arrays both kernels read bit for bit:
  - M minus a turned copy of itself (2.5°, 1.5° and 0.5° about X, Y and Z through its centre);
  - M minus itself moved by 1e-6 mm and by 1e-9 mm in x, and minus an identical copy;
  - M union and minus a box over the half of its bounds with x above the centre;
  - M intersected with a sphere at its centre (radius 0.6 of its half-diagonal);
and Manifold's own pairs: Cray left minus right, the Havocglass8 and Generic_Twin unions, and the
Offset unions.

A case passes when MiniDesk writes a valid solid (its own exact report, and trimesh watertight
and consistently wound) whose volume agrees with manifold3d's within 1e-6 of the operand that
holds the result (the first of a difference, the smaller of an intersection; both of a union;
against an axis-aligned box far larger than that one, manifold3d's with the box clamped round
it: `reference`),
or when it refuses an operand that is not valid input (the model alone, through `minidesk csg`,
is refused as crossing itself or not manifold: Generic_Twin_7863, Offset1's stored mesh,
openscad-nonmanifold-crash, the self_intersect pair). A refusal of valid input, an exit other than 0 or 1, a trap, an invalid
file, a wrong volume or a run over --timeout fails. Prints one line per case and a summary with
the median and worst time ratio over the passing cases; --json writes the figures.

Both times are warm, as in scripts/bench_compare.py: MiniDesk's is `minidesk csg --repeat 3`'s own
"evaluate" figure (the median of 3 evaluations in one process), manifold3d's the median of 3 timed
boolean calls in this process (one where a call takes a second or more). A single evaluation in a
fresh process also pays the process's one-time costs (the runtime's type metadata, the thread
pool), about a millisecond.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import trimesh
import manifold3d

PAIRS = [
    ("Cray", "Cray_left", "Cray_right", "difference"),
    ("Havocglass8", "Havocglass8_left", "Havocglass8_right", "union"),
    ("Generic_Twin_7081", "Generic_Twin_7081.1.t0_left", "Generic_Twin_7081.1.t0_right", "union"),
    ("Generic_Twin_7863", "Generic_Twin_7863.1.t0_left", "Generic_Twin_7863.1.t0_right", "union"),
    ("Offset1+2", "Offset1", "Offset2", "union"),
    ("Offset3+4", "Offset3", "Offset4", "union"),
]


def is_closed(tris):
    """Whether every directed edge has its reverse, once."""
    edges = {}
    for a, b, c in tris:
        for e in ((a, b), (b, c), (c, a)):
            edges[e] = edges.get(e, 0) + 1
    return all(n == 1 and edges.get((e[1], e[0]), 0) == 1 for e, n in edges.items())


def read_obj(text):
    """Vertices and triangles (faces fanned) of an OBJ, as stored; if that is not closed,
    with bit-identical positions joined, as Manifold's own test reader joins them."""
    positions, faces = [], []
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "v":
            positions.append(tuple(float(x) for x in parts[1:4]))
        elif parts[0] == "f":
            ids = [int(p.split("/")[0]) for p in parts[1:]]
            ids = [i - 1 if i > 0 else len(positions) + i for i in ids]
            faces += [(ids[0], ids[k], ids[k + 1]) for k in range(1, len(ids) - 1)]
    if is_closed(faces):
        used = sorted({i for f in faces for i in f})
        remap = {old: new for new, old in enumerate(used)}
        return np.array([positions[i] for i in used], float), np.array([[remap[i] for i in f] for f in faces], np.int64)
    index, remap, points = {}, [], []
    for p in positions:
        if p not in index:
            index[p] = len(points)
            points.append(p)
        remap.append(index[p])
    tris = [(remap[a], remap[b], remap[c]) for a, b, c in faces]
    tris = [t for t in tris if len(set(t)) == 3]
    return np.array(points, float), np.array(tris, np.int64)


def rotation(ax, ay, az):
    cx, sx, cy, sy, cz, sz = (f(math.radians(a)) for a in (ax, ay, az) for f in (math.cos, math.sin))
    rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    return rz @ ry @ rx


def box(lo, hi):
    (x0, y0, z0), (x1, y1, z1) = lo, hi
    pts = [[x, y, z] for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)]
    quads = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    return np.array(pts, float), np.array([t for a, b, c, d in quads for t in ((a, b, c), (a, c, d))], np.int64)


def manifold_of(operand):
    pts, tris = operand
    return manifold3d.Manifold(manifold3d.Mesh64(vert_properties=np.asarray(pts, np.float64),
                                                 tri_verts=np.asarray(tris, np.uint32)))


def node(operand):
    pts, tris = operand
    return {"polyhedron": {"points": pts.tolist(), "faces": tris.tolist()}}


def cases(models):
    for name, (pts, tris) in models.items():
        lo, hi = pts.min(axis=0), pts.max(axis=0)
        centre, size = (lo + hi) / 2, hi - lo
        m = (pts, tris)
        turned = ((pts - centre) @ rotation(2.5, 1.5, 0.5).T + centre, tris)
        yield f"{name} - turned", name, "difference", [m, turned]
        for d in (1e-6, 1e-9):
            yield f"{name} - moved {d:g}", name, "difference", [m, (pts + np.array([d, 0, 0]), tris)]
        yield f"{name} - itself", name, "difference", [m, (pts.copy(), tris)]
        half = box((centre[0], lo[1] - 0.1 * size[1], lo[2] - 0.1 * size[2]), hi + 0.1 * size)
        yield f"{name} + half box", name, "union", [m, half]
        yield f"{name} - half box", name, "difference", [m, half]
        radius = 0.6 * float(np.linalg.norm(size)) / 2
        sphere = manifold3d.Manifold.sphere(radius, 48).translate(tuple(centre)).to_mesh64()
        ball = (np.array(sphere.vert_properties, float)[:, :3], np.array(sphere.tri_verts, np.int64))
        yield f"{name} * sphere", name, "intersection", [m, ball]
    for label, left, right, op in PAIRS:
        if left in models and right in models:
            yield f"{label} pair", left + "|" + right, op, [models[left], models[right]]


def expected(op, ms):
    if op == "union":
        return ms[0] + ms[1]
    if op == "intersection":
        return ms[0] ^ ms[1]
    return ms[0] - ms[1]


def reference(op, operands, ms, volume):
    """The volume a result must have (manifold3d's) and the volume it is compared at (1e-6 of
    it): the first operand's for a difference and the smaller's for an intersection, which hold
    the result, and the two together for a union. Where another operand is an axis-aligned box more
    than a thousand times larger than that one, as Cray_right (1e38 mm across) is than Cray_left,
    manifold3d's tolerance is that of the box, and its result drops what is thinner than that
    (Cray_left minus Cray_right keeps a twentieth of what lies above the box's top): the reference
    is then manifold3d's with the box clamped to a box round the held operand, which changes
    nothing inside it."""
    volumes = [m.volume() for m in ms]
    if op == "union":
        return volume, sum(volumes)
    held = 0 if op == "difference" else min(range(len(ms)), key=lambda k: volumes[k])
    lo, hi = operands[held][0].min(axis=0), operands[held][0].max(axis=0)
    margin = 0.1 * (hi - lo) + 1
    small = float(np.abs(operands[held][0]).max())

    def is_huge_box(operand):
        pts = operand[0]
        return len(pts) == 8 and all(len(np.unique(pts[:, k])) == 2 for k in range(3)) \
            and float(np.abs(pts).max()) > 1e3 * max(small, 1)
    if not any(is_huge_box(o) for k, o in enumerate(operands) if k != held):
        return volume, volumes[held]
    clamped = [manifold_of((np.clip(o[0], lo - margin, hi + margin), o[1])) if k != held and is_huge_box(o) else ms[k]
               for k, o in enumerate(operands)]
    return expected(op, clamped).volume(), volumes[held]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minidesk", required=True)
    parser.add_argument("--repo", default="/work/.mirror/elalish+manifold/repo", help="a git directory of Manifold")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--only", default="", help="run only the cases whose name contains this")
    parser.add_argument("--skip", default="", help="comma-separated model names to leave out")
    parser.add_argument("--json", default="", help="write the figures to this file")
    args = parser.parse_args()

    if not os.path.isdir(args.repo):
        print(f"no Manifold mirror at {args.repo}: bring it with the library's fetch tool "
              "(github:elalish/manifold) or pass --repo; skipped")
        return 0
    listing = subprocess.run(["git", f"--git-dir={args.repo}", "ls-tree", "--name-only", "HEAD", "test/models/"],
                             capture_output=True, text=True)
    if listing.returncode != 0 or not listing.stdout.strip():
        print(f"--repo {args.repo}: not a git directory of Manifold with test/models/ "
              f"({listing.stderr.strip() or 'no models'}); pass the mirror's git directory, e.g. "
              "/work/.mirror/elalish+manifold/repo", file=sys.stderr)
        return 2
    listing = listing.stdout.split()
    skip = set(filter(None, args.skip.split(",")))
    models = {}
    for path in listing:
        name = os.path.basename(path)[:-4]
        if path.endswith(".obj") and name not in skip:
            text = subprocess.run(["git", f"--git-dir={args.repo}", "show", f"HEAD:{path}"],
                                  capture_output=True, text=True, check=True).stdout
            models[name] = read_obj(text)

    rows, failed = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        invalid = {}
        for name, m in models.items():
            path = os.path.join(tmp, name + ".json")
            with open(path, "w") as f:
                json.dump({"root": node(m)}, f)
            run = subprocess.run([args.minidesk, "csg", path, "-o", os.path.join(tmp, "m.ply"), "--json"],
                                 capture_output=True, text=True, stdin=subprocess.DEVNULL)
            invalid[name] = run.returncode != 0 and ("crosses itself" in run.stderr or "intersect" in run.stderr or "not manifold" in run.stderr)
        for label, source, op, operands in cases(models):
            if args.only and args.only not in label:
                continue
            scene = os.path.join(tmp, "scene.json")
            out = os.path.join(tmp, "out.ply")
            with open(scene, "w") as f:
                json.dump({"root": {op: [node(o) for o in operands]}}, f)
            invalid_input = any(invalid.get(s, False) for s in source.split("|"))
            start = time.perf_counter()
            try:
                run = subprocess.run([args.minidesk, "csg", scene, "-o", out, "--json", "--repeat", "3"], capture_output=True,
                                     text=True, stdin=subprocess.DEVNULL, timeout=args.timeout)
                ours = time.perf_counter() - start
            except subprocess.TimeoutExpired:
                run, ours = None, None
            ms = [manifold_of(o) for o in operands]
            times = []
            while len(times) < 3 and (not times or times[0] < 1):  # a call of a second or more is timed once
                start = time.perf_counter()
                result = expected(op, ms)
                theirs_volume = result.volume()
                times.append(time.perf_counter() - start)
            theirs = statistics.median(times)
            reference_volume, scale = reference(op, operands, ms, theirs_volume)
            row = {"case": label, "manifold3d_seconds": theirs, "manifold3d_volume": theirs_volume, "input_invalid": invalid_input}
            if run is None:
                row["outcome"] = f"over {args.timeout:g} s"
            elif run.returncode in (1, 2) and invalid_input:
                row["outcome"] = "refused (invalid input)"
            elif run.returncode != 0:
                row["outcome"] = f"exit {run.returncode}: {run.stderr.strip()[:160]}"
            else:
                report = json.loads(run.stdout)
                row["seconds"] = report["seconds"]["evaluate"]
                row["volume"] = report["volume"]
                row["ratio"] = row["seconds"] / max(theirs, 1e-6)
                if abs(report["volume"] - reference_volume) > 1e-6 * scale:
                    row["outcome"] = f"volume {report['volume']} vs manifold3d {reference_volume}"
                elif not report["valid"]:
                    row["outcome"] = f"invalid: {report['selfIntersections']} self-intersections"
                elif not report["empty"]:
                    mesh = trimesh.load(out, process=False)
                    row["outcome"] = "ok" if mesh.is_watertight and mesh.is_winding_consistent else "trimesh: not watertight"
                else:
                    row["outcome"] = "ok"
            good = row["outcome"] == "ok" or row["outcome"].startswith("refused (invalid input")
            failed += 0 if good else 1
            rows.append(row)
            timing = f"{row['seconds']:.3f} s, {row['ratio']:.2f}x" if "ratio" in row else ""
            print(f"{'ok  ' if good else 'FAIL'}  {label}: {row['outcome']} {timing}", flush=True)
    ratios = sorted(r["ratio"] for r in rows if "ratio" in r and r["outcome"] == "ok")
    median = statistics.median(ratios) if ratios else float("nan")
    worst = ratios[-1] if ratios else float("nan")
    print(f"{len(rows) - failed} passed, {failed} failed; time ratio to manifold3d median {median:.2f}x, worst {worst:.2f}x")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"cases": rows, "median_ratio": median, "worst_ratio": worst}, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
