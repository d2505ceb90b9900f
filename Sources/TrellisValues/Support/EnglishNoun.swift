/// The singular and plural of English nouns as names use them: a table called `orders` lists
/// an "Order", a customer's orders are its "Orders", and a `category` unit counts
/// "categories".
///
/// Only the last word of a compound name changes (`line_items` → `line_item`,
/// `InvoiceLine` → `InvoiceLines`), and it keeps its case: `ORDERS` → `ORDER`. The rules are
/// English's regular ones, with the irregular and uncountable nouns that names commonly use;
/// a word the rules cannot tell apart is read the way a database's names most often mean it
/// (`cases` → `case`, `statuses` → `status`).
package enum EnglishNoun {
  /// `word`, singular: `orders` → `order`, `categories` → `category`,
  /// `addresses` → `address`; a word that is singular already is returned as it is.
  package static func singular(_ word: String) -> String {
    inflect(word, toSingular: true)
  }

  /// `word`, which is singular, made plural: `order` → `orders`, `category` →
  /// `categories`, `status` → `statuses`, `person` → `people`.
  package static func plural(_ word: String) -> String {
    inflect(word, toSingular: false)
  }

  /// The article before `word` in a sentence: "an" before a vowel sound ("an Order",
  /// "an hour"), "a" otherwise ("a Customer", "a User").
  package static func indefiniteArticle(for word: String) -> String {
    let lower = word.lowercased()
    if ["hour", "honest", "honor", "honour", "heir"].contains(where: lower.hasPrefix) {
      return "an"
    }
    let consonantSounds = ["uni", "url", "use", "usa", "usu", "uti", "eu", "one", "once", "ure"]
    if consonantSounds.contains(where: lower.hasPrefix) { return "a" }
    return lower.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }

  /// Changes the last word of `word`, keeping the rest and the word's case.
  private static func inflect(_ word: String, toSingular: Bool) -> String {
    let characters = Array(word)
    var start = 0
    for index in characters.indices.dropFirst() {
      let previous = characters[index - 1]
      if "_- ".contains(previous) || (characters[index].isUppercase && previous.isLowercase) {
        start = index
      }
    }
    let head = String(characters[..<start])
    let last = String(characters[start...])
    guard last.contains(where: \.isLetter) else { return word }
    // An acronym's plural (`URLs`) is the acronym with an `s`.
    if last.count > 2, last.last == "s", last.dropLast().allSatisfy(\.isUppercase) {
      return toSingular ? head + last.dropLast() : word
    }
    let lower = last.lowercased()
    let changed = toSingular ? singularWord(lower) : pluralWord(lower)
    return head + restoreCase(of: last, in: changed)
  }

  /// `changed` written in the case of `original`: all capitals, a capital first, or as it is.
  private static func restoreCase(of original: String, in changed: String) -> String {
    if original.count > 1, original.allSatisfy({ !$0.isLetter || $0.isUppercase }) {
      return changed.uppercased()
    }
    if original.first?.isUppercase == true {
      return changed.prefix(1).uppercased() + changed.dropFirst()
    }
    return changed
  }

  private static func singularWord(_ word: String) -> String {
    if uncountable.contains(word) { return word }
    if let irregular = singularOfIrregular[word] { return irregular }
    if pluralOfIrregular[word] != nil || takesES.contains(word) || sisNouns.contains(word) {
      return word
    }
    for ending in ["ss", "us", "is"] where word.hasSuffix(ending) { return word }
    guard word.hasSuffix("s"), word.count > 1 else { return word }
    let stem = String(word.dropLast())
    if word.hasSuffix("ies"), word.count > 4, !endsInIE.contains(stem) {
      return String(word.dropLast(3)) + "y"
    }
    if word.hasSuffix("es") {
      let base = String(word.dropLast(2))
      if takesES.contains(base) || base.hasSuffix("ss") || base.hasSuffix("x")
        || base.hasSuffix("zz") || base.hasSuffix("tz") || base.hasSuffix("sh")
        || (base.hasSuffix("ch") && !endsInCHE.contains(stem))
      {
        return base
      }
      let sis = String(base.dropLast()) + "sis"
      if base.hasSuffix("s"), sisNouns.contains(sis) { return sis }
    }
    return stem
  }

  private static func pluralWord(_ word: String) -> String {
    if uncountable.contains(word) { return word }
    if let irregular = pluralOfIrregular[word] { return irregular }
    if singularOfIrregular[word] != nil { return word }
    if sisNouns.contains(word) { return word.dropLast(2) + "es" }
    if takesES.contains(word) { return word + "es" }
    for ending in ["s", "x", "z", "ch", "sh"] where word.hasSuffix(ending) { return word + "es" }
    if word.hasSuffix("y"), word.count > 1 {
      let before = word.dropLast().last ?? "a"
      if !"aeiou".contains(before) || word.hasSuffix("quy") { return word.dropLast() + "ies" }
    }
    return word + "s"
  }

  /// Nouns whose plural is the same word.
  private static let uncountable: Set<String> = [
    "data", "deer", "equipment", "feedback", "fish", "information", "media", "metadata",
    "money", "music", "news", "personnel", "rice", "series", "sheep", "software", "species",
    "staff",
  ]

  /// Singular nouns that end in `s`, `o` or `z` and take `es`.
  private static let takesES: Set<String> = [
    "alias", "atlas", "bonus", "bus", "campus", "canvas", "census", "chorus", "circus", "echo",
    "embargo", "focus", "gas", "genius", "hero", "lens", "potato", "radius", "status",
    "surplus", "tomato", "torpedo", "veto", "virus", "walrus",
  ]

  /// Nouns in `-is` whose plural ends in `-es` (`analysis` → `analyses`).
  private static let sisNouns: Set<String> = [
    "analysis", "crisis", "diagnosis", "emphasis", "hypothesis", "oasis",
    "parenthesis", "prognosis", "synopsis", "thesis",
  ]

  /// Singular nouns in `-ie`, whose plurals the `-ies` → `-y` rule would misread.
  private static let endsInIE: Set<String> = [
    "brownie", "calorie", "cookie", "genie", "goalie", "hoodie", "movie", "prairie", "rookie",
    "selfie", "smoothie", "sortie", "zombie",
  ]

  /// Singular nouns in `-che`, whose plurals the `-ches` rule would misread.
  private static let endsInCHE: Set<String> = [
    "ache", "avalanche", "cache", "cliche", "headache", "moustache", "mustache", "niche",
  ]

  /// Irregular plurals, by their singular.
  private static let pluralOfIrregular: [String: String] = [
    "appendix": "appendices", "bacterium": "bacteria", "cactus": "cacti", "calf": "calves",
    "child": "children", "criterion": "criteria", "datum": "data", "elf": "elves",
    "foot": "feet", "goose": "geese", "half": "halves", "knife": "knives", "leaf": "leaves",
    "life": "lives", "loaf": "loaves", "man": "men", "matrix": "matrices", "mouse": "mice",
    "ox": "oxen", "person": "people", "phenomenon": "phenomena", "quiz": "quizzes",
    "scarf": "scarves", "shelf": "shelves", "thief": "thieves", "tooth": "teeth",
    "vertex": "vertices", "wife": "wives", "wolf": "wolves", "woman": "women",
  ]

  /// Irregular singulars, by their plural.
  private static let singularOfIrregular: [String: String] = Dictionary(
    pluralOfIrregular.filter { $0.key != "datum" }.map { ($0.value, $0.key) },
    uniquingKeysWith: { first, _ in first }
  ).merging(["indices": "index"], uniquingKeysWith: { first, _ in first })
}
