"""The bridges of a print: every ceiling that the printer must lay over air, and how far it spans.

A bridge is a connected region of horizontal faces looking down, above the bed. An edge of it is
anchored where the solid goes on down from it (a wall under the edge); elsewhere (where the air
below goes on up past the edge) it is free. The span at a point of the region is twice its distance
to the nearest anchored edge, so a strip held along both long sides spans its width, one held only
at its ends spans its length, and a region with no anchored edge spans without end. The bridge's
span is the largest over its points, found on a grid of `CELL` mm (within a cell or two).
"""
import numpy as np

CELL = 0.2  # mm


def regions(mesh, bed=0.05):
    """(z, face indices) of every bridge in a trimesh mesh whose print rests on z = its lowest point."""
    low = mesh.bounds[0][2]
    down = np.where((mesh.face_normals[:, 2] < -0.9999) & (mesh.triangles[:, :, 2].min(axis=1) > low + bed))[0]
    if len(down) == 0:
        return []
    parent = {f: f for f in down.tolist()}

    def root(f):
        while parent[f] != f:
            parent[f] = parent[parent[f]]
            f = parent[f]
        return f
    for a, b in mesh.face_adjacency:
        if a in parent and b in parent:
            parent[root(a)] = root(b)
    groups = {}
    for f in parent:
        groups.setdefault(root(f), []).append(f)
    return [(float(mesh.triangles[g[0], 0, 2]), np.array(sorted(g))) for g in groups.values()]


def span(mesh, faces):
    """The largest span, in mm, of the bridge made of `faces` (inf when nothing anchors it)."""
    tri = mesh.triangles[faces][:, :, :2]
    lo, hi = tri.reshape(-1, 2).min(axis=0) - 2 * CELL, tri.reshape(-1, 2).max(axis=0) + 2 * CELL
    shape = np.ceil((hi - lo) / CELL).astype(int) + 1
    inside = np.zeros(shape, bool)
    for t in tri:
        a, b, c = t
        i0, j0 = np.floor((t.min(axis=0) - lo) / CELL).astype(int)
        i1, j1 = np.ceil((t.max(axis=0) - lo) / CELL).astype(int)
        xs = lo[0] + (np.arange(i0, i1 + 1) + 0.5) * CELL
        ys = lo[1] + (np.arange(j0, j1 + 1) + 0.5) * CELL
        px, py = np.meshgrid(xs, ys, indexing="ij")
        d = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
        if abs(d) < 1e-12:
            continue
        l1 = ((b[1] - c[1]) * (px - c[0]) + (c[0] - b[0]) * (py - c[1])) / d
        l2 = ((c[1] - a[1]) * (px - c[0]) + (a[0] - c[0]) * (py - c[1])) / d
        hit = (l1 >= -1e-9) & (l2 >= -1e-9) & (1 - l1 - l2 >= -1e-9)
        inside[i0:i1 + 1, j0:j1 + 1] |= hit

    # The region's boundary edges, and whether the solid goes down from each.
    chosen = set(faces.tolist())
    edge_faces = {}
    for f, edge in zip(mesh.edges_face, mesh.edges_sorted):
        edge_faces.setdefault(tuple(edge), []).append(f)
    z = mesh.vertices[mesh.faces[faces[0]][0]][2]
    anchor = np.zeros(shape, bool)
    for f in faces:
        v = mesh.faces[f]
        for k in range(3):
            edge = tuple(sorted((v[k], v[(k + 1) % 3])))
            others = [g for g in edge_faces.get(edge, []) if g not in chosen]
            if not others:
                continue
            g = others[0]
            third = [u for u in mesh.faces[g] if u not in edge]
            if not third or mesh.vertices[third[0]][2] >= z - 1e-3:
                continue  # the air goes on up past this edge: free
            p, q = mesh.vertices[edge[0]][:2], mesh.vertices[edge[1]][:2]
            n = max(2, int(np.linalg.norm(q - p) / (CELL / 2)) + 1)
            for s in np.linspace(0, 1, n):
                i, j = np.floor((p + (q - p) * s - lo) / CELL).astype(int)
                anchor[max(i - 1, 0):i + 2, max(j - 1, 0):j + 2] = True
    if not anchor.any():
        return float("inf")

    # Distance from the anchors over the region, by growing them a cell at a time (alternating the
    # 4- and 8-neighbourhoods, within 8% of the straight-line distance).
    reach = anchor.copy()
    steps, todo = 0, inside & ~reach
    while todo.any():
        grown = reach.copy()
        grown[1:, :] |= reach[:-1, :]
        grown[:-1, :] |= reach[1:, :]
        grown[:, 1:] |= reach[:, :-1]
        grown[:, :-1] |= reach[:, 1:]
        if steps % 2:
            grown[1:, 1:] |= reach[:-1, :-1]
            grown[:-1, :-1] |= reach[1:, 1:]
            grown[1:, :-1] |= reach[:-1, 1:]
            grown[:-1, 1:] |= reach[1:, :-1]
        grown &= inside | anchor
        if (grown == reach).all():
            return float("inf")  # part of the region no anchor reaches
        reach, steps = grown, steps + 1
        todo = inside & ~reach
    # Octagonal steps are 1 to 1.08 cells long on average; take the longer, so the span is not under-read.
    return 2 * steps * CELL * 1.08


def largest(path):
    """The largest bridge of the print in `path`: (span in mm, its height, its plan centre), or None."""
    import trimesh
    mesh = trimesh.load(path, force="mesh")
    best = None
    for z, faces in regions(mesh):
        s = span(mesh, faces)
        if best is None or s > best[0]:
            centre = mesh.triangles[faces][:, :, :2].reshape(-1, 2).mean(axis=0)
            best = (s, float(z - mesh.bounds[0][2]), (round(float(centre[0]), 1), round(float(centre[1]), 1)))
    return best


def known_spans(folder):
    """(what, measured, true span) for shapes whose bridges are known, built with manifold3d in
    `folder`: the measure's own oracle."""
    import manifold3d as m3
    import trimesh

    def box(x0, y0, z0, x1, y1, z1):
        return m3.Manifold.cube((x1 - x0, y1 - y0, z1 - z0)).translate((x0, y0, z0))
    shapes = [
        ("a closed 30 x 20 mm cavity", box(0, 0, 0, 50, 40, 20) - box(10, 10, 5, 40, 30, 15), 20),
        ("a tunnel 30 mm wide, open at both ends", box(0, 0, 0, 50, 50, 20) - box(10, -1, 5, 40, 51, 15), 30),
        ("a beam 40 mm long between two posts", box(0, 0, 0, 5, 4, 20) + box(45, 0, 0, 50, 4, 20) + box(0, 0, 15, 50, 4, 20), 40),
        ("a ledge 25 mm out from a wall (held on one side: twice its reach)", box(0, 0, 0, 5, 50, 20) + box(0, 0, 15, 30, 50, 20), 50),
    ]
    results = []
    for i, (what, solid, truth) in enumerate(shapes):
        mesh = solid.to_mesh()
        path = f"{folder}/bridge-{i}.stl"
        trimesh.Trimesh(vertices=mesh.vert_properties[:, :3], faces=mesh.tri_verts).export(path)
        results.append((what, largest(path)[0], truth))
    return results
