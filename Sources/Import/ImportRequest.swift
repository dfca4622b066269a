/// What `commonsight import` was asked to do.
public struct ImportRequest: Sendable {
    /// The content folder.
    public var root: String
    /// Every report goes to this neighborhood (those outside its boundary are listed), else each to the one that holds it.
    public var neighborhood: String?
    public var files: [String]
    /// The category of reports whose category no mapping names.
    public var defaultCategory: String?

    public init(root: String, neighborhood: String?, files: [String], defaultCategory: String?) {
        (self.root, self.neighborhood, self.files, self.defaultCategory) = (root, neighborhood, files, defaultCategory)
    }
}
