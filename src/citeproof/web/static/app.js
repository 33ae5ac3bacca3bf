// citeproof page: upload or paste, poll the job for progress, show the checked document.
"use strict";

const STATUSES = ["hallucinated", "unverifiable", "verified"];
const RANK = { hallucinated: 0, unverifiable: 1, verified: 2 };
// Status is said in words and an icon, never by colour alone.
const ICON = { hallucinated: "\u2717", unverifiable: "?", verified: "\u2713" };
const view = { job: null, report: null, details: {}, text: "", statuses: new Set(STATUSES),
  kinds: new Set(), selected: null, jsonUrl: null };

const $ = (sel) => document.querySelector(sel);
const present = (items) => items.filter((x) => x !== null && x !== undefined && x !== false);

// A citation of a case a later decision overruled: a warning beside its status, never a status.
function overruledWords(t) {
  return `overruled${t.scope === "in part" ? " in part" : ""} by ${t.name}, ${t.overruled_by} (${t.year})`;
}

function overruledBadge() {
  return el("span", { class: "badge overruled" }, el("span", { class: "icon", "aria-hidden": "true" }, "\u2020"),
    " overruled");
}

function badge(status, confirmed) {
  return el("span", { class: `badge ${status}${confirmed ? " confirmed" : ""}` },
    el("span", { class: "icon", "aria-hidden": "true" }, ICON[status]),
    confirmed ? " unverifiable (case confirmed)" : ` ${status}`);
}

// Enter or Space on a focused highlight or row opens its evidence, as a click does.
function activate(open) {
  return (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(); }
  };
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function loadLibrary() {
  try {
    const lib = await (await fetch("api/v1/library")).json();
    $("#library-info").textContent =
      `library ${lib.name}: ${lib.cases.toLocaleString()} cases, ` +
      `${lib.opinions_with_text.toLocaleString()} with text, built ${lib.built_at}`;
    $("#snapshot-hash").textContent = lib.content_hash || "not recorded";
  } catch (err) {
    $("#library-info").textContent = "library unavailable";
  }
}

function showError(message) {
  const box = $("#error");
  box.textContent = message;
  box.hidden = !message;
}

function showProgress(job) {
  const bar = $("#progress-bar");
  const text = $("#progress-text");
  $("#progress").hidden = false;
  const p = job ? job.progress : { done: 0, total: null };
  if (p.total) { bar.max = p.total; bar.value = p.done; } else { bar.removeAttribute("value"); }
  const phase = job ? job.status : "uploading";
  text.textContent = phase === "checking" ? `checking: ${p.done} of ${p.total} citations`
    : phase === "extracting" ? "finding citations…" : `${phase}…`;
  $("#progress").dataset.status = phase;
}

async function submitCheck(event) {
  event.preventDefault();
  showError("");
  const data = new FormData();
  const file = $("#file").files[0];
  if (file) data.append("file", file);
  else data.append("text", $("#text").value);
  $("#check").disabled = true;
  showProgress(null);
  try {
    const resp = await fetch("api/v1/jobs", { method: "POST", body: data });
    const body = await resp.json().catch(() => ({}));
    if (!resp.ok) throw new Error(body.detail || `HTTP ${resp.status}`);
    await poll(body);
  } catch (err) {
    $("#progress").hidden = true;
    showError(String(err.message || err));
  } finally {
    $("#check").disabled = false;
  }
}

async function poll(job) {
  while (job.status !== "done") {
    if (job.status === "failed") throw new Error(job.error || "the check failed");
    showProgress(job);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const resp = await fetch(`api/v1/jobs/${job.id}`);
    job = await resp.json();
    if (!resp.ok) throw new Error(job.detail || `HTTP ${resp.status}`);
  }
  showProgress(job);
  $("#progress").hidden = true;
  render(job);
}

function kindsOf(c) { return c.errors.map((e) => e.kind); }

function render(job) {
  view.job = job;
  view.report = job.report;
  view.details = job.details || {};
  view.text = job.text || "";
  view.selected = null;
  view.kinds = new Set(view.report.citations.flatMap(kindsOf));
  view.notes = job.notes || [];
  view.steps = job.steps || [];
  $("#result").hidden = false;
  renderSummary();
  renderFilters();
  renderDocument();
  renderTable();
  renderDownloads();
  $("#evidence").replaceChildren(
    el("p", { class: "muted" },
      "Click a highlighted citation, or move to it with Tab and press Enter, to see its evidence."));
  syncFilters();
  $("#skip").textContent = problems().length ? "Skip to the first problem (then press n for the next)"
    : "Skip to the results";
}

// The citations to look at, in document order: hallucinated first in importance, all shown.
function problems() {
  return view.report ? view.report.citations.filter((c) => c.status === "hallucinated") : [];
}

// "n" (or the Next problem button) moves to the next hallucinated citation and opens it.
function nextProblem(step = 1) {
  const list = problems();
  if (!list.length) { $("#citations").scrollIntoView(); return; }
  const at = list.findIndex((c) => c.id === view.selected);
  const next = list[(at + step + list.length) % list.length];
  if (!view.statuses.has("hallucinated")) toggle(view.statuses, "hallucinated");
  select(next.id);
  const mark = document.querySelector(`#document .hl[data-primary="${next.id}"]`);
  if (mark) mark.focus();
}

function skipToResults(event) {
  event.preventDefault();
  if (!view.report) { $("#file").focus(); return; }
  nextProblem();
}

function renderSummary() {
  const s = view.report.summary;
  const total = view.report.citations.length;
  const chips = STATUSES.map((status) => el("button", {
    type: "button", class: `chip ${status}`, "data-status": status, "aria-pressed": "false",
    title: `show only the ${status} citations (again: show all)`,
    onclick: () => only(status),
  }, el("span", { class: "icon", "aria-hidden": "true" }, ICON[status]), ` ${s[status]} ${status}`));
  const counts = {};
  for (const kind of view.report.citations.flatMap(kindsOf)) counts[kind] = (counts[kind] || 0) + 1;
  const kinds = Object.entries(counts).map(([k, n]) => `${n} ${k.replace(/_/g, " ")}`).join(", ");
  const steps = view.steps.map((n) => el("li", { "data-group": n.group }, n.remedy));
  const next = problems().length ? el("button", { type: "button", id: "next-problem",
    onclick: () => nextProblem() }, "Next problem (n)") : null;
  $("#summary").replaceChildren(...present([
    el("strong", {}, `${total} citations`), ...chips, next,
    s.overruled ? el("span", { class: "badge overruled", "data-count": String(s.overruled) },
      el("span", { class: "icon", "aria-hidden": "true" }, "\u2020"), ` ${s.overruled} overruled`) : null,
    kinds ? el("span", { class: "muted" }, `errors: ${kinds}`) : null,
    steps.length ? el("ul", { class: "next-steps", "aria-label": "next steps" }, ...steps) : null]));
  $("#summary").dataset.total = String(total);
}

function checkbox(set, value, name) {
  return el("label", {}, el("input", {
    type: "checkbox", name, value, checked: set.has(value), onchange: () => toggle(set, value),
  }), ` ${value.replace(/_/g, " ")}`);
}

function renderFilters() {
  $("#status-filters").replaceChildren(el("legend", {}, "Status"),
    ...STATUSES.map((s) => checkbox(view.statuses, s, "status")));
  const kinds = [...view.kinds].sort();
  $("#kind-filters").replaceChildren(el("legend", {}, "Error kind"),
    ...(kinds.length ? kinds.map((k) => checkbox(view.kinds, k, "kind"))
      : [el("span", { class: "muted" }, "none")]));
  view.allKinds = new Set(kinds);
}

function toggle(set, value) {
  if (set.has(value)) set.delete(value); else set.add(value);
  syncFilters();
}

// A chip shows only its citations; pressed again, it shows them all.
function only(status) {
  const alone = view.statuses.size === 1 && view.statuses.has(status);
  view.statuses = new Set(alone ? STATUSES : [status]);
  syncFilters();
}

function syncFilters() {
  for (const box of document.querySelectorAll("#status-filters input")) box.checked = view.statuses.has(box.value);
  for (const box of document.querySelectorAll("#kind-filters input")) box.checked = view.kinds.has(box.value);
  const alone = view.statuses.size === 1 ? [...view.statuses][0] : null;
  for (const chip of document.querySelectorAll(".chip")) {
    chip.setAttribute("aria-pressed", String(chip.dataset.status === alone));
    chip.classList.toggle("off", !view.statuses.has(chip.dataset.status));  // its citations hidden
  }
  applyFilters();
}

function passes(c) {
  if (!view.statuses.has(c.status)) return false;
  if (c.status !== "hallucinated") return true;
  return kindsOf(c).some((k) => view.kinds.has(k));
}

function annotations() {
  const out = [];
  for (const c of view.report.citations) {
    out.push({ start: c.span[0], end: c.span[1], c, role: "cite" });
    for (const e of c.errors) {
      if (e.span && (e.span[0] !== c.span[0] || e.span[1] !== c.span[1])) {
        out.push({ start: e.span[0], end: e.span[1], c, role: "fragment", kind: e.kind });
      }
    }
  }
  return out.filter((a) => a.end > a.start);
}

function segment(text, covering, from) {
  const roles = new Set(covering.map((a) => a.role));
  const cites = [...new Set(covering.map((a) => a.c))].sort((x, y) => RANK[x.status] - RANK[y.status]);
  const kinds = new Set(covering.flatMap((a) => (a.role === "fragment" ? [a.kind] : kindsOf(a.c))));
  const primary = (covering.find((a) => a.role === "cite") || covering[0]).c;
  const starts = covering.some((a) => a.role === "cite" && a.start === from);
  const what = `${primary.id} ${primary.status}${kinds.size ? ": " + [...kinds].join(", ").replace(/_/g, " ") : ""}`
    + (primary.treatment ? `; ${overruledWords(primary.treatment)}` : "");
  return el("span", {
    class: `hl ${[...roles].join(" ")} ${cites[0].status}${cites[0].confirmed ? " confirmed" : ""}${starts ? " starts" : ""}`,
    "data-ids": cites.map((c) => c.id).join(" "), "data-primary": primary.id,
    "data-status": cites[0].status, "data-kinds": [...kinds].join(" "),
    "data-icon": ICON[cites[0].status],
    role: "button", tabindex: "0", "aria-label": `${text.trim()} (${what})`, title: what,
    onclick: () => select(primary.id), onkeydown: activate(() => select(primary.id)),
  }, text);
}

function renderDocument() {
  const text = view.text;
  const notes = annotations();
  const cuts = new Set([0, text.length]);
  for (const a of notes) { cuts.add(a.start); cuts.add(a.end); }
  const marks = new Map(view.notes.map((n) => [n.start, n.label]));  // a note's number where it begins
  for (const start of marks.keys()) cuts.add(start);
  const points = [...cuts].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const [from, to] = [points[i], points[i + 1]];
    if (marks.has(from)) parts.push(el("span", { class: "note-mark" }, `${marks.get(from)}: `));
    const covering = notes.filter((a) => a.start <= from && a.end >= to);
    const piece = text.slice(from, to);
    parts.push(covering.length ? segment(piece, covering, from) : piece);
  }
  $("#document").replaceChildren(...parts);
}

function detailLine(c) {
  const found = (view.details[c.id] || {}).in_words || "";
  return c.treatment ? `${found}; ${overruledWords(c.treatment)}` : found;
}

function pageOf(c) {
  return c.page ? `p. ${c.page}` : c.physical_page ? `file p. ${c.physical_page}` : "";
}

function renderTable() {
  const rows = view.report.citations.map((c) => el("tr", {
    "data-id": c.id, "data-status": c.status, tabindex: "0",
    onclick: () => select(c.id), onkeydown: activate(() => select(c.id)),
  }, el("td", {}, c.id), el("td", {}, c.text), el("td", { class: "page" }, pageOf(c)),
  el("td", { class: "location" }, c.location || ""),
  el("td", {}, badge(c.status, c.confirmed), c.treatment ? [" ", overruledBadge()] : null),
  el("td", {}, detailLine(c))));
  $("#citations tbody").replaceChildren(...rows);
}

function renderDownloads() {
  if (view.jsonUrl) URL.revokeObjectURL(view.jsonUrl);
  const blob = new Blob([JSON.stringify(view.report, null, 2)], { type: "application/json" });
  view.jsonUrl = URL.createObjectURL(blob);
  $("#download-json").href = view.jsonUrl;
  $("#download-html").href = view.job.links.html.replace(/^\//, "");
  $("#download-manifest").href = view.job.links.manifest.replace(/^\//, "");
}

function applyFilters() {
  const byId = Object.fromEntries(view.report.citations.map((c) => [c.id, c]));
  for (const span of document.querySelectorAll("#document .hl")) {
    const visible = span.dataset.ids.split(" ").some((id) => passes(byId[id]));
    span.classList.toggle("filtered", !visible);
    span.tabIndex = visible ? 0 : -1;
  }
  for (const row of document.querySelectorAll("#citations tbody tr")) {
    row.classList.toggle("hidden", !passes(byId[row.dataset.id]));
  }
}

function diffSide(ops, side) {
  // side "written": insertions are the quote's altered words; "real": deletions are the opinion's.
  const keep = side === "written" ? "insert" : "delete";
  const parts = [];
  for (const [op, words, written] of ops) {
    if (op === "equal") parts.push(`${side === "written" ? written : words} `);
    else if (op === keep) {
      parts.push(side === "written" ? el("del", { class: "diff" }, words)
        : el("ins", { class: "diff" }, words), " ");
    }
  }
  return parts;
}

function quoteBlock(q) {
  if (q.found) {
    return el("div", { class: "quote-ok" }, el("h4", {}, "Quote found in the opinion"
      + (q.page ? ` (page ${q.page})` : "")), el("p", { class: "evidence-text" }, q.real));
  }
  if (!q.real) {
    return el("div", { class: "quote-missing" },
      el("h4", {}, "Quoted words not found in the opinion"), el("p", {}, q.written));
  }
  return el("div", { class: "quote-compare" },
    el("div", {}, el("h4", {}, "As quoted in the brief"), el("p", { class: "quote-written" },
      diffSide(q.diff, "written"))),
    el("div", {}, el("h4", {}, "The opinion's words" + (q.page ? ` (page ${q.page})` : "")),
      el("p", { class: "quote-real" }, diffSide(q.diff, "real"))));
}

function pinBlock(pin, quotes) {
  if (!pin) return null;
  const title = `Page ${pin.page} of ${pin.volume} ${pin.reporter}`;
  if (!pin.text) return el("p", { class: "pin-missing" }, `${title}: not in the opinion's page markers`);
  const real = (quotes.find((q) => q.real && pin.text.includes(q.real)) || {}).real;
  const body = real ? [pin.text.slice(0, pin.text.indexOf(real)), el("mark", {}, real),
    pin.text.slice(pin.text.indexOf(real) + real.length)] : [pin.text];
  return el("details", { class: "pin", open: true }, el("summary", {}, title),
    el("div", { class: "pin-text", tabindex: "0" }, body, pin.truncated ? " […]" : ""));
}

function select(id) {
  const c = view.report.citations.find((x) => x.id === id);
  const d = view.details[id] || {};
  view.selected = id;
  for (const span of document.querySelectorAll("#document .hl")) {
    span.classList.toggle("selected", span.dataset.ids.split(" ").includes(id));
  }
  const a = c.authority;
  const plain = d.plain || [];
  const errors = c.errors.map((e, i) => el("div", { class: "error-item", "data-kind": e.kind },
    el("h3", {}, (plain[i] || e.kind).split(":")[0]),
    el("p", {}, plain[i] ? plain[i].slice(plain[i].indexOf(":") + 2) : e.explanation),
    e.fragment ? el("p", { class: "muted" }, "look at: ", el("q", {}, e.fragment)) : null));
  $("#evidence").replaceChildren(...present([
    el("h2", {}, `${c.id} `, badge(c.status)),
    el("p", { class: "cite-text" }, el("strong", {}, c.text), c.case_name ? ` — ${c.case_name}` : ""),
    a ? el("p", { class: "authority" }, "Resolved case: ", el("strong", {}, a.short_name || a.name),
      `, ${a.citation}`, ` (${a.court}, ${a.date})`)
      : el("p", { class: "muted" }, "Not resolved to a case in the library."),
    d.why ? el("p", { class: "why" }, `Why unverifiable: ${d.why}`) : null,
    c.check_url ? el("p", { class: "check-url" }, "Check it by hand: ",
      el("a", { href: c.check_url, target: "_blank", rel: "noopener" }, c.check_url)) : null,
    c.treatment ? el("p", { class: "treatment" }, overruledBadge(), " The case was ",
      el("strong", {}, overruledWords(c.treatment)), c.treatment.scope === "in part"
        ? ": check that what the brief relies on still stands." : ": it is no longer good law.") : null,
    ...errors,
    ...(d.quotes || []).map(quoteBlock),
    pinBlock(d.pin, d.quotes || []),
    d.suggestion ? el("p", { class: "suggestion" }, "Suggested correction: ",
      el("strong", {}, d.suggestion)) : null]));
  const target = document.querySelector(`#document .hl[data-primary="${id}"]`);
  if (target && target.scrollIntoView) target.scrollIntoView({ block: "nearest" });
}

$("#check-form").addEventListener("submit", submitCheck);
$("#skip").addEventListener("click", skipToResults);
document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
  if (!typing && !event.ctrlKey && !event.metaKey && !event.altKey && (event.key === "n" || event.key === "N")) {
    event.preventDefault();
    nextProblem(event.key === "N" ? -1 : 1);
  }
});
loadLibrary();
