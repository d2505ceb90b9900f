@_exported import Trellis
@_exported import TrellisSQL
