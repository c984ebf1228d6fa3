// beside.js: the same events, shown. The events the automaton has reported so far (those of the
// step just taken marked), and the plain program's listing (its questions, actions and events)
// cut into one segment per step (automata/runtime/beside.py): the segment of the step just taken
// is marked, the lines before it are what the loop had done by then, the lines after it are to come.
const stream = data.stream;
const loop = data.loop || null;
const WINDOW = 200; // lines shown around the current place

function showEvents(position) {
  const list = $("events");
  if (!list) return;
  const upTo = position > 0 && stream.marks.length ? stream.marks[position - 1] : 0;
  const since = position > 1 && stream.marks.length ? stream.marks[position - 2] : 0;
  const first = Math.max(0, upTo - WINDOW);
  const items = [];
  if (first > 0) items.push(line("none", `… ${first.toLocaleString("en")} earlier events`));
  for (let at = first; at < upTo; at += 1) {
    const item = line(at >= since ? "event new" : "event", `#${at + 1} ${stream.table[stream.refs[at]]}`);
    items.push(item);
  }
  if (!upTo) items.push(line("none", "no event reported yet"));
  list.replaceChildren(...items);
  $("event-count").textContent = `(${upTo.toLocaleString("en")} of ${stream.refs.length.toLocaleString("en")})`;
  list.scrollTop = list.scrollHeight;
}

function showLoop(position) {
  if (!loop) return;
  const list = $("loop");
  const start = position > 0 ? loop.cuts[position - 1] : 0;
  const end = loop.cuts[position];
  const first = Math.max(0, start - WINDOW / 2);
  const last = Math.min(loop.refs.length, Math.max(end, start) + WINDOW / 4);
  const items = [];
  if (first > 0) items.push(line("none", `… ${first.toLocaleString("en")} lines before`));
  let mark = null;
  for (let at = first; at < last; at += 1) {
    const text = loop.table[loop.refs[at]];
    const kind = text.startsWith("→ ") ? "event" : text.startsWith("* ") ? "output" : "input";
    const place = at < start ? "seg-done" : at < end ? "seg-now" : "seg-later";
    const item = line(`${kind} ${place}`, text);
    if (place === "seg-now" && !mark) mark = item;
    items.push(item);
  }
  if (start === end) {
    const gap = line("none seg-now", position === 0 ? "the loop has not started"
      : "this step matches no line of the loop: the loop makes no call for it (here it only decides)");
    items.splice(Math.min(items.length, start - first + (first > 0 ? 1 : 0)), 0, gap);
    mark = gap;
  }
  if (last < loop.refs.length) items.push(line("none", `… ${(loop.refs.length - last).toLocaleString("en")} lines after`));
  list.replaceChildren(...items);
  if (mark) list.scrollTop = Math.max(0, mark.offsetTop - list.offsetTop - list.clientHeight / 3);
  $("loop-note").textContent = loop.note ? `The listing: ${loop.note}.` : "";
}

function showBeside(position) {
  showEvents(position);
  showLoop(position);
}
