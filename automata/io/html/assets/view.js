// view.js: what the replay and the simulator share. The page's data, the transition graph of each
// automaton (one shown at a time, its state and arc lit), zoom and pan, projector mode, and keyboard
// access to the states. No framework, no network; every text from the spec or the run reaches the
// page through textContent, never as markup. The page's root carries data-automaton and data-state.
const data = JSON.parse(document.getElementById("run-data").textContent);
const root = document.documentElement;
const automata = data.automata;
const $ = (id) => document.getElementById(id);

function stateName(automaton, number) {
  const state = automata[automaton].states.find((entry) => entry[0] === number);
  return state ? `state ${number} (${state[1]})` : `state ${number}`;
}

function arcText(automaton, arc) {
  const found = automata[automaton].arcs[arc];
  return `arc ${found.number}: ${found.label}`;
}

function line(kind, text) {
  const item = document.createElement("li");
  item.className = `line-${kind}`;
  item.textContent = text;
  return item;
}

// -- the graphs ---------------------------------------------------------------------------------
const graphs = new Map(); // automaton -> {box, svg, nodes, arcs, base, view}
document.querySelectorAll("#graph .automaton-graph").forEach((box) => {
  const svg = box.querySelector("svg");
  const nodes = new Map();
  box.querySelectorAll("[data-state]").forEach((node) => nodes.set(Number(node.dataset.state), node));
  const arcs = new Map();
  box.querySelectorAll("[data-arc]").forEach((edge) => arcs.set(Number(edge.dataset.arc), edge));
  const box0 = svg.viewBox.baseVal;
  const base = [box0.x, box0.y, box0.width, box0.height];
  graphs.set(box.dataset.automaton, { box, svg, nodes, arcs, base, view: base.slice() });
});

function litGraph(automaton, state, arc) {
  // Show `automaton`'s graph alone, with `state` and `arc` (-1: none) lit; the root says which.
  graphs.forEach((graph, name) => { graph.box.hidden = name !== automaton; });
  const graph = graphs.get(automaton);
  graph.box.querySelectorAll(".current").forEach((node) => node.classList.remove("current"));
  graph.box.querySelectorAll(".taken").forEach((edge) => edge.classList.remove("taken"));
  const node = graph.nodes.get(state);
  if (node) node.classList.add("current");
  if (arc >= 0 && graph.arcs.has(arc)) graph.arcs.get(arc).classList.add("taken");
  root.dataset.automaton = automaton;
  root.dataset.state = String(state);
  if (node) keepInView(graph, node);
}

function setView(graph, view) {
  graph.view = view;
  graph.svg.setAttribute("viewBox", view.map((value) => value.toFixed(2)).join(" "));
}

function zoom(factor) {
  const graph = graphs.get(root.dataset.automaton);
  const [x, y, width, height] = graph.view;
  const scale = Math.min(Math.max(width / factor, graph.base[2] / 12), graph.base[2]) / width;
  const newWidth = width * scale;
  const newHeight = height * scale;
  setView(graph, [x + (width - newWidth) / 2, y + (height - newHeight) / 2, newWidth, newHeight]);
}

function fit() {
  const graph = graphs.get(root.dataset.automaton);
  setView(graph, graph.base.slice());
}

const PROJECTOR_ZOOM = 1.8;

function keepInView(graph, node, centre = false) {
  // A zoomed graph pans to the current state; a tall page scrolls to it.
  const box = graph.svg.getBoundingClientRect();
  const place = node.getBoundingClientRect();
  if (!box.width || !place.width) return;
  const [x, y, width, height] = graph.view;
  if (width < graph.base[2] - 0.01) {
    const cx = x + ((place.left + place.width / 2 - box.left) * width) / box.width;
    const cy = y + ((place.top + place.height / 2 - box.top) * height) / box.height;
    const inside = cx > x + width * 0.1 && cx < x + width * 0.9 && cy > y + height * 0.1 && cy < y + height * 0.9;
    if (!inside || centre) setView(graph, [cx - width / 2, cy - height / 2, width, height]);
  }
  const after = node.getBoundingClientRect();
  if (after.top < 0 || after.bottom > window.innerHeight) node.scrollIntoView({ block: "center", inline: "nearest" });
}

graphs.forEach((graph) => {
  // Drag to pan a zoomed graph; Ctrl + wheel (a pinch) zooms.
  let drag = null;
  graph.svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest("[data-state]")) return;
    drag = { x: event.clientX, y: event.clientY, view: graph.view.slice() };
    graph.svg.setPointerCapture(event.pointerId);
  });
  graph.svg.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const box = graph.svg.getBoundingClientRect();
    const [x, y, width, height] = drag.view;
    setView(graph, [x - ((event.clientX - drag.x) * width) / box.width, y - ((event.clientY - drag.y) * height) / box.height,
      width, height]);
  });
  graph.svg.addEventListener("pointerup", () => { drag = null; });
  graph.svg.addEventListener("wheel", (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    zoom(event.deltaY < 0 ? 1.25 : 0.8);
  }, { passive: false });
});

function setProjector(on) {
  // Large type, one column, and a close-up of the graph that follows the current state.
  root.classList.toggle("projector", on);
  const button = document.querySelector('[data-action="projector"]');
  if (button) button.setAttribute("aria-pressed", String(on));
  const graph = graphs.get(root.dataset.automaton);
  fit();
  if (!on || !graph) return;
  zoom(PROJECTOR_ZOOM);
  const node = graph.nodes.get(Number(root.dataset.state));
  if (node) keepInView(graph, node, true);
}

const viewActions = {
  "zoom-in": () => zoom(1.25),
  "zoom-out": () => zoom(0.8),
  fit: () => fit(),
  projector: () => setProjector(!root.classList.contains("projector")),
};
document.querySelectorAll(".view-controls [data-action]").forEach((button) => {
  button.addEventListener("click", () => viewActions[button.dataset.action]());
});

function onStateChosen(handler) {
  // A click on a state, or Enter/Space on a state that has the keyboard's focus.
  graphs.forEach((graph, automaton) => {
    graph.nodes.forEach((node, number) => {
      node.addEventListener("click", () => handler(automaton, number));
      node.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          event.stopPropagation();
          handler(automaton, number);
        }
      });
    });
  });
}

const viewKeys = {
  "+": () => zoom(1.25), "=": () => zoom(1.25), "-": () => zoom(0.8), "0": () => fit(),
  p: () => viewActions.projector(), P: () => viewActions.projector(),
};

function keyTarget(event) {
  // Whether a key belongs to the player rather than to the element that has the focus: a text
  // field keeps its keys; a choice list (the speed) keeps only up and down.
  const target = event.target;
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  if (target instanceof HTMLInputElement && target.type !== "range" && target.type !== "checkbox") return false;
  if (target instanceof HTMLSelectElement) return event.key === "ArrowLeft" || event.key === "ArrowRight";
  if (target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) return false;
  return true;
}

document.querySelectorAll("select").forEach((select) => {
  // After a choice with the mouse the keys go back to the player.
  select.addEventListener("change", () => select.blur());
});
