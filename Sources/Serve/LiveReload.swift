import Escaping
/// What `serve` adds to the pages it serves, and never to a built file.
enum LiveReload {
    static let eventsPath = ["__commonsight", "events"]

    /// Reloads the page after a good rebuild; shows a failed build's errors over the page.
    static let snippet = """
    <script>(function(){var s=new EventSource("/__commonsight/events");\
    s.addEventListener("reload",function(){location.reload();});\
    s.addEventListener("errors",function(e){var d=document.getElementById("commonsight-errors");\
    if(!d){d=document.createElement("pre");d.id="commonsight-errors";d.setAttribute("role","alert");\
    d.style.cssText="position:fixed;left:0;right:0;bottom:0;max-height:60vh;overflow:auto;margin:0;padding:1em;\
    background:#fff1f0;color:#7a0000;border-top:4px solid #b00020;font:14px/1.45 monospace;white-space:pre-wrap;z-index:2147483647";\
    document.body.appendChild(d);}d.textContent="The last build failed; this page shows the last good site.\\n\\n"+JSON.parse(e.data).join("\\n");});\
    })();</script>
    """

    /// The page shown while no build has succeeded yet.
    static func failurePage(_ errors: [String]) -> [UInt8] {
        let list = errors.map { "<li>" + Escape.html($0) + "</li>" }.joined()
        return Array(("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed</title>"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>"
            + "<body style=\"font:16px/1.5 system-ui,sans-serif;margin:2em\"><h1>The build failed</h1>"
            + "<p>Fix these and save; this page reloads when the site builds.</p><ul style=\"font-family:monospace\">" + list + "</ul>"
            + snippet + "</body></html>").utf8)
    }
}
