import Trellis

extension RelationalEntity {
  /// Why a row cannot fill an object of the entity's class: the first of its column values,
  /// `values`, in `layout`'s order, that the class's property cannot hold, named
  /// with the row, as writing it would refuse it (``ObjectFault/problem``); `nil` when they
  /// all fit, or when the entity makes no objects of a class.
  ///
  /// It runs for every row read, so it reads nothing but `values` and `layout`: `values` holds
  /// the row's column values and nothing else.
  package func problem(ofRow id: Int64, values: [Value], layout: ObjectFaultLayout) -> String? {
    guard layout.makesClassObjects else { return nil }
    let columns = Swift.min(values.count, layout.kinds.count)
    guard let index = (0..<columns).first(where: { !layout.kinds[$0].accepts(values[$0]) })
    else { return nil }
    let (key, value, kind) = (layout.keys[index], values[index], layout.kinds[index].unwrapped)
    guard value != .null else {
      return "\(table) row \(id): \(key) is empty, and needs \(Validator.describe(kind))"
    }
    var text = value.displayText
    if text.count > 40 { text = text.prefix(40) + "…" }
    return "\(table) row \(id): \(key) holds “\(text)”, not \(Validator.describe(kind))"
  }
}
