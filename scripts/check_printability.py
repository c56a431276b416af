#!/usr/bin/env python3
"""Slices every item's default print, in every mode, with PrusaSlicer's automatic supports on, and
checks that it needs none.

The print files are what `minidesk export --all` writes: the multicolour `.prusa.3mf` (every piece
on one bed), the merged STL, and each separate-mode STL part. Each is sliced by the PrusaSlicer CLI
with `support_material_auto` at a 45° threshold (0.4 mm nozzle, 0.2 mm layers, two perimeters), and
the extrusion under `;TYPE:Support material` and `;TYPE:Support material interface` is summed into
grams of PLA (1.75 mm filament, 1.24 g/cm³).

Limit: at most 0.5 g of support per item and mode (issue 16), for every item.

Bridges: no ceiling laid over air may span more than 25 mm. The G-code's bridge lines do not
measure that (lines along a narrow groove run its whole length), so each merged and separate STL is
measured itself (`bridges.py`: the span from the edges the ceiling is held by). The multicolour
body is the merged body in parts, so the merged file stands for it.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, summary
import bridges
import slicer_views

LIMIT = 0.5  # grams of support per item and mode
BRIDGE = 25.0  # mm, the longest span a ceiling over air may have

CONFIG = """nozzle_diameter = {nozzles}
filament_diameter = {filaments}
wipe_tower = 0
bed_shape = 0x0,256x0,256x256,0x256
layer_height = 0.2
first_layer_height = 0.2
perimeters = 2
fill_density = 15%
support_material = 1
support_material_auto = 1
support_material_threshold = 45
use_relative_e_distances = 1
"""
GRAMS_PER_MM = math.pi * (1.75 / 2) ** 2 / 1000 * 1.24


def support_grams(path, tools, tmp):
    """The grams of support PrusaSlicer prints for `path`, or None if it does not slice."""
    config = os.path.join(tmp, "supports.ini")
    with open(config, "w") as f:
        f.write(CONFIG.format(nozzles=",".join(["0.4"] * tools), filaments=",".join(["1.75"] * tools)))
    gcode = os.path.join(tmp, "supports.gcode")
    run = subprocess.run(["prusa-slicer", "--export-gcode", "--load", config, "--output", gcode, path],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if run.returncode != 0:
        print(run.stderr[-500:], file=sys.stderr)
        return None
    kind, extruded = None, 0.0
    with open(gcode) as f:
        for line in f:
            if line.startswith(";TYPE:"):
                kind = line[6:].strip()
            elif kind and kind.startswith("Support") and line.startswith("G1"):
                e = re.search(r"E(-?[\d.]+)", line)
                if e and float(e.group(1)) > 0:
                    extruded += float(e.group(1))
    return extruded * GRAMS_PER_MM


def export(minidesk, out, fmt, mode):
    run = subprocess.run([minidesk, "export", "--all", "--format", fmt, "--mode", mode, "--out", out, "--json"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if run.returncode != 0:
        print(run.stderr, file=sys.stderr)
        sys.exit(f"minidesk export --mode {mode} failed with exit code {run.returncode}")
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minidesk", required=True, help="the minidesk binary")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        for what, measured, truth in bridges.known_spans(tmp):
            check(truth - 0.5 <= measured <= truth * 1.1, f"bridges.py measures {what} as {measured:.1f} mm (spans {truth} mm)")
        files = {}  # (item, mode) -> [(path, tools)]
        for entry in export(args.minidesk, os.path.join(tmp, "multicolor"), "3mf", "multicolor"):
            if entry["path"].endswith(".prusa.3mf"):
                # As many extruders as the file's highest filament number.
                tools = max(e for parts in slicer_views.model_parts(entry["path"]).values() for _, e, *_ in parts)
                files.setdefault((entry["item"], "multicolor"), []).append((entry["path"], tools))
        for mode in ["merged", "separate"]:
            for entry in export(args.minidesk, os.path.join(tmp, mode), "stl", mode):
                files.setdefault((entry["item"], mode), []).append((entry["path"], 1))
        for (item, mode), paths in files.items():
            grams, failed = 0.0, []
            for path, tools in paths:
                g = support_grams(path, tools, tmp)
                if g is None:
                    failed.append(os.path.basename(path))
                else:
                    grams += g
            figures.setdefault(item, {})[mode] = round(grams, 2)
            what = f"prusa-slicer: {item} ({mode}) needs {grams:.2f} g of automatic support at 45°"
            if failed:
                check(False, f"prusa-slicer slices {', '.join(failed)}")
            else:
                check(grams <= LIMIT, f"{what}, at most {LIMIT} g")
            if mode != "multicolor":
                spans = [(bridges.largest(path), os.path.basename(path)) for path, _ in paths]
                spans = [(b, name) for b, name in spans if b is not None]
                if spans:
                    (span, z, centre), name = max(spans, key=lambda t: t[0][0])
                    figures[item][mode + "_bridge_mm"] = round(span, 1)
                    check(span <= BRIDGE, f"bridges: {item} ({mode}) spans at most {span:.1f} mm over air "
                          f"({name}, at z {z:.1f} mm, centre {centre}), at most {BRIDGE:.0f} mm")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=2, sort_keys=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
