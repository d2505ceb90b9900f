import Foundation
import Observation
import TrellisExamples
import TrellisMacros

/// A typed object for the generated-form targets: a property of every kind a class can bind,
/// a chosen object, a nested object and a list of objects.
@Observable @TableBound
final class FuzzProfile: DefaultConstructible {
  var name = "Ada"
  var age = 36
  var height = 1.7
  var subscribed = false
  var birthday: Date?
  var level = 1
  var color = "Red"
  var favorite: TaskStep?
  var mentor: TaskStep?
  var steps: [TaskStep] = []

  init() {}
}
