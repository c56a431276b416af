import Foundation

extension Mesh {
    /// `profile` swept along the polyline `path`. Every corner of the path is replaced by a circular bend
    /// of `bendRadius` mm (mitre-free, so a cable passes), and the profile is carried along by a
    /// rotation-minimising frame: the profile's x axis starts perpendicular to the first segment, as
    /// close to +Z as possible (or +X when the path starts vertical). The ends are capped.
    ///
    /// Rules: at least two points, no zero-length segment, no U-turn; `bendRadius` larger than the
    /// profile's largest distance from its origin; consecutive bends fit on the segment between them.
    public static func sweep(of profile: Shape, along path: [Vector3], bendRadius: Double, resolution: Resolution = .normal) throws(GeometryError) -> Mesh {
        guard path.count >= 2 else { throw .invalidParameter("sweep path needs at least 2 points, got \(path.count)") }
        guard !profile.isEmpty else { throw .invalidShape("sweep of an empty profile") }
        for (i, p) in path.enumerated() where !p.isFinite { throw .invalidParameter("sweep path point \(i) is not finite: \(p)") }
        let reach = profile.polygons.flatMap(\.allPoints).map(\.length).max() ?? 0
        let centerline = try roundedPath(path, bendRadius: bendRadius, reach: reach, resolution: resolution)

        // Tangent at each station: the mean of the neighbouring segment directions.
        let m = centerline.count
        let tangents: [Vector3] = (0..<m).map { i in
            let incoming = i > 0 ? (centerline[i] - centerline[i - 1]).normalized : .zero
            let outgoing = i < m - 1 ? (centerline[i + 1] - centerline[i]).normalized : .zero
            return (incoming + outgoing).normalized
        }
        // Rotation-minimising frames by parallel transport.
        var normal = startNormal(for: tangents[0])
        var frames = [(normal: Vector3, binormal: Vector3)]()
        for i in 0..<m {
            if i > 0 { normal = transport(normal, from: tangents[i - 1], to: tangents[i]) }
            normal = (normal - tangents[i] * normal.dot(tangents[i])).normalized
            frames.append((normal, tangents[i].cross(normal)))
        }

        var b = MeshBuilder()
        for polygon in profile.polygons {
            let loops = [polygon.outer] + polygon.holes
            var firstIds = [UInt32](), lastIds = [UInt32]()
            for loop in loops {
                var previous: [UInt32]? = nil
                for i in 0..<m {
                    let (nrm, bin) = frames[i]
                    let ring = loop.points.map { b.add(centerline[i] + nrm * $0.x + bin * $0.y) }
                    if let prev = previous { b.stitch(prev, ring) } else { firstIds += ring }
                    if i == m - 1 { lastIds += ring }
                    previous = ring
                }
            }
            try b.cap(polygon, ids: lastIds, up: true)
            try b.cap(polygon, ids: firstIds, up: false)
        }
        return b.mesh
    }

    /// The path with each corner replaced by an arc of `bendRadius`.
    private static func roundedPath(_ path: [Vector3], bendRadius: Double, reach: Double, resolution: Resolution) throws(GeometryError) -> [Vector3] {
        var dirs = [Vector3](), lengths = [Double]()
        for i in 0..<(path.count - 1) {
            let d = path[i + 1] - path[i]
            guard d.length > 0 else { throw .invalidParameter("sweep path segment \(i) has zero length") }
            dirs.append(d.normalized)
            lengths.append(d.length)
        }
        var turns = [Double](repeating: 0, count: path.count)
        var tangentLengths = [Double](repeating: 0, count: path.count)
        for i in 1..<(path.count - 1) {
            let turn = acos(min(1, max(-1, dirs[i - 1].dot(dirs[i]))))
            guard turn < Double.pi * 0.999 else { throw .invalidParameter("sweep path turns back on itself at point \(i)") }
            if turn > 1e-9 {
                guard bendRadius.isFinite, bendRadius > reach else {
                    throw .invalidParameter("sweep bendRadius must be > the profile's reach (\(reach)) so the bend does not fold, got \(bendRadius)")
                }
            }
            turns[i] = turn
            tangentLengths[i] = turn > 1e-9 ? bendRadius * tan(turn / 2) : 0
        }
        for i in 0..<(path.count - 1) where tangentLengths[i] + tangentLengths[i + 1] > lengths[i] * (1 + 1e-12) {
            throw .invalidParameter(
                "sweep path segment \(i) is \(lengths[i]) mm long, too short for bends of radius \(bendRadius) at both ends (needs \(tangentLengths[i] + tangentLengths[i + 1]) mm)")
        }
        var out = [path[0]]
        for i in 1..<(path.count - 1) {
            guard turns[i] > 1e-9 else { out.append(path[i]); continue }
            let dIn = dirs[i - 1], dOut = dirs[i]
            let start = path[i] - dIn * tangentLengths[i]
            let toCenter = (dOut - dIn * dOut.dot(dIn)).normalized
            let center = start + toCenter * bendRadius
            let axis = dIn.cross(dOut).normalized
            let k = resolution.segments(radius: bendRadius + reach, angle: turns[i])
            for j in 0...k {
                let r = Transform.rotation(axis: axis, angle: turns[i] * Double(j) / Double(k))
                let p = center + r.applyLinear(start - center)
                if out.last.map({ $0.distance(to: p) > 1e-9 }) ?? true { out.append(p) }
            }
        }
        if out.last.map({ $0.distance(to: path[path.count - 1]) > 1e-9 }) ?? true { out.append(path[path.count - 1]) }
        return out
    }

    private static func startNormal(for t: Vector3) -> Vector3 {
        let up = abs(t.z) > 0.999 ? Vector3.unitX : Vector3.unitZ
        return (up - t * up.dot(t)).normalized
    }

    /// `v` rotated by the smallest rotation that takes direction `a` to `b`.
    private static func transport(_ v: Vector3, from a: Vector3, to b: Vector3) -> Vector3 {
        let axis = a.cross(b)
        let s = axis.length
        guard s > 1e-15 else { return v }
        return Transform.rotation(axis: axis, angle: atan2(s, a.dot(b))).applyLinear(v)
    }
}
