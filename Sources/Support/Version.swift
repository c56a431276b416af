/// MiniDesk's version, shown by `minidesk --version` and written into file metadata.
package enum MiniDeskVersion {
    package static let current = "0.1.0"
}
