/* gametree notebook widget: the anywidget front end (an ES module, no build step).
   gametree sends it after page.js, in one module (gametree/drawing/pagefiles.py), so
   mountGametree below is the page's own code: this file only connects it to the widget's
   model. Python computes everything shown (the page's data and drawing arrive as the
   model's _data and _markup); what the student does goes back into the model through
   the page's callbacks: the step and convention (step, convention), the answers
   (_answers, the page's practice state), and an instructor's edits (a message that
   Python answers with a new tree, or with why not in _message). */

function render(context) {
  var model = context.model;
  var el = context.el;
  var shadow = el.shadowRoot || el.attachShadow({ mode: "open" });
  var api = null;
  var mounting = false;   // the page reports its first step while it mounts: not news
  var observer = null;

  el.classList.add("gametree-widget");
  el.setAttribute("data-gametree", model.get("_uid"));

  function hideFallback() {
    // The widget shows: its kernel-less copy (the page in an iframe, an output of its
    // own for exported notebooks) hides, and that page stops.
    var selector = '.gametree-fallback[data-gametree="' + model.get("_uid") + '"]';
    document.querySelectorAll(selector).forEach(function (f) {
      f.hidden = true;
      var frame = f.querySelector("iframe");
      if (frame) { frame.remove(); }
    });
  }

  function onStep(position, conv) {
    if (mounting) { return; }
    var changed = false;
    if (model.get("step") !== position) { model.set("step", position); changed = true; }
    if (model.get("convention") !== conv) { model.set("convention", conv); changed = true; }
    if (changed) { model.save_changes(); }
  }

  function onAnswers(state) {
    if (mounting) { return; }
    model.set("_answers", state);
    if (model.get("convention") !== state.conv) { model.set("convention", state.conv); }
    model.save_changes();
  }

  function onEdit(edit) {
    model.send({ kind: "edit", edit: edit.edit, node: edit.node, value: edit.value });
  }

  function passKeys(ev) {
    // Keys typed in the widget are the widget's: the notebook's command-mode shortcuts
    // (A, B, D D, M, 1-6, arrows, ...) must not see them. Running the cell and leaving
    // it (Shift/Ctrl+Enter, Escape) still reach the notebook.
    if (ev.key === "Escape" || (ev.key === "Enter" && (ev.shiftKey || ev.ctrlKey || ev.metaKey))) {
      return;
    }
    ev.stopPropagation();
  }

  function mount() {
    // The node the edit bar edits stays chosen through an edit by its name (an added or
    // removed node renumbers the ones after it; a removed node is chosen no more).
    var chosen = null;
    if (api) {
      api.stop();
      if (api.select() >= 0) { chosen = api.data.exercises[0].nodes[api.select()].name; }
    }
    var data = model.get("_data");
    if (!data || !data.exercises) { return; }
    shadow.innerHTML = "";
    var style = document.createElement("style");
    style.textContent = model.get("_style");
    var box = document.createElement("div");
    box.className = "gametree-root mode-" + data.mode;
    box.tabIndex = -1;
    box.innerHTML = model.get("_markup");
    shadow.appendChild(style);
    shadow.appendChild(box);
    box.addEventListener("keydown", passKeys);
    var saved = model.get("_answers");
    mounting = true;
    try {
      api = mountGametree(shadow, data, {
        keys: box,
        answers: saved && Object.keys(saved).length ? saved : null,
        kept: "Your answers are kept in the notebook (w.answers in Python).",
        onStep: onStep,
        onAnswers: onAnswers,
        onEdit: onEdit
      });
      api.convention(Math.min(model.get("convention"), data.conventions.length - 1));
      if (data.mode === "explore") { api.go(model.get("step")); }
      api.editing(model.get("editable"));
      if (chosen !== null) {
        api.select(data.exercises[0].nodes.findIndex(function (n) { return n.name === chosen; }));
      }
      api.editMessage(model.get("_message"));
    } finally {
      mounting = false;
    }
    el.gametree = api;   // for scripts and tests, as window.gametreePage on the page
    hideFallback();
    onStep(api.position(), api.convention());
  }

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
    // Python set the answers (w.answers = ...): show them. (Our own writes come back
    // here too; they equal what the page shows, and change nothing.)
    if (!api || model.get("_data").mode !== "practice") { return; }
    var s = model.get("_answers") || {};
    if (JSON.stringify(s) === JSON.stringify(api.answers())) { return; }
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
  model.on("change:editable", function () { if (api) { api.editing(model.get("editable")); } });
  model.on("change:_message", function () { if (api) { api.editMessage(model.get("_message")); } });

  // Draw once the cell gives the widget its width (it has none before it is shown, and
  // JupyterLab lays out only the cells on screen).
  function whenShown() {
    if (el.isConnected && el.getBoundingClientRect().width > 0) {
      if (!api) { mount(); } else { api.refit(); }
      return true;
    }
    return false;
  }
  hideFallback();
  if (!whenShown()) {
    observer = new ResizeObserver(function () {
      if (whenShown()) { observer.disconnect(); observer = null; }
    });
    observer.observe(el);
  }

  return function () {
    if (api) { api.stop(); }
    if (observer) { observer.disconnect(); }
  };
}

export default { render: render };
