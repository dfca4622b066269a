/// Every usage text in one place.
enum HelpText {
    static let commands = ["check", "new", "render", "help"]

    static let overview = """
    commonsight: a static site generator for neighborhood digests

    Usage:
      commonsight check  [--content DIR]
      commonsight new    observation|story|coalition|event|neighborhood ...
      commonsight render --template FILE [--data FILE.json] [--partials DIR] [--autoescape none|html]
      commonsight help   COMMAND
      commonsight --help | --version

    Commands:
      check   read the content folder and report every problem as PATH:LINE:COLUMN
      new     write a new content file from a skeleton (never overwrites)
      render  render one Liquid template with JSON data to stdout
      help    show a command's usage

    Exit status: 0 success, 1 content errors, 2 wrong usage.
    """

    static func command(_ name: String) -> String? {
        switch name {
        case "check":
            return """
            Usage: commonsight check [--content DIR]

            Reads the content folder (default: content) and reports every error and warning,
            one per line as PATH:LINE:COLUMN: error: MESSAGE, then a summary.

            Options:
              --content DIR   the content folder (default: content)

            Exit status: 0 when there is no error (warnings allowed), 1 on errors, 2 on wrong usage.
            """
        case "new":
            return """
            Usage:
              commonsight new neighborhood SLUG [--name NAME]
              commonsight new observation NEIGHBORHOOD ID [--category KEY] [--date YYYY-MM-DD]
              commonsight new story NEIGHBORHOOD SLUG [--title TITLE]
              commonsight new coalition NEIGHBORHOOD SLUG [--name NAME]
              commonsight new event NEIGHBORHOOD SLUG [--title TITLE] [--date YYYY-MM-DD]

            Writes a skeleton that 'commonsight check' accepts into the content folder and prints its path.
            An existing file is never overwritten.

            Options:
              --content DIR   the content folder (default: content)
              --date DATE     the observation or event date (default: today)
            """
        case "render":
            return """
            Usage: commonsight render --template FILE [--data FILE.json] [--partials DIR] [--autoescape none|html] [--strict-filters]

            Renders one Liquid template with the JSON object in FILE.json as its variables and prints the result.
            A partial named 'foo' ({% include 'foo' %}, {% render 'foo' %}) is DIR/foo.liquid.

            Options:
              --autoescape html   escape every output that is not marked safe, for where it lands in the HTML
              --strict-filters    an unknown filter is an error (otherwise it leaves the value as it is)

            Template errors are printed as PATH:LINE:COLUMN: error: ... and exit with status 1.
            """
        case "help":
            return "Usage: commonsight help COMMAND\n\nShows the usage of COMMAND (\(commands.joined(separator: ", ")))."
        default:
            return nil
        }
    }
}
