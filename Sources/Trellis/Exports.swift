// `import Trellis` gives app authors the whole vocabulary: the diff engine's snapshots and
// changesets, values and key-value coding, documents, predicates, themes and names strings.
@_exported import TrellisDiff
@_exported import TrellisDocuments
@_exported import TrellisPredicates
@_exported import TrellisPropertyNames
@_exported import TrellisThemes
@_exported import TrellisValues
