#!/usr/bin/env python3
"""Cross-checks what `minidesk export` writes with tools that share none of our code.

For every catalogue item with default parameters:
  - trimesh reads each PLY part by index (process=False): watertight, consistently wound, and the
    volume minidesk reported;
  - manifold3d accepts the same triangles as a manifold and measures the same volume;
  - the PrusaSlicer CLI (`--info`) reads each binary STL part as manifold, with our triangle count.
Prints one line per check and closes with "N passed, M failed"; exits non-zero on any failure.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
import trimesh
import manifold3d

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {what}")
    else:
        failed += 1
        print(f"FAIL  {what}")


def close(a, b, rel):
    return abs(a - b) <= rel * max(1.0, abs(b))


def export(minidesk, out, fmt):
    run = subprocess.run([minidesk, "export", "--all", "--format", fmt, "--out", out, "--json"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if run.returncode != 0:
        print(run.stderr, file=sys.stderr)
        sys.exit(f"minidesk export --format {fmt} failed with exit code {run.returncode}")
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minidesk", required=True, help="path to the built minidesk binary")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        for entry in export(args.minidesk, os.path.join(tmp, "ply"), "ply"):
            name = f"{entry['item']}-{entry['part']}.ply"
            mesh = trimesh.load(entry["path"], process=False)
            check(mesh.is_watertight, f"trimesh: {name} is watertight")
            check(mesh.is_winding_consistent, f"trimesh: {name} is consistently wound")
            # PLY stores 32-bit floats: volumes agree to about 1e-6.
            check(close(mesh.volume, entry["volume"], 1e-5),
                  f"trimesh: {name} volume {mesh.volume:.3f} matches minidesk's {entry['volume']:.3f}")
            m = manifold3d.Manifold(manifold3d.Mesh(
                vert_properties=np.asarray(mesh.vertices, dtype=np.float32),
                tri_verts=np.asarray(mesh.faces, dtype=np.uint32)))
            check(m.status() == manifold3d.Error.NoError, f"manifold3d: {name} is a manifold ({m.status()})")
            check(close(m.volume(), entry["volume"], 1e-5), f"manifold3d: {name} volume {m.volume():.3f}")

        for entry in export(args.minidesk, os.path.join(tmp, "stl"), "stl"):
            name = f"{entry['item']}-{entry['part']}.stl"
            info = subprocess.run(["prusa-slicer", "--info", entry["path"]], capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL)
            fields = dict(re.findall(r"^(\w+) = (.*)$", info.stdout, re.M))
            check(info.returncode == 0 and fields.get("manifold") == "yes",
                  f"prusa-slicer: {name} is manifold ({fields.get('manifold')})")
            check(fields.get("number_of_facets") == str(entry["triangles"]),
                  f"prusa-slicer: {name} has {entry['triangles']} facets ({fields.get('number_of_facets')})")
            check(close(float(fields.get("volume", "nan")), entry["volume"], 1e-4),
                  f"prusa-slicer: {name} volume {fields.get('volume')}")

    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
