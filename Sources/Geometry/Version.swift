/// MiniDesk's version, shown by `minidesk --version` and written into file metadata.
public enum MiniDeskVersion {
    public static let current = "0.1.0"
}
