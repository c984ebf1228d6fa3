// replay.js: the recorded run. Position p means "the first p steps have been taken" (of every
// automaton of a system, in the order the steps ended; automata/runtime/timeline.py); the page
// shows step p: the automaton that took it (its graph, state and arc lit), where it is (A0 › A1),
// its protocol, inputs, outputs, and the picture. The root carries data-step and data-picture-step.
const steps = data.steps;
const total = steps.after.length;
const names = data.names;
const system = names.length > 1;
if (!steps.event) steps.event = new Int32Array(total);
if (!system) {
  // One automaton: each step starts where the one before ended, and nothing runs inside a step.
  steps.before = Int32Array.from({ length: total }, (_, at) => (at === 0 ? automata[data.root].initial : steps.after[at - 1]));
  steps.who = new Int32Array(total);
  steps.parent = new Int32Array(total).fill(-1);
}
const album = data.album;
const denseCount = album.dense.length; // positions 0 .. denseCount - 1 each have a frame
const frameCount = denseCount + album.frames.length;
const framePosition = (index) => (index < denseCount ? index : album.frames[index - denseCount][0]);
const frameRef = (index) => (index < denseCount ? album.dense[index] : album.frames[index - denseCount][1]);
const children = new Int32Array(total); // how many steps ran inside each step
steps.parent.forEach((parent) => { if (parent >= 0) children[parent] += 1; });
let current = -1;
let shownInputs = null; // the automaton whose inputs the table lists

function automatonAt(position) {
  return position === 0 ? data.root : names[steps.who[position - 1]];
}

function stateAt(position) {
  return position === 0 ? automata[data.root].initial : steps.after[position - 1];
}

function readingsOf(index) {
  return data.inputSets[steps.inputs[index]];
}

function inputLine(automaton, name, value) {
  const doc = automata[automaton].inputs[name];
  if (name.startsWith("y")) {
    const [variable, number] = name.split("=");
    return `i ${automaton}.${variable} == ${number}: ${doc}? - ${value ? "YES" : "NO"}`;
  }
  return `i ${system ? `${automaton}.` : ""}${name}: ${doc} - ${value ? "YES" : "NO"}`;
}

function protocolLines(index) {
  // The protocol of one step, as `automata run --protocol` prints it (a system's lines name their
  // automaton; the steps that ran inside this one are summed up in one line).
  const automaton = names[steps.who[index]];
  const spec = automata[automaton];
  const before = steps.before[index];
  const lines = [line("start", `{ ${automaton}: started in ${stateName(automaton, before)} with event ${data.eventNames[steps.event[index]]}`)];
  if (children[index]) {
    const inside = [...new Set(steps.parent.map((parent, at) => (parent === index ? names[steps.who[at]] : null)).filter(Boolean))];
    lines.push(line("nested", `… ${children[index].toLocaleString("en")} steps of ${inside.join(", ")} ran inside this step (← goes back through them)`));
  }
  for (const [name, value] of readingsOf(index)) lines.push(line("input", inputLine(automaton, name, value)));
  const arc = steps.arc[index];
  if (arc >= 0) {
    for (const name of spec.arcs[arc].outputs) lines.push(line("output", `* ${system ? `${automaton}.` : ""}${name}: ${spec.outputs[name]}`));
    lines.push(line("transition", `T ${automaton}: moved from state ${before} to state ${steps.after[index]}`));
  }
  lines.push(line("finish", `} ${automaton}: finished in ${stateName(automaton, steps.after[index])}`));
  return lines;
}

function showWhere(position) {
  // A0 › A1: the automata whose steps are under way, each with the arc it is taking.
  const where = $("where");
  where.replaceChildren();
  if (!system) return;
  const chain = [];
  for (let index = position - 1; index >= 0; index = steps.parent[index]) chain.unshift(index);
  if (!chain.length) {
    where.textContent = `${data.root}: before its first step`;
    return;
  }
  chain.forEach((index, depth) => {
    const automaton = names[steps.who[index]];
    const part = document.createElement("span");
    part.className = depth === chain.length - 1 ? "here" : "caller";
    part.textContent = depth === chain.length - 1 ? automaton
      : `${automaton} (in ${stateName(automaton, steps.before[index])}, taking ${arcText(automaton, steps.arc[index])})`;
    if (depth) where.append(" › ");
    where.append(part);
  });
}

function showInputs(position) {
  const automaton = automatonAt(position);
  const body = $("inputs").tBodies[0];
  if (shownInputs !== automaton) {
    shownInputs = automaton;
    body.replaceChildren(...Object.entries(automata[automaton].inputs).map(([name, doc]) => {
      const row = document.createElement("tr");
      row.dataset.input = name;
      for (const [kind, text] of [["name", name.replace("=", " == ")], ["", doc], ["value", ""]]) {
        const cell = document.createElement("td");
        cell.className = kind;
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }));
  }
  const read = new Map(position > 0 ? readingsOf(position - 1) : []);
  body.querySelectorAll("tr[data-input]").forEach((row) => {
    const name = row.dataset.input;
    const cell = row.querySelector(".value");
    if (read.has(name)) {
      cell.textContent = read.get(name) ? "1 (yes)" : "0 (no)";
      row.className = read.get(name) ? "read yes" : "read no";
    } else {
      cell.textContent = "not read";
      row.className = "unread";
    }
  });
  const outputs = $("outputs");
  outputs.replaceChildren();
  const arc = position > 0 ? steps.arc[position - 1] : -1;
  const spec = automata[automaton];
  const ran = arc >= 0 ? spec.arcs[arc].outputs : [];
  for (const name of ran) outputs.append(line("output", `${name}: ${spec.outputs[name]}`));
  if (!ran.length) outputs.append(line("none", position > 0 ? "no output in this step" : "no step taken yet"));
}

// -- pictures: whole ones, and the lines that changed from one position to the next ----------------
let built = null; // {index, lines}: the last picture rebuilt, to step on from it cheaply

function frameFor(position) {
  // The last frame at or before `position` (binary search over the positions with a picture).
  let low = 0;
  let high = frameCount - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (framePosition(middle) <= position) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function pictureLines(index) {
  // A whole picture, then the lines that changed at each frame after it (only dense frames are deltas).
  let start = index;
  while (frameRef(start) < 0) start -= 1;
  let lines;
  let from;
  if (built && built.index >= start && built.index <= index) {
    ({ lines } = built);
    from = built.index;
  } else {
    lines = album.pictures[frameRef(start)].split("\n");
    from = start;
  }
  for (let at = from + 1; at <= index; at += 1) {
    const ref = frameRef(at);
    if (ref >= 0) {
      lines = album.pictures[ref].split("\n");
    } else {
      for (const [line0, remove, insert] of album.deltas[-ref - 1]) lines.splice(line0, remove, ...insert);
    }
  }
  built = { index, lines };
  return lines;
}

function showPicture(position) {
  if (!frameCount) return;
  const found = frameFor(position);
  const image = $("picture");
  const caption = $("picture-caption");
  if (found < 0) {
    image.removeAttribute("src");
    caption.textContent = "no picture yet";
    root.dataset.pictureStep = "";
    return;
  }
  const drawnAt = framePosition(found);
  const source = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pictureLines(found).join("\n"))}`;
  if (image.getAttribute("src") !== source) image.setAttribute("src", source);
  root.dataset.pictureStep = String(drawnAt);
  const when = drawnAt === 0 ? "before the first step" : `after step ${drawnAt.toLocaleString("en")}`;
  caption.textContent = drawnAt === position
    ? `The problem ${when}.`
    : `Keyframe ${when} (past step ${album.denseUntil.toLocaleString("en")} this long run keeps a picture every `
      + `${album.stride.toLocaleString("en")} steps, and at each step that matters).`;
  caption.classList.toggle("keyframe", drawnAt !== position);
}

function show(position) {
  position = Math.max(0, Math.min(total, position | 0));
  current = position;
  const automaton = automatonAt(position);
  const state = stateAt(position);
  const arc = position > 0 ? steps.arc[position - 1] : -1;
  litGraph(automaton, state, arc);
  root.dataset.step = String(position);
  $("step-number").value = String(position);
  $("scrubber").value = String(position);
  $("state-now").textContent = `${system ? `${automaton}: ` : ""}${stateName(automaton, state)}`;
  $("arc-now").textContent = position === 0 ? "—" : arc >= 0
    ? `${arcText(automaton, arc)} (${automata[automaton].arcs[arc].from} → ${automata[automaton].arcs[arc].to})`
    : "no arc: the state stayed";
  $("protocol").replaceChildren(...(position > 0 ? protocolLines(position - 1)
    : [line("none", `${data.root} starts in ${stateName(data.root, automata[data.root].initial)}; press → for the first step.`)]));
  showWhere(position);
  showInputs(position);
  showPicture(position);
  if (typeof showBeside === "function") showBeside(position);
  $("back").disabled = position === 0;
  $("next").disabled = position === total;
  let status = `step ${position.toLocaleString("en")} of ${total.toLocaleString("en")}`;
  if (position === total) status += ` — ${data.end.summary}`;
  $("status").textContent = status;
  $("status").classList.toggle("failed", position === total && Boolean(data.end.error));
}
