/// A line diff for failure messages: the longest common subsequence kept as context, other lines
/// marked `-` (expected only) or `+` (actual only).
public enum LineDiff {
    /// The diff of two texts, one line per line, or `nil` when they are equal.
    public static func diff(expected: [String], actual: [String]) -> String? {
        guard expected != actual else { return nil }
        let n = expected.count
        let m = actual.count
        // lengths[i][j]: the longest common subsequence of expected[i...] and actual[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    expected[i] == actual[j]
                    ? lengths[i + 1][j + 1] + 1
                    : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                lines.append("  " + expected[i])
                i += 1
                j += 1
            } else if j < m, i == n || lengths[i][j + 1] >= lengths[i + 1][j] {
                lines.append("+ " + actual[j])
                j += 1
            } else {
                lines.append("- " + expected[i])
                i += 1
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The diff of two multi-line texts, or `nil` when they are equal.
    public static func diff(expected: String, actual: String) -> String? {
        diff(expected: lines(of: expected), actual: lines(of: actual))
    }

    private static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
