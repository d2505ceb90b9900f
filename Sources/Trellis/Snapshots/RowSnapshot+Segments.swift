extension RowSnapshot {
  /// The titles of a segmented control's segments: its own
  /// (``RowAttributes/segmentTitles``), else its choices' titles, else its choices' text.
  public var segments: [String] {
    if !attributes.segmentTitles.isEmpty { return attributes.segmentTitles }
    let choices = attributes.choices
    if attributes.choiceTitles.count == choices.count { return attributes.choiceTitles }
    return choices.map(\.displayText)
  }

  /// The segment the row's value selects, `nil` when none does.
  ///
  /// A segmented control with choices (``RowAttributes/choices``) holds the chosen choice, as
  /// a selection does; one without, or one that holds a whole number none of its choices is,
  /// holds the number of its segment, as `UISegmentedControl`'s `selectedSegmentIndex` does.
  public var selectedSegment: Int? {
    guard let value, !value.isNull else { return nil }
    guard holdsSegmentNumber else { return attributes.choices.firstIndex(of: value) }
    guard let index = value.intValue, segments.indices.contains(index) else { return nil }
    return index
  }

  /// The value that selecting segment `index` writes: the choice it shows, or its number.
  func segmentValue(_ index: Int) -> Value {
    let choices = attributes.choices
    return !holdsSegmentNumber && choices.indices.contains(index) ? choices[index] : .int(index)
  }

  /// Whether the row holds the number of its segment rather than the choice it shows.
  private var holdsSegmentNumber: Bool {
    let choices = attributes.choices
    guard !choices.isEmpty else { return true }
    guard let value, !choices.contains(value) else { return false }
    if case .int = value { return true }
    return false
  }
}

extension RowSnapshot {
  /// The range a slider's track spans: the row's minimum to its maximum (0 to 1 unless set,
  /// as `UISlider`'s), stretched to hold the value it holds, so that a value outside the range
  /// (another program's) shows where it is and is not clamped by the first touch.
  public var sliderRange: ClosedRange<Double> {
    var low = attributes.minimum ?? 0
    var high = Swift.max(attributes.maximum ?? 1, low)
    if let current = value?.doubleValue, current.isFinite {
      low = Swift.min(low, current)
      high = Swift.max(high, current)
    }
    return low...high
  }
}
