/// What a tab bar shows for one tab: a title and, optionally, image names.
public struct TabItem: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The tab's title.
    public var title: String
    /// The name of the tab's image, if any.
    public var image: String?
    /// The name of the image shown while the tab is selected, if any.
    public var selectedImage: String?

    /// Makes a tab item.
    public init(title: String, image: String? = nil, selectedImage: String? = nil) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    /// The title.
    public var description: String { title }
}
