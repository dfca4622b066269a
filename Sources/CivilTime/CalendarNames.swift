/// English month and weekday names (the `date` filter's and the default theme's words).
public enum CalendarNames {
    public static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                                "September", "October", "November", "December"]
    /// Sunday first, as `strftime` counts.
    public static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
