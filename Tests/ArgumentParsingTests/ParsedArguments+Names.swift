import ArgumentParsing

/// The parser's tests look options up by name: they check what the parser
/// stored under each name of their small tables, which commands read through
/// the options' specs.
extension ParsedArguments {
    func flag(_ name: String) -> Bool { self[values: name] != nil }
    func value(_ name: String) -> String? { self[values: name]?.last }
    func remainder(_ name: String) -> [String]? { self[values: name] }
}
