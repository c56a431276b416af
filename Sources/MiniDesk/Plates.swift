import Geometry

/// A part of an item placed on a print bed.
public struct PlacedPart: Sendable {
    /// The item the part comes from.
    public var item: String
    /// The part, moved to its place on the bed (lying on z = 0).
    public var part: Part
}

/// The parts that print in one filament, arranged on one print bed for a one-colour printer.
public struct Plate: Sendable {
    /// The filament colour.
    public var color: Color
    /// The names of the parts this colour prints (`shell`, `bottom`, ...), in the order they first come.
    public var partNames: [String]
    /// The bed's number among this colour's beds (1-based), and how many it has.
    public var number: Int, of: Int
    public var parts: [PlacedPart]
}

/// Why parts cannot be put on plates.
public enum PlateError: Error, Equatable, CustomStringConvertible {
    /// A part is larger than the bed either way round.
    case tooLarge(item: String, part: String, width: Double, depth: Double, bed: Vector2)

    public var description: String {
        switch self {
        case let .tooLarge(item, part, width, depth, bed):
            return "the \(item) part `\(part)` is \(format(width)) x \(format(depth)) mm, larger than the \(format(bed.x)) x \(format(bed.y)) mm bed "
                + "either way round; give a larger bed (--bed WIDTHxDEPTH) or a smaller scale"
        }
    }

    private func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String((v * 10).rounded() / 10) }
}

/// Puts parts on print beds by filament: every part of one colour, from every item given, on as few
/// beds as a row-by-row packing of their footprints allows, `gap` mm apart and from the edges,
/// each part turned a quarter about Z only where it fits the bed no other way.
public enum PlateLayout {
    /// Plates for `items` (each item's parts as printed apart, already in their printing
    /// orientation), by colour in the order colours first appear, on a bed of `bed` mm.
    public static func plates(_ items: [(item: String, parts: [Part])], bed: Vector2 = Vector2(256, 256), gap: Double = 5) throws(PlateError) -> [Plate] {
        var colors = [Color]()
        var groups = [Color: [PlacedPart]]()
        for (item, parts) in items {
            for part in parts {
                let c = part.color
                if groups[c] == nil { colors.append(c) }
                groups[c, default: []].append(PlacedPart(item: item, part: part))
            }
        }
        var plates = [Plate]()
        for color in colors {
            let group = groups[color]!
            var names = [String]()
            for p in group where !names.contains(p.part.name) { names.append(p.part.name) }
            let beds = try pack(group, bed: bed, gap: gap)
            for (i, parts) in beds.enumerated() {
                plates.append(Plate(color: color, partNames: names, number: i + 1, of: beds.count, parts: parts))
            }
        }
        return plates
    }

    /// Shelf packing: deepest footprints first, left to right in rows, rows front to back, a new
    /// bed when a row no longer fits.
    static func pack(_ parts: [PlacedPart], bed: Vector2, gap: Double) throws(PlateError) -> [[PlacedPart]] {
        let usable = Vector2(bed.x - 2 * gap, bed.y - 2 * gap)
        var laid = [(PlacedPart, Vector2)]()
        for p in parts {
            var part = p
            var b = part.part.mesh.bounds
            var size = Vector2(b.max.x - b.min.x, b.max.y - b.min.y)
            if size.x > usable.x || size.y > usable.y {
                guard size.y <= usable.x && size.x <= usable.y else {
                    throw .tooLarge(item: p.item, part: p.part.name, width: size.x, depth: size.y, bed: bed)
                }
                part.part.mesh = part.part.mesh.transformed(by: .rotation(degrees: Vector3(0, 0, 90)))
                b = part.part.mesh.bounds
                size = Vector2(size.y, size.x)
            }
            part.part.mesh = part.part.mesh.translated(by: Vector3(-b.min.x, -b.min.y, -b.min.z))
            laid.append((part, size))
        }
        let order = laid.indices.sorted { laid[$0].1.y != laid[$1].1.y ? laid[$0].1.y > laid[$1].1.y : $0 < $1 }
        var beds = [[PlacedPart]](), current = [PlacedPart]()
        var x = gap, y = gap, rowDepth = 0.0
        for i in order {
            let (part, size) = laid[i]
            if x + size.x > bed.x - gap + 1e-9 {  // next row
                x = gap
                y += rowDepth + gap
                rowDepth = 0
            }
            if y + size.y > bed.y - gap + 1e-9 {  // next bed
                beds.append(current)
                current = []
                x = gap
                y = gap
                rowDepth = 0
            }
            var placed = part
            placed.part.mesh = part.part.mesh.translated(by: Vector3(x, y, 0))
            current.append(placed)
            x += size.x + gap
            rowDepth = max(rowDepth, size.y)
        }
        if !current.isEmpty { beds.append(current) }
        return beds
    }
}
