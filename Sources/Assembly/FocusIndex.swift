import Loading

/// Observations by category and by tag, and each story's categories, made once per neighborhood so
/// that matching a coalition's focus costs what it finds, not the whole neighborhood each time.
struct FocusIndex {
    let observations: [Observation]
    let stories: [StoryPage]
    /// Positions in `observations` (oldest first), by category and by tag.
    let byCategory: [String: [Int]]
    let byTag: [String: [Int]]
    let storyCategories: [Set<String>]

    init(observations: [Observation], stories: [StoryPage]) {
        self.observations = observations
        self.stories = stories
        var byCategory: [String: [Int]] = [:], byTag: [String: [Int]] = [:]
        for (i, o) in observations.enumerated() {
            byCategory[o.category, default: []].append(i)
            for t in Set(o.tags) { byTag[t, default: []].append(i) }
        }
        self.byCategory = byCategory
        self.byTag = byTag
        storyCategories = stories.map { Set($0.observations.map(\.category)) }
    }

    /// The newest `limit` observations whose category or a tag is in `focus`, newest first, and how many match in all.
    func newestObservations(matching focus: Set<String>, limit: Int) -> ([Observation], Int) {
        let lists = focus.sorted().flatMap { key in [byCategory[key], byTag[key]].compactMap { $0 } }
        var matched: [Int]
        var total: Int
        if lists.count == 1 {
            matched = Array(lists[0].suffix(limit))
            total = lists[0].count
        } else {
            var all = Set<Int>()
            for list in lists { all.formUnion(list) }
            total = all.count
            matched = Array(all.sorted().suffix(limit))
        }
        matched.reverse()
        return (matched.map { observations[$0] }, total)
    }
}
