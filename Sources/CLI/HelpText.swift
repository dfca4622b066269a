/// Every usage text in one place.
enum HelpText {
    static let commands = ["init", "build", "serve", "check", "new", "suggest", "draft", "review", "import", "email", "render", "help"]

    static let overview = """
    commonsight: a static site generator for neighborhood digests

    Usage:
      commonsight init   [DIR] [--theme]
      commonsight build  [--content DIR] [--templates DIR] [--out DIR] [--only SLUG,...] [--cache-dir DIR]
                         [--date YYYY-MM-DD] [--drafts] [--future] [--base-url URL] [--jobs N] [--verbose] [--no-cache]
                         [--no-share-cards] [--no-narration] [--skip PART,...] [--shard-index I --shard-count N]
      commonsight serve  [--content DIR] [--templates DIR] [--port N] [--host ADDR] [--date YYYY-MM-DD] [--drafts] [--future]
                         [--skip PART,...] [--no-share-cards] [--no-narration]
      commonsight check  [--content DIR] [--templates DIR] [--date YYYY-MM-DD] [--future]
      commonsight new    observation|story|coalition|event|neighborhood ...
      commonsight suggest NEIGHBORHOOD [--content DIR] [--since YYYY-MM-DD] [--limit N] [--json]
      commonsight draft  NEIGHBORHOOD (--observations ID,... | --suggestion N) [--slug SLUG]
                         [--model-url URL] [--model NAME] [--offline] [--content DIR]
      commonsight review [NEIGHBORHOOD] [--content DIR] [--status pending,flagged,draft,scheduled] [--json] [--date YYYY-MM-DD]
      commonsight review [NEIGHBORHOOD] (--publish ID,... | --remove ID,... | --flag ID,...) [--note TEXT]
      commonsight import [NEIGHBORHOOD] FILE... [--content DIR] [--dry-run] [--default-category KEY]
      commonsight email  NEIGHBORHOOD [--week YYYY-Www] [--language LANG] [--out DIR] [--content DIR]
      commonsight render --template FILE [--data FILE.json] [--partials DIR] [--autoescape none|html]
      commonsight help   COMMAND
      commonsight --help | --version

    Commands:
      init    make a new site in an empty folder: content with examples, and a README for your week
      build   write one static site per neighborhood into the output folder
      serve   build, serve the site on localhost, and rebuild and reload pages when a file is saved
      check   read the content folder and report every problem as PATH:LINE:COLUMN
      new     write a new content file from a skeleton (never overwrites)
      suggest list groups of related reports that no published story links yet
      draft   write a draft story from reports, with a local model or by hand (never publishes)
      review  list what waits for a decision; publish, remove or flag reports, stories, events, coalitions
      import  add residents' reports from 311 exports, Open311, form CSVs and e-mail, as pending
      email   print a week's e-mail with its subscribers, for sendmail -t
      render  render one Liquid template with JSON data to stdout
      help    show a command's usage

    Exit status: 0 success, 1 content errors, 2 wrong usage.
    """

    static func command(_ name: String) -> String? {
        switch name {
        case "init":
            return """
            Usage: commonsight init [DIR] [--theme]

            Makes a working site in DIR (default: the working folder), which must be empty or new
            (hidden files such as .git are allowed): content/site.yml with comments, one neighborhood
            with an example report, story, coalition and event (all drafts), and README.md with the
            week's steps. No file is ever overwritten.

            The default theme is built into commonsight: a site needs no templates folder. --templates
            DIR, or a templates/ folder in the working folder or beside the content folder, is used
            instead when there is one.

            Options:
              --theme   also copy the built-in theme to DIR/templates to edit it; in a folder that is
                        not empty (an existing site), copy only the theme, when it has no templates/
            """
        case "build":
            return """
            Usage: commonsight build [--content DIR] [--templates DIR] [--out DIR] [--only SLUG,...] [--cache-dir DIR]
                                     [--date YYYY-MM-DD] [--drafts] [--base-url URL] [--jobs N] [--verbose] [--no-cache]
                                     [--no-share-cards] [--no-narration] [--skip PART,...] [--shard-index I --shard-count N]

            Reads the content and the theme, and writes OUT/<neighborhood>/ for each neighborhood plus
            OUT/index.html and the files of the content folder's static/. OUT must be empty, new, or
            written by commonsight (it keeps a list of its files in OUT/.commonsight-manifest); it may
            not be or hold the content, the templates or your home folder. Only files commonsight wrote
            are ever replaced or deleted: a CNAME or .git you add stays. New files are written first and
            put in place only when all are written; on any error OUT stays as it was. One build at a
            time writes a given OUT (a second waits up to 10 s). Pages whose inputs did not change are
            reused, after checking that OUT still holds them, through a cache in
            $XDG_CACHE_HOME/commonsight/ (or ~/.cache/commonsight/); nothing else is written outside OUT.

            Options:
              --content DIR     the content folder (default: content)
              --templates DIR   the theme (default: templates/ here or beside the content, else the built-in one)
              --out DIR         the output folder (default: public)
              --only SLUG,...   build only these neighborhoods; the others in OUT are left as they are
              --cache-dir DIR   keep the render cache here instead of ~/.cache/commonsight/<OUT>-<hash>
              --date DATE       the day that counts as today: the current week, what is upcoming (default: today)
              --drafts          include draft stories, each with a visible draft banner
              --future          include stories, events and coalitions dated after --date (a preview)
              --base-url URL    the absolute URL of OUT (overrides site.yml): feeds, sitemaps, share links
              --jobs N          render on N threads (default: all cores)
              --verbose         print each stage with its time, the cache folder and what the writer did
              --no-cache        render every page (the result is recorded for the next build)
              --no-share-cards  leave out the PNG share cards (pages then name no og:image): a quicker preview
              --no-narration    leave out the stories read aloud (narration in site.yml): a quicker preview
              --skip PART,...   leave these parts out of every neighborhood, for a quicker preview: digests
                                (with their flyers and e-mails), flyers, emails, coalitions, events (the page
                                and events.ics), search, data (the downloads and their About page), feed, map
                                (map.svg); the pages built still link to them, so publish a build without it
              --shard-count N   split the neighborhoods into N shards, balanced by input size and stable
                                when one is added, and build only one of them plus the site-wide files
                                (OUT/index.html, static/), which are the same bytes in every shard: copy
                                the N OUT folders into one (leaving out .commonsight-manifest) and you
                                have the unsharded site; a shard with no neighborhood writes only those
              --shard-index I   the shard to build, 0 to N-1 (default: $JOB_COMPLETION_INDEX, which a
                                Kubernetes Indexed Job sets); give every shard the same --date

            Exit status: 0 success, 1 content or template errors, 2 wrong usage.
            """
        case "serve":
            return """
            Usage: commonsight serve [--content DIR] [--templates DIR] [--port N] [--host ADDR]
                                     [--date YYYY-MM-DD] [--drafts] [--future] [--base-url URL] [--jobs N]
                                     [--skip PART,...] [--no-share-cards] [--no-narration]

            Builds the site into the cache folder (never into the content folder), serves it over HTTP,
            and watches the content and templates folders: when a file is saved it rebuilds what
            changed and reloads the open pages. The pages are served as soon as they are written; the
            audio and the share cards follow in a second build, and the open pages reload then. A failed rebuild keeps serving the last good site and
            shows its errors, with PATH:LINE:COLUMN, over the page. Ctrl-C stops it.

            Options:
              --port N       the port (default: 1313; 0 picks a free one)
              --host ADDR    the address to listen on (default: 127.0.0.1, this computer only)
              --date, --drafts, --future, --base-url, --jobs, --skip, --no-share-cards, --no-narration
                             as for build

            The live-reload script is added only to the pages served, never to a built file.
            """
        case "check":
            return """
            Usage: commonsight check [--content DIR] [--templates DIR] [--date YYYY-MM-DD] [--future]

            Reads the content folder (default: content) and the theme (default: templates) and reports
            every error and warning, one per line as PATH:LINE:COLUMN: error: MESSAGE, then a summary,
            then what is scheduled: published stories, events and coalitions whose 'date' is after
            today, which stay off every page, feed and e-mail until that day.

            Options:
              --content DIR     the content folder (default: content)
              --templates DIR   the theme (default: templates, when there is one)
              --date DATE       the day that counts as today (default: today in the site's time zone)
              --future          list every scheduled item (else the first 10)

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
            An existing file is never overwritten. Stories, coalitions and events are drafts and reports
            are pending: 'review --publish' publishes them once their placeholder words (and a report's
            lat and lon) are replaced. Stories and coalitions get date: today.

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
        case "suggest":
            return """
            Usage: commonsight suggest NEIGHBORHOOD [--content DIR] [--since YYYY-MM-DD] [--limit N] [--json]

            Finds groups of published reports that no published story links yet: reports of one
            category (or of categories site.yml's suggest.related puts together) that lie within
            suggest.radius_m meters (default 400) and suggest.window_days days (default 60) of each
            other, at least suggest.min_reports of them (default 3), on the privacy grid (DBSCAN).
            Largest first, then most recent. Each has a number for 'draft --suggestion N', its ids,
            its counts by category, where it is in words and its first and last dates.

            Options:
              --content DIR   the content folder (default: content)
              --since DATE    only reports observed on or after DATE (give draft the same --since)
              --limit N       show at most N suggestions (default: suggest.limit, 10)
              --json          print only a JSON array of {number, ids, count, counts, category, place, first, last}

            Exit status: 0 success (also when there is no suggestion), 1 content errors, 2 wrong usage.
            """
        case "email":
            return """
            Usage: commonsight email NEIGHBORHOOD [--week YYYY-Www] [--language LANG] [--out DIR] [--content DIR]

            Prints a built week's digest e-mail (OUT/NEIGHBORHOOD/digest/WEEK/email.eml) with its
            recipients added, ready to send:

              commonsight email bagley | sendmail -t

            The recipients are 'subscribers' in the neighborhood's neighborhood.md, else 'to' under
            email in site.yml: an address, a list, or one per language ('es: vecinos@lists.example.org').
            They are read from the content folder each time and never written into the built site,
            which only has the message without them.

            Options:
              --week WEEK     the ISO week, like 2026-W48 (default: the newest built week)
              --language L    the edition (default: the site's language)
              --out DIR       the built site (default: public)
              --content DIR   the content folder (default: content)

            Exit status: 0 success, 1 no such e-mail or no subscribers, 2 wrong usage.
            """
        case "draft":
            return """
            Usage: commonsight draft NEIGHBORHOOD (--observations ID,ID,... | --suggestion N [--since DATE])
                                     [--content DIR] [--slug SLUG] [--model-url URL] [--model NAME] [--offline]
                                     [--date YYYY-MM-DD]

            Writes stories/SLUG.md with status: draft: a title, a narrative, a call to action, tags, the
            observations and the coalition that focuses on their category, and a 'generated' block saying
            how it was made. Only published observations are used (others are left out with a warning),
            and only their public fields, on the privacy grid, redacted, are shown to the model. The
            model's answer is checked (lengths, tags, every number, place and name against the reports)
            and asked for once more if it fails; when there is no model, it cannot be reached, lacks the
            model, fails, times out or answers badly, a hand-made draft is written and the reason is
            printed and recorded. An existing file is never overwritten, and nothing is ever published:
            read the draft, then set status: published and a date yourself.

            Options:
              --observations IDS   the reports to draft from, comma-separated
              --suggestion N       the reports of suggestion N of 'commonsight suggest' (with its --since)
              --slug SLUG          the file name (default: category, place and month, like speeding-near-x-park-2024-05)
              --model-url URL      an OpenAI-compatible server: llama.cpp, llama-cpp-python, vLLM or Ollama
                                   (else COMMONSIGHT_MODEL_URL, else alchemy.url in site.yml)
              --model NAME         the model's name on that server (default: alchemy.model, else the first it lists)
              --offline            do not ask a model; write the hand-made draft
              --date DATE          the date recorded in 'generated' (default: today)

            Exit status: 0 written, 1 content errors or an existing file, 2 wrong usage.
            """
        case "review":
            return """
            Usage: commonsight review [NEIGHBORHOOD] [--content DIR] [--status pending,flagged,draft] [--json] [--date DATE]
                   commonsight review [NEIGHBORHOOD] (--publish ID[,ID...] | --remove ID[,...] | --flag ID[,...])
                                      [--note TEXT] [--content DIR] [--date DATE]

            Without a decision, lists what waits for one, oldest first: reports that are pending or flagged,
            draft stories, events and coalitions, and scheduled ones (published, dated after today),
            each with its id, PATH:LINE, date, category, its text as the site would
            publish it (with what the redaction would take out shown in brackets: [phone removed: ...]),
            the stories that link it, and how long it has waited.

            With --publish, --remove or --flag, sets the status of each ID (an observation id, or a story,
            event or coalition slug; observation:ID, story:SLUG, event:SLUG or coalition:SLUG when one
            name is more than one) where it is written: the status: line
            of a Markdown file's front matter (added when there is none), the status cell of its row in
            observations.csv, or its "status" property in observations.geojson. Nothing else in the file
            changes, byte for byte, and the file is replaced at once. A story has only draft and published:
            --remove and --flag make it a draft; so for events and coalitions. A report in a CSV
            without a status column, or a GeoJSON file without any "status" (a city's export), is never
            rewritten: its decision goes to moderation.yml in the neighborhood's folder, which the loader
            applies. --publish refuses an item whose words are still the placeholders 'new' wrote, or a
            report at lat 0, lon 0. Each decision is added to moderation.log in the
            neighborhood's folder (date, id, old and new status, where, the note), which is never
            published. The content is checked as 'check' would, as it will be after the change: publishing
            a story without a date, an unknown id, an id in two neighborhoods (name one), or a file that
            changed since it was read is an error, and then nothing changes, for any of the IDs.

            Options:
              --content DIR   the content folder (default: content)
              --status LIST   list these statuses instead: pending, flagged, removed, draft, scheduled, published
              --json          print a JSON array of {id, kind, status, neighborhood, path, line, date,
                              waiting_days, category, title, text, removed, linked_by, links}
              --note TEXT     a note for moderation.log (why)
              --date DATE     today, for how long items have waited and for the log (default: today)

            Exit status: 0 success, 1 content errors or a decision that cannot be made, 2 wrong usage.
            """
        case "import":
            return """
            Usage: commonsight import [NEIGHBORHOOD] FILE... [--content DIR] [--dry-run] [--default-category KEY]

            Adds residents' reports as pending (so that 'review' decides) from Improve Detroit (SeeClickFix)
            and Boston 311 CSV exports, Open311 GeoReport v2 requests (.json, .xml), a form's CSV whose
            columns site.yml names (import: columns: id, category, text, date, place, latitude, longitude,
            name, email, phone), and e-mail (.eml or mbox) with 'Category:', 'Where:', 'When:' and
            'What happened:' lines (also in Spanish or Arabic; quoted replies, HTML-only mail and
            attachments are read). Ids keep the source's, after its name: seeclickfix-4764238,
            open311-..., boston-..., form-..., email-<hash>. A report whose id the content or a
            moderation.log already holds is never added again, whatever a lead decided.

            Without NEIGHBORHOOD each report goes to the neighborhood whose boundary holds it; one outside
            every boundary is listed by its line. A report without a point is placed from its words with
            the neighborhood's streets (basemap.geojson): "A & B", "corner of A and B", "14500 block of A",
            a park's name; an unknown street is an error with "did you mean". Categories come from
            import: categories: in site.yml ("source value": category-key, any case), or a category's key
            or label; --default-category takes the rest. Reporter names, e-mails, phones and account ids
            go only to private fields; phone numbers and e-mail addresses in the text are marked as the
            build marks them, the words as written kept in the private field private_text.

            New reports are appended to observations.csv when it has a status column (every byte already
            there is kept), written one Markdown file each when it has none, or to a new observations.csv.

            Options:
              --content DIR           the content folder (default: content)
              --dry-run               print what would be imported; write nothing
              --default-category KEY  the category of reports that no mapping names

            Exit status: 0 success, 1 errors in the input or the content (nothing is imported), 2 wrong usage.
            """
        case "help":
            return "Usage: commonsight help COMMAND\n\nShows the usage of COMMAND (\(commands.joined(separator: ", ")))."
        default:
            return nil
        }
    }
}
