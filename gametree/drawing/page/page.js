/* gametree page script. It only displays and compares: every trace step, value, window,
   pruned set and reason comes from the JSON that gametree embedded (its layout is
   documented in gametree/drawing/html.py).

   mountGametree(scope, DATA, host) brings the page's markup inside `scope` to life: the
   self-contained page mounts it on its document (page.html), the notebook widget on its
   shadow root (widget.js). Only `host` differs between the two callers:
     keys          where keydown events step the explore view (default: document)
     storage       {load(k), save(k, state), current()}: where the answers persist
                   between visits (the page: localStorage, see pageStorage)
     answers       the practice state to start from (the widget: its model's)
     kept          the instructions' sentence saying where the answers are kept
     title(text)   the exercise's title changed (the page sets document.title)
     onStep(position, convention)   the explore view moved (any cause)
     onAnswers(state)   the student's answers changed: marks, typed values, the move,
                   the convention, a check (the state's layout: widgetstate.py)
     onEdit({edit, node, value})   an edit the edit bar asks for ("value", "swap",
                   "add", "remove" on node number `node`); without it there is no
                   edit bar (editing(true) shows it; the host makes the new tree)
   It returns the API scripts and tests use (window.gametreePage on the page). */
function mountGametree(scope, DATA, host) {
  "use strict";
  host = host || {};
  var $ = function (id) { return scope.getElementById(id); };
  var exIndex = 0;
  var conv = 0;
  var els = [];            // per exercise: {nodes: [{g, shape, value, bounds}], edges: [...]}
  var scale = 1;

  // ------------------------------------------------------------------ the drawing
  function exercise() { return DATA.exercises[exIndex]; }
  function drawing() { return scope.querySelector('.drawing[data-exercise="' + exIndex + '"]'); }
  function prefix(k) { return k ? "x" + k + "-" : ""; }

  function elements(k) {
    if (els[k]) { return els[k]; }
    var root = scope.querySelector('.drawing[data-exercise="' + k + '"]');
    var ex = DATA.exercises[k];
    var nodes = ex.nodes.map(function (n, i) {
      var g = root.querySelector('[id="' + prefix(k) + "n" + i + '"]');
      return { g: g, shape: g.querySelector(".shape"), value: g.querySelector(".value"),
               bounds: g.querySelector(".bounds"), label: g.getAttribute("aria-label"),
               cls: "", text: null, win: null };
    });
    var edges = ex.edges.map(function (e, j) {
      var g = root.querySelector('[id="' + prefix(k) + "e" + j + '"]');
      return { g: g, line: g.querySelector(".stroke"), cls: "", move: g.querySelector(".move"),
               box: g.querySelector(".move-box"), base: ex.nodes[e[1]].move, text: null };
    });
    els[k] = { nodes: nodes, edges: edges, base: baseSize(root.querySelector("svg")) };
    return els[k];
  }

  function baseSize(svg) {
    var box = svg.getAttribute("viewBox").split(" ").map(Number);
    var font = Infinity;   // the smallest text of the drawing, in viewBox units
    svg.querySelectorAll("text[font-size]").forEach(function (t) {
      font = Math.min(font, Number(t.getAttribute("font-size")));
    });
    return { w: box[2], h: box[3], svg: svg, font: isFinite(font) ? font : 10 };
  }

  var TRANSIENT = ["hover", "edit-selected"];  // set by the pointer and the edit bar

  function setClass(item, base, extra) {
    var cls = base + (extra ? " " + extra : "");
    if (item.cls !== cls) {
      var keep = TRANSIENT.filter(function (c) { return item.g.classList.contains(c); });
      item.g.setAttribute("class", cls);
      keep.forEach(function (c) { item.g.classList.add(c); });
      item.cls = cls;
    }
  }

  function setText(el, text) {
    if (el && el.textContent !== text) { el.textContent = text; }
  }

  function nodeBase(i) { return "node " + exercise().nodes[i].kind.toLowerCase(); }

  function kindWord(i) { return kindName(exercise().nodes[i].kind); }
  function kindName(k) { return k === "LEAF" ? "leaf" : k; }
  // Nodes whose value and window the page fills (not leaves, nor a view's stubs).
  function filled(i) { return ["MAX", "MIN", "CHANCE"].indexOf(exercise().nodes[i].kind) >= 0; }

  function applyZoom() {
    var b = elements(exIndex).base;
    b.svg.setAttribute("width", (b.w * scale).toFixed(1));
    b.svg.setAttribute("height", (b.h * scale).toFixed(1));
  }

  var READABLE = 9;  // pixels: the smallest text a page opens with

  function fitScale(readable) {
    // The whole width (the Fit button), or on opening as much of it as keeps every text
    // at least READABLE pixels high: a big tree then pans to the step's node.
    var b = elements(exIndex).base;
    var width = $("viewport").clientWidth - 4;
    var least = readable ? READABLE / b.font : 0.2;
    return Math.max(least, Math.min(1.6, width / b.w));
  }

  function openScale() {
    // The scale a tree opens at (fitScale(true)). Where the tree, beside the panel, would
    // open cut off on both sides but shows whole with the panel below it (a notebook's
    // frame, a laptop), the panel goes below.
    var main = scope.querySelector("main");
    main.classList.remove("stacked");
    var b = elements(exIndex).base;
    var s = fitScale(true);
    if (b.w * s <= $("viewport").clientWidth - 4) { return s; }
    main.classList.add("stacked");
    s = fitScale(true);
    if (b.w * s <= $("viewport").clientWidth - 4) { return s; }
    main.classList.remove("stacked");  // too wide either way: it pans beside the panel
    return fitScale(true);
  }

  // ------------------------------------------------------------------ explore
  var position = 0;
  var timer = null;

  function trace() { return exercise().explore[conv]; }

  function showStep(p) {
    var steps = trace().steps;
    position = Math.max(0, Math.min(p, steps.length));
    var ex = exercise();
    var E = elements(exIndex);
    var nodeCls = ex.nodes.map(function () { return {}; });
    var edgeCls = ex.edges.map(function () { return {}; });
    var values = ex.nodes.map(function () { return null; });
    var windows = ex.nodes.map(function () { return null; });
    var hiddenWindows = {};   // windows of the nodes a view hides, by name
    var mcts = !!trace().mcts;
    var edgeTexts = ex.edges.map(function () { return ""; });  // MCTS: "n=3"
    if (mcts) {
      nodeCls.forEach(function (c, i) { if (i !== trace().root) { c.outside = true; } });
    }
    var stack = [];           // open nodes: [drawn node, hidden node's name or null]
    var k, s, i;
    for (k = 0; k < position; k++) {
      s = steps[k];
      (s.v || []).forEach(function (pair) { values[pair[0]] = pair[1]; });
      s.w.forEach(function (pair) { windows[pair[0]] = pair[1]; });
      if (s.h) { hiddenWindows[s.h[0]] = s.h[2]; }
      (s.hw || []).forEach(function (pair) { hiddenWindows[pair[0]] = pair[1]; });
      var hid = s.h ? s.h[0] : null;
      (s.a || []).forEach(function (n) { delete nodeCls[n].outside; nodeCls[n].visited = true; });
      (s.ev || []).forEach(function (pair) { edgeTexts[pair[0]] = pair[1]; });
      if (mcts && s.d !== undefined) { edgeCls[s.d].visited = true; }
      if (s.k === "enter") {
        nodeCls[s.n].visited = true;
        if (s.d !== undefined) { edgeCls[s.d].visited = true; }
        stack.push([s.n, hid, s.h ? s.h[1] : null]);
      } else if (s.k === "exit") {
        var top = stack[stack.length - 1];
        if (top && top[0] === s.n && top[1] === hid) { stack.pop(); }
      } else if (s.k === "transposition") {
        nodeCls[s.n].tt = true;
      } else if (s.k === "cutoff") {
        s.x.forEach(function (j) {
          edgeCls[j].pruned = true;
          nodeCls[ex.edges[j][1]]["cut-top"] = true;
        });
        (s.g || []).forEach(function (n) {
          nodeCls[n].gone = true;
          ex.nodes[n].children.forEach(function (c) {
            var j = edgeOf(n, c);
            if (j !== undefined) { edgeCls[j].gone = true; }
          });
        });
      }
    }
    if (position === steps.length) {
      (trace().pv || []).forEach(function (j) {
        edgeCls[j].pv = true;
        nodeCls[ex.edges[j][0]].pv = true;
        nodeCls[ex.edges[j][1]].pv = true;
      });
    }
    var current = position > 0 ? steps[position - 1] : null;
    stack.forEach(function (entry) { nodeCls[entry[0]]["on-stack"] = true; });
    if (current) {
      nodeCls[current.n].active = true;
      if (current.k === "probe" || current.k === "research") { nodeCls[current.n][current.k] = true; }
      if (current.d !== undefined) { edgeCls[current.d].down = true; }
      (current.p || []).forEach(function (j) { edgeCls[j].down = true; });
      if (current.k === "playout") {
        (current.p || []).forEach(function (j) { nodeCls[ex.edges[j][1]].playout = true; });
      }
    }
    if (mcts) {
      ex.edges.forEach(function (e, j) {
        if (nodeCls[e[1]].outside && !edgeCls[j].down) { edgeCls[j].outside = true; }
      });
    }
    if (mcts) {
      stack = (current ? current.path : [trace().root]).map(function (n) {
        return Array.isArray(n) ? n : [n, null, null];
      });
    }
    for (i = 0; i < E.nodes.length; i++) {
      setClass(E.nodes[i], nodeBase(i), Object.keys(nodeCls[i]).join(" "));
      if (filled(i)) {
        setText(E.nodes[i].value, values[i] || "");
        setText(E.nodes[i].bounds, windows[i] || "");
      }
      var label = E.nodes[i].label + (values[i] ? ", value " + values[i] : "") +
        (windows[i] ? ", window " + windows[i] : "") + (nodeCls[i].active ? ", current step" : "");
      if (E.nodes[i].aria !== label) { E.nodes[i].g.setAttribute("aria-label", label); E.nodes[i].aria = label; }
    }
    for (i = 0; i < E.edges.length; i++) {
      setClass(E.edges[i], "edge", Object.keys(edgeCls[i]).join(" "));
      moveText(E.edges[i], (E.edges[i].base + " " + edgeTexts[i]).trim());
    }
    for (i = 0; i < E.nodes.length; i++) { ttMark(E.nodes[i], !!nodeCls[i].tt); }
    if (current) { keepInView(E.nodes[current.n].g); }
    $("slider").max = String(steps.length);
    $("slider").value = String(position);
    $("step-count").textContent = "Step " + position + " of " + steps.length +
      (current ? " — " + current.c : "");
    $("sentence").textContent = current ? current.t :
      "The search has not started. Press \u2192 (or Play) to take the first step.";
    var list = $("stack");
    list.innerHTML = "";
    if (!stack.length) {
      var none = document.createElement("li");
      none.textContent = position ? "none: the search is over" : "none yet";
      list.appendChild(none);
    }
    stack.forEach(function (entry, depth) {
      var li = document.createElement("li");
      var n = entry[0];
      li.textContent = entry[1] === null ?
        ex.nodes[n].name + " (" + kindWord(n) + ") " + ((mcts ? values[n] : windows[n]) || "") :
        entry[1] + " (" + kindName(entry[2]) + ", not drawn) " + (hiddenWindows[entry[1]] || "");
      if (depth === stack.length - 1) { li.className = "top"; }
      list.appendChild(li);
    });
    $("summary").textContent = position === steps.length ? trace().summary : "";
    $("stack-title").textContent = trace().stack || "Open nodes (alpha, beta)";
    $("legend").textContent = trace().legend || LEGEND;
    $("first").disabled = $("back").disabled = position === 0;
    $("forward").disabled = $("last").disabled = position === steps.length;
    if (host.onStep) { host.onStep(position, conv); }
  }

  var LEGEND = $("legend").textContent;

  function moveText(item, text) {
    // An edge's move and, for MCTS, its visits; the white box behind fits the text.
    if (!item.move || item.text === text) { return; }
    item.text = text;
    item.move.textContent = text;
    var shown = text ? "visible" : "hidden";
    item.move.setAttribute("visibility", shown);
    item.box.setAttribute("visibility", shown);
    if (text) {
      var w = item.move.getComputedTextLength();
      var x = Number(item.move.getAttribute("x"));
      item.box.setAttribute("x", (x - w / 2 - 1.5).toFixed(1));
      item.box.setAttribute("width", (w + 3).toFixed(1));
    }
  }

  function showRoot() {
    // Open on the root: centred across the tree's box, the top of the tree in view.
    var box = $("viewport");
    var root = elements(exIndex).nodes[0].g;
    var r = root.getBoundingClientRect();
    var v = box.getBoundingClientRect();
    box.scrollLeft += (r.left + r.right) / 2 - (v.left + v.right) / 2;
    box.scrollTop = 0;
  }

  function keepInView(el) {
    // Big trees pan: scroll the tree's box (only it) so that the step's node shows.
    var box = $("viewport");
    var r = el.getBoundingClientRect();
    var v = box.getBoundingClientRect();
    var margin = 40;
    if (r.left < v.left + margin) { box.scrollLeft -= v.left + margin - r.left; }
    else if (r.right > v.right - margin) { box.scrollLeft += r.right - v.right + margin; }
    if (r.top < v.top + margin) { box.scrollTop -= v.top + margin - r.top; }
    else if (r.bottom > v.bottom - margin) { box.scrollTop += r.bottom - v.bottom + margin; }
  }

  function ttMark(item, on) {
    // A transposition-table hit: "TT" above the node's shape (not colour alone).
    if (!on) { if (item.tt) { item.tt.remove(); item.tt = null; } return; }
    if (item.tt) { return; }
    var box = item.shape.getBBox();
    var t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("x", String(box.x + box.width));
    t.setAttribute("y", String(box.y - 1));
    t.setAttribute("class", "tt-mark");
    t.textContent = "TT";
    item.g.appendChild(t);
    item.tt = t;
  }

  var edgeMaps = [];
  function edgeOf(u, v) {
    if (!edgeMaps[exIndex]) {
      var m = {};
      exercise().edges.forEach(function (e, j) { m[e[0] + "," + e[1]] = j; });
      edgeMaps[exIndex] = m;
    }
    return edgeMaps[exIndex][u + "," + v];
  }

  function play(on) {
    if (timer) { clearInterval(timer); timer = null; }
    if (on) {
      if (position >= trace().steps.length) { showStep(0); }
      timer = setInterval(function () {
        if (position >= trace().steps.length) { play(false); return; }
        showStep(position + 1);
      }, Number($("speed").value));
    }
    $("play").textContent = on ? "\u23F8 Pause" : "\u25B6 Play";
    $("play").setAttribute("aria-label", on ? "Pause (space)" : "Play (space)");
    $("play").setAttribute("aria-pressed", on ? "true" : "false");
  }

  function setupExplore() {
    $("explore-panel").hidden = false;
    $("first").onclick = function () { play(false); showStep(0); };
    $("back").onclick = function () { play(false); showStep(position - 1); };
    $("forward").onclick = function () { play(false); showStep(position + 1); };
    $("last").onclick = function () { play(false); showStep(trace().steps.length); };
    $("play").onclick = function () { play(!timer); };
    $("speed").onchange = function () { if (timer) { play(true); } };
    $("slider").oninput = function () { play(false); showStep(Number($("slider").value)); };
    (host.keys || document).addEventListener("keydown", function (ev) {
      var tag = ev.target.tagName;
      if (tag === "INPUT" && ev.target.type !== "range" || tag === "SELECT" || tag === "TEXTAREA") { return; }
      if (tag === "INPUT" && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) { return; }
      var handled = true;
      if (ev.key === "ArrowRight") { play(false); showStep(position + 1); }
      else if (ev.key === "ArrowLeft") { play(false); showStep(position - 1); }
      else if (ev.key === "Home") { play(false); showStep(0); }
      else if (ev.key === "End") { play(false); showStep(trace().steps.length); }
      else if (ev.key === " " && tag !== "BUTTON") { play(!timer); }
      else { handled = false; }
      if (handled) { ev.preventDefault(); }
    });
    exercise().nodes.forEach(function (n, i) {
      elements(exIndex).nodes[i].g.setAttribute("tabindex", "0");
    });
    showStep(0);
  }

  // ------------------------------------------------------------------ practice: numbers
  // These mirror how `gametree check` reads a number, so the page and the checker agree.
  var NO_VALUE = ["pruned", "-", "x", "none", "cut", "\u2014", "\u2013", "n/a", "na", "null", ""];
  var INF = { "inf": Infinity, "+inf": Infinity, "infinity": Infinity, "+infinity": Infinity,
              "\u221e": Infinity, "+\u221e": Infinity, "-inf": -Infinity, "-infinity": -Infinity,
              "-\u221e": -Infinity };
  var OPS = [["<=", "<="], ["\u2264", "<="], ["=<", "<="], [">=", ">="], ["\u2265", ">="], ["=>", ">="]];

  function pyRepr(s) {
    var q = s.indexOf("'") >= 0 && s.indexOf('"') < 0 ? '"' : "'";
    var body = s.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t");
    if (q === "'") { body = body.replace(/'/g, "\\'"); }
    return q + body + q;
  }

  function rounding(text) {
    var m = /^[+-]?\d*\.(\d+)$/.exec(text);
    return m ? 0.5 * Math.pow(10, -m[1].length) : 0;
  }

  function readNumber(given, allowBound, allowNone) {
    var text = given.trim().replace(/\u2212/g, "-").replace(/ /g, "");
    var op = null;
    for (var i = 0; i < OPS.length; i++) {
      if (text.indexOf(OPS[i][0]) === 0) { op = OPS[i][1]; text = text.slice(OPS[i][0].length); break; }
    }
    if (op === null && (text.charAt(0) === "<" || text.charAt(0) === ">")) {
      return pyRepr(given) + ": write an upper bound as <= and a lower bound as >= " +
        "(the search proves at most / at least a value)";
    }
    if (op !== null && !allowBound) { return pyRepr(given) + ": expected a plain number here, not a bound"; }
    var low = text.toLowerCase();
    if (allowNone && op === null && NO_VALUE.indexOf(low) >= 0) { return { value: 0, tol: 0, op: null, none: true }; }
    if (Object.prototype.hasOwnProperty.call(INF, low)) { return { value: INF[low], tol: 0, op: op, none: false }; }
    if (text.indexOf("/") >= 0) {
      var f = /^([+-]?\d+)\/(\d+)$/.exec(text);
      if (!f || Number(f[2]) === 0) { return pyRepr(given) + " is not a number"; }
      return { value: Number(f[1]) / Number(f[2]), tol: 1e-9, op: op, none: false };
    }
    if (/^[+-]?nan$/i.test(text)) { return "NaN is not a value"; }
    if (!/^[+-]?(\d+(_\d+)*(\.(\d+(_\d+)*)?)?|\.\d+(_\d+)*)([eE][+-]?\d+(_\d+)*)?$/.test(text)) {
      return pyRepr(given) + " is not a number";
    }
    return { value: Number(text.replace(/_/g, "")), tol: rounding(text), op: op, none: false };
  }

  function same(n, expected) {
    if (!isFinite(expected) || !isFinite(n.value)) { return n.value === expected; }
    var tol = 1e-9 * Math.max(1, Math.abs(expected));
    if (n.tol) {
      var d = Math.round(-Math.log10(2 * n.tol));
      if (Number(expected.toFixed(d)) !== expected) { tol = Math.max(tol, n.tol + 1e-12); }
    }
    return Math.abs(n.value - expected) <= tol;
  }

  function g6(x) {
    var parts = x.toExponential(5).split("e");
    var exp = parseInt(parts[1], 10);
    if (exp < -4 || exp >= 6) {
      var m = parts[0].indexOf(".") >= 0 ? parts[0].replace(/\.?0+$/, "") : parts[0];
      return m + "e" + (exp < 0 ? "-" : "+") + String(Math.abs(exp)).padStart(2, "0");
    }
    var s = x.toFixed(Math.max(0, 5 - exp));
    return s.indexOf(".") >= 0 ? s.replace(/\.?0+$/, "") : s;
  }

  function fmt(x) {
    if (!isFinite(x)) { return x > 0 ? "inf" : "-inf"; }
    if (Number.isInteger(x) && Math.abs(x) < 1e15) { return String(x); }
    return g6(x);
  }

  function numberOf(v) {
    if (v === "inf") { return Infinity; }
    if (v === "-inf") { return -Infinity; }
    return Number(v);
  }

  // ------------------------------------------------------------------ practice: grading
  var state = null;

  function key() { return exercise().practice[state.conv]; }
  function asked(item) { return DATA.ask.indexOf(item) >= 0; }
  function name(i) { return exercise().nodes[i].name; }

  function finding(item, verdict, expected, given, why, notes) {
    return { item: item, verdict: verdict, expected: expected, given: given, explanation: why,
             notes: notes || [] };
  }

  function claims() {
    return Object.keys(state.cuts).map(Number).sort(function (a, b) { return a - b; });
  }

  function edgeText(j) {
    var e = exercise().edges[j];
    return name(e[0]) + "-" + name(e[1]);
  }

  function gradePruned(K) {
    var ex = exercise();
    var cut = claims();
    var cutSet = {};
    cut.forEach(function (j) { cutSet[j] = true; });
    var frontierPos = {};
    K.frontier.forEach(function (n, pos) { frontierPos[n] = pos; });
    var reached = {};
    var stack = [0];
    var seen = { 0: true };
    while (stack.length) {
      var n = stack.pop();
      if (frontierPos[n] !== undefined) { reached[frontierPos[n]] = true; continue; }
      ex.nodes[n].children.forEach(function (c) {
        var j = edgeOf(n, c);
        if (!cutSet[j] && !seen[c]) { seen[c] = true; stack.push(c); }
      });
    }
    var covered = {};
    K.frontier.forEach(function (n, pos) { if (!reached[pos]) { covered[pos] = true; } });
    var namedBy = {};
    cut.forEach(function (j) {
      K.below[j].forEach(function (pos) {
        if (namedBy[pos] === undefined) { namedBy[pos] = "edge " + edgeText(j); }
      });
    });
    var altNotes = null;
    function notes() {
      if (altNotes === null) {
        var mine = Object.keys(covered).map(Number).sort(function (a, b) { return a - b; }).join(",");
        altNotes = K.alts.filter(function (a) { return a[1].join(",") === mine; })
          .map(function (a) { return a[0]; });
      }
      return altNotes;
    }
    var out = [];
    K.leaves.forEach(function (leaf, pos) {
      var given = !!covered[pos];
      var expected = leaf[1];
      if (!given && !expected) { return; }
      var how = namedBy[pos] !== undefined ? "pruned (as " + namedBy[pos] + ")" : "pruned";
      if (given && expected) { out.push(finding(leaf[0], "correct", "pruned", how, leaf[2])); }
      else if (given) { out.push(finding(leaf[0], "extra", "evaluated", how, leaf[2], notes())); }
      else { out.push(finding(leaf[0], "missing", "pruned", "not listed", leaf[2], notes())); }
    });
    var extras = {};
    K.leaves.forEach(function (leaf, pos) { if (covered[pos] && !leaf[1]) { extras[pos] = true; } });
    cut.forEach(function (j) {
      if (K.traversed.indexOf(j) >= 0 && !K.below[j].some(function (pos) { return extras[pos]; })) {
        out.push(finding("pruned " + edgeText(j), "extra", "searched", "pruned",
          "edge " + edgeText(j) + " is searched", notes()));
      }
    });
    if (!out.length) {
      out.push(finding("pruned", "correct", "nothing pruned", "nothing pruned",
        "no cutoff happens in this search"));
    }
    return out;
  }

  function gradeNumber(entry, text, label, allowBound) {
    var n = readNumber(text, allowBound, true);
    if (typeof n === "string") { return finding(label, "malformed", "", text, n); }
    var given = n.none ? "no value (not searched)" : (n.op || "") + fmt(n.value);
    for (var c = 0; c < entry.cands.length; c++) {
      var cand = entry.cands[c];
      var hit = cand[0] === null ? n.none : !n.none && (n.op || "") === cand[1] && same(n, numberOf(cand[0]));
      if (hit) {
        return finding(label, cand[2], entry.expected, given, cand[4] === null ? entry.why : cand[4], cand[3]);
      }
    }
    return finding(label, "wrong", entry.expected, given, entry.why);
  }

  function grade() {
    var K = key();
    var out = [];
    if (asked("move") && state.move !== null && K.move) {
      var m = K.move[state.move];
      out.push(finding("move", m[0], m[1], m[2], m[3], m[4]));
    }
    if (asked("pruned")) { out = out.concat(gradePruned(K)); }
    [["values", ""], ["alpha", "alpha "], ["beta", "beta "]].forEach(function (t) {
      if (!asked(t[0])) { return; }
      inner().forEach(function (i) {
        var text = (state[t[0]][i] || "").trim();
        if (text) { out.push(gradeNumber(K[t[0]][i], text, t[1] + name(i), t[0] === "values")); }
      });
    });
    return out;
  }

  function inner() { return key().inner; }  // the internal nodes above the frontier

  // ------------------------------------------------------------------ practice: export
  function q(s) { return JSON.stringify(String(s)); }

  function exportText() {
    var ex = exercise();
    var c = DATA.conventions[state.conv];
    var lines = ["# gametree practice answers", "# exercise: " + ex.title,
      "# convention: " + c.label,
      ("# check with: gametree check TREE answers.toml " + c.flags).trim()];
    ex.notation.split("\n").forEach(function (l) { lines.push("# tree: " + l); });
    if (asked("move") && state.move !== null) { lines.push("move = " + q(name(state.move))); }
    if (asked("pruned")) {
      var cut = claims().map(function (j) { return q(edgeText(j)); });
      lines.push("pruned = [" + cut.join(", ") + "]");
    }
    ["values", "alpha", "beta"].forEach(function (t) {
      if (!asked(t)) { return; }
      var rows = [];
      inner().forEach(function (i) {
        var text = (state[t][i] || "").trim();
        if (text) { rows.push(q(name(i)) + " = " + q(text)); }
      });
      if (rows.length) { lines.push("", "[" + t + "]"); lines = lines.concat(rows); }
    });
    return lines.join("\n") + "\n";
  }

  function download() {
    var blob = new Blob([exportText()], { type: "text/plain" });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "answers" + (DATA.exercises.length > 1 ? "-" + (exIndex + 1) : "") + ".toml";
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
  }

  // ------------------------------------------------------------------ practice: state
  var storage = host.storage || { load: function () { return null; }, save: function () {},
                                  current: function () { return 0; } };

  function fresh() {
    return { cuts: {}, values: {}, alpha: {}, beta: {}, move: null, conv: 0,
             checked: false, shown: false, everChecked: false };
  }

  function load(k) {
    try {
      var saved = k === 0 && host.answers ? host.answers : storage.load(k);
      if (saved && typeof saved === "object") {
        var s = fresh();
        Object.keys(s).forEach(function (f) { if (saved[f] !== undefined) { s[f] = saved[f]; } });
        if (s.conv >= DATA.conventions.length) { s.conv = 0; }
        return s;
      }
    } catch (e) { /* storage unavailable: start afresh */ }
    return fresh();
  }

  function save() {
    try {
      storage.save(exIndex, state);
    } catch (e) { /* storage unavailable: answers last as long as the page */ }
    if (host.onAnswers) { host.onAnswers(JSON.parse(JSON.stringify(state))); }
  }

  function changed() {
    state.checked = false;
    save();
    renderPractice();
  }

  // ------------------------------------------------------------------ practice: display
  var lastFindings = [];

  function windowText(i) {
    var a = (state.alpha[i] || "").trim();
    var b = (state.beta[i] || "").trim();
    return a || b ? "[" + (pretty(a) || "?") + ", " + (pretty(b) || "?") + "]" : "";
  }

  function renderPractice() {
    var ex = exercise();
    var E = elements(exIndex);
    var K = key();
    var sol = K.solution;
    var marks = state.checked ? edgeVerdicts(lastFindings, K) : {};
    var nodeMarks = {};
    if (state.checked) {
      lastFindings.forEach(function (f) { if (f.node !== undefined) { nodeMarks[f.node + f.kind] = f.verdict; } });
    }
    E.edges.forEach(function (item, j) {
      var cls = [];
      if (state.cuts[j]) { cls.push("marked"); }
      if (state.shown && sol.cut.indexOf(j) >= 0) { cls.push("key"); }
      if (marks[j]) { cls.push(marks[j]); }
      setClass(item, "edge", cls.join(" "));
      item.g.setAttribute("aria-pressed", state.cuts[j] ? "true" : "false");
      item.g.setAttribute("aria-label", "edge " + edgeText(j) + (state.cuts[j] ? ", marked pruned" : "") +
        (marks[j] ? ", " + marks[j] : "") + (state.shown && sol.cut.indexOf(j) >= 0 ? ", pruned in the solution" : ""));
    });
    var asks = {};
    inner().forEach(function (i) { asks[i] = true; });
    E.nodes.forEach(function (item, i) {
      if (ex.nodes[i].kind === "LEAF") { return; }
      if (!asks[i]) { setText(item.value, ""); setText(item.bounds, ""); return; }
      var value = pretty((state.values[i] || "").trim());
      var win = windowText(i);
      if (state.shown) {
        value = sol.values[i] !== undefined ? pretty(sol.values[i]) : "";
        var windows = sol.alpha[i] !== undefined && (asked("alpha") || asked("beta"));
        win = windows ? "[" + pretty(sol.alpha[i]) + ", " + pretty(sol.beta[i]) + "]" : "";
      }
      setText(item.value, value);
      setText(item.bounds, win);
      item.value.setAttribute("class", "value" + (state.shown ? " key" : ""));
      item.bounds.setAttribute("class", "bounds" + (state.shown ? " key" : ""));
      item.g.setAttribute("aria-label",
        item.label + (value ? ", value " + value : "") + (win ? ", window " + win : ""));
    });
    inner().forEach(function (i) {
      ["values", "alpha", "beta"].forEach(function (t) {
        var input = $("in-" + t + "-" + i);
        if (!input) { return; }
        if (input.value !== (state[t][i] || "")) { input.value = state[t][i] || ""; }
        var v = nodeMarks[i + t];
        input.className = v === undefined ? "" : v === "correct" ? "right" : "wrong";
        var hint = $("key-" + t + "-" + i);
        if (hint) {
          hint.textContent = !state.shown ? "" :
            sol[t][i] !== undefined ? "key: " + pretty(sol[t][i]) : "key: not searched";
        }
      });
    });
    if (asked("move")) { $("move").value = state.move === null ? "" : String(state.move); }
    if (DATA.conventions.length > 1) { $("convention").value = String(state.conv); }
    $("convention-text").textContent = "Checked under: " + DATA.conventions[state.conv].label;
    badges(E, marks);
    var reveal = DATA.reveal;
    $("solution").hidden = reveal === "never";
    $("solution").disabled = reveal === "after-check" && !state.everChecked;
    $("solution").textContent = state.shown ? "Hide solution" : "Show solution";
    if (!state.checked) { $("score").textContent = ""; $("findings").innerHTML = ""; }
  }

  function pretty(text) {
    return String(text).replace(/^<=/, "\u2264").replace(/^>=/, "\u2265").replace(/-inf$/, "\u2212\u221e")
      .replace(/^\+?inf$/, "\u221e").replace(/^-(?=\d)/, "\u2212");
  }

  function edgeVerdicts(findings, K) {
    // A marked edge is wrong when a leaf it cuts off is evaluated; an unmarked edge of the
    // solution is missing when a leaf below it should be pruned.
    var bad = {};
    var missing = {};
    findings.forEach(function (f) {
      (f.leafPositions || []).forEach(function (pos) {
        if (f.verdict === "extra") { bad[pos] = true; }
        if (f.verdict === "missing") { missing[pos] = true; }
      });
    });
    var out = {};
    claims().forEach(function (j) {
      out[j] = K.below[j].some(function (pos) { return bad[pos]; }) || findings.some(function (f) {
        return f.item === "pruned " + edgeText(j);
      }) ? "wrong" : "right";
    });
    K.solution.cut.forEach(function (j) {
      if (!state.cuts[j] && K.below[j].some(function (pos) { return missing[pos]; })) { out[j] = "missing"; }
    });
    return out;
  }

  // Where a verdict may stand along its edge (fractions of the edge from the parent),
  // nearest the cut mark's spot first.
  var BADGE_SPOTS = [0, 0.05, -0.05, 0.1, -0.1, 0.15, -0.15, 0.2, -0.2, 0.25, -0.25, 0.3, -0.3];

  function badges(E, marks) {
    // Each checked edge's verdict (a tick, a cross, "!" for a cut left out) on a white
    // box on its own edge, as a move label is, at the size of the drawing's smallest
    // text (so the page opens with it READABLE pixels high, as the leaves' values): at
    // the edge's cut mark if the verdict has room there, else at the nearest spot along
    // the edge clear of every other edge, text and shape (a b=3 d=4 exam tree's cut
    // marks have room for 5 units, its leaves' values are 7). With no such spot it
    // shrinks, down to the cut mark's room. The strokes it stands for are hidden.
    E.edges.forEach(function (item) {
      item.g.querySelectorAll(".badge-box, .badge").forEach(function (x) { x.remove(); });
      item.g.classList.toggle("badged", false);
    });
    var todo = [];
    E.edges.forEach(function (item, j) { if (marks[j]) { todo.push(j); } });
    if (!todo.length) { return; }
    var svg = E.base.svg;
    var lines = [];
    E.edges.forEach(function (item, j) {
      var l = item.line;
      lines.push({ j: j, a: [Number(l.getAttribute("x1")), Number(l.getAttribute("y1"))],
                   b: [Number(l.getAttribute("x2")), Number(l.getAttribute("y2"))] });
      if (marks[j]) { return; }
      item.g.querySelectorAll(".cut line").forEach(function (c) {
        if (getComputedStyle(c).visibility !== "visible") { return; }
        lines.push({ j: -1, a: [Number(c.getAttribute("x1")), Number(c.getAttribute("y1"))],
                     b: [Number(c.getAttribute("x2")), Number(c.getAttribute("y2"))] });
      });
    });
    var boxes = [];
    svg.querySelectorAll("text").forEach(function (t) {
      if (!t.textContent.trim() || getComputedStyle(t).visibility !== "visible") { return; }
      boxes.push(inkBox(t.getBBox()));
    });
    svg.querySelectorAll(".node .shape").forEach(function (shape) {
      if (shape.getAttribute("stroke") === "none" && shape.getAttribute("fill") === "none") { return; }
      boxes.push(shape.getBBox());
    });
    todo.forEach(function (j) {
      var item = E.edges[j];
      var spot = cutSpot(item);
      var least = Math.max(5, Math.min(11, 1.3 * spot.half));
      var sizes = [E.base.font * 1.2, E.base.font].filter(function (z) { return z > least; });
      var placed = null;
      sizes.some(function (size) {
        return BADGE_SPOTS.some(function (dt) {
          var at = along(item, spot, dt);
          if (!at) { return false; }
          var box = badge(item, at, size, marks[j]);
          if (clear(box, j, lines, boxes)) { placed = box; return true; }
          item.g.querySelectorAll(".badge-box, .badge").forEach(function (x) { x.remove(); });
          return false;
        });
      });
      if (!placed) { placed = badge(item, spot, least, marks[j]); }
      item.g.classList.toggle("badged", true);
      boxes.push(placed);
    });
  }

  function inkBox(b) {
    // A text's box less the space its font keeps above and below the glyphs.
    return { x: b.x, y: b.y + 0.1 * b.height, width: b.width, height: 0.8 * b.height };
  }

  function along(item, spot, dt) {
    // The point ``dt`` of the edge's length from the cut mark's spot, on the edge.
    var l = item.line;
    var x1 = Number(l.getAttribute("x1")), y1 = Number(l.getAttribute("y1"));
    var x2 = Number(l.getAttribute("x2")), y2 = Number(l.getAttribute("y2"));
    var len2 = (x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1);
    if (!len2) { return dt ? null : spot; }
    var t = ((spot.x - x1) * (x2 - x1) + (spot.y - y1) * (y2 - y1)) / len2 + dt;
    if (t < 0.15 || t > 0.95) { return null; }
    return { x: x1 + t * (x2 - x1), y: y1 + t * (y2 - y1) };
  }

  function clear(box, j, lines, boxes) {
    // Nothing but its own edge within a unit of the verdict's box.
    var pad = 1;
    var b = { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad };
    var crossed = lines.some(function (l) { return l.j !== j && segmentMeetsBox(l.a, l.b, b); });
    return !crossed && !boxes.some(function (o) {
      return o.x < b.x + b.width && b.x < o.x + o.width && o.y < b.y + b.height && b.y < o.y + o.height;
    });
  }

  function segmentMeetsBox(a, b, box) {
    // Liang-Barsky: does the segment a-b enter the box?
    var t0 = 0, t1 = 1, dx = b[0] - a[0], dy = b[1] - a[1];
    var p = [-dx, dx, -dy, dy];
    var q = [a[0] - box.x, box.x + box.width - a[0], a[1] - box.y, box.y + box.height - a[1]];
    for (var k = 0; k < 4; k++) {
      if (p[k] === 0) { if (q[k] < 0) { return false; } continue; }
      var r = q[k] / p[k];
      if (p[k] < 0) { t0 = Math.max(t0, r); } else { t1 = Math.min(t1, r); }
      if (t0 > t1) { return false; }
    }
    return true;
  }

  function badge(item, at, size, verdict) {
    // Draw one verdict centred at ``at`` on a white box; return the box.
    var svgNS = "http://www.w3.org/2000/svg";
    var t = document.createElementNS(svgNS, "text");
    t.setAttribute("x", at.x.toFixed(2));
    t.setAttribute("y", (at.y + 0.36 * size).toFixed(2));  // centred: digits' ink
    t.setAttribute("font-size", size.toFixed(2));
    t.setAttribute("font-weight", "bold");
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("class", "badge " + (verdict === "right" ? "ok" : "bad"));
    t.textContent = verdict === "right" ? "\u2713" : verdict === "missing" ? "!" : "\u2717";
    var box = document.createElementNS(svgNS, "rect");
    box.setAttribute("class", "badge-box");
    box.setAttribute("fill", "white");
    item.g.appendChild(box);
    item.g.appendChild(t);
    var b = inkBox(t.getBBox());
    box.setAttribute("x", (b.x - 0.5).toFixed(2));
    box.setAttribute("y", b.y.toFixed(2));
    box.setAttribute("width", (b.width + 1).toFixed(2));
    box.setAttribute("height", b.height.toFixed(2));
    return b;
  }

  function cutSpot(item) {
    // The centre of the edge's cut mark and the half length of its strokes (the page
    // draws every edge's mark, hidden until marked); the edge's middle without one.
    var strokes = item.g.querySelectorAll(".cut line");
    if (!strokes.length) {
      var l = item.line;
      return { x: (Number(l.getAttribute("x1")) + Number(l.getAttribute("x2"))) / 2,
               y: (Number(l.getAttribute("y1")) + Number(l.getAttribute("y2"))) / 2, half: 6 };
    }
    var x = 0, y = 0, half = 0;
    strokes.forEach(function (s) {
      var x1 = Number(s.getAttribute("x1")), y1 = Number(s.getAttribute("y1"));
      var x2 = Number(s.getAttribute("x2")), y2 = Number(s.getAttribute("y2"));
      x += (x1 + x2) / (2 * strokes.length);
      y += (y1 + y2) / (2 * strokes.length);
      half = Math.max(half, Math.hypot(x2 - x1, y2 - y1) / 2);
    });
    return { x: x, y: y, half: half };
  }

  function check() { showFindings(grade()); }

  function showFindings(found) {
    // The verdicts of a check (the page's own grading, or the checker's report that the
    // notebook widget's check() sends): on the tree, in the answer table, and listed.
    var K = key();
    var leafOf = {};
    K.leaves.forEach(function (leaf, pos) { leafOf[leaf[0]] = pos; });
    lastFindings = found.map(function (f) {
      // The page grades leaf by leaf; the checker's report (the widget's check()) gives
      // one finding for the leaves of a cut-off subtree, naming them in f.leaves.
      var names = f.leaves && f.leaves.length ? f.leaves.map(function (n) { return "pruned " + n; })
        : [f.item];
      f.leafPositions = names.map(function (n) { return leafOf[n]; })
        .filter(function (pos) { return pos !== undefined; });
      return f;
    });
    inner().forEach(function (i) {
      lastFindings.forEach(function (f) {
        if (f.item === name(i)) { f.node = i; f.kind = "values"; }
        if (f.item === "alpha " + name(i)) { f.node = i; f.kind = "alpha"; }
        if (f.item === "beta " + name(i)) { f.node = i; f.kind = "beta"; }
      });
    });
    state.checked = true;
    state.everChecked = true;
    save();
    renderPractice();
    function items(list) { return list.reduce(function (n, f) { return n + (f.count || 1); }, 0); }
    var right = items(lastFindings.filter(function (f) { return f.verdict === "correct"; }));
    var total = items(lastFindings);
    var unanswered = 0;
    ["values", "alpha", "beta"].forEach(function (t) {
      if (asked(t)) { inner().forEach(function (i) { if (!(state[t][i] || "").trim()) { unanswered++; } }); }
    });
    $("score").textContent = "Score: " + right + "/" + total +
      (right === total ? " \u2014 all right." : "") +
      (unanswered ? " (" + unanswered + " box" + (unanswered > 1 ? "es" : "") + " left empty: not graded)" : "");
    var list = $("findings");
    list.innerHTML = "";
    var words = { correct: "right", wrong: "WRONG", missing: "MISSING", extra: "EXTRA", malformed: "UNREADABLE" };
    lastFindings.forEach(function (f) {
      var li = document.createElement("li");
      li.className = f.verdict === "correct" ? "ok" : "bad";
      li.setAttribute("data-item", f.item);
      li.setAttribute("data-verdict", f.verdict);
      var head = document.createElement("span");
      head.className = "verdict";
      head.textContent = (f.verdict === "correct" ? "\u2713 " : "\u2717 ") + words[f.verdict] + ": " + f.item;
      li.appendChild(head);
      var detail = [];
      if (f.given) { detail.push("given " + f.given); }
      if (f.verdict !== "correct" && f.expected) { detail.push("expected " + f.expected); }
      if (detail.length) { li.appendChild(document.createTextNode(" (" + detail.join("; ") + ")")); }
      var why = document.createElement("span");
      why.className = "why";
      why.textContent = f.explanation;
      li.appendChild(why);
      f.notes.forEach(function (n) {
        var note = document.createElement("span");
        note.className = "note";
        note.textContent = "Note: " + n;
        li.appendChild(note);
      });
      list.appendChild(li);
    });
  }

  function buildRows() {
    var ex = exercise();
    var head = $("answer-head");
    var cols = ["values", "alpha", "beta"].filter(asked);
    var titles = { values: "value", alpha: "\u03b1 (at exit)", beta: "\u03b2 (at exit)" };
    head.innerHTML = "<th scope=\"col\">node</th>";
    cols.forEach(function (t) {
      var th = document.createElement("th");
      th.scope = "col";
      th.textContent = titles[t];
      head.appendChild(th);
    });
    $("answers").hidden = !cols.length;
    var body = $("answer-rows");
    body.innerHTML = "";
    inner().forEach(function (i) {
      var tr = document.createElement("tr");
      tr.id = "row-" + i;
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = name(i) + " (" + ex.nodes[i].kind + ")";
      tr.appendChild(th);
      cols.forEach(function (t) {
        var td = document.createElement("td");
        var input = document.createElement("input");
        input.type = "text";
        input.id = "in-" + t + "-" + i;
        input.setAttribute("aria-label", titles[t] + " at " + name(i));
        input.setAttribute("autocomplete", "off");
        input.setAttribute("inputmode", "text");
        input.oninput = function () { state[t][i] = input.value; changed(); };
        input.onfocus = function () { tr.className = "focus"; };
        input.onblur = function () { tr.className = ""; };
        td.appendChild(input);
        var hint = document.createElement("span");
        hint.id = "key-" + t + "-" + i;
        hint.className = "hint";
        td.appendChild(hint);
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    var move = $("move");
    $("move-box").hidden = !asked("move");
    move.innerHTML = "<option value=\"\">(choose)</option>";
    ex.nodes[0].children.forEach(function (c) {
      var o = document.createElement("option");
      o.value = String(c);
      o.textContent = ex.nodes[c].move ? ex.nodes[c].move + " (to " + name(c) + ")" : name(c);
      move.appendChild(o);
    });
  }

  function instructions() {
    var parts = [];
    if (asked("pruned")) {
      parts.push("Click (or Tab to and press Enter on) each edge the search prunes; click again to undo.");
    }
    if (asked("values")) {
      parts.push("Type each internal node's value (a bound as <=2 or >=5; " +
        "\u201cpruned\u201d for a node never searched).");
    }
    if (asked("alpha") || asked("beta")) {
      parts.push("Type alpha and beta as they are when the search leaves each node.");
    }
    if (asked("move")) { parts.push("Choose the best move at the root."); }
    parts.push("Then press Check. " + (host.kept || "Your answers are kept in this browser."));
    return parts.join(" ");
  }

  function setupPractice() {
    $("practice-panel").hidden = false;
    $("instructions").textContent = instructions();
    $("check").onclick = check;
    $("reset").onclick = function () {
      var c = state.conv;
      state = fresh();
      state.conv = c;
      lastFindings = [];
      changed();
    };
    $("solution").onclick = function () { state.shown = !state.shown; save(); renderPractice(); };
    $("export").onclick = download;
    $("move").onchange = function () {
      state.move = $("move").value === "" ? null : Number($("move").value);
      changed();
    };
    var saved = 0;
    try { saved = Number(storage.current() || 0); } catch (e) { saved = 0; }
    if (saved > 0 && saved < DATA.exercises.length) { switchExercise(saved); }
  }

  function toggleCut(j) {
    if (state.cuts[j]) { delete state.cuts[j]; } else { state.cuts[j] = true; }
    changed();
  }

  // A click or tap marks the edge nearest to it (within HIT pixels): every point of the
  // drawing belongs to at most one edge, so no edge's neighbour takes its clicks.
  var HIT = 16;

  function nearestEdge(k, clientX, clientY) {
    var E = elements(k);
    var svg = E.base.svg;
    var m = svg.getScreenCTM();
    if (!m) { return -1; }
    var p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    var limit = HIT / Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    var best = -1;
    var bestDistance = limit;
    E.edges.forEach(function (item, j) {
      var l = item.ends || (item.ends = ["x1", "y1", "x2", "y2"].map(function (a) {
        return Number(item.line.getAttribute(a));
      }));
      var dx = l[2] - l[0], dy = l[3] - l[1];
      var t = dx || dy ? ((p.x - l[0]) * dx + (p.y - l[1]) * dy) / (dx * dx + dy * dy) : 0;
      t = Math.max(0, Math.min(1, t));
      var d = Math.hypot(p.x - l[0] - t * dx, p.y - l[1] - t * dy);
      if (d < bestDistance) { bestDistance = d; best = j; }
    });
    return best;
  }

  function bindPracticeDrawing() {
    var E = elements(exIndex);
    var k = exIndex;
    if (!E.clicks) {
      E.clicks = true;
      var svg = E.base.svg;
      svg.addEventListener("click", function (ev) {
        var node = ev.target.closest ? ev.target.closest("g.node") : null;
        if (node && node.hasAttribute("data-answer")) { return; }  // its own answer box
        var j = nearestEdge(k, ev.clientX, ev.clientY);
        if (j >= 0) { toggleCut(j); }
      });
      var hovered = -1;
      svg.addEventListener("mousemove", function (ev) {
        var node = ev.target.closest ? ev.target.closest("g.node") : null;
        var j = node && node.hasAttribute("data-answer") ? -1 : nearestEdge(k, ev.clientX, ev.clientY);
        if (j === hovered) { return; }
        if (hovered >= 0) { E.edges[hovered].g.classList.remove("hover"); }
        if (j >= 0) { E.edges[j].g.classList.add("hover"); }
        hovered = j;
        svg.style.cursor = j >= 0 ? "pointer" : "";
      });
      svg.addEventListener("mouseleave", function () {
        if (hovered >= 0) { E.edges[hovered].g.classList.remove("hover"); }
        hovered = -1;
      });
    }
    E.edges.forEach(function (item, j) {
      if (item.bound) { return; }
      item.bound = true;
      item.g.setAttribute("tabindex", "0");
      item.g.setAttribute("role", "button");
      item.g.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); toggleCut(j); }
      });
    });
    E.nodes.forEach(function (item, i) {
      if (item.bound || exercise().nodes[i].kind === "LEAF") { return; }
      item.bound = true;
      item.g.setAttribute("tabindex", "0");
      item.g.setAttribute("data-answer", "");
      var go = function () {
        var input = scope.querySelector('#row-' + i + ' input');
        if (input) { input.focus(); }
      };
      item.g.addEventListener("click", go);
      item.g.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); }
      });
    });
  }

  // ------------------------------------------------------------------ editing the tree
  // With host.onEdit an instructor edits the tree: a click picks a node (instead of
  // marking an edge or opening an answer box), the edit bar says what it can do, and
  // each edit goes to the host, which makes the new tree and mounts its page.
  var editing = false;
  var selected = -1;

  function setupEditing() {
    if (!host.onEdit) { return; }
    $("edit-set").onclick = function () { sendEdit("value", $("edit-value").value); };
    $("edit-value").onkeydown = function (ev) {
      if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); sendEdit("value", $("edit-value").value); }
    };
    $("edit-swap").onclick = function () { sendEdit("swap", null); };
    $("edit-add").onclick = function () { sendEdit("add", null); };
    $("edit-remove").onclick = function () { sendEdit("remove", null); };
    var view = $("viewport");
    // The capture phase runs before the drawing's own listeners, which it then stops.
    view.addEventListener("click", function (ev) {
      if (!editing) { return; }
      ev.stopPropagation();
      ev.preventDefault();
      var g = ev.target.closest ? ev.target.closest("g.node") : null;
      select(g ? nodeNumber(g) : -1);
    }, true);
    view.addEventListener("keydown", function (ev) {
      if (!editing || (ev.key !== "Enter" && ev.key !== " ")) { return; }
      var g = ev.target.closest ? ev.target.closest("g.node, g.edge") : null;
      if (!g) { return; }
      ev.stopPropagation();
      ev.preventDefault();
      if (g.classList.contains("node")) { select(nodeNumber(g)); }
    }, true);
  }

  function nodeNumber(g) { return Number(g.id.slice(prefix(exIndex).length + 1)); }

  function setEditing(on) {
    editing = !!on && !!host.onEdit;
    $("edit-bar").hidden = !editing;
    $("viewport").classList.toggle("editing", editing);
    if (!editing) { select(-1); } else { showEditing(); }
  }

  function select(i) {
    var nodes = exercise().nodes;
    selected = i >= 0 && i < nodes.length ? i : -1;
    var input = $("edit-value");
    input.value = "";
    var node = selected >= 0 ? nodes[selected] : null;
    if (node && node.kind === "LEAF") {
      var text = elements(exIndex).nodes[selected].value;
      input.value = text ? text.textContent.replace(/\u2212/g, "-") : "";
    }
    $("edit-message").textContent = "";
    showEditing();
    if (editing && node && node.kind === "LEAF") { input.focus(); input.select(); }
  }

  function showEditing() {
    var E = elements(exIndex);
    E.nodes.forEach(function (item, i) { item.g.classList.toggle("edit-selected", editing && i === selected); });
    var node = editing && selected >= 0 ? exercise().nodes[selected] : null;
    var kind = node ? node.kind : "";
    var real = ["MAX", "MIN", "CHANCE", "LEAF"].indexOf(kind) >= 0;  // not a view's stub
    $("edit-node").textContent = node ? node.name + " (" + kindName(kind) + ")" : "click a node.";
    $("edit-value-box").hidden = $("edit-set").hidden = kind !== "LEAF";
    $("edit-swap").hidden = kind !== "MAX" && kind !== "MIN";
    $("edit-add").hidden = !real;
    $("edit-remove").hidden = !real || node.parent === null;
  }

  function sendEdit(edit, value) {
    if (editing && selected >= 0) { host.onEdit({ edit: edit, node: selected, value: value }); }
  }

  // ------------------------------------------------------------------ exercises, conventions
  function switchExercise(k) {
    play(false);
    scope.querySelectorAll(".drawing").forEach(function (d) {
      d.hidden = Number(d.getAttribute("data-exercise")) !== k;
    });
    exIndex = k;
    updateNav();
    scale = openScale();
    applyZoom();
    showRoot();
    if (DATA.mode === "practice") {
      state = load(k);
      lastFindings = [];
      state.checked = false;
      buildRows();
      bindPracticeDrawing();
      renderPractice();
      save();
    } else {
      showStep(0);
    }
  }

  function updateNav() {
    $("heading").textContent = exercise().title;
    if (host.title) { host.title(exercise().title); }
    $("exercise-count").textContent = "Exercise " + (exIndex + 1) + " of " + DATA.exercises.length;
    $("prev-exercise").disabled = exIndex === 0;
    $("next-exercise").disabled = exIndex === DATA.exercises.length - 1;
  }

  function chooseConvention(c) {
    if (DATA.mode === "practice") {
      state.conv = c;
      buildRows();
      changed();
    } else {
      conv = c;
      play(false);
      $("convention-text").textContent = DATA.conventions[conv].label;
      showStep(Math.min(position, trace().steps.length));
    }
  }

  function setupCommon() {
    if (DATA.exercises.length > 1) {
      $("exercise-nav").hidden = false;
      $("prev-exercise").onclick = function () { switchExercise(exIndex - 1); };
      $("next-exercise").onclick = function () { switchExercise(exIndex + 1); };
    }
    if (DATA.conventions.length > 1) {
      $("convention-box").hidden = false;
      var sel = $("convention");
      DATA.conventions.forEach(function (c, i) {
        var o = document.createElement("option");
        o.value = String(i);
        o.textContent = c.label;
        sel.appendChild(o);
      });
      sel.onchange = function () { chooseConvention(Number(sel.value)); };
    }
    $("convention-text").textContent = DATA.conventions[0].label;
    $("zoom-in").onclick = function () { scale = Math.min(6, scale * 1.25); applyZoom(); };
    $("zoom-out").onclick = function () { scale = Math.max(0.2, scale / 1.25); applyZoom(); };
    $("zoom-fit").onclick = function () { scale = fitScale(false); applyZoom(); };
    $("viewport").addEventListener("wheel", function (ev) {
      if (!ev.ctrlKey) { return; }
      ev.preventDefault();
      scale = Math.max(0.2, Math.min(6, scale * (ev.deltaY < 0 ? 1.1 : 1 / 1.1)));
      applyZoom();
    }, { passive: false });
  }

  setupCommon();
  updateNav();
  // The panel beside the tree shows first, so that "fit" measures the room left for it.
  $(DATA.mode === "practice" ? "practice-panel" : "explore-panel").hidden = false;
  scale = openScale();
  applyZoom();
  showRoot();
  if (DATA.mode === "practice") {
    state = load(0);
    state.checked = false;
    buildRows();
    bindPracticeDrawing();
    setupPractice();
    renderPractice();
  } else {
    setupExplore();
  }
  setupEditing();

  // For scripts and tests (window.gametreePage) and the notebook widget: what the page
  // shows and what it would export.
  return {
    data: DATA,
    go: function (p) { showStep(p); return position; },
    position: function () { return position; },
    grade: function () { return grade(); },
    check: function () { check(); return lastFindings; },
    exportText: function () { return exportText(); },
    setAnswers: function (answers) {
      var s = fresh();
      s.conv = answers.conv || 0;
      (answers.cuts || []).forEach(function (j) { s.cuts[j] = true; });
      ["values", "alpha", "beta"].forEach(function (t) {
        Object.keys(answers[t] || {}).forEach(function (i) { s[t][i] = answers[t][i]; });
      });
      s.move = answers.move === undefined ? null : answers.move;
      state = s;
      changed();
    },
    exercise: function (k) { if (k !== undefined) { switchExercise(k); } return exIndex; },
    edgeAt: function (clientX, clientY) { return nearestEdge(exIndex, clientX, clientY); },
    showFindings: function (findings) { showFindings(findings); return lastFindings; },
    convention: function (c) {
      if (c !== undefined && c >= 0 && c < DATA.conventions.length) {
        if (DATA.conventions.length > 1) { $("convention").value = String(c); }
        chooseConvention(c);
      }
      return DATA.mode === "practice" ? state.conv : conv;
    },
    answers: function () { return JSON.parse(JSON.stringify(state)); },
    steps: function () { return DATA.mode === "practice" ? 0 : trace().steps.length; },
    refit: function () { scale = openScale(); applyZoom(); showRoot(); },
    stop: function () { play(false); },
    editing: function (on) { if (on !== undefined) { setEditing(on); } return editing; },
    select: function (i) { if (i !== undefined) { select(i); } return selected; },
    editMessage: function (text) { $("edit-message").textContent = text; }
  };
}

function pageStorage(id) {
  // The self-contained page keeps each exercise's answers in the browser's local storage.
  "use strict";
  var key = function (k) { return "gametree:" + id + ":" + k; };
  return {
    load: function (k) { return JSON.parse(window.localStorage.getItem(key(k)) || "null"); },
    save: function (k, state) {
      window.localStorage.setItem(key(k), JSON.stringify(state));
      window.localStorage.setItem(key("current"), String(k));
    },
    current: function () { return window.localStorage.getItem(key("current")); }
  };
}
