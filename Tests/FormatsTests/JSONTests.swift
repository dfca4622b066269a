import Diagnostics
import Geo
import Testing
@testable import Formats

@Suite("JSON and GeoJSON")
struct JSONTests {
    func parse(_ text: String) -> (Node?, [String]) { parsed { JSON.parse(text, path: "g.json", log: &$0) } }

    @Test("values know their line and column")
    func positions() throws {
        let n = try clean(parse("{\n  \"a\": [1, 2],\n  \"b\": \"x\"\n}"))
        #expect(n["b"]?.location.description == "g.json:3:8")
        #expect(n["a"]?.items?[1].location.description == "g.json:2:12")
    }

    @Test("escapes and surrogate pairs decode to text")
    func escapes() throws {
        let (node, _) = parse(#"{"s": "a\"b\\c\n\u00e9\ud83d\ude00"}"#)
        #expect(try #require(node)["s"]?.scalarText == "a\"b\\c\né😀")
    }

    @Test("a syntax error names the place and what was expected")
    func syntaxError() {
        #expect(parse("{\"a\": 1,\n \"b\" 2}").1 == ["g.json:2:6: error: JSON syntax error: expected ':' after the key"])
        #expect(parse("[1, 2").1 == ["g.json:1:6: error: JSON syntax error: expected ',' or ']', found the end of the file"])
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func deepNesting() {
        let (node, errors) = parse(String(repeating: "[", count: 100_000))
        #expect(node == nil)
        #expect(errors.first?.contains("nesting is deeper than 256 levels") == true)
    }

    @Test("a MultiPolygon boundary keeps its holes")
    func multiPolygon() throws {
        let text = """
        {"type": "MultiPolygon", "coordinates": [[[[0,0],[10,0],[10,10],[0,10],[0,0]], [[4,4],[6,4],[6,6],[4,6],[4,4]]]]}
        """
        var log = DiagnosticLog()
        let features = GeoJSON.features(try #require(parse(text).0), log: &log)
        guard case .area(let area) = features.first?.geometry else { Issue.record("no area"); return }
        #expect(area.polygons[0].holes.count == 1)
        #expect(area.contains(Coordinate(latitude: 2, longitude: 2)))
        #expect(!area.contains(Coordinate(latitude: 5, longitude: 5)))
    }

    @Test("a position out of range is an error at that position")
    func outOfRange() throws {
        let text = "{\"type\": \"Feature\", \"properties\": {},\n \"geometry\": {\"type\": \"Point\", \"coordinates\": [-83.1, 142.4]}}"
        var log = DiagnosticLog()
        _ = GeoJSON.features(try #require(parse(text).0), log: &log)
        #expect(log.items.map(\.description) == ["g.json:2:47: error: position [-83.1, 142.4] is out of range; expected [longitude -180…180, latitude -90…90]"])
    }
}

/// RFC 8259 to the letter: every departure is an error at its place that names what was expected.
@Suite("JSON follows RFC 8259 exactly")
struct JSONGrammarTests {
    func errors(_ text: String) -> [String] { parsed { JSON.parse(text, path: "g.json", log: &$0) }.1 }

    func value(_ text: String) -> Node? {
        var log = DiagnosticLog()
        return JSON.parse(text, path: "g.json", log: &log)
    }

    @Test("numbers outside the grammar are errors that say why", arguments: [
        (".5", "g.json:1:1: error: JSON syntax error: '.5' is not a JSON number: expected a digit before '.'"),
        ("01", "g.json:1:1: error: JSON syntax error: '01' is not a JSON number: expected '.', 'e' or the end of the number after a leading 0"),
        ("[1.]", "g.json:1:2: error: JSON syntax error: '1.' is not a JSON number: expected a digit after '.'"),
        ("+1", "g.json:1:1: error: JSON syntax error: '+1' is not a JSON number: expected '-' or a digit at its start, not '+'"),
        ("-", "g.json:1:1: error: JSON syntax error: '-' is not a JSON number: expected a digit after '-'"),
        ("[-]", "g.json:1:2: error: JSON syntax error: '-' is not a JSON number: expected a digit after '-'"),
        ("1e", "g.json:1:1: error: JSON syntax error: '1e' is not a JSON number: expected a digit in the exponent"),
        ("[2E+]", "g.json:1:2: error: JSON syntax error: '2E+' is not a JSON number: expected a digit in the exponent"),
        ("1.5.3", "g.json:1:1: error: JSON syntax error: '1.5.3' is not a JSON number: expected it to end after '1.5'"),
        ("0x1F", "g.json:1:1: error: JSON syntax error: '0x1F' is not a JSON number: expected it to end after '0'"),
        ("1e400", "g.json:1:1: error: JSON syntax error: '1e400' is not a JSON number: expected a magnitude of at most 1.7976931348623157e308"),
        ("{\"a\": -.5}", "g.json:1:7: error: JSON syntax error: '-.5' is not a JSON number: expected a digit after '-'"),
    ])
    func badNumbers(_ text: String, _ expected: String) {
        #expect(errors(text) == [expected])
    }

    @Test("numbers inside the grammar keep their value and their text", arguments: [
        ("0", 0.0), ("-0", -0.0), ("12", 12), ("-3.25", -3.25), ("1e3", 1000), ("2E-2", 0.02), ("0.5e+1", 5), ("1e-400", 0),
    ])
    func goodNumbers(_ text: String, _ expected: Double) {
        guard case .number(let n, let raw) = value(text)?.value else { Issue.record("\(text) is not a number"); return }
        #expect(n == expected)
        #expect(raw == text)
    }

    @Test("words JSON does not have are named", arguments: [
        ("NaN", "g.json:1:1: error: JSON syntax error: 'NaN' is not a JSON value; expected a number, a string, an object, an array, true, false or null"),
        ("[Infinity]", "g.json:1:2: error: JSON syntax error: 'Infinity' is not a JSON value; expected a number, a string, an object, an array, true, false or null"),
        ("-Infinity", "g.json:1:1: error: JSON syntax error: '-Infinity' is not a JSON value; expected a number, a string, an object, an array, true, false or null"),
        ("{\"a\": True}", "g.json:1:7: error: JSON syntax error: 'True' is not a JSON value; expected a number, a string, an object, an array, true, false or null"),
        ("nul", "g.json:1:1: error: JSON syntax error: 'nul' is not a JSON value; expected a number, a string, an object, an array, true, false or null"),
        ("undefined", "g.json:1:1: error: JSON syntax error: 'undefined' is not a JSON value; expected a number, a string, an object, an array, true, false or null"),
    ])
    func badWords(_ text: String, _ expected: String) {
        #expect(errors(text) == [expected])
    }

    @Test("trailing commas, comments and single quotes are errors", arguments: [
        ("[1, 2,]", "g.json:1:7: error: JSON syntax error: expected a value after ',', found ']'; JSON allows no comma before ']'"),
        ("{\"a\": 1,\n}", "g.json:2:1: error: JSON syntax error: expected a quoted key after ',', found '}'; JSON allows no comma before '}'"),
        ("[1, // one\n 2]", "g.json:1:5: error: JSON syntax error: expected a value, found a comment; JSON has no comments"),
        ("{\"a\": 1 /* x */}", "g.json:1:9: error: JSON syntax error: expected ',' or '}', found a comment; JSON has no comments"),
        ("{'a': 1}", "g.json:1:2: error: JSON syntax error: expected a quoted key, found a single quote; JSON strings use '\"'"),
        ("{a: 1}", "g.json:1:2: error: JSON syntax error: expected a quoted key, found 'a'"),
        ("[1, 2] 3", "g.json:1:8: error: JSON syntax error: expected the end of the file after the JSON value"),
        ("{} x", "g.json:1:4: error: JSON syntax error: expected the end of the file after the JSON value, found 'x'"),
        ("", "g.json:1:1: error: JSON syntax error: expected a value, found the end of the file"),
        ("{\"a\":", "g.json:1:6: error: JSON syntax error: expected a value, found the end of the file"),
        ("{\"a\" 1}", "g.json:1:6: error: JSON syntax error: expected ':' after the key"),
        ("[“a”]", "g.json:1:2: error: JSON syntax error: expected a value, found '“' (U+201C)"),
    ])
    func badPunctuation(_ text: String, _ expected: String) {
        #expect(errors(text) == [expected])
    }

    @Test("a byte-order mark is ignored at the start and an error anywhere else")
    func byteOrderMark() {
        #expect(value("\u{FEFF}[1]")?.items?.count == 1)
        #expect(value("\u{FEFF}[1]")?.location.description == "g.json:1:1")
        #expect(errors("[1,\u{FEFF} 2]") == ["g.json:1:4: error: JSON syntax error: expected a value, found a byte-order mark (U+FEFF), which is allowed only at the start of the file"])
        #expect(errors("[1]\u{FEFF}") == ["g.json:1:4: error: JSON syntax error: expected the end of the file after the JSON value, found a byte-order mark (U+FEFF), which is allowed only at the start of the file"])
        #expect(value("[\"\u{FEFF}\"]")?.items?.first?.scalarText == "\u{FEFF}")
    }

    @Test("control characters inside a string must be escaped", arguments: [
        ("[\"a\u{0}b\"]", "g.json:1:4: error: JSON syntax error: the control character U+0000 inside a string; expected '\"' or an escape such as '\\u0000'"),
        ("[\"a\tb\"]", "g.json:1:4: error: JSON syntax error: the control character U+0009 inside a string; expected '\"' or an escape such as '\\t'"),
        ("{\"a\": \"line\nbreak\"}", "g.json:1:12: error: JSON syntax error: the control character U+000A inside a string; expected '\"' or an escape such as '\\n'"),
        ("[\"\u{1F}\"]", "g.json:1:3: error: JSON syntax error: the control character U+001F inside a string; expected '\"' or an escape such as '\\u001F'"),
    ])
    func controlCharacters(_ text: String, _ expected: String) {
        #expect(errors(text) == [expected])
    }

    @Test("DEL and every character above U+001F stand as they are")
    func unescapedCharacters() {
        #expect(value("\"a\u{7F}é😀\"")?.scalarText == "a\u{7F}é😀")
    }

    @Test("escapes outside the list and short \\u escapes are errors", arguments: [
        (#"["a\x"]"#, #"g.json:1:4: error: JSON syntax error: unknown escape '\x'; expected one of \" \\ \/ \b \f \n \r \t or \u and four hex digits"#),
        (#"["\é"]"#, #"g.json:1:3: error: JSON syntax error: unknown escape '\é'; expected one of \" \\ \/ \b \f \n \r \t or \u and four hex digits"#),
        (#"["\'"]"#, #"g.json:1:3: error: JSON syntax error: unknown escape '\''; expected one of \" \\ \/ \b \f \n \r \t or \u and four hex digits"#),
        (#"["\u12G4"]"#, #"g.json:1:7: error: JSON syntax error: expected four hex digits after '\u', found 'G'"#),
        (#"["\u12"]"#, #"g.json:1:7: error: JSON syntax error: expected four hex digits after '\u', found '"'"#),
        (#"["\u"#, #"g.json:1:5: error: JSON syntax error: expected four hex digits after '\u', found the end of the file"#),
        (#"["abc\"#, #"g.json:1:2: error: JSON syntax error: this string is never closed; expected '"' before the end of the file"#),
        ("{\"a\": \"never\n", "g.json:1:13: error: JSON syntax error: the control character U+000A inside a string; expected '\"' or an escape such as '\\n'"),
        ("{\"a\": \"never", "g.json:1:7: error: JSON syntax error: this string is never closed; expected '\"' before the end of the file"),
    ])
    func badEscapes(_ text: String, _ expected: String) {
        #expect(errors(text) == [expected])
    }

    @Test("an unpaired surrogate is an error at its escape; nothing after it is swallowed", arguments: [
        (#"["\uD800\u0041"]"#, #"g.json:1:3: error: JSON syntax error: unpaired surrogate '\uD800'; expected a low surrogate '\uDC00'…'\uDFFF' right after it, found '\u0041'"#),
        (#"["x\uD83DA"]"#, #"g.json:1:4: error: JSON syntax error: unpaired surrogate '\uD83D'; expected a low surrogate '\uDC00'…'\uDFFF' right after it"#),
        (#"["\uDBFF"]"#, #"g.json:1:3: error: JSON syntax error: unpaired surrogate '\uDBFF'; expected a low surrogate '\uDC00'…'\uDFFF' right after it"#),
        (#"["\uDE00"]"#, #"g.json:1:3: error: JSON syntax error: unpaired surrogate '\uDE00'; expected a high surrogate '\uD800'…'\uDBFF' right before it"#),
        (#"["\uD83D\uD83D\uDE00"]"#, #"g.json:1:3: error: JSON syntax error: unpaired surrogate '\uD83D'; expected a low surrogate '\uDC00'…'\uDFFF' right after it, found '\uD83D'"#),
        (#"["\uD800\n"]"#, #"g.json:1:3: error: JSON syntax error: unpaired surrogate '\uD800'; expected a low surrogate '\uDC00'…'\uDFFF' right after it"#),
    ])
    func unpairedSurrogates(_ text: String, _ expected: String) {
        #expect(errors(text) == [expected])
    }

    @Test("paired surrogates and the highest scalars decode", arguments: [
        (#""\uD800\uDC00""#, "\u{10000}"), (#""\uDBFF\uDFFF""#, "\u{10FFFF}"), (#""\u0000""#, "\u{0}"), (#""\uFFFF""#, "\u{FFFF}"),
        (#""\ud83d\ude00A""#, "😀A"), (#""\/\b\f\r\t""#, "/\u{8}\u{C}\r\t"),
    ])
    func pairedSurrogates(_ text: String, _ expected: String) {
        #expect(value(text)?.scalarText == expected)
    }

    @Test("a key that appears twice is an error at the second, naming where the first was")
    func duplicateKeys() {
        #expect(errors("{\"a\": 1, \"a\": 2}") == ["g.json:1:10: error: the key 'a' appears twice; first at line 1, column 2"])
        #expect(errors("{\n  \"type\": \"Feature\",\n  \"properties\": {\"x\": 1, \"y\": {\"x\": 2}},\n  \"type\": \"Point\"\n}")
                == ["g.json:4:3: error: the key 'type' appears twice; first at line 2, column 3"])
        // Escapes are decoded before keys are compared.
        #expect(errors(#"{"é": 1, "\u00e9": 2}"#) == [#"g.json:1:10: error: the key 'é' appears twice; first at line 1, column 2"#])
        // The same key in sibling objects is fine.
        #expect(errors("[{\"a\": 1}, {\"a\": 2}]").isEmpty)
    }

    @Test("JSON and YAML refuse the same duplicate at the same place")
    func duplicateKeysAgreeWithYAML() {
        let text = "{\"a\": 1, \"b\": 2,\n \"a\": 3}"
        var yamlLog = DiagnosticLog()
        #expect(YAML.parse(text, path: "g.json", log: &yamlLog) == nil)
        #expect(JSON.parse(text, path: "g.json", log: &yamlLog) == nil)
        #expect(yamlLog.items.map(\.description) == [
            "g.json:2:2: error: the key 'a' appears twice; first at line 1, column 2",
            "g.json:2:2: error: the key 'a' appears twice; first at line 1, column 2",
        ])
    }

    @Test("an object of many keys is read in linear time")
    func manyKeys() {
        let count = 50_000
        let text = "{" + (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + "}"
        #expect(value(text)?.entries?.count == count)
    }

    @Test("very long numbers and strings neither trap nor hang")
    func longTokens() {
        let digits = String(repeating: "9", count: 200_000)
        #expect(errors(digits) == ["g.json:1:1: error: JSON syntax error: '9999999999999999999999999999999999999999' is not a JSON number: expected a magnitude of at most 1.7976931348623157e308"])
        let small = "0." + String(repeating: "0", count: 200_000) + "1"
        guard case .number(let n, _) = value(small)?.value else { Issue.record("not a number"); return }
        #expect(n == 0)
        let exponent = "1e" + String(repeating: "9", count: 100_000)
        #expect(errors(exponent).first?.hasSuffix("expected a magnitude of at most 1.7976931348623157e308") == true)
        #expect(value("1e-" + String(repeating: "9", count: 100_000)) != nil)
        let long = "\"" + String(repeating: "a", count: 1_000_000) + "\""
        #expect(value(long)?.scalarText?.count == 1_000_000)
        let unclosed = "[" + String(repeating: "\"a\",", count: 100_000)
        #expect(errors(unclosed) == ["g.json:1:400002: error: JSON syntax error: expected a value, found the end of the file"])
    }

    @Test("nesting stops at the limit with a positioned error, for arrays and objects alike")
    func nestingLimit() {
        #expect(value(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)) != nil)
        #expect(errors(String(repeating: "[", count: 257) + String(repeating: "]", count: 257))
                == ["g.json:1:257: error: JSON syntax error: nesting is deeper than 256 levels"])
        #expect(errors(String(repeating: "{\"a\":", count: 1_000_000)) == ["g.json:1:1281: error: JSON syntax error: nesting is deeper than 256 levels"])
    }
}
