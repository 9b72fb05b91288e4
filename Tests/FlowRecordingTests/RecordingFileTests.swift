import FlowExplorer
import FlowKernel
import FlowRecording
import FlowRuntime
import FlowSnapshot
import Foundation
import ShopApp
import Testing

/// A recording as a file: the JSON a person reads in a bug report, and what a hostile or broken
/// file gets — a clear error, never a crash.
@MainActor
@Suite("Recordings as files")
struct RecordingFileTests {
    static func json(_ recording: JourneyRecording) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(recording), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> JourneyRecording {
        try JSONDecoder().decode(JourneyRecording.self, from: Data(text.utf8))
    }

    @Test func aStepIsWrittenAsTheActionGestureOrLinkItWas() throws {
        let recording = JourneyRecording(
            start: .app,
            steps: [
                RecordedStep(.action("email", argument: .string("someone@example.com")), screen: "Sign in", lines: ["a"], redacted: true),
                RecordedStep(.gesture(.back(2)), screen: nil, lines: [], refusal: "gestureRefused"),
                RecordedStep(.link("shop://cart"), screen: "Catalog", lines: ["b"]),
            ], ending: "Cart", tags: ["strategy": "stack"])
        #expect(
            try Self.json(recording) == """
                {"ending":"Cart","start":{"from":"app"},"steps":[\
                {"action":"email","argument":"someone@example.com","lines":["a"],"on":"Sign in","redacted":true},\
                {"gesture":":back 2","lines":[],"refused":"gestureRefused"},\
                {"lines":["b"],"link":"shop://cart","on":"Catalog"}],\
                "tags":{"strategy":"stack"},"version":1}
                """)
        #expect(try Self.decode(Self.json(recording)) == recording)
    }

    @Test(arguments: [
        (#"{"version":2,"start":{"from":"app"},"steps":[]}"#, "newer than this FlowKit reads"),
        (#"{"version":0,"start":{"from":"app"},"steps":[]}"#, "not one FlowKit ever wrote"),
        (#"{"version":1,"start":{"from":"yesterday"},"steps":[]}"#, "starts from \"yesterday\""),
        (#"{"version":1,"start":{"from":"app"},"steps":[{"lines":[]}]}"#, "names no action, gesture or link"),
        (#"{"version":1,"start":{"from":"app"},"steps":[{"action":"a","link":"b","lines":[]}]}"#, "names action and link"),
        (#"{"version":1,"start":{"from":"app"},"steps":[{"gesture":":jump","lines":[]}]}"#, "is not a gesture"),
        (#"{"version":1,"start":{"from":"app"},"steps":[{"gesture":":back 0","lines":[]}]}"#, "is not a gesture"),
        (#"{"version":1,"start":{"from":"app"},"steps":[],"unkept":-1}"#, "below 0"),
    ])
    func aBrokenRecordingIsRefusedWithAClearError(_ text: String, _ said: String) {
        do {
            _ = try Self.decode(text)
            Issue.record("\(text) was read")
        } catch let error as FlowError {
            #expect(error.code == .invalidRecording)
            #expect(error.message.contains(said), "\(error.message)")
        } catch {
            Issue.record("\(text): \(error) is not a FlowError")
        }
    }

    @Test func aMillionStepsAreRefusedBeforeAnyIsRead() throws {
        let steps = Array(repeating: "{}", count: 1_000_000).joined(separator: ",")
        let text = #"{"version":1,"start":{"from":"app"},"steps":["# + steps + "]}"
        try JourneyRecording.checkSize(text.utf8.count)
        #expect(throws: FlowError.self) { try Self.decode(text) }
        #expect(throws: FlowError.self) { try JourneyRecording.checkSize(JourneyRecording.Limits.maximumBytes + 1) }
    }

    @Test func aTruncatedFileIsADecodingErrorThatSaysWhere() throws {
        let session = try ShopSession(strategy: .stack)
        try session.startRecording()
        try session.run(Command("start")!)
        let text = try Self.json(try #require(session.recording))
        #expect(throws: DecodingError.self) { try Self.decode(String(text.prefix(text.count / 2))) }
    }

    @Test func aFileIsWrittenAndReadBack() throws {
        let session = try ShopSession(strategy: .router)
        try session.startRecording()
        for command in try Command.script("start,email ana@example.com,hat") { try session.run(command) }
        let recording = try #require(session.recording)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-recording-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try recording.write(to: url)
        #expect(try JourneyRecording(contentsOf: url) == recording)
        try Data("{".utf8).write(to: url)
        #expect(throws: FlowError.self) { try JourneyRecording(contentsOf: url) }
    }
}

/// Hostile recordings — real ones of every strategy, mutated by a seeded generator — are read and
/// replayed: each is refused with a clear error (a `FlowError` or a decoding error saying where),
/// or replays to a report. Never a crash.
///
/// `swift test` runs 600 (CI's `.ci/fuzz` 3,000); `FLOWKIT_RECORDING_FUZZ=<count>` runs another count, and
/// `FLOWKIT_RECORDING_SEED=<seed>` another seed.
@MainActor
@Suite("Replaying hostile recordings")
struct RecordingFuzzTests {
    static var count: Int { ProcessInfo.processInfo.environment["FLOWKIT_RECORDING_FUZZ"].flatMap(Int.init) ?? 600 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["FLOWKIT_RECORDING_SEED"].flatMap(UInt64.init) ?? 28 }

    /// Recordings of the shop's journeys in every strategy, one from a restored shop, as saved values.
    static func seeds() throws -> [SavedValue] {
        var seeds: [SavedValue] = []
        for strategy in Strategy.allCases {
            for journey in ShopReplayTests.journeys {
                seeds.append(try SavedValue(encoding: try ShopReplayTests.record(journey, in: strategy).recording))
            }
            let session = try ShopSession(strategy: strategy)
            for command in try Command.script("start,email ana@example.com,shoes") { try session.run(command) }
            try session.startRecording(keepingLast: 2)
            for command in try Command.script("add,cart,checkout,:back,hat") { _ = session.perform(command) }
            seeds.append(try SavedValue(encoding: try #require(session.recording)))
        }
        return seeds
    }

    @Test func hostileRecordingsAreRefusedOrReplayedNeverACrash() throws {
        let seeds = try Self.seeds()
        var random = SeededGenerator(seed: Self.seed)
        var outcomes = (refused: 0, replayed: 0, diverged: 0)
        for round in 0..<Self.count {
            var document = seeds[Int(random.next() % UInt64(seeds.count))]
            let mutations = 1 + Int(random.next() % 3)
            for _ in 0..<mutations { document = Mutation.apply(to: document, using: &random) }
            var data = try JSONEncoder().encode(document)
            if random.next() % 8 == 0 { data = data.prefix(Int(random.next() % UInt64(data.count))) }
            let recording: JourneyRecording
            do {
                recording = try JSONDecoder().decode(JourneyRecording.self, from: data)
            } catch let error as FlowError {
                #expect(error.code == .invalidRecording, "round \(round): \(error)")
                outcomes.refused += 1
                continue
            } catch is DecodingError {
                outcomes.refused += 1
                continue
            }
            let strategy = Strategy.allCases[Int(random.next() % 4)]
            do {
                let report = try ShopReplay.replay(strategy).replay(recording)
                if report.matched { outcomes.replayed += 1 } else { outcomes.diverged += 1 }
            } catch let error as FlowError {
                #expect(error.code == .invalidRecording, "round \(round): \(error)")
                outcomes.refused += 1
            }
        }
        // The mutations reach every outcome: refused, diverged and (for harmless ones) replayed.
        #expect(outcomes.refused > 0 && outcomes.diverged > 0 && outcomes.replayed > 0, "\(outcomes)")
    }

    /// One change to a recording's document.
    enum Mutation {
        static let junk: [SavedValue] = [
            .null, .bool(true), .int(-1), .int(Int.max), .int(Int.min), .double(1e300), .string(""), .string(":back 99"), .string(":tab -3"),
            .string(":tab 2"), .string("shoes"), .string("checkout"), .string("shop://product/nothing"), .string(String(repeating: "x", count: 500)),
            .array([]), .object([:]), .object(["from": .string("snapshot")]),
        ]

        static func apply(to value: SavedValue, using random: inout SeededGenerator) -> SavedValue {
            var paths: [[PathStep]] = []
            collect(value, at: [], into: &paths)
            guard let path = paths.randomElement(using: &random) else { return value }
            return replacing(value, at: path[...]) { old in
                switch random.next() % 5 {
                case 0: return junk.randomElement(using: &random)!
                case 1: if case .array(let items) = old, !items.isEmpty { return .array(items.shuffled(using: &random)) }
                case 2: if case .array(let items) = old { return .array(items + items) }
                case 3:
                    if case .object(var fields) = old, let key = fields.keys.sorted().randomElement(using: &random) {
                        fields[key] = nil
                        return .object(fields)
                    }
                default: break
                }
                return junk.randomElement(using: &random)!
            }
        }

        enum PathStep {
            case key(String)
            case index(Int)
        }

        static func collect(_ value: SavedValue, at path: [PathStep], into paths: inout [[PathStep]]) {
            paths.append(path)
            switch value {
            case .array(let items): for (index, item) in items.enumerated() { collect(item, at: path + [.index(index)], into: &paths) }
            case .object(let fields): for (key, field) in fields.sorted(by: { $0.key < $1.key }) { collect(field, at: path + [.key(key)], into: &paths) }
            default: break
            }
        }

        static func replacing(_ value: SavedValue, at path: ArraySlice<PathStep>, with change: (SavedValue) -> SavedValue) -> SavedValue {
            guard let step = path.first else { return change(value) }
            switch (step, value) {
            case (.key(let key), .object(var fields)):
                if let field = fields[key] { fields[key] = replacing(field, at: path.dropFirst(), with: change) }
                return .object(fields)
            case (.index(let index), .array(var items)) where items.indices.contains(index):
                items[index] = replacing(items[index], at: path.dropFirst(), with: change)
                return .array(items)
            default: return value
            }
        }
    }
}
