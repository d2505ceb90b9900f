import Trellis

extension TableDescriptor {
  /// The form of the one object `single` names, which ``bind(root:library:)`` makes for a
  /// descriptor with ``singleObject``: the store's first object, or a new one that the first
  /// Done inserts; over a store read in the background, once it has loaded.
  ///
  /// The descriptor's title (read from `root`), style, theme style and navigation bar apply.
  func bindSingleObject(
    _ single: SingleObjectSource, root: any KeyValueCoding, library: DescriptorLibrary
  ) -> (screen: Screen?, diagnostics: [Diagnostic]) {
    let binder = DescriptorBinder(descriptor: self, library: library, root: root)
    let title: String?
    do { title = try binder.text(self.title, root) } catch { return (nil, [error]) }
    let opened: ListSourceStore
    do { opened = try library.open(single.sectionSource, file: file) } catch {
      return (nil, error.diagnostics)
    }
    let screen: Screen
    do throws(ScreenError) {
      switch opened {
      case .store(let store, let definition):
        screen = try Screen(singleObjectOf: store, definition: definition, title: title)
      case .asyncStore(let store, let definition):
        screen = try Screen(singleObjectOf: store, definition: definition, title: title)
      }
    } catch {
      return (nil, [binder.error("cannot show the single object: \(error)", single.location)])
    }
    screen.model.style = style
    screen.model.theme = library.theme
    screen.model.themeStyle = themeStyle
    if let navigationBar { screen.navigationBar = navigationBar }
    return (screen, [])
  }
}
