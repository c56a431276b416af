import Foundation
import Geometry
import Synchronization

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
/// for printing, a gable over all of it (`gable`), a short room at the rear wall (`house`) and a
/// flat-topped opening through the wall (`opening`).
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
    /// The Ethernet port's width and height, in mm.
    public var portSize: Vector2
    /// The slot's back face: its unit normal out of the slot, and its distance from `floor`.
    public var slotBack: Vector3, slotHalfWidth: Double
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
        portSize = Vector2(p.number("ports.ethernet.width"), p.number("ports.ethernet.height"))
        slotBack = slot.back
        slotHalfWidth = slot.width / 2
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
    func chord(_ alpha: Double) -> (a: Double, b: Double) { Self.chord(alpha, angle: cornerAngle, length: length) }

    /// `chord` for a corner of `angle` (radians) and a plug `length` long.
    static func chord(_ alpha: Double, angle theta: Double, length: Double) -> (a: Double, b: Double) {
        (length * sin(.pi - theta - alpha) / sin(theta), length * sin(alpha) / sin(theta))
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
    /// `legInset` narrows the leg up to the pocket by that much on each side (in mm). Remembered for
    /// the last few: the phone stand's rules ask for it thousands of times while an item's
    /// effective ranges vary the other parameters.
    func planeRegion(legInset: Double = 0) throws(GeometryError) -> Shape {
        let sweep = Sweep(angle: cornerAngle, thickness: cutThickness, length: length,
                          rearLeg: (mouth - corner).length + cutWidth + cutThickness, pocket: (floor - corner).length + 1, legInset: legInset)
        if let known = Self.regions.withLock({ $0[sweep] }) { return known }
        let region = try sweep.region()
        Self.regions.withLock { regions in
            if regions.count >= 64 { regions.removeAll() }
            regions[sweep] = region
        }
        return region
    }

    private static let regions = Mutex([Sweep: Shape]())

    /// All that the swept region depends on, so the key it is remembered by: the corner's angle
    /// (radians), the cut's thickness, the plug's length, how far the rear leg and the pocket reach
    /// from the corner, and the inset (mm).
    private struct Sweep: Hashable {
        let angle: Double, thickness: Double, length: Double, rearLeg: Double, pocket: Double, legInset: Double

        func region() throws(GeometryError) -> Shape {
            let theta = angle, h = thickness / 2
            let u1 = Vector2(1, 0), u2 = Vector2(cos(theta), sin(theta))
            let n1 = Vector2(0, 1), n2 = Vector2(sin(theta), -cos(theta))  // into the corner's wedge
            func strip(_ u: Vector2, _ n: Vector2, _ reach: Double, _ h: Double) -> Contour {
                Contour([n * -h, u * reach - n * h, u * reach + n * h, n * h]).counterClockwise
            }
            let cornerCut = Contour([.zero, n1 * -h, n2 * -(h - legInset)]).counterClockwise
            // The chord boxes' far sides (the inner halves; the outer ones lie in the legs).
            let turn = Double.pi - theta, chords = Int((turn / (Double.pi / 720)).rounded(.up))
            var far = [(Vector2, Vector2)]()
            far.reserveCapacity(3 * (chords + 1))
            for k in 0...chords {
                let (a, b) = CablePath.chord(turn * Double(k) / Double(chords), angle: theta, length: length)
                let tail = u1 * a, tip = u2 * b
                let d = (tip - tail).normalized
                let m = Vector2(d.y, -d.x)  // away from the corner
                far += [(tail, tail + m * h), (tail + m * h, tip + m * h), (tip + m * h, tip)]
            }
            let rays = max(8, Int((theta / (Double.pi / 180)).rounded(.up)))
            let directions = (0...rays).map { k in
                let phi = theta * Double(k) / Double(rays)
                return Vector2(cos(phi), sin(phi))
            }
            // How far each ray reaches: each segment is met only by the rays between the directions
            // of its ends (seen from the corner), give or take one; one that spans half a turn or
            // more is tried against every ray.
            var reach = [Double](repeating: 0, count: rays + 1)
            for (p, q) in far {
                let (a, b) = (atan2(p.y, p.x), atan2(q.y, q.x))
                var range = 0...rays
                if abs(a - b) < .pi {
                    let first = Int((min(a, b) / theta * Double(rays)).rounded(.down)) - 1
                    let last = Int((max(a, b) / theta * Double(rays)).rounded(.up)) + 1
                    guard first <= rays && last >= 0 else { continue }
                    range = max(0, first)...min(rays, last)
                }
                for k in range {
                    // ray * t = p + (q - p) * s, 0 <= s <= 1
                    let ray = directions[k], e = q - p, det = ray.x * -e.y + e.x * ray.y
                    guard abs(det) > 1e-12 else { continue }
                    let t = (p.x * -e.y + e.x * p.y) / det, s = (ray.x * p.y - ray.y * p.x) / det
                    if s >= -1e-9 && s <= 1 + 1e-9 { reach[k] = max(reach[k], t) }
                }
            }
            // A hair beyond, so that the sampled outline holds the plug between samples too.
            let star = [Vector2.zero] + (0...rays).map { directions[$0] * (reach[$0] + 0.05) }
            return try Shape(contours: [strip(u1, n1, rearLeg, h), strip(u2, n2, pocket, h - legInset), cornerCut, Contour(star).counterClockwise])
        }
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

    /// The solids to cut: the swept region in the path's plane, `cutWidth` across it, under a
    /// `gable`; the pocket from the corner up into the slot; the `house` at the rear wall; and the
    /// flat-topped `opening` through the rear wall, `rearWall` thick, where the Ethernet port is.
    /// `clearance` is the gap the port's inlay pocket is grown by (in separate mode).
    func cutters(rearWall: Double, clearance: Double) throws(GeometryError) -> [Solid] {
        let half = cutWidth / 2, region = try planeRegion()
        let sweep = Solid.extrusion(of: region, from: -half, to: half).transformed(by: planeFrame(lateral: across, origin: corner))
        let x = Self.portAxis, side = up.cross(x)
        let pocket = Solid.extrusion(of: try pocketSection(), from: 0, to: (floor - corner).length + 1).transformed(by: Transform(
            row0: Vector3(x.x, side.x, up.x), row1: Vector3(x.y, side.y, up.y), row2: Vector3(x.z, side.z, up.z), translation: corner))
        let reach = opening(rearWall: rearWall, clearance: clearance)
        let through = Solid.box(
            size: Vector3(2 * reach.halfWidth, rearWall + 2 * Enclosure.overshoot, reach.below + reach.above),
            center: Vector3(mouth.x, mouth.y - rearWall / 2, mouth.z + (reach.above - reach.below) / 2))
        return [sweep, try gable(rearWall: rearWall), pocket, .mesh(house(rearWall: rearWall, clearance: clearance).mesh), through]
    }

    /// Half the width of the opening through the rear wall, and how far it reaches below and above
    /// the mouth's centre: the `passage`, or the Ethernet port's outline where that is larger,
    /// grown by `clearance` at the sides and the top, so that the port's pocket lies inside the
    /// opening and the opening's ceiling is one plane (a pocket's rounded corners a little above
    /// it left edges that PrusaSlicer supported). Not at the bottom, so that the port's inlay
    /// under the mouth (the latch slot's floor) is the same in every mode.
    func opening(rearWall: Double, clearance: Double) -> (halfWidth: Double, below: Double, above: Double) {
        let reach = passage(rearWall: rearWall)
        let halfHeight = max(reach.halfHeight, portSize.y / 2)
        return (max(reach.halfWidth, portSize.x / 2 + clearance), halfHeight, halfHeight + clearance)
    }

    /// The map from the path's plane (x along `rear`, y along `inPlane`) and a third coordinate
    /// along `lateral` to the item's frame.
    func planeFrame(lateral: Vector3, origin: Vector3) -> Transform {
        Transform(row0: Vector3(rear.x, inPlane.x, lateral.x), row1: Vector3(rear.y, inPlane.y, lateral.y),
                  row2: Vector3(rear.z, inPlane.z, lateral.z), translation: origin)
    }

    /// How steep the roofs over the path rise, from horizontal: 55°, under which PrusaSlicer's
    /// automatic supports at 45° put nothing (measured). That is less than `printableSlope`, which
    /// an edge or a shallow pocket needs, and leaves more room for the emblem above the roofs.
    static let roofSlope = 55 * Double.pi / 180

    /// How much narrower the gable's leg is than the region's on each side, in mm. Where the leg
    /// stands upright (a phone at 90°), raising it along `planeUp` moves its sides within their
    /// own planes, and raised copies of the region's sides would lie within rounding of them.
    static let gableLegInset = 0.025

    /// Straight up, projected into the path's plane (a unit vector in the item's frame).
    var planeUp: Vector3 { (Vector3.unitZ - across * across.z).normalized }

    /// How far the gable over the swept region rises along `planeUp` for each millimetre across,
    /// so that both its roof faces rise at `roofSlope` or more, although `across` is not level.
    var gableRise: Double {
        func slope(_ k: Double, _ sign: Double) -> Double {
            let v = across * sign + planeUp * k
            return atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot())
        }
        var low = 0.0, high = 20.0
        for _ in 0..<60 {
            let k = (low + high) / 2
            if min(slope(k, 1), slope(k, -1)) >= Self.roofSlope { high = k } else { low = k }
        }
        return high
    }

    /// The gable over the swept region: every ceiling of the extruded region raised, in the
    /// middle of its width, by `gableRise` times half the width along `planeUp`, and by nothing
    /// at its sides; the region plus the triangle of that roof, as a Minkowski sum.
    ///
    /// The region's own ceiling is flat across the path: where it falls towards the rear leg it
    /// flattens to the leg's slope, and where it meets a wall it hangs as a level edge, and both
    /// need support. Under a gable every ceiling slopes across at `roofSlope` or more, whatever
    /// its slope along the path, and every edge where it meets a wall falls sideways.
    ///
    /// Built from gabled prisms, each the region's ceiling band (every upward `ceiling` edge swept
    /// down by `cutThickness`, no deeper than the leg is thick) extruded across and raised along
    /// `planeUp` by j/n of the roof: most in the middle, nothing at the sides. A point of the roof
    /// a height s over the ceiling lies in the step whose rise is between s and s plus the band's
    /// depth, and n = ⌈rise / depth⌉ makes one of them fit. The region is raised with its band
    /// (raising the band alone left its front end hanging), but nothing raised may come further
    /// forward than the pocket itself reaches (0.025 mm short: the pocket, unrolled, stands 0.05 mm
    /// in front of the region's leg, and halfway between no face is nearly coplanar with either):
    /// raised, the pocket's front face would cut into the top in front of the slot.
    /// Each step stops 0.05 mm times j short of the sides (there the region's own prism is the
    /// ceiling), so that no two of their end faces are coplanar, and its leg is `gableLegInset`
    /// narrower on each side than the region's. The whole stops at the rear wall's inside face,
    /// where the house and the opening take over.
    func gable(rearWall: Double) throws(GeometryError) -> Solid {
        let half = cutWidth / 2, k = gableRise, rise = k * half, depth = cutThickness
        let up2 = Vector2(planeUp.dot(rear), planeUp.dot(inPlane))
        let region = try planeRegion(legInset: Self.gableLegInset)
        let band = try Shape(contours: region.polygons.flatMap { [$0.outer] + $0.holes }
            + ceiling(region, legInset: Self.gableLegInset).map { a, b in Contour([a, b, b - up2 * depth, a - up2 * depth]).counterClockwise })
        let steps = max(1, Int((rise / depth).rounded(.up)))
        var prisms = [Solid]()
        for j in 1...steps {
            let share = Double(j) / Double(steps), side = half - 0.05 * Double(j)
            let prism = try Mesh.extrusion(of: band, levels: [-side, 0, side])
            prisms.append(.mesh(Mesh(vertices: prism.vertices.map { v in
                corner + rear * v.x + inPlane * v.y + across * v.z + planeUp * (share * k * (half - abs(v.z)))
            }, triangles: prism.triangles)))
        }
        let big = 4 * (cutWidth + cutThickness + (mouth - corner).length + (floor - corner).length)
        // Up to 0.1 mm short of the rear wall's inside face, inside the house (whose end is that
        // face: two faces there would be nearly, not exactly, coplanar).
        let inside = Solid.box(size: Vector3(big, big, big), center: Vector3(corner.x, mouth.y - rearWall - 0.1 - big / 2, corner.z))
        // No further forward than the pocket reaches (its outline at every roll, 0.025 mm short):
        // in the frame of the pocket (up it, across it towards the leg, across the path), the
        // half-space from there on.
        let n2 = rear * sin(cornerAngle) - inPlane * cos(cornerAngle), x = Self.portAxis, side = up.cross(x)
        let forward = try pocketSection().polygons.flatMap(\.outer.points).map { q in -(x * q.x + side * q.y).dot(n2) }.max()!
        let behindPocketFront = Solid.box(size: Vector3(big, big, big), center: Vector3(0, big / 2 - forward + 0.025, 0))
            .transformed(by: Transform(row0: Vector3(up.x, n2.x, across.x), row1: Vector3(up.y, n2.y, across.y), row2: Vector3(up.z, n2.z, across.z), translation: corner))
        return Solid.intersection([Solid.union(prisms), inside, behindPocketFront])
    }

    /// The edges of the region's outline that the gable raises: those that face up (along
    /// `planeUp`; one along it, as an upright leg's sides, is a wall however its ends round), but
    /// not the pocket's front face (steep, and under the phone) nor what lies in the slot, unless
    /// `everyUpward` (the gable raises the whole region, so its top is over every one). In the
    /// path's plane, for the region made with `legInset`.
    func ceiling(_ region: Shape, legInset: Double = 0, everyUpward: Bool = false) -> [(Vector2, Vector2)] {
        let up2 = Vector2(planeUp.dot(rear), planeUp.dot(inPlane))
        let n2 = Vector2(sin(cornerAngle), -cos(cornerAngle)), h = cutThickness / 2 - legInset
        let onPocketFront = { (q: Vector2) in abs(q.dot(n2) + h) < 1e-6 }
        let inSlot = { (q: Vector2) in (self.corner + self.rear * q.x + self.inPlane * q.y - self.floor).dot(self.up) > -0.5 }
        var edges = [(Vector2, Vector2)]()
        for polygon in region.polygons {
            let points = polygon.outer.points, turn: Double = polygon.outer.signedArea > 0 ? 1 : -1
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count], d = (b - a) * turn
                guard Vector2(d.y, -d.x).dot(up2) > 1e-9 * d.length else { continue }
                guard everyUpward || (!(onPocketFront(a) && onPocketFront(b)) && !(inSlot(a) && inSlot(b))) else { continue }
                edges.append((a, b))
            }
        }
        return edges
    }

    /// The highest lines of the cut, which the top must cover (in mm, in the item's frame): every
    /// piece of the gable's ridge outside the slot's lip (`lipDepth`), and the house roof's
    /// edges, for the opening grown by `clearance` (pass `fit.clearance` for the separate mode's,
    /// the larger). Each is straight, so its highest point over any region is at an end of what
    /// lies in it.
    public func roofTops(rearWall: Double, clearance: Double) throws(GeometryError) -> [(Vector3, Vector3)] {
        let end = mouth.y - rearWall, lift = planeUp * (gableRise * cutWidth / 2)
        func interval(_ fp: Double, _ fq: Double) -> (Double, Double)? {  // where f(p + (q - p) t) <= 0
            if fp <= 0 && fq <= 0 { return (0, 1) }
            if fp > 0 && fq > 0 { return nil }
            let t = fp / (fp - fq)
            return fp > 0 ? (t, 1) : (0, t)
        }
        // Every raised upward edge (the gable raises the whole region), up to the rear wall's
        // inside face and outside the lip.
        let edges = ceiling(try planeRegion(legInset: Self.gableLegInset), legInset: Self.gableLegInset, everyUpward: true)
        var tops = [(Vector3, Vector3)]()
        for (a, b) in edges {
            let p = corner + rear * a.x + inPlane * a.y + lift, q = corner + rear * b.x + inPlane * b.y + lift
            guard let kept = interval(p.y - end, q.y - end) else { continue }
            var pieces = [kept]
            // The lip: above the floor, and less than `lipDepth` behind its centre.
            if let above = interval(-(p - floor).dot(up), -(q - floor).dot(up)),
               let inFront = interval((p - floor).dot(slotBack) - lipDepth, (q - floor).dot(slotBack) - lipDepth),
               max(above.0, inFront.0) < min(above.1, inFront.1) {
                let lip = (max(above.0, inFront.0), min(above.1, inFront.1))
                pieces = [(kept.0, min(kept.1, lip.0)), (max(kept.0, lip.1), kept.1)].filter { $0.0 < $0.1 }
            }
            tops += pieces.map { (p + (q - p) * $0.0, p + (q - p) * $0.1) }
        }
        // The house roof's four edges (no emblem fits inside a roof 4 mm deep without crossing one).
        let roof = house(rearWall: rearWall, clearance: clearance).mesh.vertices[4...7].map { $0 }
        tops += zip(roof, roof.dropFirst() + roof.prefix(1)).map { ($0, $1) }
        return tops
    }

    /// The slot's lip: what lies above the slot's floor and less than `lipDepth` behind its
    /// centre (the slot's back face and 4.5 mm beyond, in mm). Round the bend the swept region
    /// reaches behind the slot's back face, and the gable raised there comes up through the top
    /// behind the phone as a notch in the slot's rear edge, a V in plan under the ridge: 0.5 mm
    /// deep at the defaults, 2.2 mm with a 10 mm slot (the slim-phone example). Behind the notch
    /// the top thickens at the ridge's slope, to 1.5 mm about 1.2 mm further back, so the lip
    /// holds a notch up to about 3 mm deep and its rim. (Keeping the gable out of the lip, or
    /// flattening it under the top, put 1.0 to 1.6 g of support under the bend: measured.)
    var lipDepth: Double { slotHalfWidth + 4.5 }

    /// The house at the rear wall: a short room with upright walls and a roof that rises at
    /// `roofSlope` towards the rear wall, `porch` mm long at its shorter side, ending in the rear
    /// wall's inside face, where the `opening`'s flat ceiling runs out through the wall. Its walls
    /// stand 0.3 mm outside the leg and the opening, and its roof meets the wall `porchHeadroom`
    /// above the opening's ceiling (or 0.2 mm above the leg's top, if that is higher), so that the
    /// opening's ceiling ends on a wider, taller roof: where the two were as wide, as high, or met
    /// at an angle, PrusaSlicer put support under the opening's ceiling (measured). The roof
    /// slopes along the house rather than across it (a gable across its width, which the oblique
    /// leg makes about 18 mm, stood 12 mm over its eaves); the gabled leg runs through it to the
    /// wall, and PrusaSlicer supports nothing where the two roofs meet (measured).
    func house(rearWall: Double, clearance: Double) -> House {
        let half = cutWidth / 2, h = cutThickness / 2
        let end = mouth.y - rearWall
        let plan = Vector2(rear.x, rear.y).normalized
        let along = Vector3(plan.x, plan.y, 0), side = Vector3(-plan.y, plan.x, 0)
        let legTop = [-half, half].map { w -> Double in
            let top = corner + inPlane * h + across * w
            return top.z + rear.z * (end - top.y) / rear.y
        }.max()!
        let reach = opening(rearWall: rearWall, clearance: clearance)
        let wallHeight = max(legTop + 0.2, mouth.z + reach.above + Self.porchHeadroom)
        let legSpread = half * abs(across.dot(side)) + h * abs(inPlane.dot(side))
        var left = -legSpread, right = legSpread
        for x in [mouth.x - reach.halfWidth, mouth.x + reach.halfWidth] {
            for y in [end, end - Enclosure.overshoot] {
                let v = (Vector3(x, y, 0) - corner).dot(side)
                left = min(left, v)
                right = max(right, v)
            }
        }
        left -= 0.3
        right += 0.3
        // The side walls end on the rear wall's face at y = end.
        let lastAxial = [left, right].map { v in (end - corner.y - side.y * v) / plan.y }.min()!
        // Its floor is the opening's, above the leg's floor in front of the wall: no pit for the
        // plug's tip to fall into.
        return House(origin: Vector3(corner.x, corner.y, 0) + along * (lastAxial - Self.porch), along: along, side: side, end: end,
                     bottom: mouth.z - reach.below, front: wallHeight - Self.porch * tan(Self.roofSlope), left: left, right: right)
    }

    /// The length of the house at the rear wall, at its shorter side, in mm.
    static let porch = 4.0
    /// How far the house's roof stands above the opening's flat ceiling where it meets the rear
    /// wall, in mm (0.5 was not enough: measured).
    static let porchHeadroom = 1.5

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

/// The house at the phone stand's rear wall (`CablePath.house`): a prism with upright walls from
/// `bottom` up to a roof that rises at `CablePath.roofSlope` along the axis, `left` and `right` of
/// it (signed, along `side`). It runs along `along` from its front wall through `origin` (square
/// to the axis) to the rear wall's inside face at y = `end`. Millimetres, in the item's frame.
struct House {
    var origin: Vector3
    var along: Vector3, side: Vector3
    var end: Double
    /// The floor's height, and the roof's at the front (where `along` is 0), in mm.
    var bottom: Double, front: Double
    /// The walls, to each side of the axis, in mm.
    var left: Double, right: Double

    /// The roof's height `u` along the axis.
    func roof(_ u: Double) -> Double { front + u * tan(CablePath.roofSlope) }
    /// The roof's highest point, where it meets the rear wall at its longer side.
    var top: Double { roof(max(last(left), last(right))) }

    /// How far along the axis the rear wall's face is, at `v` to the side.
    func last(_ v: Double) -> Double { (end - origin.y - side.y * v) / along.y }

    var mesh: Mesh {
        func at(_ u: Double, _ v: Double, _ z: Double) -> Vector3 { origin + along * u + side * v + Vector3(0, 0, z) }
        let l = left, r = right, ul = last(l), ur = last(r)
        let vertices = [
            at(0, l, bottom), at(ul, l, bottom), at(ur, r, bottom), at(0, r, bottom),
            at(0, l, roof(0)), at(ul, l, roof(ul)), at(ur, r, roof(ur)), at(0, r, roof(0)),
        ]
        // Bottom, the two sides, the front (square to the axis), the rear (in the rear wall's
        // face) and the roof (a plane rising along the axis).
        let faces: [(UInt32, UInt32, UInt32)] = [
            (0, 3, 2), (0, 2, 1), (0, 1, 5), (0, 5, 4), (2, 3, 7), (2, 7, 6),
            (3, 0, 4), (3, 4, 7), (1, 2, 6), (1, 6, 5), (4, 5, 6), (4, 6, 7),
        ]
        return Mesh(vertices: vertices, triangles: faces.map { Mesh.Triangle($0.0, $0.1, $0.2) })
    }
}
