// expect: conformance of 'Screen' to 'Sendable' is unavailable
// Screens, models, sections and drafts are not Sendable, by declaration.
import Trellis

func keep(_ value: some Sendable) {}
func check(_ screen: Screen) { keep(screen) }
