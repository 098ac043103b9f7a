//! The streaming reader in `Syntax::Json` on any bytes: it never panics, and
//! every item names a line the input has.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::Syntax;

fuzz_target!(|data: &[u8]| sudokit_fuzz::check_reader(data, Syntax::Json));
