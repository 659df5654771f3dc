// wgt map edit: the page. Vanilla JS, no build step. Talks to the local server (toolkit/editor/server.py).
"use strict";
(() => {
  const SVGNS = "http://www.w3.org/2000/svg";
  const TOKEN = new URLSearchParams(location.search).get("token") || "";
  // axial neighbour directions; corner i of a hex lies between directions i and i+1
  const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
  const FEATURE_COLOURS = {
    river: "#2a6fc0", minor_river: "#4a8fd8", major_river: "#1a4f9a", stream: "#6aa6e0", canal: "#2a6fc0",
    road: "#a8401e", minor_road: "#c0603e", major_road: "#8a2a0e", highway: "#8a2a0e", track: "#b07050",
    rail: "#1c1c1c", railroad: "#1c1c1c", railway: "#1c1c1c", bridge: "#6b6b6b", border: "#c0207a",
    sea: "#1d4f91", minor_lake: "#6fa8dc", major_lake: "#3d85c6", fortification: "#7a1f1f",
  };
  const $ = (id) => document.getElementById(id);
  const el = (name, attrs) => {
    const e = document.createElementNS(SVGNS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  };

  const S = {
    data: null, hexes: [], byId: new Map(), byAxial: new Map(), orig: [], sides: new Map(), origSides: new Map(),
    sideEls: new Map(), polys: [], L: null, inv: null, legend: new Map(), across: new Set(),
    undo: [], redo: [], stroke: null, tool: "paint", terrain: null, feature: "river",
    newFeatures: new Set(), newTags: new Set(), // names the user confirmed as new (newName)
    selected: -1, review: [], ri: -1, base: "", view: { x: 0, y: 0, k: 1 }, size: 10,
    pan: null, space: false, timings: { paints: [] }, busy: false,
  };

  // ---- geometry ------------------------------------------------------------------------------------------
  const px = (q, r) => [S.L[0][0] * q + S.L[0][1] * r + S.L[0][2], S.L[1][0] * q + S.L[1][1] * r + S.L[1][2]];
  function setLayout(L) {
    S.L = L;
    const [[a, b, c], [d, e, f]] = L;
    const det = a * e - b * d;
    S.inv = (x, y) => [(e * (x - c) - b * (y - f)) / det, (-d * (x - c) + a * (y - f)) / det];
    const p0 = px(0, 0), p1 = px(1, 0);
    S.size = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]) / Math.sqrt(3);
  }
  function cubeRound(fq, fr) {
    const fs = -fq - fr;
    let q = Math.round(fq), r = Math.round(fr); const s = Math.round(fs);
    const dq = Math.abs(q - fq), dr = Math.abs(r - fr), ds = Math.abs(s - fs);
    if (dq > dr && dq > ds) q = -r - s; else if (dr > ds) r = -q - s;
    return [q, r];
  }
  const corner = (q, r, i) => {
    const a = DIRS[i], b = DIRS[(i + 1) % 6];
    return px(q + (a[0] + b[0]) / 3, r + (a[1] + b[1]) / 3);
  };
  const points = (q, r) => [0, 1, 2, 3, 4, 5].map((i) => corner(q, r, i).map((v) => v.toFixed(2)).join(",")).join(" ");
  const sideKey = (a, b) => (a < b ? `${a}/${b}` : `${b}/${a}`);
  function hexAt(x, y) { // map pixel -> hex index or -1
    const [fq, fr] = S.inv(x, y);
    const [q, r] = cubeRound(fq, fr);
    const i = S.byAxial.get(`${q},${r}`);
    return i === undefined ? -1 : i;
  }
  function sideAt(x, y) { // map pixel -> the hexside nearest to it: [i, j, key] or null
    const i = hexAt(x, y);
    if (i < 0) return null;
    const h = S.hexes[i];
    let best = null, bd = Infinity;
    for (const [dq, dr] of DIRS) {
      const j = S.byAxial.get(`${h.q + dq},${h.r + dr}`);
      if (j === undefined) continue;
      const [mx, my] = px(h.q + dq / 2, h.r + dr / 2);
      const dd = (mx - x) ** 2 + (my - y) ** 2;
      if (dd < bd) { bd = dd; best = j; }
    }
    return best === null ? null : [i, best, sideKey(h.id, S.hexes[best].id)];
  }
  function sideEnds(i, j) { // the two corners shared by neighbours i and j
    const a = S.hexes[i], b = S.hexes[j];
    const d = DIRS.findIndex(([dq, dr]) => a.q + dq === b.q && a.r + dr === b.r);
    return [corner(a.q, a.r, (d + 5) % 6), corner(a.q, a.r, d)];
  }
  function hexLine(i, j) { // hexes from i to j (for a fast drag)
    const a = S.hexes[i], b = S.hexes[j];
    const n = Math.max(Math.abs(a.q - b.q), Math.abs(a.r - b.r), Math.abs(a.q + a.r - b.q - b.r));
    const out = [];
    for (let t = 1; t <= n; t++) {
      const [q, r] = cubeRound(a.q + (b.q - a.q) * t / n + 1e-6, a.r + (b.r - a.r) * t / n + 1e-6);
      const k = S.byAxial.get(`${q},${r}`);
      if (k !== undefined && out[out.length - 1] !== k) out.push(k);
    }
    return out;
  }

  // ---- state -----------------------------------------------------------------------------------------------
  const snap = (h) => JSON.stringify([h.terrain, h.tags, h.name, h.values]);
  const clone = (h) => ({ terrain: h.terrain, tags: [...h.tags], name: h.name, values: { ...h.values } });
  const sideSnap = (set) => [...set].sort().join(" ");

  function load(data) {
    S.data = data;
    S.base = data.digest;
    setLayout(data.layout);
    S.legend = new Map(data.legend.map((t) => [t.name, t]));
    S.across = new Set(data.across);
    S.hexes = data.hexes.map(([id, q, r, terrain, tags, name, values]) => ({ id, q, r, terrain, tags, name, values }));
    S.byId = new Map(S.hexes.map((h, i) => [h.id, i]));
    S.byAxial = new Map(S.hexes.map((h, i) => [`${h.q},${h.r}`, i]));
    S.orig = S.hexes.map(snap);
    S.sides = new Map(Object.entries(data.hexsides).map(([k, v]) => [k, new Set(v)]));
    S.origSides = new Map([...S.sides].map(([k, v]) => [k, sideSnap(v)]));
    S.review = data.review;
    S.overridden = new Set(data.overridden);
    if (!S.terrain || !S.legend.has(S.terrain)) S.terrain = data.legend.length ? data.legend[0].name : null;
    $("title").textContent = data.title;
    document.title = `${data.title} — wgt map edit`;
    buildPalette();
    draw();
    updateDirty();
    $("r-count").textContent = `(${S.review.length})`;
  }

  function fill(h) { // a legend colour is #rrggbb (the loader checks; checked again: it goes into markup)
    if (h.terrain === null) return "none";
    const c = (S.legend.get(h.terrain) || {}).color;
    return /^#[0-9a-fA-F]{6}$/.test(c) ? c : "#ff00ff";
  }

  function draw() {
    // one string parsed at once: several times faster than 3,000 createElementNS calls
    const t0 = performance.now();
    const g = $("hexes");
    const shape = [0, 1, 2, 3, 4, 5].map((i) => corner(0, 0, i).map((v, k) => v - S.L[k][2]));
    g.innerHTML = S.hexes.map((h) => {
      const [cx, cy] = px(h.q, h.r);
      const pts = shape.map(([dx, dy]) => `${(cx + dx).toFixed(1)},${(cy + dy).toFixed(1)}`).join(" ");
      return `<polygon points="${pts}" fill="${fill(h)}"${h.terrain === null ? ' class="nodata"' : ""}/>`;
    }).join("");
    S.polys = Array.from(g.children);
    S.timings.hexes = performance.now() - t0;
    const t1 = performance.now();
    drawSides();
    S.timings.sides = performance.now() - t1;
    const scan = $("scan");
    if (S.data.image) {
      scan.setAttribute("href", S.data.image.url);
      scan.setAttribute("width", S.data.image.width);
      scan.setAttribute("height", S.data.image.height);
    } else {
      scan.removeAttribute("href");
    }
    const w = Math.max(1, S.size * 0.12);
    $("reviewmarks").setAttribute("d", S.review.map((it) => {
      const h = S.hexes[S.byId.get(it.hex)];
      return h ? "M" + points(h.q, h.r).replace(/ /g, " L") + " Z" : "";
    }).join(" "));
    $("reviewmarks").setAttribute("stroke-width", w);
    for (const id of ["current", "selected", "hover"]) $(id).setAttribute("stroke-width", id === "hover" ? w : w * 2);
    $("sidehover").setAttribute("stroke-width", S.size * 0.3);
    if (!S.fitted) { fit(); S.fitted = true; }
    markSelected();
  }

  function sideMarkup(key) { // the <g> of one hexside's features ("" when it has none)
    const feats = S.sides.get(key);
    if (!feats || feats.size === 0) return "";
    const [a, b] = key.split("/");
    const i = S.byId.get(a), j = S.byId.get(b);
    if (i === undefined || j === undefined) return "";
    const f1 = (v) => v.toFixed(1);
    const word = /^[^\W\d][\w-]*$/u; // feature names are words (the loader checks; checked again: markup)
    const along = [...feats].filter((f) => word.test(f) && !S.across.has(f)).sort();
    const across = [...feats].filter((f) => word.test(f) && S.across.has(f)).sort();
    const [p, q] = sideEnds(i, j);
    let out = `<g data-side="${key.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}">`;
    along.forEach((f, n) => {
      const width = Math.max(S.size * (0.22 - 0.07 * n), S.size * 0.05);
      const dash = f === "border" ? ` stroke-dasharray="${f1(S.size * 0.2)} ${f1(S.size * 0.12)}"` : "";
      out += `<line x1="${f1(p[0])}" y1="${f1(p[1])}" x2="${f1(q[0])}" y2="${f1(q[1])}" stroke="${colourOf(f)}" ` +
        `stroke-width="${f1(width)}" stroke-linecap="round"${dash}/>`;
    });
    const ca = px(S.hexes[i].q, S.hexes[i].r), cb = px(S.hexes[j].q, S.hexes[j].r);
    const nx = -(cb[1] - ca[1]), ny = cb[0] - ca[0], len = Math.hypot(nx, ny) || 1;
    across.forEach((f, n) => {
      const off = (n - (across.length - 1) / 2) * S.size * 0.12;
      const ox = nx / len * off, oy = ny / len * off;
      const dash = /^rail/.test(f) ? ` stroke-dasharray="${f1(S.size * 0.18)} ${f1(S.size * 0.08)}"` : "";
      out += `<line x1="${f1(ca[0] + ox)}" y1="${f1(ca[1] + oy)}" x2="${f1(cb[0] + ox)}" y2="${f1(cb[1] + oy)}" ` +
        `stroke="${colourOf(f)}" stroke-width="${f1(S.size * 0.09)}"${dash}/>`;
    });
    return out + "</g>";
  }
  function drawSides() {
    const g = $("sides");
    g.innerHTML = [...S.sides.keys()].map(sideMarkup).join("");
    S.sideEls = new Map(Array.from(g.children, (e) => [e.getAttribute("data-side"), e]));
  }
  function drawSide(key) {
    const old = S.sideEls.get(key);
    if (old) old.remove();
    S.sideEls.delete(key);
    const markup = sideMarkup(key);
    if (!markup) return;
    const tmp = el("g", {});
    tmp.innerHTML = markup;
    const g = tmp.firstChild;
    $("sides").appendChild(g);
    S.sideEls.set(key, g);
  }

  function colourOf(f) {
    if (FEATURE_COLOURS[f]) return FEATURE_COLOURS[f];
    let h = 0;
    for (const c of f) h = (h * 31 + c.charCodeAt(0)) >>> 0;
    return `hsl(${h % 360} 70% 40%)`;
  }

  function buildPalette() {
    const pal = $("palette");
    pal.textContent = "";
    S.data.legend.forEach((t, n) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.terrain = t.name;
      b.title = `${t.label} (${t.name})${n < 9 ? ` — key ${n + 1}` : ""}`;
      b.style.background = t.color;
      b.addEventListener("click", () => { setTerrain(t.name); setTool("paint"); });
      pal.appendChild(b);
    });
    const sel = $("p-terrain");
    sel.textContent = "";
    for (const t of S.data.legend) sel.appendChild(new Option(`${t.label} (${t.name})`, t.name));
    const dl = $("featurelist");
    dl.textContent = "";
    for (const f of S.data.features) dl.appendChild(new Option(f, f));
    if (!$("feature").value) $("feature").value = S.data.features[0] || "river";
    setTerrain(S.terrain);
    setTool(S.tool);
  }
  function setTerrain(name) {
    S.terrain = name;
    for (const b of $("palette").children) b.classList.toggle("on", b.dataset.terrain === name);
  }
  function setTool(tool) {
    S.tool = tool;
    for (const b of $("tools").children) b.classList.toggle("on", b.dataset.tool === tool);
    $("sidehover").setAttribute("visibility", tool === "side" ? "visible" : "hidden");
  }

  // ---- edits (each action is a list of changes; undo/redo replay them) ---------------------------------
  function setHex(i, state) {
    const h = S.hexes[i];
    Object.assign(h, clone(state));
    S.polys[i].setAttribute("fill", fill(h));
    S.polys[i].setAttribute("class", h.terrain === null ? "nodata" : "");
  }
  function setSide(key, feats) {
    S.sides.set(key, new Set(feats));
    drawSide(key);
  }
  function apply(change, which) {
    if (change.kind === "hex") setHex(change.i, change[which]);
    else setSide(change.key, change[which]);
  }
  function record(action) {
    if (!action.length) return;
    S.undo.push(action);
    S.redo = [];
    updateDirty();
  }
  function undo() {
    const a = S.undo.pop();
    if (!a) return msg("nothing to undo");
    for (const c of [...a].reverse()) apply(c, "before");
    S.redo.push(a);
    updateDirty(); markSelected();
    msg(`undone: ${describe(a)}`);
  }
  function redo() {
    const a = S.redo.pop();
    if (!a) return msg("nothing to redo");
    for (const c of a) apply(c, "after");
    S.undo.push(a);
    updateDirty(); markSelected();
    msg(`redone: ${describe(a)}`);
  }
  function describe(a) {
    const hexes = a.filter((c) => c.kind === "hex").map((c) => S.hexes[c.i].id);
    const sides = a.filter((c) => c.kind === "side").map((c) => c.key);
    return [...hexes, ...sides].slice(0, 6).join(" ") + (a.length > 6 ? ` … (${a.length})` : "");
  }
  function paint(i) {
    const h = S.hexes[i];
    if (!S.terrain || h.terrain === S.terrain || S.stroke.seen.has(i)) return;
    S.stroke.seen.add(i);
    const before = clone(h);
    const after = { ...clone(h), terrain: S.terrain };
    setHex(i, after);
    S.stroke.changes.push({ kind: "hex", i, before, after });
  }
  function toggleSide(key) {
    const feature = $("feature").value.trim();
    if (!/^[^\W\d][\w-]*$/u.test(feature)) return msg(`"${feature}" is not a feature name (a word)`, true);
    const before = [...(S.sides.get(key) || [])].sort();
    if (!before.includes(feature) && !newName(S.data.features, S.newFeatures, feature, "hexside feature")) return;
    const set = new Set(before);
    if (set.has(feature)) set.delete(feature); else set.add(feature);
    const after = [...set].sort();
    setSide(key, after);
    record([{ kind: "side", key, before, after }]);
    msg(`${key}: ${after.join(", ") || "(no features)"}`);
  }

  // a name the map does not know (names.py: on none of its hexsides or hexes, not its legend's, not a standard one)
  // is a misspelling until the user says it is new; the server refuses it unless the save lists it as new
  function newName(known, confirmed, name, kind) {
    if (known.includes(name) || confirmed.has(name)) return true;
    const near = known.filter((k) => k.toLowerCase() === name.toLowerCase() || k.startsWith(name.slice(0, 3)));
    const hint = near.length ? ` (the map has ${near.slice(0, 4).join(", ")})` : "";
    if (!window.confirm(`"${name}" is no ${kind} of this map${hint}. Add it as a new ${kind}?`)) {
      msg(`"${name}" not added: no ${kind} of this map${hint}`, true);
      return false;
    }
    confirmed.add(name);
    return true;
  }

  function dirtyChanges() {
    const hexes = {}, hexsides = {};
    S.hexes.forEach((h, i) => {
      if (h.terrain !== null && snap(h) !== S.orig[i]) hexes[h.id] = clone(h);
    });
    const keys = new Set([...S.sides.keys(), ...S.origSides.keys()]);
    for (const k of keys) {
      const now = sideSnap(S.sides.get(k) || new Set());
      if (now !== (S.origSides.get(k) || "")) hexsides[k] = now ? now.split(" ") : [];
    }
    return { hexes, hexsides };
  }
  function updateDirty() {
    const d = dirtyChanges();
    const n = Object.keys(d.hexes).length + Object.keys(d.hexsides).length;
    $("dirty").textContent = n ? `${n} unsaved` : "saved";
    S.dirty = n;
  }

  // ---- server ------------------------------------------------------------------------------------------
  async function api(path, body) {
    const opts = { headers: { "X-WGT-Token": TOKEN }, cache: "no-store" };
    if (body !== undefined) {
      opts.method = "POST";
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(path, opts);
    let json = null;
    try { json = await res.json(); } catch (e) { json = { error: `${res.status} ${res.statusText}` }; }
    return { status: res.status, json };
  }
  async function save() {
    if (S.busy) return;
    const changes = dirtyChanges();
    if (!Object.keys(changes.hexes).length && !Object.keys(changes.hexsides).length) return msg("nothing to save");
    S.busy = true;
    try {
      const { status, json } = await api("/api/save", { base: S.base, ...changes, new_features: [...S.newFeatures],
                                                          new_tags: [...S.newTags] });
      if (status === 200) {
        S.base = json.digest;
        for (const id of Object.keys(changes.hexes)) S.orig[S.byId.get(id)] = snap(S.hexes[S.byId.get(id)]);
        for (const [k, v] of Object.entries(changes.hexsides)) S.origSides.set(k, v.join(" "));
        updateDirty();
        hideBanner();
        msg(`saved: ${json.changed.hexes} hexes, ${json.changed.hexsides} hexsides, ${json.lines} lines of the file`);
        S.lastSave = json;
      } else {
        banner(json.error || `save failed (${status})`, status === 409);
        S.lastSave = { status, ...json };
      }
    } catch (e) {
      banner(`save failed: ${e}`, false);
    } finally {
      S.busy = false;
    }
  }
  async function reloadAndReapply() {
    const mine = dirtyChanges();
    const { status, json } = await api("/api/map");
    if (status !== 200) return banner(json.error || "reload failed", false);
    S.undo = []; S.redo = [];
    load(json);
    const action = [];
    for (const [id, state] of Object.entries(mine.hexes)) {
      const i = S.byId.get(id);
      action.push({ kind: "hex", i, before: clone(S.hexes[i]), after: state });
      setHex(i, state);
    }
    for (const [k, feats] of Object.entries(mine.hexsides)) {
      action.push({ kind: "side", key: k, before: [...(S.sides.get(k) || [])].sort(), after: feats });
      setSide(k, feats);
    }
    record(action);
    hideBanner();
    msg(`reloaded the file from disk; ${action.length} unsaved edits put back on top: check and save`);
  }

  // ---- view ----------------------------------------------------------------------------------------------
  function applyView() {
    const v = S.view;
    $("view").setAttribute("transform", `translate(${v.x} ${v.y}) scale(${v.k})`);
  }
  function bounds() {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const h of S.hexes) {
      const [x, y] = px(h.q, h.r);
      x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    }
    return [x0 - S.size, y0 - S.size, x1 + S.size, y1 + S.size];
  }
  function fit() {
    const r = $("map").getBoundingClientRect();
    const [x0, y0, x1, y1] = bounds();
    const k = Math.min(r.width / (x1 - x0), r.height / (y1 - y0)) || 1;
    S.view = { k, x: (r.width - (x1 - x0) * k) / 2 - x0 * k, y: (r.height - (y1 - y0) * k) / 2 - y0 * k };
    applyView();
  }
  function toMap(cx, cy) {
    const r = $("map").getBoundingClientRect();
    return [(cx - r.left - S.view.x) / S.view.k, (cy - r.top - S.view.y) / S.view.k];
  }
  function zoom(factor, cx, cy) {
    const r = $("map").getBoundingClientRect();
    const [mx, my] = toMap(cx, cy);
    const k = Math.min(200, Math.max(0.02, S.view.k * factor));
    S.view = { k, x: cx - r.left - mx * k, y: cy - r.top - my * k };
    applyView();
  }
  function centreOn(i) {
    const r = $("map").getBoundingClientRect();
    const h = S.hexes[i];
    const [x, y] = px(h.q, h.r);
    const k = Math.max(S.view.k, 60 / S.size);
    S.view = { k, x: r.width / 2 - x * k, y: r.height / 2 - y * k };
    applyView();
  }
  function screenOf(id) { // client (CSS px) coordinates of a hex centre, or of a point in axial coordinates
    const r = $("map").getBoundingClientRect();
    const i = S.byId.get(id);
    const [x, y] = px(S.hexes[i].q, S.hexes[i].r);
    return [r.left + S.view.x + x * S.view.k, r.top + S.view.y + y * S.view.k];
  }
  function screenOfSide(a, b) {
    const r = $("map").getBoundingClientRect();
    const i = S.byId.get(a), j = S.byId.get(b);
    const [x, y] = px((S.hexes[i].q + S.hexes[j].q) / 2, (S.hexes[i].r + S.hexes[j].r) / 2);
    return [r.left + S.view.x + x * S.view.k, r.top + S.view.y + y * S.view.k];
  }

  // ---- side panel and review queue --------------------------------------------------------------------------
  function showValue(v) {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) return v.nonfinite;
    if (typeof v === "string") return parseValue(v) === v && !/^\s|\s$/.test(v) ? v : JSON.stringify(v);
    return JSON.stringify(v);
  }
  function parseValue(t) {
    const s = t.trim();
    if (/^-?(0|[1-9][0-9]*)$/.test(s)) return Number(s);
    if (/^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/.test(s) && !/^-?0[0-9]+$/.test(s) && Number.isFinite(Number(s))) {
      return Number(s);
    }
    if (s === "true" || s === "false") return s === "true";
    if (s === ".nan" || s === ".inf" || s === "-.inf") return { nonfinite: s };
    if ((s.startsWith('"') && s.endsWith('"')) || s.startsWith("[")) {
      try { return JSON.parse(s); } catch (e) { return s; }
    }
    return s;
  }
  function select(i) {
    S.selected = i;
    markSelected();
    const h = S.hexes[i];
    $("p-title").textContent = `${h.id}${h.name ? " " + h.name : ""}`;
    $("p-terrain").value = h.terrain || "";
    $("p-name").value = h.name || "";
    $("p-tags").value = h.tags.join(" ");
    $("p-values").value = Object.entries(h.values).map(([k, v]) => `${k}: ${showValue(v)}`).join("\n");
    const item = S.review.find((it) => it.hex === h.id);
    $("p-info").textContent = [S.overridden.has(h.id) ? "overridden (edits go to overrides:)" : "",
      h.terrain === null ? "no terrain yet: pick one" : "",
      item ? `review: ${item.reason}${item.second ? `; next likeliest ${item.second}` : ""}` : ""].filter(Boolean).join(" · ");
  }
  function markSelected() {
    const sel = $("selected");
    if (S.selected < 0) { sel.setAttribute("points", ""); return; }
    const h = S.hexes[S.selected];
    sel.setAttribute("points", points(h.q, h.r));
    if (document.activeElement && $("panel").contains(document.activeElement)) return;
    if ($("p-title").textContent.startsWith(h.id)) select0(h);
  }
  function select0(h) { // refresh the panel's fields after an undo/redo without moving focus
    $("p-terrain").value = h.terrain || "";
    $("p-name").value = h.name || "";
    $("p-tags").value = h.tags.join(" ");
    $("p-values").value = Object.entries(h.values).map(([k, v]) => `${k}: ${showValue(v)}`).join("\n");
  }
  function applyPanel(ev) {
    ev.preventDefault();
    if (S.selected < 0) return;
    const h = S.hexes[S.selected];
    const tags = $("p-tags").value.split(/[\s,]+/).filter(Boolean);
    for (const t of tags) if (!/^[^\W\d][\w-]*$/u.test(t)) return msg(`tag "${t}" is not a word`, true);
    for (const t of tags) {
      if (!h.tags.includes(t) && !newName(S.data.tags, S.newTags, t, "tag")) return;
    }
    const values = {};
    for (const line of $("p-values").value.split("\n")) {
      if (!line.trim()) continue;
      const at = line.indexOf(":");
      const k = at < 0 ? "" : line.slice(0, at).trim();
      if (!/^[^\W\d][\w-]*$/u.test(k) || ["terrain", "tags", "name"].includes(k)) {
        return msg(`"${line}": write values as key: value (key a word; not terrain, tags or name)`, true);
      }
      values[k] = parseValue(line.slice(at + 1));
    }
    const after = { terrain: $("p-terrain").value || null, tags: [...new Set(tags)].sort(), name: $("p-name").value.trim() || null, values };
    if (after.terrain === null) return msg("pick a terrain for this hex", true);
    const before = clone(h);
    if (snap(after) === snap(before)) return msg("no change");
    setHex(S.selected, after);
    record([{ kind: "hex", i: S.selected, before, after: clone(S.hexes[S.selected]) }]);
    msg(`${h.id} changed`);
  }
  function step(dir) {
    if (!S.review.length) return msg("the review queue is empty (no low-confidence hexes in this map)");
    S.ri = (S.ri + dir + S.review.length) % S.review.length;
    const it = S.review[S.ri];
    const i = S.byId.get(it.hex);
    const h = S.hexes[i];
    $("current").setAttribute("points", points(h.q, h.r));
    centreOn(i);
    select(i);
    $("r-item").textContent = `${S.ri + 1} / ${S.review.length}: ${it.hex} — ${it.reason}`;
    msg(`review ${S.ri + 1}/${S.review.length}: ${it.hex} ${it.reason}`);
  }

  // ---- messages ---------------------------------------------------------------------------------------------
  function msg(text, bad) { $("s-msg").textContent = text; $("s-msg").style.color = bad ? "#a22" : ""; }
  function banner(text, conflict) {
    $("bannertext").textContent = text;
    $("banner").hidden = false;
    $("banner").classList.toggle("error", !conflict);
    $("reapply").hidden = !conflict;
  }
  function hideBanner() { $("banner").hidden = true; }

  // ---- input ---------------------------------------------------------------------------------------------------
  function hover(ev) {
    const [x, y] = toMap(ev.clientX, ev.clientY);
    const i = hexAt(x, y);
    const tip = $("tip");
    if (i < 0) { $("hover").setAttribute("points", ""); tip.hidden = true; $("s-hover").textContent = ""; return -1; }
    const h = S.hexes[i];
    $("hover").setAttribute("points", points(h.q, h.r));
    let text = `${h.id} ${h.terrain || "(no data)"}${h.name ? " " + h.name : ""}`;
    if (S.tool === "side") {
      const s = sideAt(x, y);
      if (s) {
        const [p, q] = sideEnds(s[0], s[1]);
        const line = $("sidehover");
        line.setAttribute("x1", p[0]); line.setAttribute("y1", p[1]); line.setAttribute("x2", q[0]); line.setAttribute("y2", q[1]);
        text = `${s[2]}: ${[...(S.sides.get(s[2]) || [])].sort().join(", ") || "(no features)"}`;
      }
    }
    $("s-hover").textContent = text;
    tip.textContent = h.id;
    tip.hidden = false;
    tip.style.left = `${ev.clientX + 14}px`;
    tip.style.top = `${ev.clientY + 10}px`;
    return i;
  }
  function timePaint(ev) { // input to the next frame on screen: how interactive painting is
    const t0 = ev.timeStamp;
    requestAnimationFrame(() => setTimeout(() => S.timings.paints.push(performance.now() - t0), 0));
  }
  function onDown(ev) {
    const svg = $("map");
    svg.focus();
    if (ev.button === 1 || ev.button === 2 || S.space || (S.tool === "select" && ev.button === 0 && ev.shiftKey)) {
      S.pan = { x: ev.clientX, y: ev.clientY, vx: S.view.x, vy: S.view.y };
      svg.classList.add("panning");
      svg.setPointerCapture(ev.pointerId);
      ev.preventDefault();
      return;
    }
    if (ev.button !== 0) return;
    const [x, y] = toMap(ev.clientX, ev.clientY);
    const i = hexAt(x, y);
    if (S.tool === "paint" && i >= 0) {
      S.stroke = { changes: [], seen: new Set(), last: i };
      paint(i);
      timePaint(ev);
      svg.setPointerCapture(ev.pointerId);
    } else if (S.tool === "side") {
      const s = sideAt(x, y);
      if (s) { toggleSide(s[2]); timePaint(ev); }
    } else if (S.tool === "select") {
      S.pan = { x: ev.clientX, y: ev.clientY, vx: S.view.x, vy: S.view.y, click: i };
      svg.setPointerCapture(ev.pointerId);
    }
  }
  function onMove(ev) {
    if (S.pan) {
      const dx = ev.clientX - S.pan.x, dy = ev.clientY - S.pan.y;
      if (S.pan.click !== undefined && Math.hypot(dx, dy) < 4) return;
      S.pan.click = undefined;
      $("map").classList.add("panning");
      S.view.x = S.pan.vx + dx; S.view.y = S.pan.vy + dy;
      applyView();
      return;
    }
    const i = hover(ev);
    if (S.stroke && i >= 0 && i !== S.stroke.last) {
      for (const k of hexLine(S.stroke.last, i)) paint(k);
      S.stroke.last = i;
      timePaint(ev);
    }
  }
  function onUp() {
    if (S.pan) {
      if (S.pan.click !== undefined && S.pan.click >= 0) select(S.pan.click);
      S.pan = null;
      $("map").classList.remove("panning");
    }
    if (S.stroke) {
      record(S.stroke.changes);
      if (S.stroke.changes.length) msg(`painted ${S.stroke.changes.length} hexes ${S.terrain}`);
      S.stroke = null;
    }
  }
  function onKey(ev) {
    const inField = ["INPUT", "TEXTAREA", "SELECT"].includes(ev.target.tagName);
    const mod = ev.ctrlKey || ev.metaKey;
    if (mod && ev.key.toLowerCase() === "s") { ev.preventDefault(); save(); return; }
    if (inField) return;
    if (mod && ev.key.toLowerCase() === "z") { ev.preventDefault(); if (ev.shiftKey) redo(); else undo(); return; }
    if (mod && ev.key.toLowerCase() === "y") { ev.preventDefault(); redo(); return; }
    if (mod) return;
    const r = $("map").getBoundingClientRect();
    switch (ev.key) {
      case "p": case "P": setTool("paint"); break;
      case "s": case "S": setTool("side"); break;
      case "v": case "V": setTool("select"); break;
      case "n": step(1); break;
      case "N": step(-1); break;
      case "]": step(1); break;
      case "[": step(-1); break;
      case "+": case "=": zoom(1.25, r.left + r.width / 2, r.top + r.height / 2); break;
      case "-": case "_": zoom(0.8, r.left + r.width / 2, r.top + r.height / 2); break;
      case "0": fit(); break;
      case "ArrowLeft": S.view.x += 60; applyView(); break;
      case "ArrowRight": S.view.x -= 60; applyView(); break;
      case "ArrowUp": S.view.y += 60; applyView(); break;
      case "ArrowDown": S.view.y -= 60; applyView(); break;
      case " ": S.space = true; ev.preventDefault(); break;
      default:
        if (/^[1-9]$/.test(ev.key) && S.data.legend[Number(ev.key) - 1]) {
          setTerrain(S.data.legend[Number(ev.key) - 1].name);
          setTool("paint");
        }
    }
  }

  async function start() {
    const t0 = performance.now();
    const inline = $("mapdata");
    let json = null;
    if (inline && inline.textContent.trim().startsWith("{")) {
      json = JSON.parse(inline.textContent); // the server puts the map in the page: no second request
      inline.textContent = "";
      S.timings.parse = performance.now() - t0;
    } else {
      const res = await api("/api/map");
      if (res.status !== 200) { banner(res.json.error || `cannot load the map (${res.status})`, false); return; }
      json = res.json;
    }
    load(json);
    S.timings.build = performance.now() - t0;
    requestAnimationFrame(() => setTimeout(() => {
      S.timings.load = performance.now(); // navigation start -> map drawn on screen
      S.ready = true;
      msg(`${S.hexes.length} hexes loaded in ${Math.round(S.timings.load)} ms; ${S.review.length} to review`);
    }, 0));
  }

  const svg = $("map");
  svg.addEventListener("pointerdown", onDown);
  svg.addEventListener("pointermove", onMove);
  svg.addEventListener("pointerup", onUp);
  svg.addEventListener("pointercancel", onUp);
  svg.addEventListener("pointerleave", () => { $("tip").hidden = true; });
  svg.addEventListener("contextmenu", (ev) => ev.preventDefault());
  svg.addEventListener("wheel", (ev) => { ev.preventDefault(); zoom(ev.deltaY < 0 ? 1.2 : 1 / 1.2, ev.clientX, ev.clientY); },
    { passive: false });
  document.addEventListener("keydown", onKey);
  document.addEventListener("keyup", (ev) => { if (ev.key === " ") S.space = false; });
  for (const b of $("tools").children) b.addEventListener("click", () => setTool(b.dataset.tool));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("save").addEventListener("click", save);
  $("reapply").addEventListener("click", reloadAndReapply);
  $("dismiss").addEventListener("click", hideBanner);
  $("hexform").addEventListener("submit", applyPanel);
  $("opacity").addEventListener("input", () => {
    const v = Number($("opacity").value) / 100;
    $("hexes").setAttribute("opacity", v);
    $("opacityval").textContent = `${Math.round(v * 100)}%`;
  });
  window.addEventListener("beforeunload", (ev) => { if (S.dirty) { ev.preventDefault(); ev.returnValue = ""; } });
  window.addEventListener("resize", () => { if (!S.data) return; });
  // for scripts and tests: the state, and where hexes and hexsides are on the screen
  window.wgtEditor = { state: S, screenOf, screenOfSide, px, hexAt, sideAt, save, undo, redo, step, dirtyChanges };
  start();
})();
