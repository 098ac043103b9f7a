// The whole glue between JavaScript and sudokit's WebAssembly module: write
// a JSON request into the module's memory, call `sudokit_call`, read the
// JSON answer back. Used by the page's worker and by the node tests.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Instantiates the module from its bytes; resolves to `{ call }`. */
export async function instantiate(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes, {});
  const x = instance.exports;
  /** Answers one request object with the module's answer object. */
  function call(request) {
    const input = encoder.encode(JSON.stringify(request));
    const ptr = x.sudokit_alloc(input.length);
    new Uint8Array(x.memory.buffer, ptr, input.length).set(input);
    let len;
    try {
      len = x.sudokit_call(ptr, input.length);
    } finally {
      x.sudokit_free(ptr, input.length);
    }
    const out = new Uint8Array(x.memory.buffer, x.sudokit_answer_ptr(), len);
    return JSON.parse(decoder.decode(out));
  }
  return { call };
}
