// The card sheet of cards.html (a file of its own: the server's Content-Security-Policy
// runs scripts from files of this server only, no inline script).
import { cardSvg, cardBackSvg } from "./cards.js";
import { html, setHtml } from "./html.js";

const out = [];
for (const style of ["french", "german"]) {
  for (const s of ["S", "H", "D", "C"]) {
    const cards = ["A", "T", "K", "Q", "J", "9"].map((r) => html`<span class="card">${cardSvg(r + s, style)}</span>`);
    out.push(html`<div class="row">${cards}</div>`);
  }
}
out.push(html`<div class="row"><span class="card">${cardBackSvg()}</span></div>`);
setHtml(document.getElementById("sheet"), html`${out}`);
