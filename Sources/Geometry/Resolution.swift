import Foundation

/// How finely curves are tessellated: the largest distance, in millimetres, between a true curve and
/// the chord that replaces it, bounded by a number of segments per full turn. One value is threaded
/// through every curved primitive and 2D shape, so a model can be exported as a draft or a fine file.
public struct Resolution: Hashable, Sendable, Codable {
    /// Maximum chord deviation in mm (> 0).
    public var maxChordDeviation: Double
    /// Fewest segments in a full circle (>= 3).
    public var minSegments: Int
    /// Most segments in a full circle (>= minSegments).
    public var maxSegments: Int

    public init(maxChordDeviation: Double = 0.02, minSegments: Int = 8, maxSegments: Int = 720) {
        self.maxChordDeviation = maxChordDeviation
        self.minSegments = minSegments
        self.maxSegments = maxSegments
    }

    public static let draft = Resolution(maxChordDeviation: 0.1, minSegments: 8, maxSegments: 180)
    public static let normal = Resolution()
    public static let fine = Resolution(maxChordDeviation: 0.005, minSegments: 12, maxSegments: 1440)

    /// Checks the ranges; the message names the field, the value and the rule.
    public func validate() throws(GeometryError) {
        guard maxChordDeviation.isFinite, maxChordDeviation > 0 else {
            throw .invalidParameter("resolution.maxChordDeviation must be a finite number > 0, got \(maxChordDeviation)")
        }
        guard minSegments >= 3 else {
            throw .invalidParameter("resolution.minSegments must be >= 3, got \(minSegments)")
        }
        guard maxSegments >= minSegments else {
            throw .invalidParameter("resolution.maxSegments must be >= minSegments (\(minSegments)), got \(maxSegments)")
        }
    }

    /// Segments for a full circle of `radius` mm.
    public func segments(radius: Double) -> Int {
        guard radius > maxChordDeviation else { return minSegments }
        let halfAngle = acos(1 - maxChordDeviation / radius)
        let n = Int((Double.pi / halfAngle).rounded(.up))
        return min(max(n, minSegments), maxSegments)
    }

    /// Segments for an arc of `angle` radians and `radius` mm: at least 1, in proportion to a full turn.
    public func segments(radius: Double, angle: Double) -> Int {
        let full = Double(segments(radius: radius))
        return max(1, Int((full * abs(angle) / (2 * Double.pi) - 1e-9).rounded(.up)))
    }
}
