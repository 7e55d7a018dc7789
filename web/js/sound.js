// The table's sounds, made with the Web Audio API (no sound files to load): a card played
// (a short filtered noise, a card landing on cloth), your turn (two soft notes) and a trick
// won (three rising notes). Off by default (docs/web.md says why); the switch in the top bar
// (`#sound-toggle`) is remembered as the `sound` preference of web/js/store.js. The audio
// context is made on the first click or key after sound is switched on, as browsers want.

import * as store from "./store.js";
import { html, raw, setHtml } from "./html.js";

let ctx = null;

/** True when the player has switched sound on. */
export function soundOn() {
  return store.pref("sound", "off") === "on";
}

/** Switches sound on or off and remembers it. */
export function setSound(on) {
  store.setPref("sound", on ? "on" : "off");
  if (on) audio();
}

/** The audio context, made (or resumed) on demand; null where the browser has none. */
function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

// A browser lets audio start only after a gesture: the first click or key with sound on
// makes the context, so that the first card played can be heard.
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => soundOn() && audio(), { capture: true, passive: true });
}

function tone(a, freq, at, dur, gain = 0.12, type = "sine") {
  const osc = a.createOscillator();
  const env = a.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  env.gain.setValueAtTime(0.0001, at);
  env.gain.exponentialRampToValueAtTime(gain, at + 0.012);
  env.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  osc.connect(env).connect(a.destination);
  osc.start(at);
  osc.stop(at + dur + 0.02);
}

function thud(a, at) {
  const len = Math.floor(a.sampleRate * 0.07);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
  const src = a.createBufferSource();
  src.buffer = buf;
  const band = a.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = 1700;
  band.Q.value = 0.8;
  const env = a.createGain();
  env.gain.value = 0.5;
  src.connect(band).connect(env).connect(a.destination);
  src.start(at);
}

/**
 * Plays one of the table's sounds ("card", "turn", "won") if sound is on and the browser
 * lets it; answers whether it was played.
 */
export function playSound(kind) {
  if (!soundOn() || !ctx) return false;
  const a = audio();
  if (!a || a.state !== "running") return false;
  const now = a.currentTime + 0.01;
  if (kind === "card") thud(a, now);
  else if (kind === "turn") {
    tone(a, 659.3, now, 0.18);
    tone(a, 880, now + 0.13, 0.24);
  } else if (kind === "won") {
    tone(a, 523.3, now, 0.14, 0.1, "triangle");
    tone(a, 659.3, now + 0.09, 0.14, 0.1, "triangle");
    tone(a, 784, now + 0.18, 0.26, 0.1, "triangle");
  } else return false;
  return true;
}

const SPEAKER = raw('<path d="M3 9v6h4l5 4V5L7 9z" fill="currentColor"/>');
const WAVES = raw('<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/>');
const MUTED = raw('<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>');

/** Draws the switch (`aria-pressed` and its speaker icon) and wires its clicks. */
export function wireSoundSwitch(button) {
  if (!button) return;
  const draw = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    setHtml(button, html`<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">${SPEAKER}${on ? WAVES : MUTED}</svg>`);
  };
  button.addEventListener("click", () => {
    setSound(!soundOn());
    draw();
    playSound("turn");
  });
  draw();
}
