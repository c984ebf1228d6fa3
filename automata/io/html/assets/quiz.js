// quiz.js: "which arc fires next?" With the quiz on, the page shows the next step's automaton, its
// state and what the step reads, and asks for the arc before it reveals the step. It keeps score in
// #quiz-score (data-right, data-wrong). Any other move (back, over, a click in the run) just moves.
let quizOn = false;
let question = null; // {position, answer}
const score = { right: 0, wrong: 0 };

function quizChoices(index) {
  const automaton = names[steps.who[index]];
  const spec = automata[automaton];
  const before = steps.before[index];
  const event = data.eventNames[steps.event[index]];
  const choices = spec.order.filter((arc) => spec.arcs[arc].from === before && spec.arcs[arc].event === event)
    .map((arc) => [arc, `${arcText(automaton, arc)} → ${stateName(automaton, spec.arcs[arc].to)}`]);
  const state = spec.states.find((entry) => entry[0] === before);
  if ((state && state[3]) || steps.arc[index] < 0) choices.push([-1, "no arc: the state stays"]);
  return choices;
}

function ask() {
  // Pose the question about the step after the current position (none at the end of the run).
  const box = $("quiz-choices");
  box.replaceChildren();
  question = null;
  if (!quizOn) return;
  if (current >= total) {
    $("quiz-question").textContent = "The run is over.";
    return;
  }
  const index = current;
  const automaton = names[steps.who[index]];
  const reads = data.readings[steps.inputs[index]].join(", ") || "nothing";
  $("quiz-question").textContent = `${system ? `${automaton} is` : "The automaton is"} in `
    + `${stateName(automaton, steps.before[index])}, and the next step reads ${reads}. Which arc fires?`;
  question = { position: current, answer: steps.arc[index] };
  for (const [arc, text] of quizChoices(index)) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.choice = String(arc);
    button.textContent = text;
    button.addEventListener("click", () => answer(arc));
    box.append(button);
  }
}

function answer(arc) {
  if (!question || question.position !== current) return;
  const right = arc === question.answer;
  score[right ? "right" : "wrong"] += 1;
  const shown = $("quiz-score");
  shown.dataset.right = String(score.right);
  shown.dataset.wrong = String(score.wrong);
  shown.textContent = `${score.right} of ${score.right + score.wrong}`;
  const automaton = names[steps.who[current]];
  const fired = question.answer >= 0 ? arcText(automaton, question.answer) : "no arc";
  $("quiz-verdict").textContent = right ? `Right: ${fired} fires.` : `Not this one: ${fired} fires.`;
  $("quiz-verdict").className = right ? "right" : "wrong";
  show(current + 1);
  ask();
}

function setQuiz(on) {
  quizOn = on;
  $("quiz").hidden = !on;
  $("quiz-toggle").setAttribute("aria-pressed", String(on));
  $("quiz-verdict").textContent = "";
  if (on) setPlaying(false);
  ask();
}
