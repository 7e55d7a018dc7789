// The card sheet of cards.html (a file of its own: the server's Content-Security-Policy
// runs scripts from files of this server only, no inline script).
import { cardSvg, cardBackSvg } from "./cards.js";

const out = [];
for (const style of ["french", "german"]) {
  for (const s of ["S", "H", "D", "C"]) {
    const cards = ["A", "T", "K", "Q", "J", "9"].map((r) => `<span class="card">${cardSvg(r + s, style)}</span>`);
    out.push(`<div class="row">${cards.join("")}</div>`);
  }
}
out.push(`<div class="row"><span class="card">${cardBackSvg()}</span></div>`);
document.getElementById("sheet").innerHTML = out.join("");
