// simulate.js: the spec alone. The student sets the inputs (a switch per x, the event, the tested
// automata's states), the page evaluates every arc of the current state literal by literal, in the
// order the automaton tries them, and Fire takes the first enabled one. Back undoes a step. The
// root keeps data-automaton, data-state and data-step (steps fired); hooks for tests and tools:
// [data-input], [data-event], [data-test], [data-action="fire"], and per literal [data-literal].
let simulated = data.root;
let state = automata[simulated].initial;
let history = []; // [{state, arc, values}] of the steps fired, to undo them
const values = {}; // x1 -> true/false, y2 -> a state number, "event" -> an event name

function evaluate(tree) {
  switch (tree[0]) {
    case "1": return true;
    case "0": return false;
    case "x": return Boolean(values[tree[1]]);
    case "y": return Number(values[tree[1]]) === tree[2];
    case "!": return !evaluate(tree[1]);
    case "&": return tree.slice(1).every(evaluate);
    default: return tree.slice(1).some(evaluate);
  }
}

function literals(tree, out = []) {
  // The guard's literals, left to right: an input or a state test, negated or not.
  if (tree[0] === "x" || tree[0] === "y") out.push(tree);
  else if (tree[0] === "!" && (tree[1][0] === "x" || tree[1][0] === "y")) out.push(tree);
  else if (tree[0] === "!" || tree[0] === "&" || tree[0] === "|") tree.slice(1).forEach((part) => literals(part, out));
  return out;
}

function literalText(tree) {
  if (tree[0] === "x") return tree[1];
  if (tree[0] === "y") return `${tree[1]} == ${tree[2]}`;
  const inner = tree[1];
  return inner[0] === "x" ? `!${inner[1]}` : `${inner[1]} != ${inner[2]}`;
}

function candidates() {
  // The arcs of the current state on the chosen event, in the order the automaton tries them.
  const spec = automata[simulated];
  const event = values.event || spec.event;
  return spec.order.filter((arc) => spec.arcs[arc].from === state && spec.arcs[arc].event === event);
}

function firing() {
  return candidates().find((arc) => evaluate(automata[simulated].arcs[arc].guard));
}

function buildInputs() {
  // One control per input the simulated automaton reads, its event choice, and its state tests.
  const spec = automata[simulated];
  const events = Object.keys(spec.events);
  const eventBox = $("events");
  eventBox.replaceChildren();
  if (events.length > 1) {
    values.event = values.event && events.includes(values.event) ? values.event : spec.event;
    for (const name of events) {
      const label = document.createElement("label");
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = "event";
      radio.value = name;
      radio.dataset.event = name;
      radio.checked = values.event === name;
      radio.addEventListener("change", () => { values.event = name; render(); });
      label.append(radio, ` ${name}: ${spec.events[name]}`);
      eventBox.append(label);
    }
  } else {
    delete values.event;
  }
  const box = $("switches");
  box.replaceChildren();
  for (const [name, doc] of Object.entries(spec.inputs)) {
    if (name.startsWith("y")) continue;
    const label = document.createElement("label");
    const check = document.createElement("input");
    check.type = "checkbox";
    check.dataset.input = name;
    check.checked = Boolean(values[name]);
    check.addEventListener("change", () => { values[name] = check.checked; render(); });
    const text = document.createElement("span");
    text.textContent = ` ${name}: ${doc}`;
    label.append(check, text);
    box.append(label);
  }
  for (const [variable, states] of Object.entries(spec.tests)) {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.dataset.test = variable;
    for (const [number, name] of states) {
      const option = document.createElement("option");
      option.value = String(number);
      option.textContent = `${number}${name ? `. ${name}` : ""}`;
      select.append(option);
    }
    if (values[variable] === undefined) values[variable] = states.length ? states[0][0] : 0;
    select.value = String(values[variable]);
    select.addEventListener("change", () => { values[variable] = Number(select.value); select.blur(); render(); });
    label.append(`${variable} (the state of A${variable.slice(1)}) `, select);
    box.append(label);
  }
}

function render() {
  const spec = automata[simulated];
  const fires = firing();
  litGraph(simulated, state, history.length ? history[history.length - 1].arc : -1);
  graphs.get(simulated).box.querySelectorAll(".would-fire").forEach((edge) => edge.classList.remove("would-fire"));
  if (fires !== undefined) graphs.get(simulated).arcs.get(fires).classList.add("would-fire");
  root.dataset.step = String(history.length);
  $("state-now").textContent = `${Object.keys(automata).length > 1 ? `${simulated}: ` : ""}${stateName(simulated, state)}`;
  $("fired-count").textContent = String(history.length);
  const list = $("arcs");
  list.replaceChildren();
  for (const arc of candidates()) {
    const found = spec.arcs[arc];
    const item = document.createElement("li");
    item.dataset.arc = String(arc);
    const enabled = evaluate(found.guard);
    item.className = arc === fires ? "fires" : enabled ? "enabled" : "disabled";
    const head = document.createElement("div");
    head.textContent = `${arcText(simulated, arc)} → ${stateName(simulated, found.to)}: `
      + (arc === fires ? "fires" : enabled ? "enabled, but an arc tried before it fires" : "not enabled");
    item.append(head);
    const parts = document.createElement("div");
    parts.className = "literals";
    const shown = literals(found.guard);
    if (!shown.length) parts.textContent = found.guard[0] === "0" ? "guard 0: never" : "no condition: always enabled";
    for (const literal of shown) {
      const value = evaluate(literal);
      const chip = document.createElement("span");
      chip.className = value ? "literal yes" : "literal no";
      chip.dataset.literal = literalText(literal);
      chip.dataset.value = value ? "1" : "0";
      chip.textContent = `${literalText(literal)} = ${value ? 1 : 0}`;
      parts.append(chip);
    }
    item.append(parts);
    list.append(item);
  }
  if (!list.children.length) {
    const none = spec.states.find((entry) => entry[0] === state);
    list.append(line("none", none && none[2] ? "a final state: no arc leaves it"
      : `no arc leaves this state on ${values.event || spec.event}`));
  }
  const current = spec.states.find((entry) => entry[0] === state);
  let status;
  if (current && current[2]) status = `${stateName(simulated, state)} is final: the run is over (Back or Reset to go on).`;
  else if (fires !== undefined) status = `${arcText(simulated, fires)} fires: Fire takes it.`;
  else if (current && current[3]) status = "No arc fires: Fire takes a step in which the automaton stays (may_stay).";
  else status = "No arc is enabled with these inputs: a run would stop here with an error.";
  $("status").textContent = status;
  $("fire").disabled = (fires === undefined && !(current && current[3])) || Boolean(current && current[2]);
  $("undo").disabled = !history.length;
}

function fire() {
  const arc = firing();
  const spec = automata[simulated];
  const current = spec.states.find((entry) => entry[0] === state);
  if (current && current[2]) return;
  const on = Object.keys(spec.events).length > 1 ? ` on ${values.event}` : "";
  if (arc === undefined) {
    if (!(current && current[3])) return;
    history.push({ state, arc: -1, values: { ...values } });
    $("outputs").replaceChildren(line("none", `no arc fires${on}: the automaton stays in ${stateName(simulated, state)}`));
    $("history").append(line("none", `#${history.length} stayed in ${stateName(simulated, state)}${on}`));
    render();
    return;
  }
  const found = spec.arcs[arc];
  history.push({ state, arc, values: { ...values } });
  state = found.to;
  const outputs = $("outputs");
  outputs.replaceChildren(line("transition", `${arcText(simulated, arc)}: state ${found.from} → ${stateName(simulated, found.to)}`));
  for (const name of found.outputs) outputs.append(line("output", `${name}: ${spec.outputs[name]}`));
  if (!found.outputs.length) outputs.append(line("none", "no output"));
  const read = literals(found.guard).map((literal) => `${literalText(literal)} = ${evaluate(literal) ? 1 : 0}`).join(", ");
  $("history").append(line("transition", `#${history.length} ${stateName(simulated, found.from)} → ${found.to}${on} by arc `
    + `${found.number} (${read || "no condition"})${found.outputs.length ? ` / ${found.outputs.join(", ")}` : ""}`));
  render();
}

function undo() {
  const last = history.pop();
  if (!last) return;
  state = last.state;
  Object.assign(values, last.values);
  const list = $("history");
  if (list.lastChild) list.lastChild.remove();
  $("outputs").replaceChildren(line("none", `step ${history.length + 1} undone`));
  buildInputs();
  render();
}

function restart(automaton) {
  simulated = automaton;
  state = automata[automaton].initial;
  history = [];
  $("history").replaceChildren();
  $("outputs").replaceChildren(line("none", "no step fired yet"));
  buildInputs();
  render();
}

$("fire").addEventListener("click", fire);
$("undo").addEventListener("click", undo);
$("reset").addEventListener("click", () => restart(simulated));
if ($("automaton-choice")) $("automaton-choice").addEventListener("change", (event) => restart(event.target.value));
onStateChosen((automaton, number) => {
  if (automaton !== simulated) return;
  history.push({ state, arc: -1, values: { ...values } });
  state = number;
  $("history").append(line("none", `#${history.length} put in ${stateName(automaton, number)}`));
  render();
});
document.addEventListener("keydown", (event) => {
  if (!keyTarget(event)) return;
  const keys = { ArrowRight: fire, Enter: fire, ArrowLeft: undo, Home: () => restart(simulated), ...viewKeys };
  if (/^[1-9]$/.test(event.key)) {
    const check = document.querySelector(`[data-input="x${event.key}"]`);
    if (check) keys[event.key] = () => { check.checked = !check.checked; values[`x${event.key}`] = check.checked; render(); };
  }
  if (keys[event.key]) {
    event.preventDefault();
    keys[event.key]();
  }
});

restart(simulated);
root.dataset.ready = "true";
