/// Elements in first-in, first-out order: an array read from a moving head, compacted once half
/// of it has been read. A taken slot is emptied at once: a slot kept until the array is compacted
/// would keep its element (a decoded chunk of up to a megabyte) alive, 64 of them and more.
///
/// A value, kept under its owner's lock (`BoundedChannel`'s, a scheduler's).
struct ElementQueue<Element> {
    private var elements: [Element?] = []
    /// Index in `elements` of the next to take; those before it are gone (nil).
    private var head = 0

    var isEmpty: Bool { head == elements.count }

    mutating func append(_ element: Element) {
        elements.append(element)
    }

    /// The oldest element, taken out; nil when there is none.
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        guard let element = elements[head].take() else { preconditionFailure("a taken slot taken again") }
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Drops every element.
    mutating func removeAll() {
        elements = []
        head = 0
    }
}

extension ElementQueue: Sendable where Element: Sendable {}
