/*! Speculation embed loader — docs/embedding.md. No dependencies, no inline styles.
 *
 *   <script src="https://SITE/embed.js" defer></script>
 *   <speculation-game scenario="ace-upcard" label="An ace turned up">
 *     <p>Lady Bertram turns up the ace of spades and takes the pot at once.</p>
 *   </speculation-game>
 *
 * Each <speculation-game> (or any element with data-speculation-game and data-* attributes)
 * shows a static placeholder with a button. Nothing heavy is downloaded until the reader presses
 * it; then an iframe with the compact table replaces the placeholder and follows its content's
 * height. Messages between page and frame use the envelope {ns: "speculation-embed", v: 1,
 * type, ...}; both sides check the exact origin and the sending window and ignore the rest.
 *
 * Element API: el.load(), el.step(by = 1), el.stepTo(n), el.restart(), el.newDeal(seed?),
 * el.autoplay(on). Events (on the element, bubbling): "speculation:ready", "speculation:step",
 * "speculation:hand", "speculation:height", "speculation:error" with the message as detail.
 */
{
  // Three parts (the placeholder's DOM, the messages' envelope, the loader), each a strict
  // function of its own; this block keeps the names joining them out of the host page's
  // globals: a classic script adds window.SpeculationEmbed and nothing else.

  /**
   * One embed's state, kept on its element.
   * @typedef {object} EmbedState
   * @property {EmbedElement} el
   * @property {HTMLIFrameElement | null} frame
   * @property {boolean} ready the frame said "ready": messages go straight to it
   * @property {Message[]} queue messages sent before that
   * @property {number} id
   */
  /**
   * An element upgraded to an embed, with its API.
   * @typedef {HTMLElement & {__spec?: EmbedState, load?: () => void, step?: (by?: number) => void,
   *   stepTo?: (n: number) => void, restart?: () => void, newDeal?: (seed?: number) => void,
   *   autoplay?: (on: boolean) => void}} EmbedElement
   */
  /** A message of the envelope {ns, v, type, ...}; from the frame it is untrusted until checked. @typedef {Record<string, any>} Message */

  /** The placeholder and the frame's URL, from the element's attributes: DOM only, no state. */
  const page = (function () {
    "use strict";
    var ATTRS = ["scenario", "step", "preset", "seed", "theme", "autoplay", "seat", "pace"];

    /** @param {URL} site */
    function stylesheet(site) {
      var href = new URL("css/embed-host.css", site).href;
      var links = document.querySelectorAll("link[rel=stylesheet]");
      for (var i = 0; i < links.length; i++) {
        var known = links[i];
        if (known instanceof HTMLLinkElement && known.href === href) return;
      }
      var link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      document.head.appendChild(link);
    }

    /**
     * @template {keyof HTMLElementTagNameMap} K
     * @param {K} tag
     * @param {string | null} [cls]
     * @param {string | null} [text]
     * @returns {HTMLElementTagNameMap[K]}
     */
    function make(tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text != null) e.textContent = text;
      return e;
    }

    /** @param {Element} el @param {string} name */
    function attr(el, name) {
      if (el.hasAttribute(name)) return el.getAttribute(name);
      if (el.hasAttribute("data-" + name)) return el.getAttribute("data-" + name);
      return null;
    }

    /** The frame's URL: the element's attributes as URL parameters, plus the page's origin. */
    /** @param {Element} el @param {URL} site */
    function frameUrl(el, site) {
      var u = new URL("index.html", site);
      var q = u.searchParams;
      q.set("embed", "1");
      for (var i = 0; i < ATTRS.length; i++) {
        var v = attr(el, ATTRS[i]);
        if (v != null && v !== "") q.set(ATTRS[i], v);
      }
      // params="p=human:Fanny&p=bot:casual/mary:Mary&rule.ante=5": anything else, as in the full game's links
      var extra = attr(el, "params");
      if (extra) new URLSearchParams(extra).forEach(function (v, k) { q.append(k, v); });
      q.set("origin", location.origin);
      return u.href;
    }

    /** @param {EmbedElement} el @param {() => void} onPlay its button's click */
    function placeholder(el, onPlay) {
      var label = attr(el, "label") || "A game of Speculation";
      var box = make("div", "spec-embed__placeholder");
      var felt = make("div", "spec-embed__felt");
      felt.setAttribute("aria-hidden", "true");
      for (var i = 0; i < 3; i++) felt.appendChild(make("span", "spec-embed__back"));
      // card="QH": the upcard of the example, drawn on the placeholder (decoration only).
      var card = /^(10|[2-9TJQKA])([SHDC])$/i.exec(attr(el, "card") || "");
      var up = make("span", "spec-embed__up" + (card && /[HD]/i.test(card[2]) ? " spec-embed__up--red" : ""));
      /** @type {Record<string, string>} */
      var symbols = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
      up.textContent = card ? card[1].toUpperCase().replace("T", "10") + symbols[card[2].toUpperCase()] : "?";
      felt.appendChild(up);
      var body = make("div", "spec-embed__body");
      var title = make("p", "spec-embed__title", label);
      body.appendChild(title);
      // The author's own content (a description, a fallback link) stays as the placeholder's text.
      var desc = make("div", "spec-embed__desc");
      while (el.firstChild) desc.appendChild(el.firstChild);
      if (desc.childNodes.length) body.appendChild(desc);
      var button = make("button", "spec-embed__play");
      button.type = "button";
      button.appendChild(document.createTextNode("Play this example"));
      var hidden = make("span", "spec-embed__sr", ": " + label);
      button.appendChild(hidden);
      button.addEventListener("click", onPlay);
      body.appendChild(button);
      body.appendChild(make("p", "spec-embed__note",
        "Starts the game in this page. The first time, it downloads about 6 MB (the Python runtime), once."));
      box.appendChild(felt);
      box.appendChild(body);
      return box;
    }

    return { stylesheet: stylesheet, attr: attr, frameUrl: frameUrl, placeholder: placeholder };
  })();

  /** The envelope of the messages both ways, and what the frame may say in it. */
  const envelope = (function () {
    "use strict";
    var NS = "speculation-embed";
    var VERSION = 1;

    /** @param {unknown} x @param {number} max */
    function isCount(x, max) { return typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= max; }
    /** @param {unknown} x */
    function isText(x) { return typeof x === "string" && x.length <= 500; }

    // What the frame may say, and the shape each message must have.
    /** @type {Record<string, (m: Message) => boolean>} */
    var FROM_FRAME = {
      ready: function (m) { return (m.mode === "scenario" || m.mode === "live") && isText(m.title); },
      height: function (m) { return typeof m.height === "number" && isFinite(m.height) && m.height > 0 && m.height <= 20000; },
      step: function (m) { return isCount(m.step, 200000) && isCount(m.steps, 200000) && m.step <= m.steps; },
      hand: function (m) { return isCount(m.number, 100000) && isCount(m.pot, 1e9) && (m.winner === null || isCount(m.winner, 7)); },
      error: function (m) { return isText(m.code) && isText(m.message); }
    };

    /** A message to the frame: `fields` in the envelope. @param {Message} fields @returns {Message} */
    function wrap(fields) {
      /** @type {Message} */
      var msg = { ns: NS, v: VERSION };
      for (var k in fields) if (Object.prototype.hasOwnProperty.call(fields, k)) msg[k] = fields[k];
      return msg;
    }

    /** Whether data from the frame is one of its messages, in the right shape. @param {any} m */
    function fromFrame(m) {
      if (!m || typeof m !== "object" || m.ns !== NS || m.v !== VERSION) return false;
      if (typeof m.type !== "string" || !Object.prototype.hasOwnProperty.call(FROM_FRAME, m.type)) return false;
      return FROM_FRAME[m.type](m);
    }

    return { NS: NS, VERSION: VERSION, wrap: wrap, fromFrame: fromFrame };
  })();

  (function () {
    "use strict";
    var host = /** @type {Window & {SpeculationEmbed?: object}} */ (window);
    if (host.SpeculationEmbed) return;

    var script = document.currentScript;
    var SITE = new URL(".", script instanceof HTMLScriptElement && script.src ? script.src : location.href);
    var FRAME_ORIGIN = SITE.origin;
    /** @type {EmbedState[]} */
    var embeds = [];
    var counter = 0;

    /** @param {EmbedElement} el */
    function upgrade(el) {
      if (el.__spec) return;
      page.stylesheet(SITE);
      /** @type {EmbedState} */
      var state = { el: el, frame: null, ready: false, queue: [], id: ++counter };
      el.__spec = state;
      el.classList.add("spec-embed");
      el.setAttribute("data-state", "placeholder");
      el.appendChild(page.placeholder(el, function () { load(el); }));
      embeds.push(state);
      el.load = function () { load(el); };
      el.step = function (by) { send(el, { type: "step", by: by == null ? 1 : by }); };
      el.stepTo = function (n) { send(el, { type: "step", to: n }); };
      el.restart = function () { send(el, { type: "restart" }); };
      el.newDeal = function (seed) { send(el, seed == null ? { type: "new-deal" } : { type: "new-deal", seed: seed }); };
      el.autoplay = function (on) { send(el, { type: "autoplay", on: !!on }); };
    }

    /** @param {EmbedElement} el */
    function load(el) {
      var state = el.__spec;
      if (!state || state.frame) return;
      var s = state;
      var frame = document.createElement("iframe");
      frame.className = "spec-embed__frame";
      frame.title = (page.attr(el, "label") || "A game of Speculation") + " (playable example)";
      frame.src = page.frameUrl(el, SITE);
      frame.height = "420";
      frame.setAttribute("allow", "clipboard-write");
      s.frame = frame;
      el.replaceChildren(frame);
      el.setAttribute("data-state", "loading");
      // The frame stays transparent until it has laid out its compact table (its first height
      // message), so the reader never sees the full site's page flash by; 4 s at most.
      setTimeout(function () { shown(s); }, 4000);
      frame.focus();
    }

    /** @param {EmbedState} s */
    function shown(s) {
      if (s.el.getAttribute("data-state") === "loading") s.el.setAttribute("data-state", "starting");
    }

    /** @param {EmbedElement} el @param {Message} fields */
    function send(el, fields) {
      var s = el.__spec;
      if (!s) return;
      var msg = envelope.wrap(fields);
      if (!s.frame) { load(el); }
      if (!s.ready || !s.frame) { s.queue.push(msg); return; }
      post(s.frame, msg);
    }

    /** @param {HTMLIFrameElement} frame @param {Message} msg */
    function post(frame, msg) {
      if (frame.contentWindow) frame.contentWindow.postMessage(msg, FRAME_ORIGIN);
    }

    window.addEventListener("message", function (ev) {
      var m = ev.data;
      if (ev.origin !== FRAME_ORIGIN) return;
      var s = null;
      for (var i = 0; i < embeds.length; i++) {
        var f = embeds[i].frame;
        if (f && f.contentWindow === ev.source) { s = embeds[i]; break; }
      }
      if (!s || !envelope.fromFrame(m) || !s.frame) return;
      if (m.type === "height") {
        s.frame.height = String(Math.ceil(m.height));
        shown(s);
      } else if (m.type === "ready") {
        s.ready = true;
        s.el.setAttribute("data-state", "ready");
        var q = s.queue.splice(0);
        for (var j = 0; j < q.length; j++) post(s.frame, q[j]);
      } else if (m.type === "error") {
        s.el.setAttribute("data-state", "error");
      }
      var detail = JSON.parse(JSON.stringify(m));
      s.el.dispatchEvent(new CustomEvent("speculation:" + m.type, { detail: detail, bubbles: true }));
    });

    /** @param {ParentNode} [root] */
    function scan(root) {
      var found = (root || document).querySelectorAll("speculation-game, [data-speculation-game]");
      for (var i = 0; i < found.length; i++) {
        var el = found[i];
        if (el instanceof HTMLElement) upgrade(el);
      }
    }

    if (window.customElements && !customElements.get("speculation-game")) {
      customElements.define("speculation-game", class extends HTMLElement {
        connectedCallback() {
          // Parsed before its children (a script without defer)? Wait for the whole document.
          var self = this;
          if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { upgrade(self); });
          else upgrade(this);
        }
      });
    }
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { scan(); });
    else scan();

    host.SpeculationEmbed = { version: envelope.VERSION, namespace: envelope.NS, site: SITE.href, scan: scan, upgrade: upgrade };
  })();
}
