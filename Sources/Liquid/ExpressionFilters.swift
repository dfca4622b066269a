/// Jekyll's `where_exp`, `find_exp` and `group_by_exp`: filters whose argument is a Liquid expression
/// evaluated once per item, with the item bound to a name.
enum ExpressionFilters {
    static let names: Set<String> = ["where_exp", "find_exp", "group_by_exp"]
}

extension RenderContext {
    func expressionFilter(_ name: String, _ input: Value, _ args: [Value], at p: Position) throws(LiquidError) -> Value {
        guard args.count == 2, let variable = args[0].stringValue, let source = args[1].stringValue else {
            throw .render("\(name) takes a variable name and an expression, like \(name): \"item\", \"item.year == 2024\"", at: p)
        }
        let items: [Value]
        do throws(FilterError) {
            items = try Ruby.items(input, filterContext)
        } catch {
            throw LiquidError(error.isLimit ? .limit : .render, "\(name): \(error.message)", path: p.path, line: p.line, column: p.column)
        }
        if name == "group_by_exp" {
            let expression: Evaluation
            do throws(FilterError) {
                var parser = try ExpressionParser(Substring(source))
                expression = Compiler.filtered(try parser.filtered(), at: p)
            } catch {
                throw .render("\(name): \(error.message) in '\(source)'", at: p)
            }
            var groups = JekyllFilters.Groups()
            for item in items {
                try countIteration(at: p)
                let key = try withScope(Object([(variable, item)])) { () throws(LiquidError) in try expression(self) }
                groups.add(item, to: Ruby.string(key))
            }
            let value = groups.value
            do throws(FilterError) { try Ruby.checkNesting(value, adding: 0) } catch { throw .render("\(name): \(error.message)", at: p) }
            return value
        }
        let condition: Test
        do throws(FilterError) {
            var parser = try ExpressionParser(Substring(source))
            condition = Compiler.condition(try parser.condition(), at: p)
            try parser.expectEnd()
        } catch {
            throw .render("\(name): \(error.message) in '\(source)'", at: p)
        }
        var kept: [Value] = []
        for item in items {
            try countIteration(at: p)
            let matched = try withScope(Object([(variable, item)])) { () throws(LiquidError) in try condition(self) }
            if matched {
                if name == "find_exp" { return item }
                kept.append(item)
            }
        }
        return name == "find_exp" ? .nil : .array(kept)
    }
}
