import Trellis
import TrellisListSources

extension InferredDescriptors {
  /// Whether a list's source carries a credential.
  var usesCredential: Bool {
    tables.contains { named in
      let sections = named.document.dictionaryValue?["sections"]?.arrayValue ?? []
      return sections.contains { section in
        section.dictionaryValue?["source"]?.dictionaryValue?["webService"]?.dictionaryValue?[
          "credential"] != nil
      }
    }
  }
}
