import Loading

/// The files `init` writes: a commented `site.yml`, one neighborhood with one example of each kind
/// (all drafts, so nothing is published until the lead decides), and a README for the lead.
struct StarterSite {
    /// An IANA time zone name for `site.yml`.
    let timeZone: String
    /// `YYYY-MM-DD`: the examples' dates.
    let date: String

    static let neighborhood = "our-neighborhood"

    /// Paths inside the new site's folder, and their text.
    var files: [(path: String, text: String)] {
        let hood = "content/neighborhoods/\(Self.neighborhood)"
        return [
            ("README.md", readme),
            ("content/site.yml", site),
            ("\(hood)/neighborhood.md", neighborhoodPage),
            ("\(hood)/observations/example-report.md", observation),
            ("\(hood)/stories/example-story.md", story),
            ("\(hood)/coalitions/example-coalition.md", coalition),
            ("\(hood)/events/example-walk.md", event),
        ]
    }

    var site: String {
        """
        # Settings for the whole site. Lines starting with # are comments. A value holding a colon
        # goes in quotes: title: "Digest: Main Street".
        title: Our Neighborhood Digest
        description: Weekly notes on street safety from residents' reports
        # Where the site will live; links in the e-mail and feeds need it.
        # base_url: https://digest.example.org/
        language: en
        # Dates are read and printed in this zone (an IANA name such as America/Detroit).
        timezone: \(timeZone)
        privacy:
          # Reports are shown on a grid of this many meters, never at a doorstep.
          location_precision_m: 50
          # Columns of your reports that are never published (names, phone numbers).
          private_fields: [reporter_name, reporter_phone]
        how_to_report: "Tell us at the block club meeting, or write to digest@example.org."
        # The kinds of report: each a short key (used in files), a label and a color.
        categories:
          speeding: { label: Speeding, color: "#d55e00" }
          illegal-parking: { label: Illegal parking, color: "#009e73" }
          unsafe-crossing: { label: Unsafe crossing, color: "#0072b2" }
          other: { label: Something else, color: "#999999" }
        # The weekly e-mail (digest/<week>/email.eml in the built site).
        # email:
        #   from: "Our Neighborhood Digest <digest@example.org>"
        #   to: neighbors@lists.example.org

        """
    }

    var neighborhoodPage: String {
        """
        ---
        name: Our Neighborhood
        description: Street safety notes from our blocks
        ---
        What residents should know about this neighborhood: where it is, who organizes here, how to take part.

        Add boundary.geojson (a Polygon) beside this file to draw maps and check that reports are inside.

        """
    }

    var observation: String {
        """
        ---
        # An example report, waiting for review (status: pending). Give it a real place (lat, lon),
        # then publish it with: commonsight review --publish example-report
        category: speeding
        location: Elm St by the school
        lat: 0
        lon: 0
        observed: \(date)
        status: pending
        ---
        Cars come down Elm Street fast at school time; two near misses this week.

        """
    }

    var story: String {
        """
        ---
        # An example story: a draft until published with
        #   commonsight review --publish example-story
        title: Slowing down Elm Street
        status: draft
        date: \(date)
        observations: [example-report]
        call_to_action: Come to the walk and count cars with us
        tags: [speeding]
        coalition: example-coalition
        ---
        Neighbors reported speeding by the school this week. We will walk the block, count cars, and take
        what we find to the City.

        """
    }

    var coalition: String {
        """
        ---
        # An example coalition: a draft until published with
        #   commonsight review --publish example-coalition
        name: Safe Streets Club
        status: draft
        date: \(date)
        focus: [speeding, unsafe-crossing]
        meets: First Monday of the month, 6:30 pm, at the library
        ---
        Neighbors who read the reports, walk the blocks they describe, and take the patterns to the City.

        """
    }

    var event: String {
        """
        ---
        # An example event: a draft until published with
        #   commonsight review --publish example-walk
        title: Walk audit on Elm Street
        status: draft
        start: \(date) 10:00
        end: \(date) 11:30
        location: Front steps of the library
        coalition: example-coalition
        ---
        We walk the blocks with the most reports, note missing signs and count cars. Good shoes; clipboards provided.

        """
    }

    var readme: String {
        """
        # Our Neighborhood Digest

        A site made with `commonsight init`. Everything under `content/` is yours to edit;
        `commonsight check` says what is wrong, where, and what to do.

        ## Your week

        1. Add what residents reported: `commonsight new observation \(Self.neighborhood) my-report`,
           or put a city's export in `content/neighborhoods/\(Self.neighborhood)/observations.csv`.
        2. Write: `commonsight new story \(Self.neighborhood) my-story` (also `new event`, `new coalition`).
           New items are drafts: nothing is published until you say so.
        3. `commonsight check`: every problem, and what is scheduled for a later day.
        4. `commonsight review`: what waits for you. Publish with `commonsight review --publish ID`,
           take something down with `commonsight review --remove ID`.
        5. `commonsight build`: the site in `public/`; `commonsight serve` to preview it while you edit.
        6. Monday: once, uncomment `email:` in `content/site.yml` (who it is from, who gets it); then
           `commonsight build && commonsight email \(Self.neighborhood) | sendmail -t`.

        The examples in `content/` (`example-*`) are drafts to learn from: edit or delete them.
        Items with a `date:` after today stay off the site until that day (`build --future` previews them).
        To change the look, `commonsight init --theme .` copies the built-in theme to `templates/`.

        """
    }
}
