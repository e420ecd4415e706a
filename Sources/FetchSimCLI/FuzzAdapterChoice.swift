import Adapters
import ArgumentParser
import CommandLanguage

/// `fuzz --adapter NAME`: one of FetchSim's adapters, or an app's view controller the running
/// executable registers (`FetchSimCLI.main(adapters:)`).
enum FuzzAdapterChoice: ExpressibleByArgument {
    case kind(AdapterKind)
    case app(String)

    init?(argument: String) {
        if let kind = AdapterKind(rawValue: argument) {
            self = .kind(kind)
        } else if RegisteredAdapters.contains(argument) {
            self = .app(argument)
        } else {
            return nil
        }
    }

    /// FetchSim's adapter, or the coordinator where an app's stands in (its options are unused).
    var kind: AdapterKind {
        if case .kind(let kind) = self { return kind }
        return .coordinator
    }

    static var allValueStrings: [String] { AdapterKind.allCases.map(\.rawValue) + RegisteredAdapters.names }
}
