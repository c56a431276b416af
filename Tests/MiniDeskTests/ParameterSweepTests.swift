import Foundation
import Geometry
import Testing
@testable import MiniDesk

/// Declared ranges are honest: set one numeric parameter at a time to its declared minimum, its
/// maximum and the value between, the others at their defaults, and nearly all are accepted.
@Suite struct ParameterSweepTests {
    /// Every (item, parameter, value) of the sweep, with the errors validation gives, for every
    /// item or the one named.
    static func sweep(_ only: String? = nil) -> [(item: String, name: String, value: Double, errors: [ParameterProblem])] {
        Catalogue.items.filter { only == nil || $0.name == only }.flatMap { item in
            item.schema.specs.filter { $0.kind.isNumeric }.flatMap { spec in
                let lo = spec.min!, hi = spec.max!
                let mid = spec.kind == .count ? ((lo + hi) / 2).rounded(.down) : (lo + hi) / 2
                return [lo, mid, hi].map { v in
                    (item.name, spec.name, v, item.schema.validate(ParameterSet([spec.name: .number(v)])).filter { !$0.isWarning })
                }
            }
        }
    }

    @Test func atLeast95PercentOfTheSweepIsAccepted() {
        let results = Self.sweep()
        let rejected = results.filter { !$0.errors.isEmpty }
        let share = Double(results.count - rejected.count) / Double(results.count)
        for r in rejected { print("sweep rejects \(r.item) \(r.name)=\(r.value): \(r.errors.map(\.description).joined(separator: " | "))") }
        print("sweep: \(results.count - rejected.count) of \(results.count) accepted (\(Int((share * 1000).rounded()) / 10)%)")
        #expect(share >= 0.95)
    }

    /// The effective range is exact: its ends and middle are accepted, and a step past an end that
    /// is not a declared limit is refused; here round a changed body, for every numeric parameter.
    @Test(arguments: Catalogue.items.map(\.name))
    func effectiveRangesAreExact(name: String) throws {
        let item = try #require(Catalogue.item(named: name))
        // The phone stand's charging plug keeps its millimetres, so its body cannot shrink as far;
        // nor can the stash's lid, whose wall holds the ports' absolute floors.
        let changed = ParameterSet(["body.width": .number(140), "body.height": .number(60), "scale": .number(["phone-stand": 0.95, "stash": 0.9][name] ?? 0.8)])
        let full = item.schema.defaults.overriding(with: changed)
        func accepted(_ spec: ParameterSpec, _ v: Double) -> Bool {
            var values = changed
            values[spec.name] = .number(v)
            return !item.schema.validate(values).contains { !$0.isWarning }
        }
        for spec in item.schema.specs where spec.kind.isNumeric {
            let r = try #require(item.schema.effectiveRange(of: spec.name, in: full), "\(name) \(spec.name)")
            let step = spec.kind == .count ? 1 : 0.002
            let mid = spec.kind == .count ? ((r.lowerBound + r.upperBound) / 2).rounded(.down) : (r.lowerBound + r.upperBound) / 2
            for v in [r.lowerBound, mid, r.upperBound] { #expect(accepted(spec, v), "\(name) \(spec.name)=\(v) in \(r)") }
            if r.lowerBound - step >= spec.min! { #expect(!accepted(spec, r.lowerBound - step), "\(name) \(spec.name) below \(r)") }
            if r.upperBound + step <= spec.max! { #expect(!accepted(spec, r.upperBound + step), "\(name) \(spec.name) above \(r)") }
        }
    }

    @Test func everyDefaultLiesInItsDeclaredRange() {
        for item in Catalogue.items {
            for spec in item.schema.specs where spec.kind.isNumeric {
                guard case .number(let v) = spec.defaultValue else { Issue.record("\(spec.name) has no number"); continue }
                #expect(spec.min! <= v && v <= spec.max!, "\(item.name) \(spec.name) = \(v) outside \(spec.rangeText)")
            }
        }
    }
}

/// Every value the sweep accepts, and random sets that change five parameters at once, build into
/// valid parts (closed, oriented, without self-intersections). `make test` builds a fixed sample
/// (every eighth sweep value, ten random sets per item); `make fuzz` sets `MINIDESK_FULL_SWEEP=1`
/// and builds them all.
@Suite struct ParameterBuildTests {
    static let full = ProcessInfo.processInfo.environment["MINIDESK_FULL_SWEEP"] == "1"

    /// Coarse curves keep the builds quick; contacts and cuts are the same as at any resolution.
    static let resolution = Resolution(maxChordDeviation: 0.3, minSegments: 8, maxSegments: 48)

    static func invalidParts(_ item: DeskItem, _ values: ParameterSet, mode: PrintMode = .multicolor) -> [String] {
        do {
            return try item.parts(values, resolution: resolution, mode: mode).parts.compactMap { part in
                let r = part.mesh.report()
                return r.isValid && r.selfIntersections == 0 ? nil : "\(part.name): \(r.problems)"
            }
        } catch {
            return ["build failed: \(error)"]
        }
    }

    @Test(arguments: Catalogue.items.map(\.name))
    func everyAcceptedSweepValueBuildsValidParts(name: String) throws {
        let item = try #require(Catalogue.item(named: name))
        let accepted = ParameterSweepTests.sweep(name).filter { $0.errors.isEmpty }
        for (k, r) in accepted.enumerated() where Self.full || k % 8 == 0 {
            let values = ParameterSet([r.name: .number(r.value)])
            // Every value in multicolour, every fifth (of the sample) also separate and merged.
            for mode in k % 40 == 0 ? PrintMode.allCases : [.multicolor] {
                let bad = Self.invalidParts(item, values, mode: mode)
                #expect(bad.isEmpty, "\(name) \(r.name)=\(r.value) \(mode): \(bad)")
            }
        }
    }

    @Test(arguments: Catalogue.items.map(\.name))
    func randomSetsOfFiveChangesAreMostlyAcceptedAndAllValid(name: String) throws {
        let item = try #require(Catalogue.item(named: name))
        let numeric = item.schema.specs.filter { $0.kind.isNumeric }
        var rng = SeededRandom(seed: UInt64(name.count) * 7919)
        var accepted = 0
        for _ in 0..<50 {
            var values = ParameterSet()
            for spec in numeric.shuffled(using: &rng).prefix(5) {
                var v = Double.random(in: spec.min!...spec.max!, using: &rng)
                v = spec.kind == .count ? v.rounded() : (v * 100).rounded() / 100
                values[spec.name] = .number(v)
            }
            let errors = item.schema.validate(values).filter { !$0.isWarning }
            guard errors.isEmpty else {
                print("random set rejected: \(name) \(values.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")): \(errors.map(\.description))")
                continue
            }
            accepted += 1
            guard Self.full || accepted <= 10 else { continue }
            let bad = Self.invalidParts(item, values)
            #expect(bad.isEmpty, "\(name) \(values.values): \(bad)")
        }
        print("random sets: \(name) accepted \(accepted) of 50")
        #expect(accepted >= 40)
    }
}
