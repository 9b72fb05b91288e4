// Compiled with the package's `SQLiteStore` trait only, as the store it watches.
#if SQLiteStore
    import FlowWeb
    import Synchronization

    #if canImport(Glibc)
        import Glibc

        private let closeFile = Glibc.close
    #elseif canImport(Darwin)
        import Darwin

        private let closeFile = Darwin.close
    #endif

    /// Whether anything was committed to an SQLite file since a mark, read without a statement.
    ///
    /// In write-ahead-log mode SQLite keeps an index of the log in a file beside the database
    /// (`sessions.sqlite-shm`) that every connection to the file maps into memory, by any process.
    /// The index begins with a header (SQLite's file-format documentation, "The WAL-Index
    /// Header") whose `iChange` counts the transactions committed and whose checksum covers the
    /// rest; a writer rewrites it as the last step of every commit. Reading those 48 bytes is one
    /// `pread` from the page cache: no lock, no statement, no thread of the pool. When they are
    /// as they were at the mark, nothing was committed since — by this process or another — and
    /// every session is as it was read. Any commit, to any session, makes the next request of
    /// each held session ask the store once more.
    ///
    /// A header read while a commit writes it reads as changed: a needless question, never a
    /// wrong answer. When the index cannot be read (the file went away), the watch vouches for
    /// nothing and every request asks the store.
    final class WriteAheadLogWatch: SessionChangeWatch {
        /// The index file, open for reading; -1 once closed.
        private let index: Mutex<Int32>

        /// Watches the index of the database at `path`; `nil` when it cannot be opened.
        init?(database path: String) {
            let descriptor = open(path + "-shm", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            index = Mutex(descriptor)
        }

        deinit { close() }

        /// Stops reading the index: the watch vouches for nothing after.
        func close() {
            index.withLock { descriptor in
                if descriptor >= 0 { _ = closeFile(descriptor) }
                descriptor = -1
            }
        }

        func mark() -> SessionChangeMark {
            SessionChangeMark(header() ?? 0)
        }

        func isUnchanged(_ key: SessionKey, at revision: Int, since mark: SessionChangeMark) -> Bool {
            guard mark.value != 0, let now = header() else { return false }
            return now == mark.value
        }

        /// The header's transaction counter and checksum as one value; `nil` when it cannot be read.
        private func header() -> UInt64? {
            index.withLock { descriptor -> UInt64? in
                guard descriptor >= 0 else { return nil }
                return withUnsafeTemporaryAllocation(byteCount: 48, alignment: 8) { header -> UInt64? in
                    guard pread(descriptor, header.baseAddress, 48, 0) == 48, header[12] != 0 else { return nil }
                    // iChange (bytes 8–11) and the header's own checksum (bytes 40–43), in the
                    // machine's byte order, as SQLite writes them; isInit (byte 12) is 0 until a
                    // connection has built the index.
                    let value = UInt64(header.load(fromByteOffset: 8, as: UInt32.self)) << 32 | UInt64(header.load(fromByteOffset: 40, as: UInt32.self))
                    return value == 0 ? 1 : value
                }
            }
        }
    }
#endif
