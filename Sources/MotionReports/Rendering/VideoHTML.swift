import Foundation
import MotionJSON
import MotionNumerics

/// The HTML of a Filmstrip and of a MotionPlayer: inline SVG with the images as
/// `data:` URLs, and one fixed script that the page's Content-Security-Policy admits by its
/// SHA-256 hash, so nothing else on the page can run.
enum VideoHTML {
    /// The player's script: reads each player's `data-t`, `data-a` (recorded) and `data-b`
    /// (model) numbers, shows the player (hidden without scripts) and wires play, pause and the
    /// slider. It has no `<`, `&` or `"`, so the page stays well-formed XML.
    static let script = #"document.querySelectorAll('.player').forEach(function(p){var g=function(k){return p.getAttribute('data-'+k).split(' ').map(Number)},t=g('t'),a=g('a'),b=g('b'),v=a.concat(b),lo=v.reduce(function(m,x){return Math.min(m,x)}),hi=v.reduce(function(m,x){return Math.max(m,x)}),s=p.querySelector('input'),o=p.querySelector('output'),c=p.querySelectorAll('circle'),u=p.querySelectorAll('button'),n=t.length-1,i=0,f=0,z=0;function X(x){return 20+360*(hi>lo?(x-lo)/(hi-lo):0.5)}function show(k){i=k;s.value=k;c[0].setAttribute('cx',X(a[k]));c[1].setAttribute('cx',X(b[k]));o.textContent=t[k].toFixed(3)+' s'}function tick(r){if(f!==r)return;var e=t[z]+(performance.now()-r)/1000,k=i;while(n>k){if(t[k+1]>e)break;k++}show(k);if(n>k)setTimeout(function(){tick(r)},16);else f=0}u[0].onclick=function(){if(f)return;if(!(n>i))show(0);z=i;f=performance.now();tick(f)};u[1].onclick=function(){f=0};s.oninput=function(){f=0;show(+s.value)};p.hidden=false;show(0)});"#

    /// The script's SHA-256 digest in base64, for the `script-src` directive.
    static let scriptHash = "H1mm0K6M+mnerOBxQY1Wo6YcMODE0rZw569DHhToGxU="

    /// Styles of filmstrips and players, added to the page only when it has one.
    static let stylesheet = """
        .filmstrip { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
        .filmstrip figure.frame { flex: 0 0 auto; max-width: none; margin: 0; text-align: center; font-size: 13px; color: #555555; }
        .frame svg { display: block; border: 1px solid #e5e5ea; border-radius: 4px; }
        .frame rect { fill: none; stroke: #d55e00; stroke-width: 1.5; }
        .player { margin: 12px 0; }
        .player svg { display: block; width: 100%; max-width: 520px; height: auto; border: 1px solid #e5e5ea; border-radius: 6px; }
        .player .recorded { fill: #1d1d1f; }
        .player .model { fill: #0072b2; }
        .player text { font-size: 12px; fill: #555555; }
        .player input { width: 260px; vertical-align: middle; }

        """

    static func number(_ x: Double) -> String { DecimalText.significant(x, digits: 6) }

    static func filmstrip(_ strip: Filmstrip) -> String {
        var html = "<div class=\"filmstrip\">\n"
        for frame in strip.frames {
            let time = number(frame.time) + " s"
            html += "<figure class=\"frame\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(frame.width)\" height=\"\(frame.height)\" "
                + "viewBox=\"0 0 \(frame.width) \(frame.height)\" role=\"img\" aria-label=\"\(Escape.html("frame at " + time))\">"
                + "<image width=\"\(frame.width)\" height=\"\(frame.height)\" href=\"data:image/png;base64,\(Data(frame.png).base64EncodedString())\"/>"
            for box in frame.boxes {
                html += "<rect data-object=\"\(box.object)\" x=\"\(number(box.centreX - box.width / 2))\" y=\"\(number(box.centreY - box.height / 2))\" "
                    + "width=\"\(number(box.width))\" height=\"\(number(box.height))\"/>"
            }
            html += "</svg><figcaption>\(Escape.html(time))</figcaption></figure>\n"
        }
        return html + "</div>\n"
    }

    static func player(_ player: MotionPlayer) -> String {
        func list(_ values: [Double]) -> String { Escape.html(values.map { number($0) }.joined(separator: " ")) }
        let last = max(player.times.count - 1, 0)
        return "<div class=\"player\" hidden=\"hidden\" data-t=\"\(list(player.times))\" data-a=\"\(list(player.recorded))\" data-b=\"\(list(player.model))\">\n"
            + "<h3>\(Escape.html(player.title))</h3>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 400 72\" role=\"img\" aria-label=\"\(Escape.html(player.title))\">"
            + "<line x1=\"20\" y1=\"36\" x2=\"380\" y2=\"36\" stroke=\"#c7c7cc\"/>"
            + "<text x=\"20\" y=\"12\">recorded</text><text x=\"20\" y=\"70\">\(Escape.html(player.modelName + " fit"))</text>"
            + "<circle class=\"recorded\" cx=\"20\" cy=\"26\" r=\"7\"/><circle class=\"model\" cx=\"20\" cy=\"46\" r=\"7\"/></svg>\n"
            + "<p><button type=\"button\">Play</button> <button type=\"button\">Pause</button> "
            + "<input type=\"range\" min=\"0\" max=\"\(last)\" step=\"1\" value=\"0\" aria-label=\"time\"/> <output></output></p>\n"
            + "</div>\n"
    }
}

extension VideoHTML {
    /// A filmstrip in JSON: each frame's time, image (a `data:` URL) and boxes in its pixels.
    static func json(_ strip: Filmstrip) -> JSONValue {
        .object([("type", .string("filmstrip")), ("frames", .array(strip.frames.map { frame in
            .object([("time", .number(frame.time)), ("width", .integer(frame.width)), ("height", .integer(frame.height)),
                     ("image", .string("data:image/png;base64," + Data(frame.png).base64EncodedString())),
                     ("boxes", .array(frame.boxes.map { box in
                         .object([("object", .integer(box.object)), ("x", .number(box.centreX)), ("y", .number(box.centreY)),
                                  ("width", .number(box.width)), ("height", .number(box.height))])
                     }))])
        }))])
    }

    /// A filmstrip in Markdown: a table of the frames' times and boxes (the images are in the
    /// HTML and JSON reports).
    static func markdown(_ strip: Filmstrip) -> String {
        var md = "| frame time (s) | object | centre x | centre y | width | height |\n|---|---|---|---|---|---|\n"
        for frame in strip.frames {
            for box in frame.boxes {
                md += "| \(number(frame.time)) | \(box.object) | \(number(box.centreX)) | \(number(box.centreY)) | \(number(box.width)) | \(number(box.height)) |\n"
            }
        }
        return md + "\nBoxes in pixels of \(strip.frames.first.map { "\($0.width)×\($0.height)" } ?? "the") thumbnails; the HTML report shows the frames.\n\n"
    }
}
