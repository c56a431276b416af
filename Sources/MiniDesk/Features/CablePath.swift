import Foundation
import Geometry

/// One position of the phone stand's charging plug: the rigid box from `tail` (where the cable
/// leaves the overmould) to `tip` (the end of the connector), the path's `width` along `across`
/// and its `thickness` across both. Millimetres, in the item's frame.
public struct PlugPose: Hashable, Sendable {
    public var tail: Vector3
    public var tip: Vector3
    /// Unit vector along the plug's width.
    public var across: Vector3
}

/// The phone stand's charging path. A USB-C plug, pushed in through the rear Ethernet opening, runs
/// down a straight rear leg to a corner under the phone's port, turns there and rises up a pocket
/// along the phone to the slot's floor, where it stays, plugged into the phone, while the phone
/// stands in the slot.
///
/// The path is planar: the rear leg and the pocket meet at `corner`, and the plane they span holds
/// the plug's thickness, while its width lies across the plane. The plug turns the corner as a chord
/// of the two legs: tail on the rear leg, tip in the pocket, `length` apart. The cut is the region
/// every such position sweeps, with `phone.plug.clearance` all round, in that plane; the pocket,
/// wide enough for the plug to roll from the plane's slant to square with the phone's port; and,
/// for printing, a roof over the rear leg and a flat-topped passage through the rear wall.
/// `poses` gives the positions, so a test can pass the plug through the finished solid.
public struct CablePath: Sendable {
    /// The plug's width and thickness, the larger of its overmould's and its connector's, in mm.
    public var width: Double, thickness: Double
    /// The rigid length: the overmould and the connector beyond it.
    public var length: Double
    /// The overmould's length alone: how deep the pocket under the phone's port is.
    public var overmould: Double
    public var clearance: Double
    /// Where the rear leg meets the pocket's axis, at the pocket's lower end.
    public var corner: Vector3
    /// Unit vector from `corner` towards the Ethernet opening.
    public var rear: Vector3
    /// Unit vector up the pocket, along the phone.
    public var up: Vector3
    /// Unit normal of the path's plane: the plug's width axis on the rear leg and round the corner.
    public var across: Vector3
    /// The middle of the slot's floor, where the phone's port sits.
    public var floor: Vector3
    /// Where the rear leg's axis meets the rear face: the Ethernet opening's centre.
    public var mouth: Vector3
    /// The phone's port runs along x; the plug squares up to it in the pocket.
    static let portAxis = Vector3.unitX

    init(_ p: ParameterSet, enclosure e: Enclosure, slot: PhoneSlot) {
        clearance = p.number("phone.plug.clearance")
        width = max(p.number("phone.plug.width"), p.number("phone.plug.connectorWidth"))
        thickness = max(p.number("phone.plug.thickness"), p.number("phone.plug.connectorThickness"))
        overmould = p.number("phone.plug.length")
        length = overmould + p.number("phone.plug.connectorLength")
        floor = slot.floorCenter
        up = slot.along
        corner = floor - up * (overmould + clearance)
        let ethernet = PortLayout(p).ethernet
        mouth = Vector3(e.width - ethernet.along, e.depth, ethernet.z)
        rear = (mouth - corner).normalized
        across = rear.cross(up).normalized
    }

    /// The unit vector in the path's plane, perpendicular to `rear`, on the pocket's side.
    var inPlane: Vector3 { across.cross(rear) }
    /// The angle at the corner between the rear leg and the pocket, in radians.
    var cornerAngle: Double { acos(max(-1, min(1, rear.dot(up)))) }
    /// The width and thickness of the cut, clearance included.
    var cutWidth: Double { width + 2 * clearance }
    var cutThickness: Double { thickness + 2 * clearance }
    /// The roll from the path's plane to square with the phone's port, about `up`, in radians.
    var roll: Double {
        let side = up.cross(Self.portAxis)
        return atan2(across.dot(side), across.dot(Self.portAxis))
    }

    /// The chord positions round the corner, for `alpha` from 0 (tip at the corner) to
    /// π - `cornerAngle` (tail at the corner): the tail `a` along the rear leg, the tip `b` up the
    /// pocket, with the chord `length` long (the law of sines in the triangle they make with the corner).
    func chord(_ alpha: Double) -> (a: Double, b: Double) {
        let theta = cornerAngle
        return (length * sin(.pi - theta - alpha) / sin(theta), length * sin(alpha) / sin(theta))
    }

    /// The plug's positions from outside the rear face to plugged into the phone: down the rear leg,
    /// round the corner, up the pocket and out of the slot, then, squared to the phone's port, down
    /// again into the pocket. About `step` millimetres (or 1°) apart; `offset` in 0..<1 shifts the
    /// samples, so that a test can check positions between the ones the cutter was built from.
    public func poses(step: Double = 0.5, offset: Double = 0) -> [PlugPose] {
        var poses = [PlugPose]()
        let rearLeg = (mouth - corner).length + 2
        var s = rearLeg - offset * step
        while s > 0 {
            poses.append(PlugPose(tail: corner + rear * (s + length), tip: corner + rear * s, across: across))
            s -= step
        }
        let turn = Double.pi - cornerAngle, n = Int((turn / (Double.pi / 180)).rounded(.up))
        for k in 0...n {
            let alpha = turn * min(1, (Double(k) + offset) / Double(n))
            let (a, b) = chord(alpha)
            poses.append(PlugPose(tail: corner + rear * a, tip: corner + up * b, across: across))
        }
        let rise = (floor - corner).length
        s = offset * step
        while s <= rise {
            poses.append(PlugPose(tail: corner + up * s, tip: corner + up * (s + length), across: across))
            s += step
        }
        let square = Self.portAxis
        s = rise - offset * step
        while s >= clearance {
            poses.append(PlugPose(tail: corner + up * s, tip: corner + up * (s + length), across: square))
            s -= step
        }
        poses.append(PlugPose(tail: floor - up * overmould, tip: floor + up * (length - overmould), across: square))
        return poses
    }

    /// The region the plug sweeps in the path's plane, clearance included, in coordinates along
    /// `rear` and `inPlane` from `corner`: the two legs, the corner they cut, and every chord
    /// position between them (each chord's box, seen from the corner, as far as any reaches in each
    /// direction, sampled every degree of direction and every quarter degree of the turn).
    func planeRegion() throws(GeometryError) -> Shape {
        let theta = cornerAngle, h = cutThickness / 2
        let u1 = Vector2(1, 0), u2 = Vector2(cos(theta), sin(theta))
        let n1 = Vector2(0, 1), n2 = Vector2(sin(theta), -cos(theta))  // into the corner's wedge
        let rearLeg = (mouth - corner).length + cutWidth + cutThickness
        let pocket = (floor - corner).length + 1
        func strip(_ u: Vector2, _ n: Vector2, _ reach: Double) -> Contour {
            Contour([n * -h, u * reach - n * h, u * reach + n * h, n * h]).counterClockwise
        }
        let cornerCut = Contour([.zero, n1 * -h, n2 * -h]).counterClockwise
        // The chord boxes' far sides (the inner halves; the outer ones lie in the legs).
        let turn = Double.pi - theta, chords = Int((turn / (Double.pi / 720)).rounded(.up))
        let far: [[(Vector2, Vector2)]] = (0...chords).map { k in
            let (a, b) = chord(turn * Double(k) / Double(chords))
            let tail = u1 * a, tip = u2 * b
            let d = (tip - tail).normalized
            let m = Vector2(d.y, -d.x)  // away from the corner
            return [(tail, tail + m * h), (tail + m * h, tip + m * h), (tip + m * h, tip)]
        }
        let rays = max(8, Int((theta / (Double.pi / 180)).rounded(.up)))
        var star = [Vector2.zero]
        for k in 0...rays {
            let phi = theta * Double(k) / Double(rays), ray = Vector2(cos(phi), sin(phi))
            var reach = 0.0
            for segments in far {
                for (p, q) in segments {
                    // ray * t = p + (q - p) * s, 0 <= s <= 1
                    let e = q - p, det = ray.x * -e.y + e.x * ray.y
                    guard abs(det) > 1e-12 else { continue }
                    let t = (p.x * -e.y + e.x * p.y) / det, s = (ray.x * p.y - ray.y * p.x) / det
                    if s >= -1e-9 && s <= 1 + 1e-9 { reach = max(reach, t) }
                }
            }
            // A hair beyond, so that the sampled outline holds the plug between samples too.
            star.append(ray * (reach + 0.05))
        }
        return try Shape(contours: [strip(u1, n1, rearLeg), strip(u2, n2, pocket), cornerCut, Contour(star).counterClockwise])
    }

    /// The pocket's cross-section across `up`: the plug's, clearance included, at every roll from
    /// square with the phone's port to the path's slant, in coordinates along x and `up × x`.
    func pocketSection() throws(GeometryError) -> Shape {
        let w = cutWidth / 2 + 0.05, t = cutThickness / 2 + 0.05
        let steps = max(1, Int((abs(roll) / (Double.pi / 60)).rounded(.up)))
        let boxes = (0...steps).map { k -> Contour in
            let a = roll * Double(k) / Double(steps), c = cos(a), s = sin(a)
            return Contour([Vector2(-w, -t), Vector2(w, -t), Vector2(w, t), Vector2(-w, t)].map { Vector2($0.x * c - $0.y * s, $0.x * s + $0.y * c) })
        }
        return try Shape(contours: boxes)
    }

    /// The solids to cut: the swept region in the path's plane, `cutWidth` across it; the pocket
    /// from the corner up into the slot; and, so that no ceiling inside slopes too gently to print
    /// without support, a house round the rear leg (upright walls, a roof at `roofSlope`), and a
    /// flat-topped passage through the rear wall, `rearWall` thick, to the Ethernet opening.
    func cutters(rearWall: Double) throws(GeometryError) -> [Solid] {
        let half = cutWidth / 2, region = try planeRegion()
        let plane = inPlane
        let sweep = Solid.extrusion(of: region, from: -half, to: half).transformed(by: Transform(
            row0: Vector3(rear.x, plane.x, across.x), row1: Vector3(rear.y, plane.y, across.y),
            row2: Vector3(rear.z, plane.z, across.z), translation: corner))
        let x = Self.portAxis, side = up.cross(x)
        let pocket = Solid.extrusion(of: try pocketSection(), from: 0, to: (floor - corner).length + 1).transformed(by: Transform(
            row0: Vector3(x.x, side.x, up.x), row1: Vector3(x.y, side.y, up.y), row2: Vector3(x.z, side.z, up.z), translation: corner))
        let reach = passage(rearWall: rearWall)
        let opening = Solid.box(
            size: Vector3(2 * reach.halfWidth, rearWall + 2 * Enclosure.overshoot, 2 * reach.halfHeight),
            center: Vector3(mouth.x, mouth.y - rearWall / 2, mouth.z))
        return [sweep, pocket, .mesh(try roofedBox(region, rearWall: rearWall)), opening]
    }

    /// How steep the roof over the rear leg rises, from horizontal: 55°, under which PrusaSlicer's
    /// automatic supports at 45° put nothing (measured). That is less than `printableSlope`, which
    /// an edge or a shallow pocket needs, and leaves more room for the emblem above the roof.
    static let roofSlope = 55 * Double.pi / 180

    /// The house over the rear leg. In plan a strip along the leg's direction, as wide as the cut
    /// with 0.3 mm to spare each side, from 0.5 mm behind the pocket's back face (where that face
    /// meets the eaves) and behind every point of `region` above the eaves, to `rearWall` inside
    /// the rear face. Upright walls from just above the cut's
    /// lowest point to the eaves (`roof(rearWall:)`), and a roof at
    /// `roofSlope` on both sides, so that the leg's ceiling needs no support, flat for the last
    /// `flatCeiling` mm before the rear wall. In front of it, the swept region rises towards the
    /// pocket at more than 45°.
    func roofedBox(_ region: Shape, rearWall: Double) throws(GeometryError) -> Mesh {
        let half = cutWidth / 2, h = cutThickness / 2, theta = cornerAngle
        let (end, eaves, plan, spread) = roof(rearWall: rearWall)
        let bottom = lowest + 0.25
        // Behind the pocket's back face at the eaves' height, and behind the last point where the
        // swept region reaches above the eaves (so that its ceiling and the roof meet in no valley).
        let n2 = rear * sin(theta) - inPlane * cos(theta)
        let pocketBack = [-half, half].map { w -> Double in
            let base = corner + n2 * h + across * w
            return base.y + up.y * (eaves - base.z) / up.z
        }.max()!
        var start = pocketBack
        for q in region.polygons.flatMap(\.outer.points) {
            for w in [-half, half] {
                let point: Vector3 = corner + rear * q.x + inPlane * q.y + across * w
                if point.z > eaves - 0.1 && point.y < end { start = max(start, point.y) }
            }
        }
        start += 0.5
        let along = Vector3(plan.x, plan.y, 0), side = Vector3(-plan.y, plan.x, 0)
        let length = (end - start) / plan.y, rise = spread * tan(Self.roofSlope)
        guard length > Self.flatCeiling + 1 else { throw .invalidParameter("the charging path's rear leg is too short for its roof") }
        let origin = Vector3(corner.x, corner.y, 0) + along * ((start - corner.y) / plan.y)
        func at(_ u: Double, _ v: Double, _ z: Double) -> Vector3 { origin + along * u + side * v + Vector3(0, 0, z) }
        let ridgeEnd = length - Self.flatCeiling
        let vertices = [
            at(0, -spread, bottom), at(length, -spread, bottom), at(length, spread, bottom), at(0, spread, bottom),
            at(0, -spread, eaves), at(length, -spread, eaves), at(length, spread, eaves), at(0, spread, eaves),
            at(0, 0, eaves + rise), at(ridgeEnd, 0, eaves + rise), at(ridgeEnd, -spread, eaves), at(ridgeEnd, spread, eaves),
        ]
        // Bottom, the two sides, the front wall (up to the ridge), the rear wall (up to the eaves),
        // the two roof faces, the gable's rear end and the flat ceiling behind it.
        let faces: [(UInt32, UInt32, UInt32)] = [
            (0, 3, 2), (0, 2, 1), (0, 1, 5), (0, 5, 10), (0, 10, 4), (2, 3, 7), (2, 7, 11), (2, 11, 6), (3, 0, 4), (3, 4, 8), (3, 8, 7),
            (1, 2, 6), (1, 6, 5), (4, 10, 9), (4, 9, 8), (11, 7, 8), (11, 8, 9), (10, 11, 9), (10, 5, 6), (10, 6, 11),
        ]
        return Mesh(vertices: vertices, triangles: faces.map { Mesh.Triangle($0.0, $0.1, $0.2) })
    }

    /// How far in front of the rear wall the house's ceiling stays flat at the eaves, so that with
    /// the passage's it makes one flat ceiling that the slicer bridges: over the passage alone, a
    /// lintel the rear wall deep, PrusaSlicer puts support (measured).
    static let flatCeiling = 3.0

    /// The roof over the rear leg: where it ends (`rearWall` inside the rear face, in y), its
    /// eaves' height (0.2 mm over the leg's top there, or level with the passage's ceiling if that
    /// is higher), its direction in plan and its half width (the cut's, with 0.3 mm to spare).
    func roof(rearWall: Double) -> (end: Double, eaves: Double, plan: Vector2, spread: Double) {
        let half = cutWidth / 2, h = cutThickness / 2, end = mouth.y - rearWall
        let legTop = [-half, half].map { w -> Double in
            let top = corner + inPlane * h + across * w
            return top.z + rear.z * (end - top.y) / rear.y
        }.max()!
        // Level with the passage's ceiling, so that the two make one flat ceiling.
        let eaves = max(legTop + 0.2, mouth.z + passage(rearWall: rearWall).halfHeight)
        let plan = Vector2(rear.x, rear.y).normalized, side = Vector2(-plan.y, plan.x)
        let spread = half * abs(across.x * side.x + across.y * side.y) + h * abs(inPlane.x * side.x + inPlane.y * side.y) + 0.3
        return (end, eaves, plan, spread)
    }

    /// The top of the roof over the rear leg, in z.
    func roofTop(rearWall: Double) -> Double {
        let r = roof(rearWall: rearWall)
        return r.eaves + r.spread * tan(Self.roofSlope)
    }

    /// Half the width and height, about the mouth's centre, of the passage through the rear wall:
    /// the rear leg's cut from the rear face to `rearWall` inside it, with 0.5 mm on each end.
    func passage(rearWall: Double) -> (halfWidth: Double, halfHeight: Double) {
        var hw = 0.0, hh = 0.0
        for w in [-cutWidth / 2, cutWidth / 2] {
            for t in [-cutThickness / 2, cutThickness / 2] {
                let line = corner + across * w + inPlane * t
                for y in [mouth.y + 0.5, mouth.y - rearWall - 0.5] {
                    let q = line + rear * ((y - line.y) / rear.y)
                    hw = max(hw, abs(q.x - mouth.x))
                    hh = max(hh, abs(q.z - mouth.z))
                }
            }
        }
        return (hw, hh)
    }

    /// The lowest point of the cut, in z.
    var lowest: Double {
        let h = cutThickness / 2, theta = cornerAngle
        let n2 = rear * sin(theta) - inPlane * cos(theta)
        let far = rear * ((mouth - corner).length + cutWidth + cutThickness)
        return [inPlane * -h, n2 * -h, far - inPlane * h].map { (corner + $0).z - abs(across.z) * cutWidth / 2 }.min()!
    }
}
