public enum TrellisPlaceholder {}
