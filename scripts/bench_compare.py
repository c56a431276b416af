#!/usr/bin/env python3
"""Times the boolean workloads in MiniDesk and in manifold3d on identical input, and prints ratios.

The workloads (from the booleans issue), each as explicit meshes both kernels read:
  W1 shell: a rounded box 127 x 127 x 50 (plan corner radius 14) minus a rounded pocket 117 x 117 x 46;
  W2 vents: the box minus 150 cylinders (r 0.9, 24 segments, 6 tall) in two rings through the bottom
            and 7 port pockets 8.4 x 2.6 x 6 in the rear face;
  W3 grid:  the box minus 1,000 such cylinders;
  a scaling series: a plate minus n holes, n = 10 ... 10,000;
  a sphere minus an offset sphere, from about 2k to 2M triangles each, as in Manifold's own
  performance test (read by both from binary STL, so the coordinates are the same float32 values);
  a near-alignment series, where the kernel's speed must not fall off a cliff:
    near_pocket_n: a rounded box minus an offset rounded pocket, both with n segments per corner and
                   fan-triangulated caps, so long thin cap triangles of both nearly align;
    coplanar_k:    a plate minus k x k square pockets whose floors and the plate's top are coplanar
                   stacks (each pocket box ends exactly in the plate's top plane);
    turned_k:      a 4 x 4 x 1 box minus k boxes 2 x 2 x 1 turned 5.625 degrees apart about its axis,
                   sharing its top and bottom faces (part of Manifold's Perturb3 gear).
MiniDesk's time is `minidesk csg --repeat 3`'s own "evaluate" figure (the median of 3 evaluations in
one process); manifold3d's is the median of 3 timed `batch_boolean` calls in this process. A workload MiniDesk refuses (degenerate contact) is shown
as refused. Prints JSON: per workload both times and the ratio ours / theirs, and both output
triangle counts and their ratio.
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
import manifold3d


def prism(outline, z, h):
    """The prism of a counter-clockwise outline from z to z + h, its caps fan-triangulated."""
    n = len(outline)
    pts = [[px, py, zz] for zz in (z, z + h) for px, py in outline]
    tris = []
    for i in range(n):
        j = (i + 1) % n
        tris += [(i, j, n + j), (i, n + j, n + i)]
    for i in range(1, n - 1):
        tris += [(0, i + 1, i), (n, n + i, n + i + 1)]
    return np.array(pts), tris


def cylinder(r, h, n, x, y, z):
    return prism([(x + r * math.cos(2 * math.pi * i / n), y + r * math.sin(2 * math.pi * i / n)) for i in range(n)], z, h)


def box(sx, sy, sz, x, y, z):
    pts = [[x + a * sx, y + b * sy, z + c * sz] for c in (0, 1) for b in (0, 1) for a in (0, 1)]
    quads = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    return np.array(pts, float), [t for a, b, c, d in quads for t in ((a, b, c), (a, c, d))]


def rounded_box(w, d, h, r, z, n=64):
    outline = []
    for k, (cx, cy) in enumerate([(w / 2 - r, -d / 2 + r), (w / 2 - r, d / 2 - r), (-w / 2 + r, d / 2 - r), (-w / 2 + r, -d / 2 + r)]):
        for i in range(n // 4 + 1):
            a = -math.pi / 2 + k * math.pi / 2 + (math.pi / 2) * i / (n // 4)
            outline.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    hull = manifold3d.Manifold.hull_points([[x, y, zz] for x, y in outline for zz in (z, z + h)])
    m = hull.to_mesh64()
    return np.array(m.vert_properties)[:, :3], [tuple(map(int, t)) for t in m.tri_verts]


def rounded_prism(w, d, h, r, z, per_corner, x=0.0, y=0.0):
    """A rounded box as a prism of its outline (`per_corner` segments per corner) with fan caps."""
    outline = []
    for k, (cx, cy) in enumerate([(w / 2 - r, -d / 2 + r), (w / 2 - r, d / 2 - r), (-w / 2 + r, d / 2 - r), (-w / 2 + r, -d / 2 + r)]):
        for i in range(per_corner + 1):
            a = -math.pi / 2 + k * math.pi / 2 + (math.pi / 2) * i / per_corner
            outline.append((x + cx + r * math.cos(a), y + cy + r * math.sin(a)))
    return prism(outline, z, h)


def turned(mesh, degrees):
    pts, tris = mesh
    a = math.radians(degrees)
    rot = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    return pts @ rot.T, tris


def near_alignment():
    """The near-alignment series (see the module's description)."""
    for per_corner in (8, 13, 16, 32, 64):
        yield f"near_pocket_{per_corner}", rounded_prism(127, 127, 50, 14, 0, per_corner), \
            [rounded_prism(117, 117, 46, 9, 5.013, per_corner, 0.0011, 0.0007)]
    for k in (4, 16, 32):
        pitch = 100.0 / k
        plate = box(100, 100, 10, 0, 0, 0)
        pockets = [box(pitch * 0.6, pitch * 0.6, 5, pitch * (i % k + 0.2), pitch * (i // k + 0.2), 5) for i in range(k * k)]
        yield f"coplanar_{k}", plate, pockets
    for k in (2, 4, 6, 8):
        body = box(4, 4, 1, -2, -2, -0.5)
        yield f"turned_{k}", body, [turned(box(2, 2, 1, -1, -1, -0.5), 5.625 * (i + 1)) for i in range(k)]


def polyhedron(mesh):
    pts, tris = mesh
    return {"polyhedron": {"points": pts.tolist(), "faces": [list(t) for t in tris]}}


def manifold(mesh):
    pts, tris = mesh
    return manifold3d.Manifold(manifold3d.Mesh64(vert_properties=np.asarray(pts, np.float64), tri_verts=np.asarray(tris, np.uint32)))


def uv_sphere(radius, n, offset=(0.0, 0.0, 0.0)):
    """A UV sphere with n segments round and n/2 rings (about n^2 triangles), float32 coordinates."""
    rings = n // 2
    pts = [[0.0, 0.0, -radius]]
    for k in range(1, rings):
        phi = -math.pi / 2 + math.pi * k / rings
        for j in range(n):
            theta = 2 * math.pi * j / n
            pts.append([radius * math.cos(phi) * math.cos(theta), radius * math.cos(phi) * math.sin(theta), radius * math.sin(phi)])
    pts.append([0.0, 0.0, radius])
    top = len(pts) - 1
    ring = lambda k, j: 1 + (k - 1) * n + j % n
    tris = [(0, ring(1, j + 1), ring(1, j)) for j in range(n)]
    for k in range(1, rings - 1):
        for j in range(n):
            tris += [(ring(k, j), ring(k, j + 1), ring(k + 1, j + 1)), (ring(k, j), ring(k + 1, j + 1), ring(k + 1, j))]
    tris += [(ring(rings - 1, j), ring(rings - 1, j + 1), top) for j in range(n)]
    return (np.asarray(pts) + np.asarray(offset)).astype(np.float32).astype(np.float64), tris


def write_stl(path, mesh):
    pts, tris = mesh
    t = np.asarray(tris)
    data = np.zeros(len(t), dtype=[("normal", "<f4", 3), ("corners", "<f4", (3, 3)), ("attr", "<u2")])
    data["corners"] = pts[t].astype(np.float32)
    with open(path, "wb") as f:
        f.write(b"\0" * 80)
        f.write(np.uint32(len(t)).tobytes())
        f.write(data.tobytes())


def sphere_pairs(largest):
    """Sphere minus offset sphere, n segments for about n^2 triangles per sphere, up to `largest`."""
    for n in (46, 92, 182, 364, 724, 1448):
        if n * n > largest * 1.1:
            break
        yield f"spheres_{n * (n // 2 - 1) * 2}", uv_sphere(50, n), uv_sphere(50, n, (12.3, 7.1, 5.9))


def workloads(largest=10000):
    body = rounded_box(127, 127, 50, 14, 0)
    # Off-grid offsets keep the cutters in general position, as in Manifold's own benchmarks.
    yield "W1_shell", body, [rounded_box(117, 117, 46, 9, 5.013)]
    vents = []
    for ring, radius in ((0, 40.0), (1, 47.0)):
        for k in range(75):
            a = 2 * math.pi * (k + 0.5 * ring) / 75
            vents.append(cylinder(0.9, 6, 24, radius * math.cos(a) + 0.0011, radius * math.sin(a) + 0.0007, -1.003))
    ports = [box(8.4, 6, 2.6, -45 + i * 14 - 4.2 + 0.0013, 60.5 + 0.0017, 25.7 + 0.0019) for i in range(7)]
    yield "W2_vents", body, vents + ports
    grid = [cylinder(0.9, 6, 24, -55.5 + (k % 32) * 3.6 + 0.0011, -55.5 + (k // 32) * 3.6 + 0.0007, -1.003) for k in range(1000)]
    yield "W3_grid", body, grid
    for n in (k for k in (10, 100, 1000, 10000) if k <= largest):
        side = math.ceil(math.sqrt(n))
        pitch = 200.0 / side
        plate = box(200, 200, 4, -100, -100, 0)
        holes = [cylinder(pitch * 0.3, 6, 16, -100 + pitch * (k % side + 0.5) + 0.0011, -100 + pitch * (k // side + 0.5) + 0.0007, -1.003) for k in range(n)]
        yield f"holes_{n}", plate, holes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minidesk", required=True)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--largest", type=int, default=10000, help="the largest hole count of the scaling series")
    parser.add_argument("--largest-sphere", type=int, default=2_100_000,
                        help="the most triangles per sphere in the sphere series")
    parser.add_argument("--only", default="", help="run only the workloads whose names start with one of these comma-separated prefixes")
    args = parser.parse_args()
    prefixes = [p for p in args.only.split(",") if p]
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        def scenes():
            for name, body, cutters in list(workloads(args.largest)) + list(near_alignment()):
                yield name, body, cutters, {"root": {"difference": [polyhedron(body)] + [polyhedron(c) for c in cutters]}}
            for name, a, b in sphere_pairs(args.largest_sphere):
                files = [os.path.join(tmp, f"{name}-{k}.stl") for k in "ab"]
                write_stl(files[0], a)
                write_stl(files[1], b)
                yield name, a, [b], {"root": {"difference": [{"mesh": {"file": files[0]}}, {"mesh": {"file": files[1]}}]}}
        for name, body, cutters, scene in scenes():
            if prefixes and not any(name.startswith(p) for p in prefixes):
                continue
            path = os.path.join(tmp, name + ".json")
            with open(path, "w") as f:
                json.dump(scene, f)
            ours = []
            our_triangles = None
            refused = None
            run = subprocess.run([args.minidesk, "csg", path, "-o", os.path.join(tmp, "out.ply"), "--json", "--repeat", str(args.repeats)],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                refused = run.stderr.strip()
            else:
                report = json.loads(run.stdout)
                ours = report["evaluateRuns"]
                our_triangles = report["triangles"]
            a = manifold(body)
            cs = [manifold(c) for c in cutters]
            theirs = []
            for _ in range(args.repeats):
                start = time.perf_counter()
                r = a - manifold3d.Manifold.batch_boolean(cs, manifold3d.OpType.Add)
                their_triangles = r.num_tri()  # forces evaluation
                theirs.append(time.perf_counter() - start)
            entry = {"manifold3d_seconds": statistics.median(theirs), "triangles_in": sum(len(c[1]) for c in cutters) + len(body[1]),
                     "manifold3d_triangles_out": their_triangles}
            if refused:
                entry["minidesk"] = "refused: " + refused
            else:
                entry["minidesk_seconds"] = statistics.median(ours)
                entry["ratio"] = entry["minidesk_seconds"] / entry["manifold3d_seconds"]
                entry["minidesk_triangles_out"] = our_triangles
                entry["triangle_ratio"] = our_triangles / their_triangles if their_triangles else None
            results[name] = entry
            print(name, json.dumps(entry), file=sys.stderr)
    print(json.dumps(results, indent=2, sort_keys=True))


if __name__ == "__main__":
    sys.exit(main())
