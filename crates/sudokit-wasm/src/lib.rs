//! sudokit for the browser: the library behind one JSON-in, JSON-out call.
//!
//! The page's glue (`web/src/sudokit.js`) writes a request such as
//! `{"cmd":"grade","puzzle":"..."}` into the module's memory and calls
//! [`sudokit_call`]; the answer is a JSON object, `{"error": "..."}` when the
//! request cannot be answered. Plain `extern "C"` exports keep the build to
//! cargo alone (no generated bindings whose tool must match a crate's
//! version) and the glue to a few lines; the same [`call`] is what the tests
//! run natively.

mod api;
mod play;
mod search;

pub use api::call;

use std::cell::RefCell;

thread_local! {
    /// The last answer, kept until the next call so that the glue can read
    /// it out of linear memory.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Reserves `len` bytes for the glue to write a request into; free them
/// with [`sudokit_free`].
#[unsafe(no_mangle)]
pub extern "C" fn sudokit_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Frees a buffer of [`sudokit_alloc`].
///
/// # Safety
/// `ptr` and `len` must be those of one earlier [`sudokit_alloc`] call,
/// freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudokit_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller hands back a buffer of `sudokit_alloc(len)`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Answers the request of `len` bytes at `ptr` (UTF-8 JSON); returns the
/// answer's length, to read at [`sudokit_answer_ptr`].
///
/// # Safety
/// `ptr` must point to `len` initialised bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudokit_call(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller wrote `len` bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let answer = call(&String::from_utf8_lossy(bytes));
    ANSWER.with(|a| {
        let mut a = a.borrow_mut();
        *a = answer.into_bytes();
        a.len()
    })
}

/// Where the last answer of [`sudokit_call`] lies.
#[unsafe(no_mangle)]
pub extern "C" fn sudokit_answer_ptr() -> *const u8 {
    ANSWER.with(|a| a.borrow().as_ptr())
}
