import FlowKitWorkloads
import Foundation

// Measures every workload in one run and prints each as a ratio to its anchor, with the goal it is
// held to. Run it in release mode from the Benchmarks folder:
//
//     swift run -c release flowkit-ratios            # every figure, as a text table
//     swift run -c release flowkit-ratios --markdown # the same as a Markdown table
//     swift run -c release flowkit-ratios journey    # only the figures whose name contains "journey"
//     valgrind --tool=callgrind .build/release/flowkit-ratios --run 10000 "=InMemoryHost push+pop, depth 2"
//                                                     # runs the figure 10,000 times, unmeasured, for a profiler
//
// Each figure is the median of several samples; a sample runs the operation enough times to last
// about 20 ms, so the clock's resolution and the loop's overhead do not show.

@MainActor
struct Measurement {
    let workload: Workload
    let nanoseconds: Double
    var ratio: Double?

    var met: Bool? {
        guard workload.ratioLimit != nil || workload.nanosecondsLimit != nil else { return nil }
        if let limit = workload.ratioLimit, let ratio, ratio > limit { return false }
        if let limit = workload.nanosecondsLimit, nanoseconds > limit { return false }
        return true
    }
}

@MainActor
func measure(_ workload: Workload) -> Double {
    let body = workload.make()
    func timed(_ n: Int) -> Double {
        let start = ContinuousClock.now
        body(n)
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }
    _ = timed(1)
    var n = 1
    var elapsed = timed(n)
    while elapsed < 20e6, n < 1 << 26 {
        n *= 2
        elapsed = timed(n)
    }
    let sampleCount = elapsed > 200e6 ? 3 : 9
    let samples = (0..<sampleCount).map { _ in timed(n) / Double(n) }.sorted()
    return samples[samples.count / 2]
}

func formatNanoseconds(_ value: Double) -> String {
    switch value {
    case ..<1_000: String(format: "%.0f ns", value)
    case ..<1_000_000: String(format: "%.2f µs", value / 1_000)
    default: String(format: "%.1f ms", value / 1_000_000)
    }
}

func formatRate(_ nanoseconds: Double) -> String {
    let perSecond = 1e9 / nanoseconds
    switch perSecond {
    case 1_000_000...: return String(format: "%.2fM/s", perSecond / 1_000_000)
    case 1_000...: return String(format: "%.0fk/s", perSecond / 1_000)
    default: return String(format: "%.1f/s", perSecond)
    }
}

func machine() -> String {
    let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let cpu =
        info.split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?
        .trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let process = ProcessInfo.processInfo
    let memory = Double(process.physicalMemory) / 1_073_741_824
    return "\(cpu), \(process.activeProcessorCount) cores, \(String(format: "%.0f", memory)) GiB"
}

@MainActor
func run() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    let markdown = arguments.contains("--markdown")
    var profiledRuns: Int?
    if let flag = arguments.firstIndex(of: "--run"), flag + 1 < arguments.count, let runs = Int(arguments[flag + 1]) {
        profiledRuns = runs
        arguments.removeSubrange(flag...flag + 1)
    }
    let filters = arguments.filter { !$0.hasPrefix("--") }
    let catalog = Catalog.all
    // A filter names the figures that contain it; one that starts with "=" names one figure exactly.
    let wanted = catalog.filter { workload in
        filters.isEmpty || filters.contains { $0.hasPrefix("=") ? workload.name == $0.dropFirst() : workload.name.localizedCaseInsensitiveContains($0) }
    }
    if let profiledRuns {
        for workload in wanted { workload.make()(profiledRuns) }
        return
    }
    // Anchors are measured whenever a wanted figure needs them.
    let anchorNames = Set(wanted.compactMap(\.anchor))
    var results: [String: Measurement] = [:]
    for workload in catalog where wanted.contains(where: { $0.name == workload.name }) || anchorNames.contains(workload.name) {
        results[workload.name] = Measurement(workload: workload, nanoseconds: measure(workload))
        FileHandle.standardError.write(Data("measured \(workload.name)\n".utf8))
    }
    for (name, measurement) in results {
        if let anchor = measurement.workload.anchor, let base = results[anchor]?.nanoseconds {
            results[name]?.ratio = measurement.nanoseconds / base
        }
    }
    let rows: [[String]] = catalog.compactMap { results[$0.name] }.map { m in
        [
            m.workload.name,
            formatNanoseconds(m.nanoseconds),
            formatRate(m.nanoseconds),
            m.ratio.map { String(format: "%.2f×", $0) } ?? (anchorNames.contains(m.workload.name) ? "anchor" : "—"),
            m.workload.anchor ?? "",
            m.workload.goal,
            m.met.map { $0 ? "met" : "MISSED" } ?? "",
        ]
    }
    let header = ["figure", "per operation", "rate", "ratio", "to", "goal", ""]
    print("FlowKit ratios — \(machine())")
    if markdown {
        print("| " + header.joined(separator: " | ") + " |")
        print("|" + String(repeating: "---|", count: header.count))
        for row in rows { print("| " + row.joined(separator: " | ") + " |") }
    } else {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            print(zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  "))
        }
    }
    let missed = results.values.filter { $0.met == false }.count
    print(missed == 0 ? "every goal met" : "\(missed) goal(s) missed")
}

MainActor.assumeIsolated { run() }
