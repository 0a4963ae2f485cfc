/**
 * A lean, analysis-only JavaScript binding for the lol-html WebAssembly build that ships in
 * html-rewriter-wasm (pinned in package.json). It instantiates the package's own
 * `html_rewriter_bg.wasm` and speaks the same wasm-bindgen ABI as the package's generated glue
 * (dist/html_rewriter.js), with four differences that matter for extraction (decision 0010):
 *
 * - the rewritten output is discarded inside the ABI: lol-html's output sink gets no copy of the
 *   page (the stock glue copies every output chunk, ~350 per page, into a new Uint8Array);
 * - `write` and `end` are synchronous: handlers must not return promises (a handler that does is
 *   an error), so the asyncify machinery is never entered and no promise is made per chunk;
 * - every element, text chunk and end tag handed to a handler is freed when the handler returns
 *   (handlers must not keep them), so no caller-side freeing wrapper is needed;
 * - strings from wasm are decoded with Buffer#toString and a cached memory view.
 *
 * Anything the wasm imports is implemented; the imports are checked against the module at load,
 * and `leanBindingSupported` is false (callers fall back to the stock glue) when the installed
 * package's wasm asks for anything else. A trap inside the wasm (a Rust panic) discards the
 * instance; the next rewriter gets a fresh one.
 */
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ElementLike, PlanHandlers, TextLike } from "../core/extract/plan.ts";

// Handlers are core's PlanHandlers: they get the ElementLike and TextLike that core's plan types
// promise, the shapes the native HTMLRewriter and the stock glue also satisfy.

// The import names of html-rewriter-wasm 0.4.1's wasm (hash suffixes are wasm-bindgen's).
const IMPORT_NAMES = [
  "__wbindgen_object_drop_ref",
  "__wbg_html_cd9a0f328493678b",
  "__wbindgen_string_new",
  "__wbg_documentend_new",
  "__wbg_awaitPromise_39a1101fd8518869",
  "__wbindgen_object_clone_ref",
  "__wbg_element_c38470ed972aea27",
  "__wbg_comments_ba86bc03331d9378",
  "__wbg_text_7800bf26cb443911",
  "__wbg_element_new",
  "__wbg_comment_new",
  "__wbg_textchunk_new",
  "__wbg_doctype_ac58c0964a59b61b",
  "__wbg_comments_94d876f6c0502e82",
  "__wbg_text_4606a16c30e4ae91",
  "__wbg_end_34efb9402eac8a4e",
  "__wbg_doctype_new",
  "__wbg_endtag_new",
  "__wbg_enableEsiTags_de6b91cc61a25874",
  "__wbg_String_60c4ba333b5ca1c6",
  "__wbg_new_4fee7e2900033464",
  "__wbg_push_ba9b5e3c25cff8f9",
  "__wbg_call_6c4ea719458624eb",
  "__wbg_new_917809a3e20a4b00",
  "__wbg_instanceof_Promise_c6535fc791fcc4d2",
  "__wbg_buffer_89a8560ab6a3d9c6",
  "__wbg_newwithbyteoffsetandlength_e45d8b33c02dc3b5",
  "__wbg_new_bd2e1d010adb8a1a",
  "__wbindgen_debug_string",
  "__wbindgen_throw",
  "__wbindgen_rethrow",
  "__wbindgen_memory",
] as const;

interface Exports {
  memory: WebAssembly.Memory;
  __wbindgen_malloc(len: number): number;
  __wbindgen_realloc(ptr: number, oldLen: number, newLen: number): number;
  __wbindgen_free(ptr: number, len: number): void;
  __wbindgen_add_to_stack_pointer(delta: number): number;
  __wbindgen_exn_store(idx: number): void;
  htmlrewriter_new(sink: number, options: number): number;
  htmlrewriter_on(rw: number, selPtr: number, selLen: number, handlers: number): void;
  htmlrewriter_write(rw: number, ptr: number, len: number): void;
  htmlrewriter_end(rw: number): void;
  __wbg_htmlrewriter_free(rw: number): void;
  element_tag_name(retptr: number, el: number): void;
  element_getAttribute(el: number, namePtr: number, nameLen: number): number;
  element_onEndTag(el: number, handler: number): void;
  __wbg_element_free(el: number): void;
  textchunk_text(retptr: number, t: number): void;
  textchunk_last_in_text_node(t: number): number;
  __wbg_textchunk_free(t: number): void;
  __wbg_endtag_free(t: number): void;
  __wbg_comment_free(t: number): void;
  __wbg_doctype_free(t: number): void;
  __wbg_documentend_free(t: number): void;
}

const require = createRequire(import.meta.url);
let module: WebAssembly.Module | null = null;
let supported: boolean | null = null;

function wasmModule(): WebAssembly.Module {
  return (module ??= new WebAssembly.Module(readFileSync(require.resolve("html-rewriter-wasm/dist/html_rewriter_bg.wasm"))));
}

/** True when the installed html-rewriter-wasm's wasm imports exactly what this binding implements. */
export function leanBindingSupported(): boolean {
  if (supported === null) {
    try {
      const names = WebAssembly.Module.imports(wasmModule())
        .map((i) => `${i.module}.${i.name}`)
        .sort();
      const ours = IMPORT_NAMES.map((n) => `__wbindgen_placeholder__.${n}`).sort();
      supported = names.length === ours.length && names.every((n, i) => n === ours[i]);
    } catch {
      supported = false;
    }
  }
  return supported;
}

// ---- one live instance and the JS side of its ABI (the object heap, memory views) -------------

/** Heap slot of `undefined` (slots below 36 are never freed: 0-31 borrowed, 32-35 constants). */
const UNDEFINED = 32;

let wasm: Exports | null = null;

/** The instantiated module; calls from the rewriter and its imports only happen while one is live. */
function live(): Exports {
  if (!wasm) throw new Error("lol-html-wasm: the wasm module is not instantiated");
  return wasm;
}
let heap: unknown[] = [];
let heapNext = 0;
let stackPointer = 32;
let bytes = new Uint8Array(0);
let buf = Buffer.alloc(0);
let ints = new Int32Array(0);

function resetHeap(): void {
  heap = new Array(32).fill(undefined);
  heap.push(undefined, null, true, false);
  heapNext = heap.length;
  stackPointer = 32;
}

/** The memory views, renewed after the memory grew (a grown memory detaches the old buffer). */
function views(): void {
  const b = live().memory.buffer;
  bytes = new Uint8Array(b);
  buf = Buffer.from(b);
  ints = new Int32Array(b);
}

function mem8(): Uint8Array {
  if (bytes.byteLength === 0) views();
  return bytes;
}

function mem32(): Int32Array {
  if (ints.byteLength === 0) views();
  return ints;
}

function addHeapObject(obj: unknown): number {
  if (obj === undefined) return UNDEFINED;
  if (heapNext === heap.length) heap.push(heap.length + 1);
  const idx = heapNext;
  heapNext = heap[idx] as number;
  heap[idx] = obj;
  return idx;
}

function dropObject(idx: number): void {
  if (idx < 36) return;
  heap[idx] = heapNext;
  heapNext = idx;
}

function takeObject(idx: number): unknown {
  const v = heap[idx];
  dropObject(idx);
  return v;
}

function getString(ptr: number, len: number): string {
  if (buf.byteLength === 0) views();
  return buf.toString("utf8", ptr, ptr + len);
}

const encoder = new TextEncoder();
let vectorLen = 0;

/** Copies a string into wasm memory (malloc'd; the callee owns it), as the stock glue does. */
function passString(s: string): number {
  const w = live();
  let len = s.length;
  let ptr = w.__wbindgen_malloc(len);
  let mem = mem8();
  let offset = 0;
  for (; offset < len; offset++) {
    const code = s.charCodeAt(offset);
    if (code > 0x7f) break;
    mem[ptr + offset] = code;
  }
  if (offset !== len) {
    const rest = offset ? s.slice(offset) : s;
    ptr = w.__wbindgen_realloc(ptr, len, (len = offset + rest.length * 3));
    mem = mem8();
    offset += encoder.encodeInto(rest, mem.subarray(ptr + offset, ptr + len)).written;
  }
  vectorLen = offset;
  return ptr;
}

/** Calls an export that returns a (ptr, len) string through the shadow stack, then frees it. */
function retString(fn: (retptr: number, self: number) => void, self: number): string {
  const w = live();
  const retptr = w.__wbindgen_add_to_stack_pointer(-16);
  try {
    fn(retptr, self);
    const m = mem32();
    const p = m[retptr >> 2] ?? 0;
    const l = m[(retptr >> 2) + 1] ?? 0;
    const s = getString(p, l);
    w.__wbindgen_free(p, l);
    return s;
  } finally {
    w.__wbindgen_add_to_stack_pointer(16);
  }
}

// ---- what handlers receive: valid during the call only, freed when it returns -----------------

abstract class Borrowed {
  ptr: number;
  constructor(ptr: number) {
    this.ptr = ptr;
  }
  abstract release(): void;
}

class Element extends Borrowed implements ElementLike {
  get tagName(): string {
    return retString(live().element_tag_name, this.ptr);
  }
  getAttribute(name: string): string | null {
    const p = passString(name);
    return takeObject(live().element_getAttribute(this.ptr, p, vectorLen)) as string | null;
  }
  onEndTag(handler: () => void): void {
    live().element_onEndTag(this.ptr, addHeapObject(handler));
  }
  release(): void {
    const p = this.ptr;
    this.ptr = 0;
    live().__wbg_element_free(p);
  }
}

class TextChunk extends Borrowed implements TextLike {
  get text(): string {
    return retString(live().textchunk_text, this.ptr);
  }
  get lastInTextNode(): boolean {
    return live().textchunk_last_in_text_node(this.ptr) !== 0;
  }
  release(): void {
    const p = this.ptr;
    this.ptr = 0;
    live().__wbg_textchunk_free(p);
  }
}

/** End tags, comments, doctypes and the document end: nothing of them is read, only freed. */
class Opaque extends Borrowed {
  free: (ptr: number) => void;
  constructor(ptr: number, free: (ptr: number) => void) {
    super(ptr);
    this.free = free;
  }
  release(): void {
    const p = this.ptr;
    this.ptr = 0;
    this.free(p);
  }
}

class AsyncHandlerError extends Error {
  constructor() {
    super("lol-html-wasm: handlers must be synchronous (a handler returned a promise)");
  }
}

function optionalProp(objIdx: number, key: "element" | "comments" | "text" | "doctype" | "end"): number {
  const v = (heap[objIdx] as Record<string, unknown>)[key];
  return v === undefined || v === null ? 0 : addHeapObject(v);
}

function optionalFlag(objIdx: number, key: "html" | "enableEsiTags"): number {
  const v = (heap[objIdx] as Record<string, unknown>)[key];
  return v === undefined || v === null ? 0xffffff : v ? 1 : 0;
}

function imports(): WebAssembly.Imports {
  const w = live;
  const fns: Record<(typeof IMPORT_NAMES)[number], (...args: number[]) => unknown> = {
    __wbindgen_object_drop_ref: (i) => void takeObject(i),
    __wbg_html_cd9a0f328493678b: (i) => optionalFlag(i, "html"),
    __wbindgen_string_new: (p, l) => addHeapObject(getString(p, l)),
    __wbg_documentend_new: (p) => addHeapObject(new Opaque(p, w().__wbg_documentend_free)),
    __wbg_awaitPromise_39a1101fd8518869: () => {
      // unreachable: __wbg_instanceof_Promise never says yes (a promise is an error in __wbg_call)
      throw new AsyncHandlerError();
    },
    __wbindgen_object_clone_ref: (i) => addHeapObject(heap[i]),
    __wbg_element_c38470ed972aea27: (i) => optionalProp(i, "element"),
    __wbg_comments_ba86bc03331d9378: (i) => optionalProp(i, "comments"),
    __wbg_text_7800bf26cb443911: (i) => optionalProp(i, "text"),
    __wbg_element_new: (p) => addHeapObject(new Element(p)),
    __wbg_comment_new: (p) => addHeapObject(new Opaque(p, w().__wbg_comment_free)),
    __wbg_textchunk_new: (p) => addHeapObject(new TextChunk(p)),
    __wbg_doctype_ac58c0964a59b61b: (i) => optionalProp(i, "doctype"),
    __wbg_comments_94d876f6c0502e82: (i) => optionalProp(i, "comments"),
    __wbg_text_4606a16c30e4ae91: (i) => optionalProp(i, "text"),
    __wbg_end_34efb9402eac8a4e: (i) => optionalProp(i, "end"),
    __wbg_doctype_new: (p) => addHeapObject(new Opaque(p, w().__wbg_doctype_free)),
    __wbg_endtag_new: (p) => addHeapObject(new Opaque(p, w().__wbg_endtag_free)),
    __wbg_enableEsiTags_de6b91cc61a25874: (i) => optionalFlag(i, "enableEsiTags"),
    __wbg_String_60c4ba333b5ca1c6: (retptr, i) => {
      const p = passString(String(heap[i]));
      const m = mem32();
      m[(retptr >> 2) + 1] = vectorLen;
      m[retptr >> 2] = p;
    },
    __wbg_new_4fee7e2900033464: () => addHeapObject([]),
    __wbg_push_ba9b5e3c25cff8f9: (a, v) => (heap[a] as unknown[]).push(heap[v]),
    // every handler call (and the output sink's) comes through here
    __wbg_call_6c4ea719458624eb: (f, self, a) => {
      const arg = heap[a];
      try {
        const ret = (heap[f] as (this: unknown, x: unknown) => unknown).call(heap[self], arg);
        if (ret instanceof Promise) throw new AsyncHandlerError();
        return addHeapObject(ret);
      } catch (e) {
        w().__wbindgen_exn_store(addHeapObject(e));
        return UNDEFINED;
      } finally {
        if (arg instanceof Borrowed && arg.ptr) arg.release();
      }
    },
    __wbg_new_917809a3e20a4b00: (p, l) => addHeapObject(new TypeError(getString(p, l))),
    __wbg_instanceof_Promise_c6535fc791fcc4d2: () => 0,
    // the output sink's chunk: memory.buffer -> view -> copy. Output is discarded, so all three
    // are `undefined` and the sink (a no-op) is called with it.
    __wbg_buffer_89a8560ab6a3d9c6: () => UNDEFINED,
    __wbg_newwithbyteoffsetandlength_e45d8b33c02dc3b5: () => UNDEFINED,
    __wbg_new_bd2e1d010adb8a1a: () => UNDEFINED,
    __wbindgen_debug_string: (retptr, i) => {
      let s: string;
      try {
        s = String(heap[i]);
      } catch {
        s = "[object]";
      }
      const p = passString(s);
      const m = mem32();
      m[(retptr >> 2) + 1] = vectorLen;
      m[retptr >> 2] = p;
    },
    __wbindgen_throw: (p, l) => {
      throw new Error(getString(p, l));
    },
    __wbindgen_rethrow: (i) => {
      throw takeObject(i);
    },
    __wbindgen_memory: () => addHeapObject(live().memory),
  };
  return { __wbindgen_placeholder__: fns as unknown as WebAssembly.ModuleImports };
}

function instance(): Exports {
  if (!wasm) {
    resetHeap();
    wasm = new WebAssembly.Instance(wasmModule(), imports()).exports as unknown as Exports;
    views();
  }
  return wasm;
}

/** After a trap (a Rust panic) the instance's allocator and stacks cannot be trusted: drop it. */
function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof WebAssembly.RuntimeError) {
      wasm = null;
      generation++;
    }
    throw err;
  }
}
let generation = 0;

const noop = () => {};

/**
 * lol-html over bytes, output discarded. Register handlers with `on` before the first `write`;
 * `free` (always, also after an error) releases the rewriter.
 */
export class LeanRewriter {
  #ptr: number;
  #generation: number;
  constructor() {
    const w = instance();
    this.#generation = generation;
    const slot = --stackPointer;
    heap[slot] = noop;
    try {
      this.#ptr = guard(() => w.htmlrewriter_new(slot, 0));
    } finally {
      heap[stackPointer++] = undefined;
    }
  }
  #live(): Exports {
    if (!this.#ptr || this.#generation !== generation || !wasm) throw new Error("lol-html-wasm: rewriter already freed");
    return wasm;
  }
  on(selector: string, handlers: PlanHandlers): this {
    const w = this.#live();
    const p = passString(selector);
    guard(() => w.htmlrewriter_on(this.#ptr, p, vectorLen, addHeapObject(handlers)));
    return this;
  }
  write(chunk: Uint8Array): void {
    const w = this.#live();
    const p = w.__wbindgen_malloc(chunk.length);
    mem8().set(chunk, p);
    guard(() => w.htmlrewriter_write(this.#ptr, p, chunk.length));
  }
  end(): void {
    const w = this.#live();
    guard(() => w.htmlrewriter_end(this.#ptr));
  }
  free(): void {
    const p = this.#ptr;
    this.#ptr = 0;
    if (p && wasm && this.#generation === generation) wasm.__wbg_htmlrewriter_free(p);
  }
}

/** Size of the live instance's linear memory in bytes (0 before the first rewriter); for tests and the bench. */
export function leanMemoryBytes(): number {
  return wasm ? wasm.memory.buffer.byteLength : 0;
}
