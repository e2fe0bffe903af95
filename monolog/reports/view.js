// monolog view: shows the states embedded by monolog/reports/view.py as the reader steps
// through the record's lines. Plain script, no library; it loads nothing.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("game-data").textContent);
  const geo = data.geometry;
  const SVG = "http://www.w3.org/2000/svg";
  const moves = Array.from(document.querySelectorAll("#moves li"));
  const lineOf = moves.map((li) => Number(li.dataset.line));
  let at = -1; // index into moves; -1 is before play

  function money(n) {
    const s = Math.abs(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return (n < 0 ? "-" : "") + data.money.sign + s;
  }

  function el(name, attrs, text) {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function rect(r, attrs) {
    return el("rect", Object.assign({ x: r[0], y: r[1], width: r[2], height: r[3] }, attrs));
  }

  function stateAt(index) {
    if (index < 0) return data.states[0];
    return data.states[data.lineState[lineOf[index] - 1]];
  }

  function deed(packed) {
    return {
      owner: (packed & 7) - 1,
      houses: (packed >> 3) & 7,
      hotel: (packed & 64) !== 0,
      mortgaged: (packed & 128) !== 0,
    };
  }

  function drawBoard(st) {
    const g = document.getElementById("dynamic");
    g.replaceChildren();
    document.querySelectorAll("#board g.square.is-mortgaged").forEach((q) =>
      q.classList.remove("is-mortgaged"));
    const deeds = st[7];
    data.ownable.forEach((sq, k) => {
      const d = deed(deeds[k]);
      const place = geo.squares[sq];
      if (d.owner >= 0 && place.owner) {
        // a white tag with the owner's mark: never mistaken for a group's band
        const o = place.owner;
        const tag = el("g", { class: "owner", "data-owner": data.players[d.owner],
          "data-square": data.squares[sq] });
        tag.appendChild(rect(o, { rx: 3 }));
        tag.appendChild(el("text", { x: o[0] + o[2] / 2, y: o[1] + o[3] / 2 + 3.5 },
          data.marks[d.owner]));
        g.appendChild(tag);
      }
      if (d.hotel && place.hotel) {
        g.appendChild(rect(place.hotel, { fill: geo.hotel, class: "hotel" }));
      } else {
        for (let h = 0; h < Math.min(d.houses, place.houses.length); h++) {
          g.appendChild(rect(place.houses[h], { fill: geo.house, class: "house" }));
        }
      }
      if (d.mortgaged) {
        g.appendChild(rect(place.rect, { class: "mortgaged" }));
        const r = place.rect;
        const at = place.note || [r[0] + r[2] / 2, r[1] + r[3] / 2];
        g.appendChild(el("text", { x: at[0], y: at[1], class: "mortgage-word" }, "mortgaged"));
        document.querySelector('#board g.square[data-index="' + sq + '"]')
          .classList.add("is-mortgaged");
      }
    });
    const crowd = {};
    let jailed = 0;
    data.players.forEach((name, i) => {
      if (st[6][i] !== 0) return;
      let c;
      if (st[4][i] >= 0) {
        c = geo.jail[jailed % geo.jail.length];
        jailed += 1;
      } else {
        const sq = st[3][i];
        const k = crowd[sq] || 0;
        crowd[sq] = k + 1;
        c = geo.squares[sq].tokens[k % 6];
      }
      const t = el("g", { class: "token", "data-player": name,
        "data-square": data.squares[st[3][i]] });
      t.appendChild(el("circle", { cx: c[0], cy: c[1], r: geo.token_r, fill: data.colours[i] }));
      t.appendChild(el("text", { x: c[0], y: c[1] + 3.5 }, data.marks[i]));
      g.appendChild(t);
    });
    const unsold = deeds.filter((p) => (p & 7) === 0).length;
    const w = data.words;
    const lines = [
      w.bank.charAt(0).toUpperCase() + w.bank.slice(1) + ": " + st[8] + " " + w.houses + ", " +
        st[9] + " " + w.hotels,
      unsold + " deed" + (unsold === 1 ? "" : "s") + " unsold",
    ];
    lines.forEach((text, k) => {
      g.appendChild(el("text", { x: geo.size / 2, y: geo.size / 2 + 10 + k * 20, class: "bank",
        id: k === 0 ? "bank-stock" : "unsold" }, text));
    });
  }

  function drawPlayers(st) {
    const box = document.getElementById("players");
    const rows = data.players.map((name, i) => {
      const owned = [];
      data.ownable.forEach((sq, k) => {
        const d = deed(st[7][k]);
        if (d.owner !== i) return;
        let s = data.squares[sq];
        if (d.hotel) s += " (" + data.words.hotel + ")";
        else if (d.houses) s += " (" + d.houses + ")";
        if (d.mortgaged) s += " [mortgaged]";
        owned.push(s);
      });
      const cards = st[5][i].map((c) => c + (data.cards[c] ? " “" + data.cards[c] + "”" : ""));
      const status = st[6][i] === 1 ? "bankrupt" : st[6][i] === 2 ? "resigned" :
        st[4][i] >= 0 ? "in jail, jail turn " + (st[4][i] + 1) + " next" : "on " + data.squares[st[3][i]];
      const tr = document.createElement("tr");
      tr.dataset.player = name;
      if (st[1] === i) tr.className = "to-play";
      const cells = [
        ["name", data.marks[i] + " · " + name], ["cash num", money(st[2][i])],
        ["worth num", money(st[10][i])],
        ["where", status], ["deeds", owned.join(", ") || "–"], ["cards", cards.join(", ") || "–"],
      ];
      cells.forEach(([cls, text], k) => {
        const td = document.createElement("td");
        td.className = cls;
        td.textContent = text;
        if (k === 0) td.style.borderLeft = "6px solid " + data.colours[i];
        tr.appendChild(td);
      });
      return tr;
    });
    const table = document.createElement("table");
    table.className = "players";
    const head = document.createElement("thead");
    const hr = document.createElement("tr");
    [["", "Player"], ["num", "Cash"], ["num", "Worth"], ["", "Where"], ["", "Deeds"],
      ["", "Cards"]].forEach(([cls, text]) => {
      const th = document.createElement("th");
      if (cls) th.className = cls;
      th.textContent = text;
      hr.appendChild(th);
    });
    head.appendChild(hr);
    table.appendChild(head);
    const body = document.createElement("tbody");
    rows.forEach((r) => body.appendChild(r));
    table.appendChild(body);
    box.replaceChildren(table);
  }

  function findingItem(f, withLine) {
    const li = document.createElement("li");
    li.className = "finding " + f.severity;
    li.dataset.line = f.line;
    const head = document.createElement("span");
    head.className = "code";
    head.textContent = (withLine ? "line " + f.line + " · " : "") + f.code;
    li.appendChild(head);
    li.appendChild(document.createTextNode(" " + f.message + (f.rule ? " [" + f.rule + "]" : "")));
    (f.alternatives || []).forEach((a) => {
      const div = document.createElement("div");
      div.className = "alternative";
      const b = document.createElement("b");
      b.textContent = "Under " + a.cf + " = " + a.reading + ": ";
      div.appendChild(b);
      div.appendChild(document.createTextNode(a.first + "."));
      const ul = document.createElement("ul");
      a.changes.concat(a.outcome.map((o) => "at the end, " + o)).forEach((t) => {
        const item = document.createElement("li");
        item.textContent = t;
        ul.appendChild(item);
      });
      div.appendChild(ul);
      li.appendChild(div);
    });
    return li;
  }

  function show(index) {
    at = Math.max(-1, Math.min(moves.length - 1, index));
    const st = stateAt(at);
    drawBoard(st);
    drawPlayers(st);
    moves.forEach((li, k) => li.classList.toggle("at", k === at));
    const line = at >= 0 ? lineOf[at] : 0;
    document.getElementById("where").textContent =
      at >= 0 ? "line " + line + " · turn " + st[0] : "before play";
    caption(at >= 0 ? moves[at].querySelector(".t").textContent : "");
    document.getElementById("current").textContent = at >= 0 ? moves[at].querySelector(".t").textContent : "";
    document.body.dataset.line = String(line);
    const here = document.getElementById("here");
    here.replaceChildren();
    data.findings.filter((f) => f.line === line).forEach((f) => here.appendChild(findingItem(f, false)));
    document.querySelectorAll("#findings li.finding").forEach((li) =>
      li.classList.toggle("at", Number(li.dataset.line) === line));
    document.querySelectorAll("table.ledger tr[data-line]").forEach((tr) =>
      tr.classList.toggle("at", Number(tr.dataset.line) === line));
    const now = document.getElementById("chart-now");
    if (now) {
      const c = data.chart;
      const x = c.left + (st[0] - c.first) * (c.right - c.left) / (c.last - c.first);
      now.setAttribute("x1", x);
      now.setAttribute("x2", x);
    }
    if (at >= 0) moves[at].scrollIntoView({ block: "nearest" });
    // the address names the line shown, so that it can be passed on or reloaded
    const want = "#line=" + line;
    try {
      if (window.location.hash !== want) window.history.replaceState(null, "", want);
    } catch (err) {
      // a browser that keeps a local file's address as it is: the page works without it
    }
  }

  // the line shown, also in the board's middle: in a narrow window the move list is below
  function caption(text) {
    const g = document.getElementById("dynamic");
    const y = geo.size / 2 - 40;
    g.appendChild(el("text", { x: geo.size / 2, y: y, class: "where", id: "board-where" },
      document.getElementById("where").textContent));
    const short = text.trim().length > 56 ? text.trim().slice(0, 55) + "…" : text.trim();
    g.appendChild(el("text", { x: geo.size / 2, y: y + 20, class: "line", id: "board-line" },
      short));
  }

  // the next (step 1) or previous (-1) play from the line shown: tags and comments are skipped
  function step(dir) {
    let k = at + dir;
    while (k >= 0 && k < moves.length && !moves[k].classList.contains("move")) k += dir;
    if (k >= moves.length) return;
    show(k);
  }

  function jumpToLine(line) {
    let k = lineOf.findIndex((n) => n >= line);
    if (k < 0) k = moves.length - 1;
    if (lineOf[k] > line) k -= 1;
    show(k);
    window.scrollTo({ top: 0 });
  }

  // a square's name wider than its square is narrowed to fit, never cut or overflowing
  function fitNames() {
    document.querySelectorAll("#board text[data-fit]").forEach((t) => {
      const room = Number(t.dataset.fit);
      if (t.getComputedTextLength() > room) {
        t.setAttribute("textLength", room);
        t.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    });
  }

  const list = document.getElementById("findings");
  data.findings.forEach((f) => {
    const li = findingItem(f, true);
    li.addEventListener("click", () => jumpToLine(f.line));
    list.appendChild(li);
  });
  if (!data.findings.length) {
    const p = document.createElement("p");
    p.textContent = "No findings: the record follows the rules.";
    list.replaceWith(p);
  }
  moves.forEach((li, k) => li.addEventListener("click", () => show(k)));
  document.querySelectorAll("table.ledger tr[data-line]").forEach((tr) =>
    tr.addEventListener("click", () => jumpToLine(Number(tr.dataset.line))));
  document.getElementById("first").addEventListener("click", () => show(-1));
  document.getElementById("prev").addEventListener("click", () => step(-1));
  document.getElementById("next").addEventListener("click", () => step(1));
  document.getElementById("last").addEventListener("click", () => show(moves.length - 1));
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA")) return;
    const dir = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (dir) { step(dir); e.preventDefault(); }
    if (e.key === "Home") { show(-1); e.preventDefault(); }
    if (e.key === "End") { show(moves.length - 1); e.preventDefault(); }
  });
  fitNames();
  // a link may name a line: game.html#line=47 opens at line 47
  const asked = /^#line=(\d+)$/.exec(window.location.hash);
  if (asked) jumpToLine(Number(asked[1])); else show(-1);
  window.addEventListener("hashchange", () => {
    const m = /^#line=(\d+)$/.exec(window.location.hash);
    if (m && Number(m[1]) !== (at >= 0 ? lineOf[at] : 0)) jumpToLine(Number(m[1]));
  });
})();
