/// What one chunk's speculative decoding may cost (`StretchAttempt`), so that no input (false
/// block headers, damage, trailing bytes, data that decodes to far more than a stretch holds) makes
/// the parallel path much dearer than the stream: a chunk's attempts together spend at most
/// `factor` times what streaming its part of the file costs, and past that the chunk stops
/// (`SpeculationStopped.overBudget`), and it and the rest of the file are streamed.
///
/// Work is counted in units of about what the stream spends on one byte of a stored block (read
/// and written once: two units), so that no work is counted for less than it costs: an inflater
/// call costs the bytes it read and wrote (the lockstep decoder's too), loading a window its
/// 32 KiB, a search the bytes it looked at times what a byte costs it (`bitSearchWeight` for
/// block headers, tried at every bit; `byteSearchWeight` for member headers and flush markers).
/// What the stream would spend is at least what the current attempt's own inflater has done (the
/// same inflating), and at least reading and writing the chunk's bytes once (`floor`); a false
/// start's work stops counting for it once the attempt fails. `docs/PERFORMANCE.md` has the
/// figures the weights come from.
///
/// Counted rather than measured (CPU time): a chunk makes the same decisions on every machine and
/// in every build (a debug build's Swift runs many times slower than its C inflaters).
struct StretchBudget {
    /// Three: a stretch decoded in lockstep all the way (data whose copies keep reaching back into
    /// the unknown window) costs twice the stream, and its searches and false starts get the rest.
    static let factor = 3
    /// A block search tries a header at every bit: a byte of it costs about fifty times what the
    /// stream spends copying a stored byte.
    static let bitSearchWeight = 50
    /// A search for member headers or flush markers: a byte costs less than a stored byte's copy,
    /// up to a few times more on bytes made to look like them.
    static let byteSearchWeight = 4

    /// The least a chunk may spend, whatever its attempts have decoded: its bytes read and written.
    let floor: Int
    /// Whether the chunk's work is no longer wanted (the run was interrupted, or the stream takes
    /// over before it): asked at every charge.
    let isStopped: () -> Bool
    private(set) var spent = 0
    /// The current attempt's own inflater's work: what the stream would do for the same bytes.
    private var justified = 0

    init(chunkLength: Int, isStopped: @escaping () -> Bool = { false }) {
        floor = 2 * chunkLength
        self.isStopped = isStopped
    }

    /// A new start is tried: the work of the one before no longer justifies anything.
    mutating func beginAttempt() { justified = 0 }

    /// Charges `units` of work; `isDecoding`: work of the attempt's own inflater.
    mutating func charge(_ units: Int, isDecoding: Bool = false) throws(SpeculationStopped) {
        spent += units
        if isDecoding { justified += units }
        if isStopped() { throw .stopped }
        if spent > Self.factor * max(floor, justified) { throw .overBudget }
    }

    /// Charges a search of `bytes` bytes.
    mutating func chargeSearch(of bytes: Int, bitByBit: Bool) throws(SpeculationStopped) {
        try charge(bytes * (bitByBit ? Self.bitSearchWeight : Self.byteSearchWeight))
    }
}

/// Why a chunk's speculation stopped before it found a stretch, or gave up: the chunk is left to
/// the stream.
enum SpeculationStopped: Error, Equatable {
    /// Its attempts spent the chunk's `StretchBudget`.
    case overBudget
    /// The run was interrupted, or the chunk is no longer wanted.
    case stopped
    /// Its stretch still reached back into the unknown window before it after
    /// `StretchAttempt.lockstepLimit` bytes: decoding on twice in lockstep would cost more than the
    /// stream. The chunk is decoded once, with its window, from where the chunks before it end.
    case needsWindow
}
