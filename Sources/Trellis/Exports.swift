// Trellis speaks the diff engine's vocabulary (snapshots, changesets, item paths) in its API.
@_exported import TrellisDiff
