// Tests that import TrellisTesting get the whole of Trellis too (SeededRandom among it).
@_exported import Trellis
