/* gametree notebook widget: the anywidget front end (an ES module, no build step).
   gametree sends it after page.js, in one module (gametree/drawing/pagefiles.py), so
   mountGametree below is the page's own code: this file only connects it to the widget's
   model. Python computes everything shown (the page's data and drawing arrive as the
   model's _data and _markup); what the student does goes back into the model: the
   step and convention (step, convention), the answers (_answers, the page's practice
   state), and an instructor's edits (a message Python answers with a new tree). */

function render(context) {
  function hideFallback() {
    // The widget shows: its kernel-less fallback (the page in an iframe, an output of
    // its own for exported notebooks) hides, and its page stops.
    var uid = context.model.get("_uid");
    document.querySelectorAll('.gametree-fallback[data-gametree="' + uid + '"]').forEach(function (f) {
      f.hidden = true;
      var frame = f.querySelector("iframe");
      if (frame) { frame.remove(); }
    });
  }

  var model = context.model;
  var el = context.el;
  var shadow = el.shadowRoot || el.attachShadow({ mode: "open" });
  el.classList.add("gametree-widget");
  el.setAttribute("data-gametree", model.get("_uid"));
  hideFallback();
  var api = null;
  var box = null;
  var mounting = false;   // the page reports its first step while it mounts: not news
  var saving = false;     // our own writes to _answers come back as change events
  var selected = -1;      // the node the edit bar edits
  var observer = null;

  function storage() {
    // The page's answers persist in the model, where Python reads them (w.answers).
    return {
      load: function () {
        var s = model.get("_answers");
        return s && Object.keys(s).length ? s : null;
      },
      save: function (k, state) {
        if (mounting) { return; }
        saving = true;
        model.set("_answers", JSON.parse(JSON.stringify(state)));
        if (model.get("convention") !== state.conv) { model.set("convention", state.conv); }
        saving = false;
        model.save_changes();
      },
      current: function () { return 0; }
    };
  }

  function onStep(position, conv) {
    if (mounting) { return; }
    var changed = false;
    if (model.get("step") !== position) { model.set("step", position); changed = true; }
    if (model.get("convention") !== conv) { model.set("convention", conv); changed = true; }
    if (changed) { model.save_changes(); }
  }

  function passKeys(ev) {
    // Keys typed in the widget are the widget's: the notebook's command-mode shortcuts
    // (A, B, D D, M, arrows, ...) must not see them. Running the cell and leaving it
    // (Shift/Ctrl+Enter, Escape) still reach the notebook.
    if (ev.key === "Escape" || (ev.key === "Enter" && (ev.shiftKey || ev.ctrlKey || ev.metaKey))) {
      return;
    }
    ev.stopPropagation();
  }

  function mount() {
    if (api) { api.stop(); }
    var data = model.get("_data");
    if (!data || !data.exercises) { return; }
    shadow.innerHTML = "";
    var style = document.createElement("style");
    style.textContent = model.get("_style");
    box = document.createElement("div");
    box.className = "gametree-root mode-" + data.mode;
    box.tabIndex = -1;
    box.innerHTML = model.get("_markup");
    shadow.appendChild(style);
    shadow.appendChild(box);
    box.addEventListener("keydown", passKeys);
    mounting = true;
    try {
      api = mountGametree(shadow, data, {
        keys: box,
        storage: storage(),
        kept: "Your answers are kept in the notebook (w.answers in Python).",
        onStep: onStep
      });
      if (data.mode === "practice") {
        api.convention(Math.min(model.get("convention"), data.conventions.length - 1));
      } else {
        api.convention(model.get("convention"));
        api.go(model.get("step"));
      }
    } finally {
      mounting = false;
    }
    el.gametree = api;   // for scripts and tests, as window.gametreePage on the page
    hideFallback();
    setupEditing();
    onStep(api.position(), api.convention());
  }

  // ------------------------------------------------------------------ editing the tree
  function setupEditing() {
    var bar = document.createElement("div");
    bar.className = "edit-bar";
    bar.id = "edit-bar";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Edit the tree");
    bar.innerHTML =
      '<span class="edit-title">Edit the tree:</span> <span id="edit-node" aria-live="polite"></span>' +
      ' <label id="edit-value-box">value <input type="text" id="edit-value" size="6" autocomplete="off"></label>' +
      ' <button type="button" id="edit-set">Set value</button>' +
      ' <button type="button" id="edit-swap">Swap MIN/MAX</button>' +
      ' <button type="button" id="edit-add">Add a child</button>' +
      ' <button type="button" id="edit-remove">Remove</button>' +
      ' <span id="edit-message" class="edit-message" aria-live="polite"></span>';
    var header = box.querySelector("header");
    header.appendChild(bar);
    var $ = function (id) { return shadow.getElementById(id); };
    $("edit-set").onclick = function () { send("value", $("edit-value").value); };
    $("edit-value").onkeydown = function (ev) {
      if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); send("value", $("edit-value").value); }
    };
    $("edit-swap").onclick = function () { send("swap"); };
    $("edit-add").onclick = function () { send("add"); };
    $("edit-remove").onclick = function () { send("remove"); };
    // In edit mode a click on the drawing picks a node: it neither marks an edge nor
    // opens an answer box (the capture phase runs before the page's own listeners).
    box.querySelector(".viewport").addEventListener("click", function (ev) {
      if (!model.get("editable")) { return; }
      ev.stopPropagation();
      ev.preventDefault();
      var g = ev.target.closest ? ev.target.closest("g.node") : null;
      select(g ? Number(g.id.replace(/^n/, "")) : -1);
    }, true);
    box.querySelector(".viewport").addEventListener("keydown", function (ev) {
      if (!model.get("editable") || (ev.key !== "Enter" && ev.key !== " ")) { return; }
      var g = ev.target.closest ? ev.target.closest("g.node") : null;
      var edge = ev.target.closest ? ev.target.closest("g.edge") : null;
      if (!g && !edge) { return; }
      ev.stopPropagation();
      ev.preventDefault();
      if (g) { select(Number(g.id.replace(/^n/, ""))); }
    }, true);
    var data = model.get("_data");
    if (selected >= data.exercises[0].nodes.length) { selected = -1; }
    showEditing();
  }

  function select(i) {
    selected = i;
    var data = model.get("_data");
    var node = i >= 0 ? data.exercises[0].nodes[i] : null;
    var input = shadow.getElementById("edit-value");
    input.value = "";
    if (node && node.kind === "LEAF") {
      var g = shadow.getElementById("n" + i);
      var text = g ? g.querySelector(".value") : null;
      input.value = text ? text.textContent.replace(/\u2212/g, "-") : "";
    }
    model.set("_message", "");
    model.save_changes();
    showEditing();
    if (node && node.kind === "LEAF") { input.focus(); input.select(); }
  }

  function showEditing() {
    var $ = function (id) { return shadow.getElementById(id); };
    var bar = $("edit-bar");
    if (!bar) { return; }
    var on = !!model.get("editable");
    bar.hidden = !on;
    box.classList.toggle("editing", on);
    var data = model.get("_data");
    var nodes = data.exercises[0].nodes;
    var node = on && selected >= 0 ? nodes[selected] : null;
    box.querySelectorAll(".node.edit-selected").forEach(function (g) { g.classList.remove("edit-selected"); });
    if (node) {
      var g = shadow.getElementById("n" + selected);
      if (g) { g.classList.add("edit-selected"); }
    }
    var kind = node ? node.kind : "";
    var drawn = ["MAX", "MIN", "CHANCE", "LEAF"].indexOf(kind) >= 0;
    $("edit-node").textContent = node ? node.name + " (" + (kind === "LEAF" ? "leaf" : kind) + ")" :
      "click a node.";
    $("edit-value-box").hidden = $("edit-set").hidden = kind !== "LEAF";
    $("edit-swap").hidden = kind !== "MAX" && kind !== "MIN";
    $("edit-add").hidden = !drawn;
    $("edit-remove").hidden = !drawn || node.parent === null;
    $("edit-message").textContent = model.get("_message");
  }

  function send(edit, value) {
    if (selected < 0) { return; }
    model.send({ kind: "edit", edit: edit, node: selected, value: value === undefined ? null : value });
  }

  // ------------------------------------------------------------------ the model
  // A new page (Python redrew: a new tree, algorithm, convention or view) arrives as
  // several changes at once (_data, _markup, _style): mount it once, after all of them.
  var remounting = false;
  function remount() {
    if (remounting) { return; }
    remounting = true;
    Promise.resolve().then(function () { remounting = false; if (api) { mount(); } });
  }
  model.on("change:_data", remount);
  model.on("change:_markup", remount);
  model.on("change:_style", remount);
  model.on("change:step", function () {
    if (api && api.position() !== model.get("step")) { api.go(model.get("step")); }
  });
  model.on("change:convention", function () {
    if (api && api.convention() !== model.get("convention")) { api.convention(model.get("convention")); }
  });
  model.on("change:_answers", function () {
    // Python set the answers (w.answers = ...): show them.
    if (saving || !api || model.get("_data").mode !== "practice") { return; }
    var s = model.get("_answers") || {};
    api.setAnswers({
      conv: s.conv || 0,
      cuts: Object.keys(s.cuts || {}).filter(function (j) { return s.cuts[j]; }).map(Number),
      values: s.values || {}, alpha: s.alpha || {}, beta: s.beta || {},
      move: s.move === undefined ? null : s.move
    });
  });
  model.on("change:_report", function () {
    // w.check(): the checker's findings, shown as the page shows its own.
    var report = model.get("_report");
    if (api && report && report.findings) { api.showFindings(report.findings); }
  });
  model.on("change:editable", showEditing);
  model.on("change:_message", showEditing);

  // Fit the tree once the cell gives the widget its width (it has none before it is shown).
  function whenShown() {
    if (el.isConnected && el.getBoundingClientRect().width > 0) {
      if (!api) { mount(); } else { api.refit(); }
      return true;
    }
    return false;
  }
  if (!whenShown()) {
    observer = new ResizeObserver(function () { if (whenShown()) { observer.disconnect(); observer = null; } });
    observer.observe(el);
  }

  return function () {
    if (api) { api.stop(); }
    if (observer) { observer.disconnect(); }
  };
}

export default { render: render };
