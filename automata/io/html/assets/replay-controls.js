// replay-controls.js: the buttons, the keys, playing at a speed, and finding a state's next visit.
// The arrow keys always step, whatever has the focus (a text field aside): after a speed chosen
// with the mouse the choice list gives the keys back (view.js), and left/right never change it.
let playing = false;
let lastTime = 0;
let carried = 0;

function move(position) {
  show(position);
  if (quizOn) ask();
}

function setPlaying(on) {
  playing = on && current < total && !quizOn;
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

function nextVisit(automaton, wanted) {
  for (let position = current + 1; position <= total; position += 1) {
    if (automatonAt(position) === automaton && steps.after[position - 1] === wanted) {
      move(position);
      return;
    }
  }
  $("status").textContent = `${system ? `${automaton}'s ` : ""}${stateName(automaton, wanted)} is not visited after step `
    + `${current.toLocaleString("en")}`;
}

const visitChoices = $("visit-state");
names.forEach((automaton) => {
  for (const [number, name] of automata[automaton].states) {
    const option = document.createElement("option");
    option.value = system ? `${automaton} ${number}` : String(number);
    option.textContent = `${system ? `${automaton}: ` : ""}${number}. ${name}`;
    visitChoices.append(option);
  }
});

function visitChosen() {
  const parts = visitChoices.value.split(" ");
  nextVisit(parts.length > 1 ? parts[0] : data.root, Number(parts[parts.length - 1]));
}

const over = () => move(system ? steps.over[current] : current + 1);
const out = () => move(system ? steps.out[current] : current + 1);
$("next").addEventListener("click", () => move(current + 1));
$("back").addEventListener("click", () => move(current - 1));
$("first").addEventListener("click", () => move(0));
$("last").addEventListener("click", () => move(total));
if ($("over")) $("over").addEventListener("click", over);
if ($("out")) $("out").addEventListener("click", out);
$("play").addEventListener("click", () => setPlaying(!playing));
$("quiz-toggle").addEventListener("click", () => setQuiz(!quizOn));
$("scrubber").addEventListener("input", (event) => move(Number(event.target.value)));
$("jump").addEventListener("submit", (event) => {
  event.preventDefault();
  move(Number($("step-number").value));
});
$("visit").addEventListener("click", visitChosen);
onStateChosen((automaton, number) => {
  visitChoices.value = system ? `${automaton} ${number}` : String(number);
  nextVisit(automaton, number);
});

document.addEventListener("keydown", (event) => {
  if (!keyTarget(event)) return;
  const keys = {
    ArrowRight: () => move(current + 1),
    ArrowLeft: () => move(current - 1),
    " ": () => setPlaying(!playing),
    Home: () => move(0),
    End: () => move(total),
    q: () => setQuiz(!quizOn),
    Q: () => setQuiz(!quizOn),
    ...viewKeys,
  };
  if (system) Object.assign(keys, { ArrowDown: over, ArrowUp: out });
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
