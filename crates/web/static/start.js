// Starts the inspector on the page's canvas. For tests (tools/web-check):
// window.idnaInspector is the WebHandle (shown(), typed(), has_panicked()),
// and window.idnaInspectorErrors collects console errors and uncaught ones.
import init, { WebHandle } from "./idna_inspector_web.js";

const errors = [];
window.idnaInspectorErrors = errors;
const consoleError = console.error.bind(console);
console.error = (...parts) => {
  errors.push(parts.map(String).join(" "));
  consoleError(...parts);
};
window.addEventListener("error", (event) => errors.push(String(event.message)));
window.addEventListener("unhandledrejection", (event) => errors.push(String(event.reason)));

const status = document.getElementById("status");
try {
  await init();
  const handle = new WebHandle();
  window.idnaInspector = handle;
  await handle.start(document.getElementById("the_canvas"));
  status.remove();
} catch (error) {
  status.textContent = "idna-inspector could not start: " + error;
  console.error(error);
}
