/// The site.yml most content fixtures start from.
public enum SampleSite {
    /// A site titled `title` in Detroit's time zone, with the categories speeding and illegal parking.
    public static func yml(title: String) -> String {
        """
        title: \(title)
        timezone: America/Detroit
        categories:
          speeding: { label: Speeding, color: "#d55e00" }
          illegal-parking: { label: Illegal parking, color: "#009e73" }
        """
    }
}
