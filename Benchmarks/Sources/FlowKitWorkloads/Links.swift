import FlowLinks

/// Deep-link matching (issue 16): reading a link and finding its destination among many patterns.
@MainActor
enum Links {
    /// A map of `count` patterns of three shapes, and a body that opens four links of those shapes
    /// in turn: read, matched, parameters decoded. The links are the same whatever the count, so
    /// the ratio between counts is what the number of patterns costs.
    static func match(patterns count: Int) -> (Int) -> Void {
        var links = LinkMap<Int>(schemes: ["shop"])
        for index in 0..<count {
            switch index % 3 {
            case 0: try! links.register("/c\(index)/:id") { index + (try $0.value("id") as String).utf8.count }
            case 1: try! links.register("/c\(index)/items/:index/:rest*") { try $0.value("index") + $0.values("rest", as: String.self).count }
            default: try! links.register("/c\(index)/detail", index)
            }
        }
        let texts = ["shop://c0/shoes", "shop://c1/items/3/a/b", "shop://c2/detail", "shop://c3/red%20hat"]
        return { n in
            var total = 0
            for step in 0..<n {
                total &+= try! links.destination(for: texts[step & 3])
            }
            consume(total)
        }
    }
}
