import Trellis

/// What a screen's bar and notice show: two snapshots with equal facts draw the same bar.
struct BarFacts: Equatable {
  var title: String?
  var buttons: [BarButton]
  var isEditing: Bool
  var isDoneEnabled: Bool
  var canGoBack: Bool
  var backTitle: String?
  var notice: String?
  var isBusy: Bool
  var hasUnsavedChanges: Bool
  var hasSearch: Bool
  var style: ResolvedStyle?

  init(_ screen: ScreenSnapshot) {
    title = screen.title
    buttons = screen.barButtons
    isEditing = screen.isEditing
    isDoneEnabled = screen.isDoneEnabled
    canGoBack = screen.canGoBack
    backTitle = screen.backTitle
    notice = screen.notice
    isBusy = screen.isBusy
    hasUnsavedChanges = screen.hasUnsavedChanges
    hasSearch = screen.search != nil
    style = screen.navigationBarStyle
  }
}
