extension Array {
    /// The order work is planned in: largest first, so a big file does not start last and leave
    /// cores idle; equal sizes by path, so every run orders alike.
    func sortedLargestFirst(size: (Element) -> Int64, path: (Element) -> PathName) -> [Element] {
        sorted { first, second in
            let (firstSize, secondSize) = (size(first), size(second))
            return firstSize != secondSize ? firstSize > secondSize : path(first) < path(second)
        }
    }
}
