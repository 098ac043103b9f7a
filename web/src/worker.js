// Runs sudokit in a worker so that a long grade or search never freezes
// the page. Messages: {id, request} in, {id, answer} or {id, error} out.
import { instantiate } from './sudokit-core.js';

const ready = fetch('sudokit.wasm')
  .then((r) => r.arrayBuffer())
  .then(instantiate);

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const sudokit = await ready;
    self.postMessage({ id, answer: sudokit.call(request) });
  } catch (e) {
    // A trap leaves the module unusable: say so, and the page reloads it.
    self.postMessage({ id, error: String(e), fatal: true });
  }
};
