// The step-through player: replays the run embedded in #run-data. No framework, no network.
// The page's root element carries data-step (steps taken) and data-state (the state now).
// Every text taken from the spec or the run reaches the page through textContent, never as markup.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("run-data").textContent);
  const root = document.documentElement;
  const total = data.steps.after.length;
  const after = Int32Array.from(data.steps.after);
  const arcs = Int32Array.from(data.steps.arc);          // -1: no arc taken
  const inputSet = Int32Array.from(data.steps.inputs);    // index into data.inputSets
  const eventOf = data.steps.event ? Int32Array.from(data.steps.event) : null;
  const frameSteps = Int32Array.from(data.frames.map((frame) => frame[0]));
  const states = new Map(data.states.map((state) => [state[0], { name: state[1], final: state[2] }]));
  const $ = (id) => document.getElementById(id);

  const graphNodes = new Map();
  document.querySelectorAll("#graph [data-state]").forEach((node) => graphNodes.set(Number(node.dataset.state), node));
  const graphArcs = new Map();
  document.querySelectorAll("#graph [data-arc]").forEach((edge) => graphArcs.set(Number(edge.dataset.arc), edge));

  let current = -1;
  let playing = false;
  let lastTime = 0;
  let carried = 0;

  function stateAt(step) {
    return step === 0 ? data.initial : after[step - 1];
  }

  function stateText(number) {
    const state = states.get(number);
    return state ? `state ${number} (${state.name})` : `state ${number}`;
  }

  function line(kind, text) {
    const item = document.createElement("li");
    item.className = `line-${kind}`;
    item.textContent = text;
    return item;
  }

  function protocolLines(step) {
    // The methodology's protocol of one step, as `automata run --protocol` prints it.
    const lines = [];
    const before = stateAt(step - 1);
    const event = eventOf ? data.events[eventOf[step - 1]] : data.event;
    lines.push(line("start", `{ ${data.automaton}: started in ${stateText(before)} with event ${event}`));
    for (const [name, value] of data.inputSets[inputSet[step - 1]]) {
      lines.push(line("input", `i ${name}: ${data.inputs[name]} - ${value ? "YES" : "NO"}`));
    }
    const arc = arcs[step - 1];
    if (arc >= 0) {
      for (const name of data.arcs[arc][3]) lines.push(line("output", `* ${name}: ${data.outputs[name]}`));
      lines.push(line("transition", `T ${data.automaton}: moved from state ${before} to state ${after[step - 1]}`));
    }
    lines.push(line("finish", `} ${data.automaton}: finished in ${stateText(after[step - 1])}`));
    return lines;
  }

  function frameFor(step) {
    // The last picture drawn at or before `step` (binary search over the kept steps).
    let low = 0;
    let high = frameSteps.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (frameSteps[middle] <= step) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  }

  function showPicture(step) {
    if (!data.pictures.length) return;
    const found = frameFor(step);
    const image = $("picture");
    const caption = $("picture-caption");
    if (found < 0) {
      image.removeAttribute("src");
      caption.textContent = "no picture yet";
      return;
    }
    const [drawnAt, index] = data.frames[found];
    const source = `data:image/svg+xml;base64,${data.pictures[index]}`;
    if (image.getAttribute("src") !== source) image.setAttribute("src", source);
    image.dataset.frame = String(drawnAt);
    const when = drawnAt === 0 ? "before the first step" : `after step ${drawnAt.toLocaleString("en")}`;
    caption.textContent = drawnAt === step
      ? `The problem ${when}.`
      : `Keyframe ${when} (this long run keeps a picture every ${data.stride.toLocaleString("en")} steps).`;
    caption.classList.toggle("keyframe", drawnAt !== step);
  }

  function showInputs(step) {
    const read = new Map(step > 0 ? data.inputSets[inputSet[step - 1]] : []);
    document.querySelectorAll("#inputs tr[data-input]").forEach((row) => {
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
    const arc = step > 0 ? arcs[step - 1] : -1;
    const names = arc >= 0 ? data.arcs[arc][3] : [];
    for (const name of names) outputs.append(line("output", `${name}: ${data.outputs[name]}`));
    if (!names.length) outputs.append(line("none", step > 0 ? "no output in this step" : "no step taken yet"));
  }

  function show(step) {
    step = Math.max(0, Math.min(total, step | 0));
    const state = stateAt(step);
    const arc = step > 0 ? arcs[step - 1] : -1;
    const previousNode = graphNodes.get(current >= 0 ? stateAt(current) : -1);
    if (previousNode) previousNode.classList.remove("current");
    document.querySelectorAll("#graph .taken").forEach((edge) => edge.classList.remove("taken"));
    current = step;
    root.dataset.step = String(step);
    root.dataset.state = String(state);
    const node = graphNodes.get(state);
    if (node) node.classList.add("current");
    if (arc >= 0 && graphArcs.has(arc)) graphArcs.get(arc).classList.add("taken");

    $("step-number").value = String(step);
    $("scrubber").value = String(step);
    $("state-now").textContent = stateText(state);
    $("arc-now").textContent = step === 0 ? "—" : arc >= 0
      ? `arc ${arc + 1}: ${data.arcs[arc][2]} (${data.arcs[arc][0]} → ${data.arcs[arc][1]})`
      : "no arc: the state stayed";
    const protocol = $("protocol");
    protocol.replaceChildren(...(step > 0 ? protocolLines(step)
      : [line("none", `${data.automaton} starts in ${stateText(data.initial)}; press → for the first step.`)]));
    showInputs(step);
    showPicture(step);
    $("back").disabled = step === 0;
    $("next").disabled = step === total;
    let status = `step ${step.toLocaleString("en")} of ${total.toLocaleString("en")}`;
    if (step === total) status += ` — ${data.end.summary}`;
    $("status").textContent = status;
    $("status").classList.toggle("failed", step === total && Boolean(data.end.error));
  }

  function setPlaying(on) {
    playing = on && current < total;
    $("play").textContent = playing ? "❚❚ Pause" : "▶ Play";
    $("play").setAttribute("aria-pressed", String(playing));
    if (playing) {
      lastTime = performance.now();
      carried = 0;
      requestAnimationFrame(tick);
    }
  }

  function tick(now) {
    if (!playing) return;
    // Steps are due at the chosen speed; a frame shows only where the run got to.
    carried += ((now - lastTime) / 1000) * Number($("speed").value);
    lastTime = now;
    const due = Math.floor(carried);
    if (due > 0) {
      carried -= due;
      show(current + due);
    }
    if (current >= total) {
      setPlaying(false);
      return;
    }
    requestAnimationFrame(tick);
  }

  function nextVisit() {
    const wanted = Number($("visit-state").value);
    for (let step = current + 1; step <= total; step += 1) {
      if (after[step - 1] === wanted) {
        show(step);
        return;
      }
    }
    $("status").textContent = `${stateText(wanted)} is not visited after step ${current.toLocaleString("en")}`;
  }

  $("next").addEventListener("click", () => show(current + 1));
  $("back").addEventListener("click", () => show(current - 1));
  $("first").addEventListener("click", () => show(0));
  $("last").addEventListener("click", () => show(total));
  $("play").addEventListener("click", () => setPlaying(!playing));
  $("scrubber").addEventListener("input", (event) => show(Number(event.target.value)));
  $("jump").addEventListener("submit", (event) => {
    event.preventDefault();
    show(Number($("step-number").value));
  });
  $("visit").addEventListener("click", nextVisit);
  graphNodes.forEach((node, number) => {
    node.addEventListener("click", () => {
      $("visit-state").value = String(number);
      nextVisit();
    });
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const typing = (target instanceof HTMLInputElement && target.type !== "range") || target instanceof HTMLSelectElement;
    const pressing = target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter");
    if (typing || pressing || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = {
      ArrowRight: () => show(current + 1),
      ArrowLeft: () => show(current - 1),
      " ": () => setPlaying(!playing),
      Home: () => show(0),
      End: () => show(total),
    };
    if (keys[event.key]) {
      event.preventDefault();
      if (event.key !== " ") setPlaying(false);
      keys[event.key]();
    }
  });

  $("scrubber").max = String(total);
  $("step-number").max = String(total);
  show(0);
  root.dataset.ready = "true";
})();
