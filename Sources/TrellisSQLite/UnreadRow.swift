/// A row of a table that no list has read, named as the place of a change.
///
/// It stands in for the row in ``StoreChange/inserted(_:after:)``: it equals no item any list
/// holds, because a row no list has read is in no list. A list showing the first rows of a
/// long order then places the change beyond them, and a list that holds every row, and so
/// should have held this one, cannot place it and reads its rows again.
final class UnreadRow: Sendable {}
