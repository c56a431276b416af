#!/usr/bin/env python3
"""Cross-checks what `minidesk export` writes with tools that share none of our code.

For every catalogue item with default parameters:
  - trimesh reads each PLY part by index (process=False): watertight, consistently wound, no edge
    shorter than 1e-4 mm, and the volume minidesk reported;
  - manifold3d accepts the same triangles as a manifold and measures the same volume;
  - the PrusaSlicer CLI (`--info`) reads each binary STL part as manifold, with our triangle count;
  - the multicolour 3MFs, both read by lib3mf in strict mode without errors or warnings, every
    mesh manifold and coloured:
    - the assembly, opened as Bambu Studio and OrcaSlicer's loader does (scripts/slicer_views.py):
      one object per piece, every part named and on a filament, the colours painting each part
      with its own filament, and the same parts and filaments PrusaSlicer finds in the sibling;
    - the `.prusa.3mf`, opened by PrusaSlicer itself: one object per piece whose volumes carry the
      names and filaments written, and a plain slice (no flags that hold parts in place) prints
      each filament at its parts' heights;
    - `minidesk check` reads both back with our own exact reader: every part valid, the same
      triangles and volume;
  - the plates of `export --all --plates`: lib3mf strict, one-part objects on filament 1 as
    Bambu Studio and OrcaSlicer load them, every part on the 256 mm bed and apart from the others,
    and PrusaSlicer reads each as manifold and slices the plate.
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
import lib3mf
import xml.etree.ElementTree as ET
import zipfile

import slicer_views
from checks import check, read_3mf_strict, summary


def close(a, b, rel):
    return abs(a - b) <= rel * max(1.0, abs(b))


def count_shells(faces):
    """Connected pieces of a triangle list, by shared vertices (union-find)."""
    parent = list(range(int(faces.max()) + 1))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b, c in faces:
        ra, rb, rc = find(a), find(b), find(c)
        parent[rb] = ra
        parent[find(rc)] = ra
    return len({find(int(v)) for v in set(faces.flatten())})


def export(minidesk, out, fmt, mode="multicolor"):
    run = subprocess.run([minidesk, "export", "--all", "--format", fmt, "--mode", mode, "--out", out, "--json"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if run.returncode != 0:
        print(run.stderr, file=sys.stderr)
        sys.exit(f"minidesk export --format {fmt} failed with exit code {run.returncode}")
    return json.loads(run.stdout)


SLICE_CONFIG = """nozzle_diameter = {nozzles}
filament_diameter = {filaments}
wipe_tower = 0
bed_shape = 0x0,256x0,256x256,0x256
layer_height = 0.3
first_layer_height = 0.3
perimeters = 1
fill_density = 5%
top_solid_layers = 1
bottom_solid_layers = 1
"""


def lib3mf_read(path, name):
    """The model lib3mf reads in strict mode, or None (after a failed check)."""
    model, warnings = read_3mf_strict(path)
    if model is None:
        check(False, f"lib3mf strict: {name} is {warnings[0]}")
        return None
    check(not warnings, f"lib3mf strict: {name} has no warnings {warnings}")
    meshes, components = [], []
    objects = model.GetObjects()
    while objects.MoveNext():
        o = objects.GetCurrentObject()
        if o.IsMeshObject():
            m = model.GetMeshObjectByID(o.GetResourceID())
            meshes.append((o.GetName(), m.IsManifoldAndOriented(), m.GetObjectLevelProperty()[2], m.GetTriangleCount()))
        elif o.IsComponentsObject():
            components.append(o.GetName())
    check(all(ok and coloured for _, ok, coloured, _ in meshes), f"lib3mf: every mesh of {name} is manifold and coloured")
    return meshes, components


def check_3mf(minidesk, entry, tmp):
    """The assembly (Bambu Studio, OrcaSlicer) and its PrusaSlicer sibling, each seen by its slicer."""
    path, name, pieces = entry["path"], os.path.basename(entry["path"]), entry["objects"]
    read = lib3mf_read(path, name)
    if read is None:
        return
    meshes, components = read
    if entry["layout"] == "assembly":
        check(len(components) == pieces, f"lib3mf: {name} has {len(components)} components objects for {pieces} pieces")
        # Bambu Studio / OrcaSlicer, following their loader: one object per piece, every part named,
        # on a filament, and the import-colour path would paint each part with that same filament.
        view = slicer_views.bambu_view(path)
        parts = [p for o in view for p in o["parts"]]
        check(len(view) == pieces and all(p["filament"] >= 1 for p in parts),
              f"bambu/orca: {name} opens as {len(view)} object(s) with {[len(o['parts']) for o in view]} parts, each on a filament")
        check(all(p["painted"] == {p["filament"]} for p in parts),
              f"bambu/orca: {name} colours agree with the parts' filaments {[(p['name'], p['filament'], p['painted']) for p in parts]}")
        # The same parts and filaments PrusaSlicer sees in the sibling file.
        prusa = slicer_views.prusa_view(path.replace(".3mf", ".prusa.3mf"), tmp) or {}
        mine = {o["name"]: [(p["name"], p["filament"]) for p in o["parts"]] for o in view}
        check(mine == prusa, f"bambu/orca and prusa-slicer: {name} has the same objects, parts and filaments ({mine} / {prusa})")
    else:
        check(not components and len(meshes) == pieces, f"lib3mf: {name} has {len(meshes)} mesh objects for {pieces} pieces")
        info = subprocess.run(["prusa-slicer", "--info", path], capture_output=True, text=True, stdin=subprocess.DEVNULL)
        manifold = re.findall(r"^manifold = (\w+)$", info.stdout, re.M)
        check(info.returncode == 0 and len(manifold) == pieces and all(m == "yes" for m in manifold),
              f"prusa-slicer: {name} reads as {len(manifold)} manifold object(s)")
        expected = slicer_views.model_parts(path)
        view = slicer_views.prusa_view(path, tmp)
        check(view == {o: [(n, e) for n, e, *_ in parts] for o, parts in expected.items()},
              f"prusa-slicer: {name} opens as objects {view} with the parts and filaments written")
        # A plain slice, no flags that hold parts in place: each filament prints at its parts' heights.
        n = len({e for parts in expected.values() for _, e, *_ in parts})
        config = os.path.join(tmp, "slice.ini")
        with open(config, "w") as f:
            f.write(SLICE_CONFIG.format(nozzles=",".join(["0.4"] * n), filaments=",".join(["1.75"] * n)))
        gcode = os.path.join(tmp, "slice.gcode")
        run = subprocess.run(["prusa-slicer", "--export-gcode", "--load", config, "--output", gcode, path],
                             capture_output=True, text=True, stdin=subprocess.DEVNULL)
        heights = slicer_views.gcode_tool_heights(gcode) if run.returncode == 0 else {}
        check(sorted(heights) == list(range(n)), f"prusa-slicer: slicing {name} uses tools {sorted(heights)}, expected T0..T{n - 1}")
        want = {}
        for parts in expected.values():
            bottom = min(lo for *_, lo, _ in parts)
            for _, e, lo, hi in parts:
                a, b = want.get(e - 1, (lo - bottom, hi - bottom))
                want[e - 1] = (min(a, lo - bottom), max(b, hi - bottom))
        # G-code gives each layer's top; a layer holds what its middle plane cuts.
        layer = 0.3 + 1e-6
        wrong = {t: (heights.get(t), want[t]) for t in want
                 if t not in heights or not (want[t][0] <= heights[t][0] <= want[t][0] + 1.5 * layer and abs(heights[t][1] - want[t][1]) <= layer)}
        check(not wrong, f"prusa-slicer: each tool of {name} prints at its parts' heights" + (f", not {wrong}" if wrong else ""))

    # Our own reader gets it back exactly: the parts, their triangles and volume.
    rt = subprocess.run([minidesk, "check", path, "--json"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    parts = json.loads(rt.stdout).get("parts", []) if rt.stdout.strip() else []
    back, volume = sum(p["triangles"] for p in parts), sum(p["volume"] for p in parts)
    check(rt.returncode == 0 and back == entry["triangles"] and close(volume, entry["volume"], 1e-9),
          f"minidesk check: {name} reads back as {len(parts)} valid parts, {back} triangles (expected {entry['triangles']}), volume {volume}")


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
            # No sliver left by a boolean (issue 20's bound; the catalogue's own details are a
            # hundredth of a millimetre and more): slicers round to float32, and an edge of a few
            # micrometres there turns its triangle's normal.
            shortest = float(mesh.edges_unique_length.min())
            check(shortest >= 1e-4, f"trimesh: {name} has no edge shorter than 1e-4 mm (the shortest is {shortest:.2e} mm)")
            # PLY stores doubles, so the volumes agree to rounding.
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

        for entry in export(args.minidesk, os.path.join(tmp, "3mf"), "3mf"):
            check_3mf(args.minidesk, entry, tmp)

        # `minidesk csg` writes 3MF too, with an empty build for an empty result.
        for label, root, want in [
            ("a box less a cylinder", {"difference": [{"box": {"size": [10, 10, 3]}}, {"cylinder": {"radius": 2, "height": 5}, "translate": [5.2, 4.9, -1]}]}, 1),
            ("an empty intersection", {"intersection": [{"box": {"size": [1, 1, 1]}}, {"box": {"size": [1, 1, 1]}, "translate": [4, 0, 0]}]}, 0),
        ]:
            scene, out = os.path.join(tmp, "csg.json"), os.path.join(tmp, "csg.3mf")
            with open(scene, "w") as f:
                json.dump({"root": root}, f)
            run = subprocess.run([args.minidesk, "csg", scene, "-o", out], capture_output=True, text=True)
            model = lib3mf.get_wrapper().CreateModel()
            reader = model.QueryReader("3mf")
            reader.SetStrictModeActive(True)
            try:
                reader.ReadFromFile(out)
                meshes = model.GetMeshObjects()
                parts = []
                while meshes.MoveNext():
                    parts.append(meshes.GetCurrentMeshObject().IsManifoldAndOriented())
                ok = run.returncode == 0 and reader.GetWarningCount() == 0 and len(parts) == want and all(parts)
            except Exception as error:  # lib3mf raises on a rejected file
                ok, parts = False, str(error)
            check(ok, f"lib3mf strict: csg writes {label} as 3MF with {want} manifold part(s) ({parts})")

        # Colours: OBJ (with its MTL) and GLB carry each part's colour, as the parameters set it.
        params = json.loads(subprocess.run([args.minidesk, "params", "solid", "--json"], capture_output=True, text=True).stdout)
        palette = {p["name"].split(".")[1]: p["initial"] for p in params if p["name"].startswith("colors.")}
        expected = {"shell": palette["shell"], "bottom": palette["bottom"], "foot": palette["bottom"], "ports": palette["ports"],
                    "light": palette["light"], "emblem": palette["emblem"]}
        rgb = lambda c: [int(v) for v in list(c)[:3]]
        hexrgb = lambda h: [int(h[i:i + 2], 16) for i in (1, 3, 5)]
        for entry in export(args.minidesk, os.path.join(tmp, "obj"), "obj"):
            name = f"{entry['item']}.obj"
            scene = trimesh.load(entry["path"], process=False)
            colours = {n: rgb(g.visual.material.diffuse) for n, g in scene.geometry.items()}
            check(colours == {n: hexrgb(c) for n, c in expected.items()}, f"trimesh: {name} parts have their colours {colours}")
            check(all(g.is_watertight for g in scene.geometry.values()), f"trimesh: every part of {name} is watertight")
        for entry in export(args.minidesk, os.path.join(tmp, "glb"), "glb"):
            name = f"{entry['item']}-{entry['part']}.glb"
            scene = trimesh.load(entry["path"])
            colours = [rgb(g.visual.material.baseColorFactor) for g in scene.geometry.values()]
            check(colours == [hexrgb(expected[entry["part"]])], f"trimesh: {name} has its colour {colours}")

        # assimp's exporters, read by an outside reader: trimesh loads each item's glTF 2 (with its
        # .bin) and binary glTF, every part a watertight named mesh in its colour, every triangle there.
        for fmt in ("gltf2", "glb2"):
            for entry in export(args.minidesk, os.path.join(tmp, fmt), fmt):
                name = os.path.basename(entry["path"])
                scene = trimesh.load(entry["path"], process=False)
                parts = {n.split(".")[0]: g for n, g in scene.geometry.items()}
                colours = {n: rgb(g.visual.material.baseColorFactor) for n, g in parts.items()}
                want = {n: hexrgb(c) for n, c in expected.items() if n in parts}
                faces = sum(len(g.faces) for g in parts.values())
                check(set(parts) == set(expected) and colours == want, f"trimesh: assimp's {fmt} {name} has every part in its colour ({sorted(parts)})")
                check(faces == entry["triangles"] and all(trimesh.Trimesh(g.vertices, g.faces).is_watertight for g in parts.values()),
                      f"trimesh: assimp's {fmt} {name} holds all {entry['triangles']} triangles ({faces}), every part watertight")

        # Merged mode: one watertight body and its foot per item (the stash: lid, base and foot) that slice alone.
        config = os.path.join(tmp, "single.ini")
        with open(config, "w") as f:
            f.write(SLICE_CONFIG.format(nozzles="0.4", filaments="1.75"))
        for entry in export(args.minidesk, os.path.join(tmp, "merged"), "stl", mode="merged"):
            name = f"merged {entry['item']}.stl"
            mesh = trimesh.load(entry["path"], process=True)
            shells = count_shells(mesh.faces)
            check(mesh.is_watertight and shells == (3 if entry["item"] == "stash" else 2) and close(mesh.volume, entry["volume"], 1e-4),
                  f"trimesh: {name} is watertight, {shells} shell(s), volume {mesh.volume:.1f}")
            gcode = os.path.join(tmp, "merged.gcode")
            run = subprocess.run(["prusa-slicer", "--export-gcode", "--load", config, "--output", gcode, entry["path"]],
                                 capture_output=True, text=True, stdin=subprocess.DEVNULL)
            check(run.returncode == 0, f"prusa-slicer: {name} slices")

        # Separate mode: every part on its own lies on the bed and slices alone.
        for entry in export(args.minidesk, os.path.join(tmp, "separate"), "stl", mode="separate"):
            name = f"separate {entry['item']}-{entry['part']}.stl"
            mesh = trimesh.load(entry["path"], process=True)
            check(mesh.is_watertight and abs(mesh.bounds[0][2]) < 1e-9,
                  f"trimesh: {name} is watertight and lies on the bed (lowest z {mesh.bounds[0][2]:.6f})")
            gcode = os.path.join(tmp, "single.gcode")
            run = subprocess.run(["prusa-slicer", "--export-gcode", "--load", config, "--output", gcode, entry["path"]],
                                 capture_output=True, text=True, stdin=subprocess.DEVNULL)
            layers = len(re.findall(r"^;LAYER_CHANGE", open(gcode).read(), re.M)) if run.returncode == 0 else 0
            check(run.returncode == 0 and layers > 0, f"prusa-slicer: {name} slices on its own ({layers} layers)")

        # Plates: every filament's parts of every item on 256 mm beds, each part its own object.
        run = subprocess.run([args.minidesk, "export", "--all", "--plates", "--out", os.path.join(tmp, "plates"), "--json"],
                             capture_output=True, text=True, stdin=subprocess.DEVNULL)
        check(run.returncode == 0, f"minidesk export --all --plates exits 0 ({run.stderr.strip()})")
        for entry in json.loads(run.stdout) if run.returncode == 0 else []:
            path, name = entry["path"], os.path.basename(entry["path"])
            read = lib3mf_read(path, name)
            view = slicer_views.bambu_view(path)
            check(len(view) == entry["objects"] and all(len(o["parts"]) == 1 and o["parts"][0]["filament"] == 1 for o in view),
                  f"bambu/orca: {name} opens as {len(view)} one-part objects on filament 1")
            boxes = slicer_views.object_bounds(path)
            inside = all(5 - 1e-6 <= lo[0] and 5 - 1e-6 <= lo[1] and hi[0] <= 251 + 1e-6 and hi[1] <= 251 + 1e-6 and abs(lo[2]) < 1e-9
                         for lo, hi in boxes.values())
            apart = all(not (a[0][0] < b[1][0] and b[0][0] < a[1][0] and a[0][1] < b[1][1] and b[0][1] < a[1][1])
                        for i, a in enumerate(boxes.values()) for j, b in enumerate(boxes.values()) if i < j)
            check(inside and apart, f"{name}: {len(boxes)} parts lie on the 256 mm bed, apart from each other")
            info = subprocess.run(["prusa-slicer", "--info", path], capture_output=True, text=True, stdin=subprocess.DEVNULL)
            manifold = re.findall(r"^manifold = (\w+)$", info.stdout, re.M)
            check(info.returncode == 0 and len(manifold) == entry["objects"] and all(m == "yes" for m in manifold),
                  f"prusa-slicer: {name} reads as {len(manifold)} manifold objects")
            gcode = os.path.join(tmp, "plate.gcode")
            run = subprocess.run(["prusa-slicer", "--export-gcode", "--load", config, "--output", gcode, path],
                                 capture_output=True, text=True, stdin=subprocess.DEVNULL)
            check(run.returncode == 0, f"prusa-slicer: {name} slices as one plate ({run.stderr.strip()[-200:]})")

    return summary()


if __name__ == "__main__":
    sys.exit(main())
