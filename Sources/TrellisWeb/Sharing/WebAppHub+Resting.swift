import Trellis

/// The hub's resting groups: a session whose page rests on a shared list alone joins the
/// group of the windows that show what it shows, and the group is brought up to date with one
/// message for all of them.
extension WebAppHub {
  /// How many groups one list keeps: windows come to rest a version or two apart, and the
  /// groups merge once brought to the same version.
  static let restingGroupsPerList = 8

  /// Lets `session`, just brought up to date, join the resting group that shows what its page
  /// shows, when its page rests on a shared list alone.
  func joinRestingGroup(_ session: WebSession) {
    guard session.lastEvent + configuration.restingQuietPeriod <= .now,
      let (list, version, state) = session.restingPane()
    else { return }
    let key = ObjectIdentifier(list)
    var groups = restingGroups[key] ?? []
    groups.removeAll { $0.isEmpty }
    let group: RestingGroup
    if let found = groups.first(where: { $0.fits(state, version: version) }) {
      group = found
    } else {
      guard groups.count < Self.restingGroupsPerList else { return }
      group = RestingGroup(list: list, version: version, showing: state)
      groups.append(group)
    }
    if restingGroups[key] == nil {
      let id = Self.deliveryID(of: key)
      restingListIDs[id] = key
      list.setGroupWake(scheduler(for: id))
    }
    restingGroups[key] = groups
    session.join(group)
  }

  /// Brings the resting groups of the shared list `key` up to date. A group whose list can no
  /// longer be patched so sends its members back to being brought up to date alone.
  func deliverRestingGroups(of key: ObjectIdentifier) {
    guard var groups = restingGroups[key], let list = groups.first?.list else { return }
    for group in groups where !group.isEmpty {
      guard !group.deliver(drawing: drawing, memo: patchMemo) else { continue }
      for member in Array(group.members.values) {
        member.leaveRestingGroup()
        member.deliverPendingChanges()
      }
    }
    // Groups brought to the same table become one.
    var kept: [RestingGroup] = []
    for group in groups where !group.isEmpty {
      if let same = kept.first(where: { $0.fits(group) }) {
        same.merge(group)
      } else {
        kept.append(group)
      }
    }
    groups = kept
    if groups.isEmpty {
      restingGroups[key] = nil
      restingListIDs[Self.deliveryID(of: key)] = nil
      list.setGroupWake(nil)
    } else {
      restingGroups[key] = groups
    }
  }

  /// The id a pending delivery for the resting groups of shared list `key` goes by (session
  /// ids have no colon).
  static func deliveryID(of key: ObjectIdentifier) -> String {
    "list:\(UInt(bitPattern: key.hashValue))"
  }

  /// How many windows each resting group holds, for tests and diagnostics.
  var restingGroupSizes: [Int] {
    restingGroups.values.flatMap { $0.map(\.members.count) }.sorted()
  }
}
