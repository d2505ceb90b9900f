import Trellis
import TrellisValues

extension ObjectFaultLayout {
  /// Why a row of `table` cannot fill an object of its entity's class: the first of its
  /// column values, `values`, in this layout's order, that the class's property cannot hold,
  /// named with the row, as writing it would refuse it (``ObjectFault/problem``); `nil` when
  /// they all fit, or when the entity makes no objects of a class.
  ///
  /// It runs for every row read, so it reads nothing but `values` and the layout (`values`
  /// holds the row's column values and nothing else), and takes the table's name rather than
  /// its entity, which a call would copy.
  package func problem(ofRow id: Int64, in table: String, values: [Value]) -> String? {
    guard makesClassObjects else { return nil }
    let columns = Swift.min(values.count, kinds.count)
    guard let index = (0..<columns).first(where: { !kinds[$0].accepts(values[$0]) })
    else { return nil }
    let (key, value, kind) = (keys[index], values[index], kinds[index].unwrapped)
    guard value != .null else {
      return "\(table) row \(id): \(key) is empty, and needs \(Validator.describe(kind))"
    }
    var text = value.displayText
    if text.count > 40 { text = text.prefix(40) + "…" }
    return "\(table) row \(id): \(key) holds “\(text)”, not \(Validator.describe(kind))"
  }
}
