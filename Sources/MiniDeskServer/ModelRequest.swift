import Geometry
import MiniDesk
import Support

/// What a customizer request asks for: an item, a view, a resolution and parameter overrides, read
/// from the query (`?item=planter&view=separate&planter.size=80`). Every argument that is not one of
/// `reserved` is a parameter assignment, read as `--set` reads it.
struct ModelRequest: Sendable {
    /// How the parts are shown: the item assembled (the body on its foot, the stash's lid on its
    /// base; the default), or one of the print modes, laid out as they print.
    enum View: String, CaseIterable, Sendable {
        case assembled, multicolor, separate, merged

        var mode: PrintMode { self == .assembled ? .multicolor : PrintMode(rawValue: rawValue)! }
    }

    /// Query arguments that are not parameters.
    static let reserved: Set<String> = ["item", "view", "resolution", "client", "seq", "format", "name", "overwrite"]

    var item: DeskItem
    var view: View
    var resolution: Resolution
    /// The resolution's name (`draft`, `normal`, `fine`).
    var resolutionName: String
    var overrides: ParameterSet
    /// The arguments that set parameters, as `key=value`, in query order.
    var assignments: [String]

    /// The request's item, view, resolution and overrides. Overrides are read but not checked
    /// against the rules (`validating` does that); a value that cannot be read is a problem.
    init(_ request: HTTPRequest) throws(RequestError) {
        guard let name = request.argument("item") else {
            throw RequestError(400, "the request needs an item, such as ?item=planter (items: \(Catalogue.items.map(\.name).joined(separator: ", ")))")
        }
        guard let item = Catalogue.item(named: name) else {
            let hint = closest(to: name, in: Set(Catalogue.items.map(\.name))).map { ", did you mean `\($0)`?" } ?? ""
            throw RequestError(404, "unknown item `\(name)`\(hint) (items: \(Catalogue.items.map(\.name).joined(separator: ", ")))", parameter: "item")
        }
        let viewName = request.argument("view") ?? View.assembled.rawValue
        guard let view = View(rawValue: viewName) else {
            let names = View.allCases.map(\.rawValue)
            throw RequestError(400, "view must be \(names.joined(separator: ", ")), got `\(viewName)`" + (closest(to: viewName, in: Set(names)).map { ", did you mean `\($0)`?" } ?? ""), parameter: "view")
        }
        let resolutions: [String: Resolution] = ["draft": .draft, "normal": .normal, "fine": .fine]
        let resolutionName = request.argument("resolution") ?? "normal"
        guard let resolution = resolutions[resolutionName] else {
            throw RequestError(400, "resolution must be draft, normal or fine, got `\(resolutionName)`", parameter: "resolution")
        }
        assignments = request.query.filter { !Self.reserved.contains($0.key) }.map { "\($0.key)=\($0.value)" }
        let (values, unreadable) = item.schema.applying(assignments: assignments, to: ParameterSet())
        guard unreadable.isEmpty else { throw RequestError(problems: unreadable) }
        self.item = item
        self.view = view
        self.resolution = resolution
        self.resolutionName = resolutionName
        self.overrides = values
    }

    /// A key naming the model this request gives: the same item, view, resolution and values give
    /// the same key.
    var cacheKey: String {
        let values = overrides.values.keys.sorted().map { "\($0)=\(overrides.values[$0]!)" }
        return ([item.name, view.rawValue, resolutionName] + values).joined(separator: "&")
    }
}

/// A request the customizer cannot answer as asked: an HTTP status, one message naming the
/// argument, its value and what is allowed, and, for parameters, every problem found.
struct RequestError: Error, Sendable {
    var status: Int
    var message: String
    var parameter: String?
    var problems: [ParameterProblem] = []

    init(_ status: Int, _ message: String, parameter: String? = nil) {
        self.status = status
        self.message = message
        self.parameter = parameter
    }

    /// Parameter values that cannot be used: 422, with each problem at its parameter.
    init(problems: [ParameterProblem]) {
        status = 422
        message = problems.map(\.description).joined(separator: "\n")
        parameter = problems.first?.name
        self.problems = problems
    }

    var response: HTTPResponse {
        var extra: [String: Any] = ["problems": problems.map(\.json)]
        if let parameter { extra["parameter"] = parameter }
        return .error(status, message, extra)
    }
}

extension ParameterProblem {
    /// `{"parameter": name, "message": ..., "warning": bool}`.
    var json: [String: Any] { ["parameter": name, "message": message, "warning": isWarning] }
}
