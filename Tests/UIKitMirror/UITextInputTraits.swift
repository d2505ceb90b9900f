import Foundation

/// Mirror of UIKit's `UIKeyboardType` (its case names are UIKit's).
// swift-format-ignore: AlwaysUseLowerCamelCase
public enum UIKeyboardType: Int, Sendable {
  case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad
  case emailAddress, decimalPad
}

/// Mirror of UIKit's `UITextAutocapitalizationType`.
public enum UITextAutocapitalizationType: Int, Sendable {
  case none, words, sentences, allCharacters
}

/// Mirror of UIKit's `UITextAutocorrectionType`.
public enum UITextAutocorrectionType: Int, Sendable {
  case `default`, no, yes
}

/// Mirror of UIKit's `UIReturnKeyType`.
public enum UIReturnKeyType: Int, Sendable {
  case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall
}

/// Mirror of UIKit's `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable {
  case left, center, right, justified, natural
}
