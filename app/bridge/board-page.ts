/**
 * The announcer's board (`/board`): the meet's last saved result in large type, readable across a room, updated
 * live. A page of its own (not the workspace): no framework, one script and one style sheet under the renderer's
 * CSP (`script-src 'self'`, no inline code). The read-only token arrives in the fragment (`/board#token=…`, never
 * sent to a server or a log), is kept in sessionStorage, and opens the board's event stream and nothing else.
 */

export const BOARD_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Results board</title>
<link rel="stylesheet" href="/board/board.css">
<script src="/board/board.js" defer></script>
</head>
<body>
<header><h1 id="title">Results board</h1><p id="state"></p></header>
<main><table id="results"><tbody></tbody></table><p id="empty">Waiting for a result…</p></main>
<footer id="status">connecting…</footer>
</body>
</html>
`;

export const BOARD_CSS = `
html, body { margin: 0; background: #0b0d12; color: #f4f6fb; font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; }
header { padding: 2vh 3vw 1vh; display: flex; align-items: baseline; justify-content: space-between; gap: 2vw; }
h1 { font-size: 5vh; margin: 0; font-weight: 700; }
#state { font-size: 3.2vh; margin: 0; padding: 0.4vh 1.2vw; border-radius: 0.6vh; }
#state.provisional { background: #b7791f; color: #111; }
#state.certified { background: #2f855a; color: #fff; }
main { padding: 0 3vw; }
table { width: 100%; border-collapse: collapse; font-size: 5.2vh; font-variant-numeric: tabular-nums; }
td { padding: 0.8vh 1vw; border-bottom: 1px solid #2a2f3a; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
td.place { width: 8%; font-weight: 700; text-align: right; }
td.bib { width: 10%; color: #9fb3c8; text-align: right; }
td.name { max-width: 50vw; }
td.time { width: 18%; text-align: right; font-weight: 700; }
tr.other td { color: #9fb3c8; }
#empty { font-size: 4vh; color: #9fb3c8; }
footer { position: fixed; bottom: 0; left: 0; right: 0; padding: 1vh 3vw; font-size: 2vh; color: #6b7787; }
`;

export const BOARD_JS = `"use strict";
(function () {
  var match = /token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match) { sessionStorage.setItem("pf-board-token", match[1]); history.replaceState(null, "", location.pathname); }
  var token = sessionStorage.getItem("pf-board-token") || "";
  var title = document.getElementById("title"), state = document.getElementById("state");
  var body = document.querySelector("#results tbody"), empty = document.getElementById("empty"), status = document.getElementById("status");
  function cell(tr, cls, text) { var td = document.createElement("td"); td.className = cls; td.textContent = text == null ? "" : String(text); tr.appendChild(td); }
  function show(board) {
    var r = board.results;
    body.textContent = "";
    empty.hidden = !!r;
    if (!r) { title.textContent = "Results board"; state.textContent = ""; state.className = ""; return; }
    var ev = r.event || {};
    title.textContent = (ev.name || board.race) + (ev.round ? "  ·  round " + ev.round : "") + (ev.heat ? "  ·  heat " + ev.heat : "");
    state.textContent = r.publication === "certified" ? "OFFICIAL" : "PROVISIONAL";
    state.className = r.publication;
    r.finishers.forEach(function (f) { var tr = document.createElement("tr"); cell(tr, "place", f.place); cell(tr, "bib", f.competitor); cell(tr, "name", f.name); cell(tr, "time", f.time_display); body.appendChild(tr); });
    r.others.forEach(function (o) { if (o.status === "unmarked") return; var tr = document.createElement("tr"); tr.className = "other"; cell(tr, "place", o.status); cell(tr, "bib", o.competitor); cell(tr, "name", o.name); cell(tr, "time", ""); body.appendChild(tr); });
    document.body.setAttribute("data-race", board.race || "");
    document.body.setAttribute("data-saved-at", board.savedAt || "");
  }
  function connect() {
    fetch("/board/events", { headers: { Authorization: "Bearer " + token } }).then(function (res) {
      if (res.status === 401 || res.status === 403) { status.textContent = "This board's token is wrong or was replaced: open the address printed by photofinish meet board."; return; }
      if (!res.ok || !res.body) throw new Error("HTTP " + res.status);
      status.textContent = "live";
      var reader = res.body.getReader(), decoder = new TextDecoder(), buffer = "";
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) throw new Error("closed");
          buffer += decoder.decode(chunk.value, { stream: true });
          var at;
          while ((at = buffer.indexOf("\\n\\n")) >= 0) {
            var message = buffer.slice(0, at); buffer = buffer.slice(at + 2);
            message.split("\\n").forEach(function (line) { if (line.indexOf("data: ") === 0) show(JSON.parse(line.slice(6))); });
          }
          return pump();
        });
      }
      return pump();
    }).catch(function () { status.textContent = "reconnecting…"; setTimeout(connect, 2000); });
  }
  connect();
})();
`;
