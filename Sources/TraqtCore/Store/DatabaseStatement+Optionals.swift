extension DatabaseStatement {
    /// Binds an integer, or NULL for nil.
    func bind(_ value: Int?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds text, or NULL for nil.
    func bind(_ value: String?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds a number, or NULL for nil.
    func bind(_ value: Double?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    func optionalInstant(at column: Int32) -> Instant? {
        isNull(at: column) ? nil : Instant(seconds: int(at: column))
    }
}
