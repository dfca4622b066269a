/// Decimal number syntax shared by YAML, CSV and coordinates: `-12`, `3.5`, `1e3`; no hex, no `inf`.
public enum NumberSyntax {
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        var sawDigit = false
        var i = text.utf8.startIndex
        let u = text.utf8
        if i < u.endIndex, u[i] == UInt8(ascii: "-") || u[i] == UInt8(ascii: "+") { i = u.index(after: i) }
        while i < u.endIndex, isDigit(u[i]) { sawDigit = true; i = u.index(after: i) }
        if i < u.endIndex, u[i] == UInt8(ascii: ".") {
            i = u.index(after: i)
            while i < u.endIndex, isDigit(u[i]) { sawDigit = true; i = u.index(after: i) }
        }
        guard sawDigit else { return nil }
        if i < u.endIndex, u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") {
            i = u.index(after: i)
            if i < u.endIndex, u[i] == UInt8(ascii: "-") || u[i] == UInt8(ascii: "+") { i = u.index(after: i) }
            var expDigit = false
            while i < u.endIndex, isDigit(u[i]) { expDigit = true; i = u.index(after: i) }
            guard expDigit else { return nil }
        }
        guard i == u.endIndex, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
