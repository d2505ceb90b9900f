/// An object that shows part of a Settings bundle's values (an item of a list group): a
/// screen bound to it follows every change to those values, as a screen bound to them does.
protocol SettingsBundleView: AnyObject {
  /// The values it shows part of.
  var bundleValues: SettingsBundleObject? { get }
}

extension SettingsListItem: SettingsBundleView {
  var bundleValues: SettingsBundleObject? { root as? SettingsBundleObject }
}

extension SettingsListAddition: SettingsBundleView {
  var bundleValues: SettingsBundleObject? { root as? SettingsBundleObject }
}
