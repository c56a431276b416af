#!/usr/bin/env python3
"""Cross-checks what `minidesk export` writes with tools that share none of our code.

For every catalogue item with default parameters:
  - trimesh reads each PLY part by index (process=False): watertight, consistently wound, and the
    volume minidesk reported;
  - manifold3d accepts the same triangles as a manifold and measures the same volume;
  - the PrusaSlicer CLI (`--info`) reads each binary STL part as manifold, with our triangle count;
  - the multicolour 3MF: lib3mf in strict mode reads it without errors or warnings, with one mesh
    object per part (manifold, coloured) under one components object and a colour per part;
    model_settings.config is parsed as Bambu Studio and OrcaSlicer do (object id = the build item,
    part id = a component's object, an extruder on each part); PrusaSlicer reads every part as
    manifold and slices the file using exactly tools T0..T(N-1) for N filaments; `minidesk check`
    reads it back with our own exact reader: every part valid, the same triangles and volume.
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


def check_3mf(minidesk, entry, tmp):
    path, name = entry["path"], os.path.basename(entry["path"])
    # lib3mf, strict.
    model = lib3mf.get_wrapper().CreateModel()
    reader = model.QueryReader("3mf")
    reader.SetStrictModeActive(True)
    try:
        reader.ReadFromFile(path)
        warnings = [str(reader.GetWarning(i)) for i in range(reader.GetWarningCount())]
    except Exception as error:  # lib3mf raises on a rejected file
        check(False, f"lib3mf strict: {name} is rejected: {error}")
        return
    check(not warnings, f"lib3mf strict: {name} has no warnings {warnings}")
    meshes, components, colours = [], [], 0
    objects = model.GetObjects()
    while objects.MoveNext():
        o = objects.GetCurrentObject()
        if o.IsMeshObject():
            m = model.GetMeshObjectByID(o.GetResourceID())
            meshes.append((o.GetName(), m.IsManifoldAndOriented(), m.GetObjectLevelProperty()[2], m.GetTriangleCount()))
        elif o.IsComponentsObject():
            components.append(o.GetName())
    groups = model.GetColorGroups()
    while groups.MoveNext():
        colours += groups.GetCurrentColorGroup().GetCount()
    check(len(components) == 1 and len(meshes) >= 1 and colours == len(meshes),
          f"lib3mf: {name} has 1 components object, {len(meshes)} parts and {colours} colours")
    check(all(ok and coloured for _, ok, coloured, _ in meshes), f"lib3mf: every part of {name} is manifold and coloured")
    triangles = sum(t for *_, t in meshes)

    # Bambu Studio / OrcaSlicer: match model_settings.config to the model by ids.
    with zipfile.ZipFile(path) as z:
        root = ET.fromstring(z.read("3D/3dmodel.model"))
        settings = ET.fromstring(z.read("Metadata/model_settings.config"))
    ns = {"c": "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"}
    item = root.find("c:build/c:item", ns).get("objectid")
    component_ids = [c.get("objectid") for c in root.iter("{%s}component" % ns["c"])]
    objs = settings.findall("object")
    parts = objs[0].findall("part") if objs else []
    extruders = [next((m.get("value") for m in p.findall("metadata") if m.get("key") == "extruder"), None) for p in parts]
    check(len(objs) == 1 and objs[0].get("id") == item, f"bambu/orca: {name} object id {objs[0].get('id') if objs else None} is the build item {item}")
    check([p.get("id") for p in parts] == component_ids, f"bambu/orca: {name} part ids {[p.get('id') for p in parts]} are the components {component_ids}")
    check(all(e is not None and e.isdigit() and int(e) >= 1 for e in extruders), f"bambu/orca: every part of {name} has an extruder {extruders}")

    # PrusaSlicer: manifold parts, then a real slice with one extruder per filament.
    info = subprocess.run(["prusa-slicer", "--info", path], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    manifold = re.findall(r"^manifold = (\w+)$", info.stdout, re.M)
    check(info.returncode == 0 and len(manifold) == len(meshes) and all(m == "yes" for m in manifold),
          f"prusa-slicer: {name} reads as {len(manifold)} manifold parts")
    n = len(set(extruders))
    config = os.path.join(tmp, "slice.ini")
    with open(config, "w") as f:
        f.write(SLICE_CONFIG.format(nozzles=",".join(["0.4"] * n), filaments=",".join(["1.75"] * n)))
    gcode = os.path.join(tmp, "slice.gcode")
    run = subprocess.run(["prusa-slicer", "--export-gcode", "--dont-arrange", "--load", config, "--output", gcode, path],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL)
    tools = sorted(set(re.findall(r"^T(\d+)", open(gcode).read(), re.M))) if run.returncode == 0 else []
    check(tools == [str(i) for i in range(n)], f"prusa-slicer: slicing {name} uses tools {tools}, expected T0..T{n - 1}")

    # Our own reader gets it back exactly: the parts, their triangles and volume.
    rt = subprocess.run([minidesk, "check", path, "--json"], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    parts = json.loads(rt.stdout).get("parts", []) if rt.stdout.strip() else []
    back, volume = sum(p["triangles"] for p in parts), sum(p["volume"] for p in parts)
    check(rt.returncode == 0 and back == triangles and close(volume, entry["volume"], 1e-9),
          f"minidesk check: {name} reads back as {len(parts)} valid parts, {back} triangles (expected {triangles}), volume {volume}")


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
        expected = {"shell": palette["shell"], "bottom": palette["bottom"], "ports": palette["ports"],
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

        # Merged mode: one watertight body per item (the stash: lid and base) that slices alone.
        config = os.path.join(tmp, "single.ini")
        with open(config, "w") as f:
            f.write(SLICE_CONFIG.format(nozzles="0.4", filaments="1.75"))
        for entry in export(args.minidesk, os.path.join(tmp, "merged"), "stl", mode="merged"):
            name = f"merged {entry['item']}.stl"
            mesh = trimesh.load(entry["path"], process=True)
            shells = count_shells(mesh.faces)
            check(mesh.is_watertight and shells == (2 if entry["item"] == "stash" else 1) and close(mesh.volume, entry["volume"], 1e-4),
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

    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
