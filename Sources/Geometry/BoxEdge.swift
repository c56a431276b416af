import Foundation

/// The shape of a horizontal edge of a rounded box's section (`Mesh.roundedBox`), in millimetres.
public enum BoxEdge: Hashable, Sendable {
    /// A quarter round of the given radius; 0 gives a sharp edge.
    case fillet(Double)
    /// An edge that faces the print bed and still prints without support: a round of `radius` from
    /// the side down to where it leans `slope` radians off the horizontal, continued straight at
    /// that slope to the face, which it meets `inset` mm in (or where the round's line ends, if that
    /// is further in). With `radius` 0 it is a plain chamfer.
    case printable(radius: Double, slope: Double, inset: Double)

    /// How far in from the side the edge meets the face.
    public var inset: Double { ends.inset }
    /// How far from the face the edge meets the side.
    public var rise: Double { ends.rise }

    /// The edge as (inset, rise) stations, from the face (rise 0) to the side (inset 0).
    func stations(resolution: Resolution) -> [(inset: Double, rise: Double)] {
        switch self {
        case .fillet(let r):
            guard r > 0 else { return [(0, 0)] }
            let k = resolution.segments(radius: r, angle: .pi / 2)
            return (0...k).map { i in
                let (c, s) = Arc.cosSin(Double.pi / 2 * Double(i) / Double(k))
                return (r * (1 - s), r * (1 - c))
            }
        case let .printable(r, slope, _):
            let (start, rise) = ends
            // The round runs from the side (angle 0 below its centre's level) to `stop`, where its
            // tangent leans `slope` off the horizontal.
            let stop = Double.pi / 2 - slope
            var stations = [(inset: start, rise: 0.0)]
            guard r > 0 else { return stations + [(0, rise)] }
            let k = max(1, resolution.segments(radius: r, angle: stop))
            for i in (0...k).reversed() {
                let (c, s) = Arc.cosSin(stop * Double(i) / Double(k))
                let station = (inset: r * (1 - c), rise: rise - r * s)
                if let last = stations.last, last.inset == station.inset, last.rise == station.rise { continue }
                stations.append(station)
            }
            return stations
        }
    }

    /// Where the edge meets the face (its inset) and the side (its rise).
    private var ends: (inset: Double, rise: Double) {
        switch self {
        case .fillet(let r): return (r, r)
        case let .printable(r, slope, inset):
            let stop = Double.pi / 2 - slope
            let roundEnd = r * (1 - cos(stop))
            let start = max(inset, roundEnd)
            return (start, (start - roundEnd) * tan(slope) + r * sin(stop))
        }
    }

    /// How messages name the edge on `side` ("top", "bottom"): `topFillet` for a fillet, as the
    /// fillet parameters are called, and "top edge" otherwise.
    func label(_ side: String) -> String {
        if case .fillet = self { return side + "Fillet" }
        return side + " edge"
    }

    /// Throws unless every size is finite and >= 0, the edge reaches less than `half` in (its
    /// inset, or a fillet's radius), and the slope lies strictly between flat and upright.
    func check(_ side: String, half: Double) throws(GeometryError) {
        switch self {
        case .fillet(let r):
            guard r.isFinite, r >= 0, r < half else {
                throw .invalidParameter("roundedBox \(label(side)) must be >= 0 and < \(half) (half the smaller side), got \(r)")
            }
        case let .printable(r, slope, inset):
            guard r.isFinite, r >= 0, inset.isFinite, inset >= 0, slope.isFinite, slope > 0, slope < .pi / 2 else {
                throw .invalidParameter("roundedBox \(label(side)) needs a radius and inset >= 0 and a slope between 0 and π/2, got radius \(r), slope \(slope), inset \(inset)")
            }
            guard self.inset < half else {
                throw .invalidParameter("roundedBox \(label(side)) must reach less than \(half) (half the smaller side) in, got \(self.inset)")
            }
        }
    }
}
