import Assembly
import CivilTime
import Escaping

/// `digest/latest/`: a page that sends the reader on to this week's digest, so that a QR code
/// printed once always leads to the current week. It works from any static host and from disk
/// (a `refresh` to a relative address), and its link serves readers whose browser does not follow it.
package enum LatestDigest {
    package static func page(_ week: WeekID, models m: ViewModels) -> String {
        // `digest/latest/` and `digest/<week>/` are at the same depth.
        let target = "../" + String(Routes.digest(week).dropFirst("digest/".count))
        let title = Escape.html(m.t("place_title", ["place": m.hood.name, "title": m.weekTitle(week)]))
        let link = Escape.html(target)
        return """
            <!DOCTYPE html>
            <html lang="\(Escape.html(m.site.language))" dir="\(Escape.html(m.language.direction))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(link)">
            <link rel="canonical" href="\(link)">
            <title>\(title)</title>
            </head>
            <body>
            <p><a href="\(link)">\(Escape.html(m.t("read_this_week")))</a></p>
            </body>
            </html>

            """
    }
}
