"""What the slicers make of a 3MF, independent of MiniDesk's code.

bambu_view() follows Bambu Studio's loader (`src/libslic3r/Format/bbs_3mf.cpp`, `_BBS_3MF_Importer`;
OrcaSlicer's is a fork with the same path for foreign files) step by step, for the path a third-party
file takes. prusa_view() asks the PrusaSlicer CLI itself. docs/3mf.md names the functions.
"""
import os
import re
import subprocess
import xml.etree.ElementTree as ET
import zipfile

CORE = "{http://schemas.microsoft.com/3dmanufacturing/core/2015/02}"
MATERIAL = "{http://schemas.microsoft.com/3dmanufacturing/material/2015/02}"


def _int(value, default=-1):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def bambu_view(path):
    """The objects Bambu Studio and OrcaSlicer build from a third-party 3MF: a list of
    {name, extruder, parts: [{name, extruder, triangles, painted}]}, where `painted` is the set of
    filaments the "Standard 3MF Import Color" path would paint the part with (None when not every
    triangle has a colour, so nothing is offered)."""
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        model = ET.fromstring(z.read("3D/3dmodel.model"))
        settings = ET.fromstring(z.read("Metadata/model_settings.config")) if "Metadata/model_settings.config" in names else None

    # _handle_end_metadata: a file is Bambu's own only if Application starts "BambuStudio-"
    # (Orca: or "OrcaSlicer-"); only then are its triangle colours ignored.
    application = next((m.text or "" for m in model.findall(CORE + "metadata") if m.get("name") == "Application"), "")
    own = application.startswith("BambuStudio-") or application.startswith("OrcaSlicer-")

    # _handle_start_color_group / _handle_start_color: colours per group id, in file order.
    groups = {}
    for g in model.iter(MATERIAL + "colorgroup"):
        groups[_int(g.get("id"))] = [c.get("color") for c in g.findall(MATERIAL + "color")]

    # _handle_start_object / _handle_start_triangle: objects of type model or other; for a foreign
    # file each triangle takes its pid/p1, else the object's pid/pindex.
    current = {}
    for o in model.iter(CORE + "object"):
        if o.get("type", "model") not in ("model", "other"):
            continue
        oid, pid, pindex = _int(o.get("id")), _int(o.get("pid")), _int(o.get("pindex"))
        mesh = o.find(CORE + "mesh")
        triangles, colours = 0, []
        if mesh is not None:
            for t in mesh.iter(CORE + "triangle"):
                triangles += 1
                if own:
                    continue
                tpid = _int(t.get("pid"), pid)
                if tpid >= 0:
                    index = _int(t.get("p1"), pindex)
                    colours.append((tpid, index))
        components = [_int(c.get("objectid")) for c in o.iter(CORE + "component")]
        current[oid] = {"name": o.get("name", ""), "pid": pid, "pindex": pindex, "triangles": triangles,
                        "colours": colours, "components": components}

    # _handle_start_item -> _create_object_instance: one model object per distinct build object id.
    built = []
    for item in model.iter(CORE + "item"):
        oid = _int(item.get("objectid"))
        if oid not in current:
            raise ValueError(f"can not find object id {oid} to builditem")
        if oid not in built:
            built.append(oid)

    # Colours to filaments (_load_model_from_file): distinct colours in group-id order, then
    # colour order, take filaments 1, 2, ...
    by_colour, extruder_of = {}, {}
    for gid in sorted(groups):
        for index, colour in enumerate(groups[gid]):
            if colour not in by_colour:
                by_colour[colour] = len(by_colour) + 1
            extruder_of[(gid, index)] = by_colour[colour]

    # _handle_start_config_object / _handle_start_config_volume / _handle_start_config_metadata.
    metadata = {}
    if settings is not None:
        for o in settings.findall("object"):
            oid = _int(o.get("id"))
            if oid in metadata:
                raise ValueError(f"Duplicated object id {oid} in model_settings.config")
            keys = {m.get("key"): m.get("value") for m in o.findall("metadata")}
            volumes = [{"subobject_id": _int(v.get("id")), "keys": {m.get("key"): m.get("value") for m in v.findall("metadata")}}
                       for v in o if v.tag in ("part", "volume")]
            metadata[oid] = {"keys": keys, "volumes": volumes}

    objects = []
    for index, oid in enumerate(built):
        # _generate_current_object_list: breadth first through components to the meshes.
        leaves, queue = [], [oid]
        while queue:
            obj = current.get(queue.pop(0))
            if obj is None:
                continue
            if obj["components"]:
                queue.extend(obj["components"])
            elif obj["triangles"]:
                leaves.append(next(k for k, v in current.items() if v is obj))
        view = {"name": None, "extruder": 0, "parts": []}
        if oid in metadata:
            keys = metadata[oid]["keys"]
            view["name"] = keys.get("name")
            view["extruder"] = _int(keys.get("extruder"), 0)
            volumes = metadata[oid]["volumes"]
        else:
            obj = current[oid]
            view["name"] = obj["name"] or f"Object_{index + 1}"
            if obj["pid"] >= 0 and obj["pid"] in groups and groups[obj["pid"]]:
                pindex = obj["pindex"] if 0 <= obj["pindex"] < len(groups[obj["pid"]]) else 0
                view["extruder"] = extruder_of.get((obj["pid"], pindex), 0)
            volumes = [{"subobject_id": leaf, "keys": {}} for leaf in leaves]
        # _generate_volumes_new: one volume per mesh, its metadata found by position, else by id.
        for k, leaf in enumerate(leaves):
            data = volumes[k] if k < len(volumes) and volumes[k]["subobject_id"] == leaf else \
                next((v for v in volumes if v["subobject_id"] == leaf), {"keys": {}})
            obj = current[leaf]
            colours = obj["colours"]
            painted = {extruder_of.get(c, 0) for c in colours} if colours and len(colours) == obj["triangles"] else None
            view["parts"].append({"name": data["keys"].get("name") or None, "extruder": _int(data["keys"].get("extruder"), 0),
                                  "triangles": obj["triangles"], "painted": painted})
        # Unnamed volumes take the object's name; an object extruder of 0 becomes 1; a lone
        # volume's extruder is dropped in favour of the object's.
        for k, part in enumerate(view["parts"]):
            if not part["name"]:
                part["name"] = view["name"] + (f"_{k + 1}" if k else "")
        if view["extruder"] == 0:
            view["extruder"] = 1
        if len(view["parts"]) == 1:
            view["parts"][0]["extruder"] = 0
        for part in view["parts"]:
            part["filament"] = part["extruder"] or view["extruder"]
        objects.append(view)
    return objects


def model_parts(path):
    """Each object's parts as PrusaSlicer's config cuts them: {object name: [(part name, extruder,
    min z, max z)]}, from the file itself (the triangles of each volume range)."""
    with zipfile.ZipFile(path) as z:
        model = ET.fromstring(z.read("3D/3dmodel.model"))
        config = ET.fromstring(z.read("Metadata/Slic3r_PE_model.config"))
    ranges = {}
    for o in config.findall("object"):
        ranges[o.get("id")] = [(int(v.get("firstid")), int(v.get("lastid")),
                                {m.get("key"): m.get("value") for m in v.findall("metadata")}) for v in o.findall("volume")]
    out = {}
    for o in model.iter(CORE + "object"):
        mesh = o.find(CORE + "mesh")
        if mesh is None or o.get("id") not in ranges:
            continue
        z = [float(v.get("z")) for v in mesh.iter(CORE + "vertex")]
        tris = [(int(t.get("v1")), int(t.get("v2")), int(t.get("v3"))) for t in mesh.iter(CORE + "triangle")]
        parts = []
        for first, last, keys in ranges[o.get("id")]:
            zs = [z[i] for t in tris[first:last + 1] for i in t]
            parts.append((keys.get("name"), int(keys.get("extruder", "0")), min(zs), max(zs)))
        out[o.get("name")] = parts
    return out


def object_bounds(path):
    """{object name: ((min x, y, z), (max x, y, z))} of each mesh object, as written."""
    with zipfile.ZipFile(path) as z:
        model = ET.fromstring(z.read("3D/3dmodel.model"))
    out = {}
    for o in model.iter(CORE + "object"):
        vs = [(float(v.get("x")), float(v.get("y")), float(v.get("z"))) for v in o.iter(CORE + "vertex")]
        if vs:
            out[o.get("name")] = (tuple(min(c) for c in zip(*vs)), tuple(max(c) for c in zip(*vs)))
    return out


def prusa_view(path, tmp):
    """What PrusaSlicer itself makes of the file: {object name: [(volume name, extruder)]}, read from
    the project it writes back (`--export-3mf`)."""
    back = os.path.join(tmp, "prusa-back.3mf")
    run = subprocess.run(["prusa-slicer", "--export-3mf", "--output", back, path], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    if run.returncode != 0:
        return None
    with zipfile.ZipFile(back) as z:
        config = ET.fromstring(z.read("Metadata/Slic3r_PE_model.config"))
    view = {}
    for o in config.findall("object"):
        name = next((m.get("value") for m in o.findall("metadata") if m.get("key") == "name"), None)
        view[name] = [(next((m.get("value") for m in v.findall("metadata") if m.get("key") == "name"), None),
                       int(next((m.get("value") for m in v.findall("metadata") if m.get("key") == "extruder"), "0")))
                      for v in o.findall("volume")]
    return view


def gcode_tool_heights(gcode_path):
    """{tool: (lowest z, highest z)} of the extruding moves in a G-code file."""
    tool, z, heights = 0, 0.0, {}
    with open(gcode_path) as f:
        for line in f:
            if line.startswith("T") and line[1:].strip().isdigit():
                tool = int(line[1:])
            elif line.startswith("G1"):
                m = re.search(r" Z(-?[\d.]+)", line)
                if m:
                    z = float(m.group(1))
                if re.search(r" E[\d.]*[1-9]", line) and re.search(r" [XY]-?[\d.]", line):
                    lo, hi = heights.get(tool, (z, z))
                    heights[tool] = (min(lo, z), max(hi, z))
    return heights
