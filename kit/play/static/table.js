// The table in the browser: draws what the server sends and sends back the moves a person
// picks. The server checks every move; this page only offers the legal ones it was given.
"use strict";
(function () {
  // Every word the page itself says, per language: one table, so the two stay alike. Text the
  // server makes (moves, reasons, counts, the result) comes as {en, ja} and `say` picks one.
  const WORDS = {
    en: {
      other: "日本語", otherLang: "ja", connecting: "connecting…",
      lost: "The connection to the table is lost (is kit play still running?); trying again…",
      notThisTable: "this link is not for this table",
      over: "the game is over",
      yourTurn: (n) => `Your turn (seat ${n})`,
      toPlay: (name) => `${name} to play`,
      watching: " · watching",
      seat: (n) => `seat ${n}`,
      seatAi: (n, policy) => `seat ${n} (AI: ${policy})`,
      you: " — you",
      passDevice: (n) => `Seat ${n}'s turn: pass the device`,
      lookAway: "Hot-seat: the other players look away while this seat plays.",
      showHand: "Show my hand",
      spectating: "spectating: hands are hidden",
      handOf: (n, k) => `seat ${n}'s hand (${k})`,
      play: "Play", playMove: (label) => `Play ${label}`, undo: "Undo", pass: "Pass",
      showEnd: "Result and log", download: "Download the log", downloadNote: "— kit replay reads it as it is.",
      placing: "placing the game among simulated games of the same deal…",
      replayNote: "This game among simulated games of the same deal (kit replay's report):",
      back: "Back to the board",
      youPlayed: (seats) => `You played ${seats.join(" and ")}.`,
      sinceYours: "Moves since yours are marked", lastMove: "The latest move is marked",
      movesSoFar: "moves so far", board: "board", zoomIn: "zoom in", zoomOut: "zoom out",
      fit: "fit", fitBoard: "fit the board", seats: "seats", hand: "your hand", said: ": ",
    },
    ja: {
      other: "English", otherLang: "en", connecting: "接続しています…",
      lost: "卓との接続が切れました（kit play は動いていますか？）。つなぎ直しています…",
      notThisTable: "このリンクはこの卓のものではありません",
      over: "ゲームは終わりました",
      yourTurn: (n) => `あなたの番です（席${n}）`,
      toPlay: (name) => `${name}の番です`,
      watching: "・観戦中",
      seat: (n) => `席${n}`,
      seatAi: (n, policy) => `席${n}（AI：${policy}）`,
      you: "（あなた）",
      passDevice: (n) => `席${n}の番です：端末を渡してください`,
      lookAway: "ホットシート：この席の人が指す間、ほかの人は画面を見ないでください。",
      showHand: "手札を見る",
      spectating: "観戦中：手札は見えません",
      handOf: (n, k) => `席${n}の手札（${k}枚）`,
      play: "指す", playMove: (label) => `指す：${label}`, undo: "戻す", pass: "パス",
      showEnd: "結果と記録", download: "記録をダウンロード", downloadNote: "（kit replay でそのまま読めます）",
      placing: "同じ配りの模擬ゲームの中でこのゲームを位置づけています…",
      replayNote: "同じ配りの模擬ゲームとの比較（kit replay の報告）：",
      back: "盤に戻る",
      youPlayed: (seats) => `あなたは${seats.join("と")}を担当しました。`,
      sinceYours: "あなたの前の手以降の手に印があります", lastMove: "最新の手に印があります",
      movesSoFar: "これまでの手", board: "盤", zoomIn: "拡大", zoomOut: "縮小",
      fit: "全体", fitBoard: "盤全体を表示", seats: "席", hand: "あなたの手札", said: "：",
    },
  };
  const params = new URLSearchParams(location.search);
  const token = params.get("t") || "";
  // ?lang=ja|en, else the browser's own language
  const lang = ["ja", "en"].includes(params.get("lang")) ? params.get("lang")
    : (navigator.language || "").toLowerCase().startsWith("ja") ? "ja" : "en";
  const W = WORDS[lang];
  // a server text in this page's language: {en, ja}, or a plain string the same in both
  const say = (x) => (x === null || x === undefined ? "" : typeof x === "object" ? (x[lang] ?? x.en) : String(x));
  const $ = (id) => document.getElementById(id);
  const MIN_R = 9;
  const board = $("board"), svg = board.querySelector("svg");
  let view = null, chosen = [], socket = null, zoom = 1, sent = false, shown = null;
  let lost = W.connecting;      // why the table cannot be played now (no server), or null
  let sighted = null;           // the version whose choices were last brought into sight

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws?t=${encodeURIComponent(token)}`);
    socket.onopen = () => { lost = null; };
    socket.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      sent = false;
      $("refused").textContent = msg.type === "refused" ? say(msg.message) : "";
      if (!view || msg.version !== view.version) chosen = [];
      const first = !view;
      view = msg;
      draw();
      if (first) centre();
    };
    // No server, no moves: what was chosen stays, nothing is offered or sent until it is back.
    socket.onclose = (e) => {
      lost = e.code === 4403 ? W.notThisTable : W.lost;
      sent = false;
      if (view) draw();
      else $("status").textContent = lost;
      $("status").classList.add("lost");
      if (e.code !== 4403) setTimeout(connect, 1000);
    };
  }

  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const prefixed = (m) => chosen.every((x, i) => m.steps[i] === x);

  // The moves still open after the steps chosen so far: the next steps, and whether the
  // chosen steps are a whole move.
  function options() {
    const open = view.legal.filter((m) => m.steps.length >= chosen.length && prefixed(m));
    const next = new Map();
    for (const m of open) if (m.steps.length > chosen.length) {
      const k = m.steps[chosen.length];
      // a step's words: the move's own for its step, or the move's label when it is one step
      const words = say((m.step_labels || [])[chosen.length]) || (m.steps.length === 1 ? say(m.label) : String(k));
      if (!next.has(k)) next.set(k, words);
    }
    const whole = open.find((m) => m.steps.length === chosen.length && chosen.length > 0);
    const pass = view.legal.find((m) => m.steps.length === 0);
    return { next, whole, pass };
  }

  function send(move) {
    if (lost || socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify({ type: "move", steps: move.steps, version: view.version }));
    chosen = [];
    sent = true;        // nothing more to choose until the server answers
    document.body.dataset.sent = Number(document.body.dataset.sent || 0) + 1;
    draw();
  }

  function pick(key) {
    if (!view || !view.legal.length || sent || lost) return;
    const { next } = options();
    if (!next.has(key)) return;
    chosen.push(key);
    const after = options();
    if (after.whole && after.next.size === 0) send(after.whole);   // nothing can follow: play it
    else draw();
  }

  function draw() {
    const g = view.game, stopped = lost || say(view.error), mine = view.legal.length > 0 && !sent && !stopped;
    // Hot-seat: one browser plays several seats; each seat's hand stays covered until its player asks.
    const cover = view.seats.length > 1 && view.legal.length > 0 && shown !== view.to_act;
    $("cover").hidden = !cover;
    if (cover) $("cover-title").textContent = W.passDevice(view.to_act + 1);
    const st = $("status");
    if (stopped) st.textContent = stopped;
    else if (view.over) st.textContent = say(g.result) || W.over;
    else if (mine) st.textContent = W.yourTurn(view.to_act + 1);
    else st.textContent = W.toPlay(seatName(view.to_act)) + (view.seats.length ? "" : W.watching);
    st.classList.toggle("mine", mine);
    st.classList.toggle("lost", !!stopped);
    Object.assign(document.body.dataset, { version: view.version, mine: mine ? "1" : "", over: view.over ? "1" : "",
      lost: stopped ? "1" : "" });
    const { next, whole, pass } = mine ? options() : { next: new Map(), whole: null, pass: null };
    // the board: each place's state from the server, then the legal next steps
    // what happened since this browser's seats last moved (a spectator: the latest move) stays marked
    const since = recent();
    const last = new Set(since.flatMap((e) => e.steps.map(String)));
    for (const el of svg.querySelectorAll("[data-key]")) {
      const k = el.dataset.key, b = (g.board || {})[k];
      el.setAttribute("class", [el.dataset.base || (el.dataset.base = el.getAttribute("class") || ""),
        b ? b.class : "", next.has(k) ? "legal" : "", chosen.includes(k) ? "chosen" : "",
        last.has(k) ? "last" : ""].join(" ").trim());
      // a place's own colours (a seat's card on it), for the stylesheet to use
      el.style.setProperty("--fill", (b && b.fill) || "");
      el.style.setProperty("--stroke", (b && b.stroke) || "");
      const t = el.querySelector("text.label");
      if (t) t.textContent = b && b.text !== undefined ? b.text : "";
    }
    drawPieces(g.pieces || []);
    // the hand
    const hand = $("hand");
    hand.replaceChildren();
    $("hand-pane").hidden = g.hand === null;
    $("hand-title").textContent = view.seat === null || view.seat === undefined ? W.spectating
      : W.handOf(view.seat + 1, (g.hand || []).length);
    for (const c of g.hand || []) {
      const el = document.createElement(next.has(c.key) ? "button" : "div");
      el.className = "card" + (next.has(c.key) ? " legal" : "") + (chosen.includes(c.key) ? " chosen" : "");
      el.dataset.key = c.key;
      el.style.background = c.colour || "#fff";
      el.innerHTML = `<span class="corner"></span><span class="title"></span><span class="sub"></span>`;
      el.querySelector(".corner").textContent = c.corner || "";
      el.querySelector(".title").textContent = c.title;
      el.querySelector(".sub").textContent = say(c.sub);
      if (next.has(c.key)) el.onclick = () => pick(c.key);
      hand.appendChild(el);
    }
    // steps that are neither on the board nor in the hand: buttons
    const steps = $("steps");
    steps.replaceChildren();
    const placed = new Set([...svg.querySelectorAll("[data-key]")].map((e) => e.dataset.key)
      .concat((g.hand || []).map((c) => c.key)));
    for (const [k, label] of next) if (!placed.has(String(k))) {
      const b = document.createElement("button");
      b.type = "button"; b.className = "legal"; b.textContent = label; b.dataset.step = k;
      b.onclick = () => pick(k);
      steps.appendChild(b);
    }
    $("hint").textContent = mine ? say(g.hint) : "";
    // the steps chosen so far, in the move's own words (a key like t3 means nothing to a player)
    const sofar = view.legal.find((m) => m.steps.length >= chosen.length && prefixed(m));
    $("chosen").textContent = chosen.map((k, i) => (sofar && say((sofar.step_labels || [])[i])) || String(k)).join(" → ");
    const play = $("play");
    play.disabled = !whole;
    play.hidden = !mine || (!whole && !chosen.length);   // shown once a move is being put together
    play.textContent = whole ? W.playMove(say(whole.label)) : W.play;
    play.onclick = () => whole && send(whole);
    $("undo").disabled = !chosen.length;
    $("undo").hidden = !chosen.length;
    $("pass").hidden = !(mine && pass && !chosen.length);
    $("pass").onclick = () => pass && send(pass);
    drawSeats(g.colours || []);
    // the info and the moves so far, the latest (an AI's, with its reason) on top
    const info = $("info");
    info.replaceChildren(...(g.info || []).map((s) => Object.assign(document.createElement("li"), { textContent: say(s) })));
    const ev = $("events");
    ev.replaceChildren();
    $("events-title").hidden = !view.events.length;
    $("events-title").textContent = view.seats.length ? W.sinceYours : W.lastMove;
    [...view.events].reverse().forEach((e, i) => {
      const li = document.createElement("li");
      li.value = e.number;
      li.className = [i === 0 ? "latest" : "", since.includes(e) ? "recent" : ""].join(" ").trim();
      li.innerHTML = `<span class="who"></span> <span class="what"></span><span class="why"></span>`;
      li.querySelector(".who").append(swatches((g.colours || [])[e.seat]), seatName(e.seat) + W.said);
      li.querySelector(".what").textContent = say(e.label);
      li.querySelector(".why").textContent = say(e.reason);
      ev.appendChild(li);
    });
    if (mine && sighted !== view.version) {
      sighted = view.version;
      bringIntoSight();
    }
    // the end, and a way back to it (its log to download) once it is closed
    if (view.over) {
      $("result").textContent = say(g.result) || W.over;
      $("you").hidden = !view.seats.length;
      $("you").textContent = W.youPlayed(view.seats.map((s) => W.seat(s + 1)));
      if (view.replay) $("replay").textContent = say(view.replay);
      if (!$("end").dataset.closed) $("end").hidden = false;
    }
    $("show-end").hidden = !(view.over && $("end").hidden);
  }

  // The moves since this browser's seat last had the table (hot-seat: the seat to act now): the
  // others' moves since, and its own steps of the turn in hand (a die drafted, a dice count).
  function recent() {
    const ev = view.events, me = view.seats.includes(view.to_act) ? [view.to_act] : view.seats;
    if (!me.length) return ev.slice(-1);
    let i = ev.length - 1;
    while (i >= 0 && me.includes(ev[i].seat)) i--;
    while (i >= 0 && !me.includes(ev[i].seat)) i--;
    return ev.slice(i + 1);
  }

  // A seat as the page names it: its number, and its AI's policy when a person does not play it.
  const seatName = (s) => (view.ai[s] ? W.seatAi(s + 1, view.ai[s]) : W.seat(s + 1));

  // A swatch of each of a seat's colours (its pieces, its cards on the board).
  function swatches(colours) {
    const out = document.createElement("span");
    out.className = "swatches";
    for (const c of colours || []) {
      const sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = c;
      out.appendChild(sw);
    }
    return out;
  }

  // Who sits where: each seat's colour, who plays it (you, a person, an AI) and whose turn it is.
  function drawSeats(colours) {
    const list = $("seats");
    list.replaceChildren();
    view.ai.forEach((_, s) => {
      const li = document.createElement("li");
      li.dataset.seat = s;
      if (s === view.to_act) li.className = "to-act";
      const label = document.createElement("span");
      label.textContent = (s === view.to_act ? "▶ " : "") + seatName(s) + (view.seats.includes(s) ? W.you : "");
      li.append(swatches(colours[s]), label);
      list.appendChild(li);
    });
  }

  // A new choice: its first card in the hand and its places on the board scrolled into sight
  // when none is (a phone shows a few cards and a corner of the board).
  function bringIntoSight() {
    const hand = $("hand"), card = hand.querySelector(".card.legal");
    if (card) {
      const h = hand.getBoundingClientRect(), r = card.getBoundingClientRect();
      if (r.left < h.left || r.right > h.right) hand.scrollLeft += r.left - h.left - (h.width - r.width) / 2;
    }
    const places = [...svg.querySelectorAll("[data-key].legal")];
    const pane = board.getBoundingClientRect();
    const seen = (el) => {
      const r = el.getBoundingClientRect();
      return r.right > pane.left && r.left < pane.right && r.bottom > pane.top && r.top < pane.bottom;
    };
    if (places.length && !places.some(seen)) centre(places);
  }

  // Bring the part of the board in play into sight (a phone shows a corner of it).
  function centre(els) {
    els = els || [...svg.querySelectorAll("[data-key].legal, [data-key].placed")];
    if (!els.length) els = [...svg.querySelectorAll(".piece")];      // else where the pieces stand
    const pick = els.length ? els : [...svg.querySelectorAll("[data-key]")];
    if (!pick.length) return;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const el of pick) {
      const r = el.getBoundingClientRect();
      x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
    }
    const pane = board.getBoundingClientRect();
    board.scrollLeft += (x0 + x1) / 2 - (pane.left + pane.width / 2);
    board.scrollTop += (y0 + y1) / 2 - (pane.top + pane.height / 2);
  }

  // Pieces sit inside their place's own group, so a place turned on the board (a ring's
  // card) carries them with it.
  function drawPieces(pieces) {
    for (const old of svg.querySelectorAll(".piece")) old.remove();
    const at = {};
    const NS = "http://www.w3.org/2000/svg";
    // a piece is never drawn smaller than MIN_R screen pixels, so its number reads on a phone
    const ctm = svg.getScreenCTM(), least = ctm && ctm.a > 0 ? MIN_R / ctm.a : 0;
    for (const p of pieces) {
      const el = svg.querySelector(`[data-key="${CSS.escape(String(p.at))}"]`);
      if (!el) continue;
      const box = el.getBBox(), k = (at[p.at] = (at[p.at] || 0) + 1) - 1;
      let r = Math.max(Math.min(box.width, box.height) * 0.22, least), cx, cy;
      if (p.r) {      // a piece of a given size, side by side from the place's middle
        r = Math.max(p.r, least);
        cx = box.x + box.width / 2 + (k - 0.5) * r * 2.1;
        cy = box.y + box.height / 2 + r * 1.2;
      } else {
        // three to a row, spread by at least their size so no number hides another
        cx = box.x + box.width / 2 + (k % 3 - 1) * Math.max(box.width * 0.3, r * 2.1);
        cy = box.y + box.height / 2 + (Math.floor(k / 3) - 0.5) * Math.max(box.height * 0.4, r * 2.1);
      }
      const g = document.createElementNS(NS, "g");
      g.setAttribute("class", "piece");
      const c = document.createElementNS(NS, "circle");
      Object.entries({ cx, cy, r, fill: p.colour, stroke: "#000", "stroke-width": r * 0.15 })
        .forEach(([a, v]) => c.setAttribute(a, v));
      const t = document.createElementNS(NS, "text");
      Object.entries({ x: cx, y: cy + r * 0.4, "font-size": r * 1.1, "text-anchor": "middle",
        "font-weight": "bold", fill: p.ink || "#fff" }).forEach(([a, v]) => t.setAttribute(a, v));
      t.textContent = p.label;
      g.append(c, t);
      el.parentNode.insertBefore(g, el.nextSibling);
    }
  }

  svg.addEventListener("click", (e) => {
    const el = e.target.closest("[data-key]");
    if (el) pick(el.dataset.key);
  });
  $("undo").onclick = () => { chosen.pop(); draw(); };
  $("cover-show").onclick = () => { shown = view.to_act; draw(); };
  $("close-end").onclick = () => { $("end").hidden = true; $("end").dataset.closed = "1"; $("show-end").hidden = false; };
  $("show-end").onclick = () => { $("end").hidden = false; $("show-end").hidden = true; };
  const setZoom = (z) => { zoom = Math.max(0.2, Math.min(4, z)); board.style.setProperty("--zoom", zoom); };
  $("zoom-in").onclick = () => setZoom(zoom * 1.4);
  $("zoom-out").onclick = () => setZoom(zoom / 1.4);
  // Fit: the whole board in the pane, however narrow (the drawn size scales with the zoom).
  $("zoom-fit").onclick = () => {
    setZoom(1);
    const r = svg.getBoundingClientRect();
    setZoom(Math.min(1, board.clientWidth / r.width, board.clientHeight / r.height));
    board.scrollLeft = board.scrollTop = 0;
  };
  $("download").href = `/log${token ? "?t=" + encodeURIComponent(token) : ""}`;
  // the page's own words, and a way to the other language that keeps this seat's token
  document.documentElement.lang = lang;
  document.body.dataset.lang = lang;
  for (const el of document.querySelectorAll("[data-say]")) el.textContent = W[el.dataset.say];
  for (const el of document.querySelectorAll("[data-say-label]")) el.setAttribute("aria-label", W[el.dataset.sayLabel]);
  const other = new URLSearchParams(location.search);
  other.set("lang", W.otherLang);
  Object.assign($("lang-switch"), { href: `?${other}`, textContent: W.other, lang: W.otherLang });
  $("status").textContent = lost;
  connect();
})();
